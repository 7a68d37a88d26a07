"""Game nights through the real bot and the stand-in (issue 45), played by scripted people at a
person's pace: how soon a round's tables start, repeat meetings, the arena's waits, and a
``kill -9`` mid-round.

    .venv/bin/python -m bench.bench_night [--scenario rounds-toppo|rounds-spit|arena|kill|all]
        [--arena-minutes 20] [--arena-game assets] [--pace 1.0] [--seed 1]

The real ``bot.py`` runs as a subprocess against the offline Discord stand-in
(``fakediscord/``), as in tests/e2e/test_nights.py. A moderator plans the night, everyone joins
from its card; the check-in and the start are made due by writing the schedule while the bot is
stopped (as a restart across them would find it, tests/e2e/test_nights.py ``due_now``), everyone
checks in, and the people play each table they are called to from their private panel: they
look, think 0.3 to 1.4 s times ``--pace`` (seeded), and press what the game's ``decide`` in
tests/e2e/<game>_play.py chooses (else the first move the panel offers, as bench/bench_play.py).

Scenarios and what they measure (goals from issue 45):

- ``rounds-toppo``: 24 people, 3 rounds of Toppo. Per round, the spread in seconds between the
  round's first table started and each of its tables (``night_tables.started_at``; goal: every
  table within 10 s); repeat meetings per round, and the fewest the seater could reach
  (``tables.night_seating``: a round is avoidable when the seater, given the same past and
  points, would find fewer repeats; goal 0 where avoidable); round 1's spread of tables' mean
  ratings (``seat_round``'s own figure, recomputed from the seats: everyone unrated is 1500, so
  it is 0 unless ratings were there before). A Toppo game at a person's pace lasts some minutes;
  the scenario's run time is what its JSON's ``seconds`` says.
- ``rounds-spit``: 8 people, 3 rounds of Spit: repeat pairs (goal 0).
- ``arena``: 16 people, an arena of ``--arena-game`` (Cover Your Assets by default) for
  ``--arena-minutes``. The night's settings allow no arena under 20 minutes, and the bot refuses
  stored settings under it too, so a shorter one is had by moving the night's ``starts_at`` back
  by 20 - N minutes in the database while the bot is stopped before the start (the arena then
  ends N minutes after it begins; its closing minutes, no new game, a quarter of N), stated in
  the JSON (``arena_minutes``, ``start_moved_back_min``). Measured: median and max wait in the
  pool, from a person's game ending (their table's thread losing its panel) to their next table
  being called (goal: median <= 30 s).
- ``kill``: the ``rounds-spit`` night, with the bot sent SIGKILL 3 s into round 2 and started
  again: afterwards one ``night_points`` row per person per table, every night table counted
  exactly once, and the night over with all its rounds.

Ends with one JSON line, a key per scenario run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fakediscord import Actor, BotProcess, FakeDiscord
    from tests.conftest import World

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

THINK = (0.3, 1.4)
"""A person's thinking time before a press, seconds, before ``--pace``."""
THREAD = re.compile(r"<#(\d+)>")
USER = re.compile(r"<@(\d+)>")
GOALS = {"table_start_s": 10.0, "avoidable_repeats": 0, "spit_repeats": 0, "arena_median_wait_s": 30.0}


def rows(database: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(database) as conn:
        return list(conn.execute(sql, args))


def due_now(database: Path, what: str) -> None:
    """Make the night's ``what`` (checkin, start) due, as if its time came while the bot was down."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000000Z")
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE schedule SET due_at = ? WHERE kind = 'night' AND key LIKE ?", (now, f"%:{what}"))
        if what == "start":
            conn.execute("UPDATE nights SET starts_at = ?", (now,))


def stamp(text: str) -> float:
    """Seconds since the epoch of a stored time."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


@dataclass
class Night:
    """One night under way: its world, bot and database, and what the people saw."""

    world: World
    bot: BotProcess
    database: Path
    people: list[Actor]
    pace: float
    rng: random.Random
    calls_seen: set[int] = field(default_factory=set)
    waits: list[float] = field(default_factory=list)
    ended_at: dict[int, float] = field(default_factory=dict)
    """Per person, when their last game ended (the arena's pool wait starts)."""
    tasks: list[asyncio.Task[None]] = field(default_factory=list)

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake


async def open_night(
    game: str, format_: str, count: int, seed: int, pace: float, options: dict[str, Any]
) -> Night:
    """A fresh stand-in and bot, ``count`` people, a night planned and joined by all."""
    from fakediscord import BotProcess, FakeDiscord
    from tests.conftest import build_world
    from tests.e2e.toppo_play import text

    fake = FakeDiscord(settle_quiet=0.02, check_contract=False)
    world = build_world(fake)
    people = [world.alice, world.bruno, world.carla]
    people += [fake.actor(fake.add_member(world.guild, f"p{n:02d}"), world.games) for n in range(count - 3)]
    await fake.start()
    database = Path(tempfile.mkdtemp(prefix="gamenight-night-")) / "bench.sqlite3"
    bot = BotProcess(fake, database, log_level="WARNING")
    await bot.start(timeout=60)
    start = int(time.time()) + 3600
    plan = {"game": game, "format": format_, "start": str(start), **options}
    card = (await world.mod.slash("night plan", plan)).message
    for actor in people:
        await actor.press(card, label=text("night.card.join"))
    assert await bot.stop() == 0, bot.output
    due_now(database, "checkin")
    await bot.start(timeout=60)
    here = text("night.card.here")
    await fake.wait_for(lambda: bool(world.alice.current(card).button(label=here)), what="check-in")
    for actor in people:
        await actor.press(card, label=here)
    assert await bot.stop() == 0, bot.output
    return Night(world, bot, database, people, pace, random.Random(seed))


async def play_table(night: Night, actor: Actor, thread_id: int, game: str) -> None:
    """``actor`` plays their table in ``thread_id`` from their panel until it shows no panel
    button any more (the game is over)."""
    from bench.bench_play import decider
    from tests.e2e.toppo_play import text

    fake = night.fake
    thread = fake.find_channel(thread_id)
    assert thread is not None
    label = text(f"{game}.table.panel")
    decide = decider(game)

    def table() -> Any:
        found = [m for m in fake.public_messages(thread) if any(b.get("label") == label for b in m.buttons())]
        return found[-1] if found else None

    await fake.wait_for(lambda: table() is not None, timeout=60, what="the table")
    panel: Any = None
    while (shown := table()) is not None:
        if panel is None:
            try:
                panel = (await actor.press(shown, label=label)).message
            except Exception:  # the table ended between looking and pressing
                await asyncio.sleep(0.3)
                continue
        await asyncio.sleep(night.rng.uniform(*THINK) * night.pace)
        seen = actor.current(panel)
        choice = decide(actor, seen) if seen.buttons() or seen.selects() else None
        if choice is None:
            if not (seen.buttons() or seen.selects()):
                panel = None
            continue
        try:
            if choice.value is None:
                await actor.press_anyway(seen, custom_id=choice.custom_id)
            else:
                await actor.choose(seen, [choice.value], custom_id=choice.custom_id)
        except Exception:  # the button went with a redraw between deciding and pressing
            continue
    night.ended_at[actor.id] = time.monotonic()


def watch_calls(night: Night, game: str) -> None:
    """Start a player for each person named in each new call of the night (a line with a thread
    and mentions), and note how long each had waited in the pool since their last game."""
    by_id = {actor.id: actor for actor in night.people}
    for message in night.fake.public_messages(night.world.games):
        if message.id in night.calls_seen or not THREAD.search(message.text):
            continue
        night.calls_seen.add(message.id)
        now = time.monotonic()
        for line in message.text.split("\n"):
            if not (thread := THREAD.search(line)):
                continue
            for user in USER.findall(line):
                actor = by_id.get(int(user))
                if actor is None:
                    continue
                if actor.id in night.ended_at:
                    night.waits.append(now - night.ended_at.pop(actor.id))
                task = asyncio.create_task(play_table(night, actor, int(thread.group(1)), game))
                task.add_done_callback(reported)
                night.tasks.append(task)


def reported(task: asyncio.Task[None]) -> None:
    """A person's player that failed says so on stderr: a silent failure would look like a slow
    table (the absent-player rules would finish it for them)."""
    if not task.cancelled() and (error := task.exception()) is not None:
        print(f"a player failed: {error!r}", file=sys.stderr)


async def run_until_over(
    night: Night, game: str, timeout: float, during: Callable[[], Any] | None = None
) -> bool:
    """Watch calls and play until the night is over (or ``timeout``); whether it ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        watch_calls(night, game)
        if during is not None:
            await during()
        if rows(night.database, "SELECT 1 FROM nights WHERE state = 'over'"):
            await asyncio.gather(*night.tasks, return_exceptions=True)
            return True
        await asyncio.sleep(0.1)
    for task in night.tasks:
        task.cancel()
    return False


def round_figures(database: Path, rounds: int) -> list[dict[str, Any]]:
    """Per round: tables, the latest table's start after the round's first, repeat meetings and
    the fewest the seater would reach from the same past and points, and the ratings spread."""
    from tables.night_seating import Entrant, Past, TableSizes, meetings, repeats, seat_round, spread

    tables = rows(database, "SELECT round, seats, started_at, table_id FROM night_tables ORDER BY started_at")
    points = rows(database, "SELECT user_id, round, points FROM night_points")
    figures = []
    past: list[tuple[int | None, ...]] = []
    for number in range(1, rounds + 1):
        these = [
            (json.loads(seats), stamp(at))
            for r, seats, at, tid in tables
            if r == number and not tid.startswith("bye")
        ]
        if not these:
            continue
        seats = [tuple(s) for s, _ in these]
        first = min(at for _, at in these)
        met = meetings(past)
        people = [u for s in seats for u in s if u is not None]
        sizes = TableSizes(min(len(s) for s in seats), max(len(s) for s in seats), max(len(s) for s in seats))
        before = {u: sum(p for uu, r, p in points if uu == u and r < number) for u in people}
        fewest = seat_round(
            [Entrant(u, 1500.0, before[u]) for u in people], sizes, "ai", Past(tuple(past))
        ).repeats
        got = repeats(seats, met)
        figures.append(
            {
                "round": number,
                "tables": len(seats),
                "start_spread_s": round(max(at for _, at in these) - first, 2),
                "repeats": got,
                "seater_fewest": fewest,
                "avoidable": max(0, got - fewest),
                "rating_spread": round(spread(seats, dict.fromkeys(people, 1500.0)), 2),
            }
        )
        past += seats
    return figures


def problems(night: Night) -> int:
    """How many problems the stand-in saw, each told on stderr (the JSON holds the count)."""
    seen = night.fake.take_problems()
    for problem in seen:
        print(f"stand-in problem: {problem}", file=sys.stderr)
    return len(seen)


def ledger(database: Path) -> dict[str, Any]:
    """Nothing lost or counted twice: a points row per person per counted table, every table
    counted once, the night over."""
    tables = rows(database, "SELECT table_id, seats, counted FROM night_tables")
    points = rows(database, "SELECT table_id, user_id, count(*) FROM night_points GROUP BY table_id, user_id")
    by_table: dict[str, set[int]] = {}
    for table_id, user, _n in points:
        by_table.setdefault(table_id, set()).add(user)
    twice = sum(1 for *_, n in points if n > 1)
    missing = sum(
        1
        for table_id, seats, _ in tables
        for user in json.loads(seats)
        if user is not None and user not in by_table.get(table_id, set())
    )
    [(state, round_)] = rows(database, "SELECT state, round FROM nights")
    return {
        "tables": len(tables),
        "uncounted": sum(1 for *_, counted in tables if not counted),
        "points_rows_missing": missing,
        "points_rows_twice": twice,
        "state": state,
        "round": round_,
    }


async def rounds(game: str, count: int, args: argparse.Namespace, kill: bool = False) -> dict[str, Any]:
    """A night of 3 rounds of ``game`` for ``count`` people; with ``kill``, a SIGKILL 3 s into
    round 2 and a restart."""
    began = time.monotonic()
    night = await open_night(game, "rounds", count, args.seed, args.pace, {"rounds": 3})
    due_now(night.database, "start")
    await night.bot.start(timeout=60)
    killed: dict[str, Any] = {}

    async def maybe_kill() -> None:
        if not kill or killed:
            return
        round2 = rows(night.database, "SELECT started_at FROM night_tables WHERE round = 2")
        if round2 and time.time() - stamp(round2[0][0]) >= 3.0:
            killed["exit"] = await night.bot.stop(sig=signal.SIGKILL)
            killed["counted_before"] = rows(
                night.database, "SELECT count(*) FROM night_tables WHERE counted = 1"
            )[0][0]
            await night.bot.start(timeout=60)

    ended = await run_until_over(night, game, args.timeout, maybe_kill)
    await night.fake.settle(quiet=1.0)
    code = await night.bot.stop(timeout=30)
    await night.fake.stop()
    result: dict[str, Any] = {
        "people": count,
        "ended": ended,
        "rounds": round_figures(night.database, 3),
        "ledger": ledger(night.database),
        "exit": code,
        "problems": problems(night),
        "seconds": round(time.monotonic() - began, 1),
    }
    if kill:
        result["killed"] = killed
    return result


async def arena(args: argparse.Namespace) -> dict[str, Any]:
    """16 people in an arena of ``--arena-game`` for ``--arena-minutes``."""
    began = time.monotonic()
    night = await open_night(
        args.arena_game, "arena", 16, args.seed, args.pace, {"minutes": max(20, args.arena_minutes)}
    )
    written = args.arena_minutes < 20
    due_now(night.database, "start")
    if written:
        # The bot refuses settings under 20 minutes, stored ones too, so the night's start is
        # moved back instead: an arena of 20 minutes that began 20 - N minutes ago ends in N.
        begun = datetime.now(UTC) - timedelta(minutes=20 - args.arena_minutes)
        with sqlite3.connect(night.database) as conn:
            conn.execute("UPDATE nights SET starts_at = ?", (begun.strftime("%Y-%m-%dT%H:%M:%S.000000Z"),))
            # and its closing minutes (no new game) kept to a quarter of it, at least one
            [(raw,)] = conn.execute("SELECT settings FROM nights")
            settings = json.loads(raw) | {"closing": max(1, min(5, args.arena_minutes // 4))}
            conn.execute("UPDATE nights SET settings = ?", (json.dumps(settings),))
    await night.bot.start(timeout=60)
    ended = await run_until_over(night, args.arena_game, args.arena_minutes * 60 + args.timeout)
    await night.fake.settle(quiet=1.0)
    code = await night.bot.stop(timeout=30)
    await night.fake.stop()
    waits = night.waits
    return {
        "game": args.arena_game,
        "arena_minutes": args.arena_minutes,
        "start_moved_back_min": 20 - args.arena_minutes if written else 0,
        "ended": ended,
        "games": len(rows(night.database, "SELECT 1 FROM night_tables WHERE counted = 1")),
        "waits": len(waits),
        "wait_median_s": round(statistics.median(waits), 2) if waits else None,
        "wait_max_s": round(max(waits), 2) if waits else None,
        "ledger": ledger(night.database),
        "exit": code,
        "problems": problems(night),
        "seconds": round(time.monotonic() - began, 1),
    }


async def main(args: argparse.Namespace) -> int:
    chosen = ["rounds-toppo", "rounds-spit", "arena", "kill"] if args.scenario == "all" else [args.scenario]
    results: dict[str, Any] = {"pace": args.pace, "think_s": [THINK[0] * args.pace, THINK[1] * args.pace]}
    for scenario in chosen:
        if scenario == "rounds-toppo":
            results[scenario] = await rounds("toppo", 24, args)
        elif scenario == "rounds-spit":
            results[scenario] = await rounds("spit", 8, args)
        elif scenario == "kill":
            results[scenario] = await rounds("spit", 8, args, kill=True)
        else:
            results[scenario] = await arena(args)
        print(scenario, json.dumps(results[scenario]), file=sys.stderr)
    print(json.dumps(results))
    return 0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scenario", default="all", choices=["rounds-toppo", "rounds-spit", "arena", "kill", "all"]
    )
    parser.add_argument(
        "--arena-minutes", type=int, default=20, help="the arena's length (under 20: written to the database)"
    )
    parser.add_argument("--arena-game", default="assets", choices=["assets", "topoum"])
    parser.add_argument("--pace", type=float, default=1.0, help="multiplies the people's thinking time")
    parser.add_argument(
        "--timeout", type=float, default=1800.0, help="the most seconds a rounds night may take"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the thinking times")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
