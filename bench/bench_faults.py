"""kill -9 at random moments while AI seats play every game: does anything get lost?

    .venv/bin/python -m bench.bench_faults [--kills 25] [--tables 2] [--seed 1]

The real ``bot.py`` runs as a subprocess against the offline Discord stand-in
(``fakediscord/``), exactly as in the end-to-end tests, with ``--tables`` tables of each game
(every game engine/games.py registers) whose seats are all AI seats, so they play on their own:
each table has its own host (a member may host only 3), who opens a lobby, adds the AI seats,
leaves and starts. A keeper presses each game's next-game button wherever a game has ended, and
opens a new table in a channel whose table has finished, so the load lasts. Then ``--kills``
times: wait a random 1-8 s (seeded), note which games have a game under way (their saved
table is playing, with moves saved), ``kill -9`` the bot and start it again on the same
database.

At the end the bot is stopped cleanly and the run prints, per game:

- killed mid-game: kills that found a game of it under way (the goal is at least 5 each);
- results lost: a table's recorded games must be numbered 1, 2, 3... with no gap, and a saved
  table showing a game's results must have that game recorded;
- results duplicated: games recorded more than once (the same table and number twice);
- tables stuck: saved tables whose state did not change for ``--stuck`` seconds while running;

and for the whole run, the kills survived (restarts after which the bot came back and resumed
its tables) and orphaned processes (picture workers of killed bots still running after their
grace period). Lost, duplicated, stuck and orphans should all be 0. There is no baseline to
compare with: every figure is a count of faults. Ends with one JSON line of the figures, keyed
by game.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import re
import signal
import sqlite3
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

AI_SEATS = 3
"""AI seats at each table, or as many as the game seats if fewer."""
CARRY_ON = "next"
"""The action of the results' button that deals the next game (cogs/seated.py)."""
KILL_AFTER = (1.0, 8.0)
"""Seconds of play between one restart and the next kill, drawn uniformly (seeded)."""
PRESS_PACE = 0.7
"""Seconds between the host's presses on the same lobby: a person's pace, not a double click."""
SHOWING_RESULTS = frozenset({"results", "choosing", "over"})
"""Saved phases in which the running game has ended, so its result must be stored."""
PLAYING, LOBBY = "playing", "lobby"
"""The saved phases of a game under way, and of a lobby."""
MID_GAME_GOAL = 5
"""Kills each game must be under way for."""


async def main(args: argparse.Namespace) -> int:
    from cogs.painter import PARENT_CHECK_SECONDS
    from engine.games import game_of
    from fakediscord import BotProcess, FakeDiscord
    from fakediscord.model import APPLICATION_COMMAND, MESSAGE_COMPONENT, Message, walk_components
    from tests.conftest import build_world
    from tests.faults.processes import alive, painter_workers, signal_all

    rng = random.Random(args.seed)
    fake = FakeDiscord()
    world = build_world(fake)
    channels = {
        (game, n): fake.add_channel(world.guild, f"{game}-{n}")
        for game in args.games
        for n in range(args.tables)
    }
    hosts = {
        channel.id: fake.add_member(world.guild, f"host-{channel.name}") for channel in channels.values()
    }
    games = {channel.id: game for (game, _), channel in channels.items()}
    await fake.start()
    workdir = Path(tempfile.mkdtemp(prefix="gamenight-faults-"))
    database = workdir / "bench.sqlite3"

    async def interact(
        channel: Any, kind: int, data: dict[str, Any], message: Message | None
    ) -> Message | None:
        record = fake.new_interaction(hosts[channel.id], channel, kind, data, "en-US", message)
        await fake.deliver(record)
        try:
            await asyncio.wait_for(record.acknowledged.wait(), timeout=3)
        except TimeoutError:
            return None  # the bot was killed meanwhile: the keeper tries again later
        return record.original

    def buttons(message: Message) -> list[str]:
        return [
            str(b["custom_id"])
            for b in walk_components(message.components)
            if b.get("type") == 2 and not b.get("disabled")
        ]

    def prefix_and_seats(game: str) -> tuple[str, int]:
        kind = importlib.import_module(game_of(game).module("cogs")).KIND
        return kind.prefix, min(AI_SEATS, kind.table_class.seats_allowed[1])

    async def open_table(game: str, channel: Any) -> None:
        data = fake.actor(hosts[channel.id], channel).command_data(f"{game} start", channel=channel)
        lobby = await interact(channel, APPLICATION_COMMAND, data, None)
        if lobby is None or not buttons(lobby):
            return
        prefix, _ = prefix_and_seats(game)
        table = buttons(lobby)[0].split(":")[1]
        leave = {"custom_id": f"{prefix}:{table}:leave:", "component_type": 2}
        await interact(channel, MESSAGE_COMPONENT, leave, lobby)
        await fill_and_start(game, channel, lobby, table, seated=0)

    async def fill_and_start(game: str, channel: Any, lobby: Message, table: str, seated: int) -> None:
        """Add the AI seats a lobby lacks, then start it (again, when a kill lost a press)."""
        prefix, ai_seats = prefix_and_seats(game)
        for _ in range(ai_seats - seated):
            press = {"custom_id": f"{prefix}:{table}:ai:{args.level}", "component_type": 2}
            await interact(channel, MESSAGE_COMPONENT, press, lobby)
            await asyncio.sleep(PRESS_PACE)
        start = {"custom_id": f"{prefix}:{table}:start:", "component_type": 2}
        await interact(channel, MESSAGE_COMPONENT, start, lobby)

    def under_way() -> set[str]:
        """The games with a table whose saved state is a game being played, moves saved."""
        return {
            games[channel]
            for channel, (_, state, moves) in saved().items()
            if json.loads(state)["phase"] == PLAYING and moves > 0
        }

    def saved() -> dict[int, tuple[str, str, int]]:
        """Saved tables by channel: (table id, state, moves saved)."""
        with sqlite3.connect(database, timeout=30) as conn:
            rows = conn.execute(
                "SELECT t.channel_id, t.table_id, t.state, (SELECT count(*) FROM saved_moves m"
                " WHERE m.table_id = t.table_id) FROM saved_tables t"
            ).fetchall()
        return {int(channel): (str(table), str(state), int(moves)) for channel, table, state, moves in rows}

    async def keep_playing() -> None:
        """Carry on after every game, and open a table wherever one has finished."""
        while True:
            running = saved() if database.exists() else {}
            for (game, _), channel in channels.items():
                if channel.id not in running:
                    await open_table(game, channel)
                    continue
                table, state, _ = running[channel.id]
                if json.loads(state)["phase"] == LOBBY:  # a kill lost the lobby's last presses
                    seated = len(json.loads(state)["lobby"]["seats"])
                    shown = [m for m in channel.messages.values() if table in str(m.components)]
                    if shown:
                        await fill_and_start(game, channel, shown[-1], table, seated)
                    continue
                for message in [m for m in channel.messages.values() if not m.ephemeral]:
                    for custom_id in buttons(message):
                        if custom_id.split(":")[2] == CARRY_ON:
                            press = {"custom_id": custom_id, "component_type": 2}
                            await interact(channel, MESSAGE_COMPONENT, press, message)
            await asyncio.sleep(0.5)

    bot = BotProcess(fake, database, log_level="WARNING")
    await bot.start(timeout=60)
    keeper = asyncio.create_task(keep_playing())
    survived, killed_workers, logs = 0, [], []
    mid_game: dict[str, int] = dict.fromkeys(args.games, 0)
    try:
        await asyncio.sleep(args.warmup)
        for _ in range(args.kills):
            await asyncio.sleep(rng.uniform(*KILL_AFTER))
            assert bot.process is not None
            for game in under_way():
                mid_game[game] += 1
            killed_workers += painter_workers(bot.process.pid)
            bot.process.send_signal(signal.SIGKILL)
            await bot.process.wait()
            logs.append(bot.output)
            bot = BotProcess(fake, database, log_level="WARNING")
            try:
                await bot.start(timeout=60)
            except AssertionError as failure:
                print(f"the bot did not come back: {failure}", file=sys.stderr)
                break
            survived += 1
        before = saved()
        await asyncio.sleep(args.stuck)
        after = saved()
    finally:
        keeper.cancel()
    stuck = [
        (games[channel], table)
        for channel, (table, state, moves) in before.items()
        if after.get(channel) == (table, state, moves)
    ]
    code = await bot.stop(timeout=30)
    logs.append(bot.output)
    await fake.stop()
    await asyncio.sleep(2 * PARENT_CHECK_SECONDS + 1)
    orphans = [pid for pid in killed_workers if alive(pid)]
    signal_all(orphans, signal.SIGKILL)

    checked = results_check(database, games)
    per_game = {
        game: {
            "killed_mid_game": mid_game[game],
            "results_recorded": checked[game][2],
            "results_lost": checked[game][0],
            "results_duplicated": checked[game][1],
            "tables_stuck": sum(1 for stuck_game, _ in stuck if stuck_game == game),
        }
        for game in args.games
    }
    figures = {
        "kills": args.kills,
        "kills_survived": survived,
        "orphaned_processes": len(orphans),
        "games": per_game,
    }
    print(f"kill -9 / restart loop over {len(channels)} tables of AI seats, {args.tables} of each game")
    print(f"  kills survived:      {survived} of {args.kills}")
    print(f"  orphaned processes:  {len(orphans)}")
    print(
        f"  {'game':<8} {'killed mid-game':>16} {'recorded':>9} {'lost':>5} {'duplicated':>11} {'stuck':>6}"
    )
    for game, row in per_game.items():
        print(
            f"  {game:<8} {row['killed_mid_game']:>16} {row['results_recorded']:>9}"
            f" {row['results_lost']:>5} {row['results_duplicated']:>11} {row['tables_stuck']:>6}"
        )
    print(f"  (stuck: no change in {args.stuck:.0f} s) {stuck or ''}")
    tracebacks = sum(log.count("Traceback") for log in logs)
    print(f"  tracebacks in the bot's logs: {tracebacks}; last exit status {code}; logs in {workdir}")
    print(json.dumps(figures))
    faults = sum(
        row["results_lost"] + row["results_duplicated"] + row["tables_stuck"] for row in per_game.values()
    )
    every_game_killed = all(row["killed_mid_game"] >= MID_GAME_GOAL for row in per_game.values())
    healthy = survived == args.kills and faults == len(orphans) == 0 and every_game_killed
    return 0 if healthy and code == 0 else 1


def results_check(database: Path, games: dict[int, str]) -> dict[str, tuple[int, int, int]]:
    """By game (``games``: each channel's), (lost, duplicated, recorded): gaps in each table's
    numbered results, or a saved table showing results whose game is not stored; the same game
    stored twice; games stored."""
    with sqlite3.connect(database) as conn:
        keys = conn.execute("SELECT channel_id, result_key FROM games").fetchall()
        tables = conn.execute("SELECT channel_id, table_id, state FROM saved_tables").fetchall()
    numbers: dict[tuple[str, str], list[int]] = defaultdict(list)
    for channel, key in keys:
        found = re.fullmatch(r"\w+:(\w+):(\d+)", str(key))
        assert found is not None, key
        numbers[games[int(channel)], found[1]].append(int(found[2]))
    figures = {game: [0, 0, 0] for game in games.values()}
    for (game, _), played in numbers.items():
        figures[game][0] += max(played) - len(set(played))
        figures[game][1] += len(played) - len(set(played))
        figures[game][2] += len(played)
    for channel, table_id, state in tables:
        game = games[int(channel)]
        if json.loads(state)["phase"] in SHOWING_RESULTS and (game, table_id) not in numbers:
            figures[game][0] += 1
    return {game: (lost, duplicated, recorded) for game, (lost, duplicated, recorded) in figures.items()}


def parse_args() -> argparse.Namespace:
    from engine.games import names

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=25, help="kill -9s of the bot")
    parser.add_argument("--tables", type=int, default=2, help="tables of each game")
    parser.add_argument(
        "--games", nargs="+", default=list(names()), choices=list(names()), help="the games played"
    )
    parser.add_argument("--level", default="hard", help="the AI seats' level (hard plays fastest)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of play before the first kill")
    parser.add_argument(
        "--stuck", type=float, default=10.0, help="seconds without change that make a table stuck"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the moments of the kills")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
