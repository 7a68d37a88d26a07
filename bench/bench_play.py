"""People playing every game through the real bot, in threads and in the channel: how soon the
public picture shows each move, and whether the bot's pings ever ghost.

    .venv/bin/python -m bench.bench_play [--seconds 60] [--seed 1] [--games toppo,spit,...]

The real ``bot.py`` runs as a subprocess against the offline Discord stand-in
(``fakediscord/``), exactly as in the end-to-end tests. Scripted people open a table
(``/<game> start``), join it, start it and play, each at a person's pace: they look at their
private panel, think 0.3 to 1.4 s (seeded), and press what they decided on from the panel as it
showed 0.25 s before the press (so a panel redrawn meanwhile can make a press too late, as it
does for people). What they press is the game's own way of playing from its panel, ``decide`` in
its play module (tests/e2e/<game>_play.py: Toppo's tops and matches, Spit's calls), or else the
first move its panel offers. A real-time game (Toppo, Spit) has two quick players; a turn-based
one (Cover Your Assets, Topoum: engine/games.py says which) three, the third slow: on her first
turn and every third one after, she thinks 23 s, longer than the 20 s grace after which the table
mentions her, so pings happen.
When a game ends they start the next one; when ``--seconds`` are up they stop, and a table
showing its results is ended by its host. Each game is played twice in one run: with tables in
threads (the bot's default) and, as the baseline, in the channel (``TABLES_IN=channels``).

Which moment a public edit shows is read from the table card's last line ("Move 37", the moves of
the running game), which the panels show too. Measured per game and mode:

- move -> public: from a press whose answer showed a new move number to the first edit of the
  table message that shows that number or a later one: p50, p90 and max;
- too late: the share of presses the bot refused because the table had moved on since the panel
  they came from;
- pings: the messages that notified someone; ghost pings among them: deleted ones, or ones that
  reached Discord less than the grace period after the person's last move (they had acted
  already, or their grace was not over);
- messages left: the bot's public messages in the channel and in the table's thread at the end.

Goals, thread mode, every game: p50 <= 0.8 s, p90 <= 1.5 s, no ghost ping, one message left in
the channel per table. Ends with one JSON line, with a key per game.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from fakediscord import Actor, SeenMessage
    from tests.e2e.presses import Press

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

THINK = (0.3, 1.4)
"""A person's thinking time before a press, seconds, drawn uniformly for each press."""
LOOKED_BEFORE = 0.25
"""A press acts on the panel as it was this long before it."""
SLOW_THINK = 23.0
"""The slow player's thinking on her slow turns: longer than the grace period."""
GRACE = 20.0
"""The bot's default grace period (tables.attention.GRACE)."""
GOALS = {"public_p50": 0.8, "public_p90": 1.5, "ghost_pings": 0, "channel_messages": 1}
MOVE = re.compile(r"^-# \D*(\d+)", re.MULTILINE)
STALE_NOTES = (
    *("toppo.too_late", "toppo.line_changed", "toppo.outdated"),
    *("spit.note.card_gone", "spit.note.new_layout", "spit.note.outdated", "reason.stale"),
)
"""The notes of a press refused because the table moved on since the panel it came from."""


@dataclass
class Run:
    """What one game in one mode measured."""

    moves: list[tuple[float, int]] = field(default_factory=list)
    """(when the press that made a move was sent, the move number its answer showed)."""
    last_move: dict[int, float] = field(default_factory=dict)
    """Per person, when their latest move's answer came."""
    move_times: dict[int, list[float]] = field(default_factory=dict)
    presses: int = 0
    too_late: int = 0
    shown: list[tuple[float, int]] = field(default_factory=list)
    """(when, move number) of every write of a public message that shows a move number."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def move_of(message: Any) -> int | None:
    """The move number a message's card shows in its last line, if any."""
    for component in message.components:
        for part in component.get("components") or []:
            if part.get("type") == 10 and (found := MOVE.search(str(part.get("content", "")))):
                return int(found.group(1))
    return None


Decide: TypeAlias = "Callable[[Actor, SeenMessage], Press | None]"
"""How a person decides what to press, if anything, from their panel as they see it."""


def decider(game: str) -> Decide:
    """How a person plays ``game``: ``decide`` in its end-to-end play module
    (tests/e2e/<game>_play.py) if it has a way of its own, else the first move its panel offers
    (tests/e2e/presses.py)."""
    from importlib import import_module
    from importlib.util import find_spec

    from tests.e2e.presses import first_move
    from tests.tables.scripted import kind_of

    play = f"tests.e2e.{game}_play"
    if find_spec(play) is not None and hasattr(module := import_module(play), "decide"):
        decide: Decide = module.decide
        return decide
    actions = kind_of(game).panel.actions
    return lambda actor, message: first_move(message, actions)


Answered: TypeAlias = "Callable[[Actor, SeenMessage, str, Any], None]"
"""Told of every press answered: the person, the panel as they saw it when they decided, the
custom id they pressed, and the stand-in's reply (bench/bench_refusals.py reads the refusals)."""


async def play(
    game: str,
    threads: bool,
    seconds: float,
    seed: int,
    looked_before: float = LOOKED_BEFORE,
    answered: Answered | None = None,
) -> dict[str, Any]:
    """One game in one mode for ``seconds`` against a fresh bot and stand-in; its figures. A
    person presses what their panel showed ``looked_before`` seconds before the press."""
    from engine.games import turn_based
    from fakediscord import BotProcess, FakeDiscord
    from tests.conftest import build_world
    from tests.e2e import toppo_play
    from tests.e2e.presses import enabled

    # It times the bot; the tests hold the traffic to Discord's API description.
    fake = FakeDiscord(settle_quiet=0.02, check_contract=False)
    world = build_world(fake)
    run = Run()
    announce = fake.announce

    async def watched(event: str, message: Any) -> None:
        number = None if message.ephemeral else move_of(message)
        if number is not None:
            run.shown.append((time.monotonic(), number))
        await announce(event, message)

    fake.announce = watched  # type: ignore[method-assign]
    await fake.start()
    database = Path(tempfile.mkdtemp(prefix="gamenight-play-")) / "bench.sqlite3"
    bot = BotProcess(fake, database, log_level="WARNING", threads=threads)
    await bot.start(timeout=60)
    rng = random.Random(seed)
    text = toppo_play.text
    decide = decider(game)
    slow = world.carla if turn_based(game) else None
    people = [world.alice, world.bruno] + ([world.carla] if slow else [])

    lobby = (await world.alice.slash(f"{game} start")).message
    for joiner in people[1:]:
        await joiner.press(lobby, label=text("lobby.join"))  # the lobby is in the server's language
    await fake.wait_for(lambda: f"({len(people)}/" in world.alice.current(lobby).text, what="everyone seated")
    await world.alice.press(lobby, label=text("lobby.start"))
    place = fake.thread_of(lobby) if threads else world.games
    assert place is not None, "a thread was started from the lobby"
    late_notes = {text(key, person.locale) for key in STALE_NOTES for person in people}
    late_starts = tuple(text("spit.note.too_late", p.locale).split(":")[0] for p in people)

    def table_message() -> Any:
        tables = [m for m in fake.public_messages(place) if m.attachments and move_of_seen(m) is not None]
        return tables[-1] if tables else None

    def move_of_seen(message: Any) -> int | None:
        footer = message.card.get("footer") if message.components else None
        found = MOVE.search(f"-# {footer['text']}") if footer else None
        return int(found.group(1)) if found else None

    def results_message() -> Any:
        shown = [m for m in fake.public_messages(place) if enabled(m, "next", "end")]
        return shown[-1] if shown else None

    await fake.wait_for(lambda: table_message() is not None, timeout=30, what="the table")
    deadline = time.monotonic() + seconds

    async def person(actor: Any) -> None:
        """Look at the panel, think, press what it showed a moment ago; until time is up."""
        panel: Any = None
        turns = 0
        was_mine = False
        label = text(f"{game}.table.panel", "en-US")
        while time.monotonic() < deadline:
            table = table_message()
            if table is None or not any(b.get("label") == label for b in table.buttons()):
                results = results_message()
                if results is not None and any(b.get("label") == label for b in results.buttons()):
                    # The next game's option is chosen (Toppo's display): its chooser picks on their panel.
                    choosing = (await actor.press(results, label=label)).message
                    if choices := enabled(actor.current(choosing), "choose"):
                        await actor.press_anyway(choosing, custom_id=str(choices[0]["custom_id"]))
                elif actor is world.alice and results is not None and (nexts := enabled(results, "next")):
                    await actor.press_anyway(results, custom_id=str(nexts[0]["custom_id"]))
                await asyncio.sleep(0.3)
                panel = None
                continue
            if panel is None:
                panel = (await actor.press(table, label=label)).message
            seen = actor.current(panel)
            choice = decide(actor, seen) if seen.buttons() or seen.selects() else None
            mine = choice is not None
            think = rng.uniform(*THINK)
            if mine and not was_mine:
                turns += 1
                if actor is slow and turns % 3 == 1:
                    think = SLOW_THINK
            was_mine = mine
            await asyncio.sleep(max(0.0, think - looked_before))
            looked = actor.current(panel)
            choice = decide(actor, looked) if mine else None
            await asyncio.sleep(looked_before)
            if choice is None:
                if not (seen.buttons() or seen.selects()):
                    panel = None
                continue
            before = move_of_seen(actor.current(panel))
            sent = time.monotonic()
            try:
                if choice.value is None:
                    reply = await actor.press_anyway(actor.current(panel), custom_id=choice.custom_id)
                else:
                    reply = await actor.choose(
                        actor.current(panel), [choice.value], custom_id=choice.custom_id
                    )
            except Exception:  # the button went with a redraw between deciding and pressing
                continue
            run.presses += 1
            if answered is not None:
                answered(actor, looked, choice.custom_id, reply)
            if reply.response_type != 7:
                continue
            lines = str(reply.message.card.get("description", "")).split("\n")
            note = next((line[2:] for line in lines if line.startswith("> ")), None)
            if note is not None and (note in late_notes or note.startswith(late_starts)):
                run.too_late += 1
                continue
            after = move_of_seen(reply.message)
            if after is not None and before is not None and after > before:
                run.moves.append((sent, after))
                run.move_times.setdefault(actor.id, []).append(time.monotonic())

    await asyncio.gather(*(person(actor) for actor in people))
    ended = False
    if (results := results_message()) is not None and (ends := enabled(results, "end")):
        confirm = await world.alice.press_anyway(results, custom_id=str(ends[0]["custom_id"]))
        await world.alice.press(confirm.message, label=text("end.yes"))
        ended = True
    await fake.settle(quiet=1.0)
    code = await bot.stop(timeout=30)
    await fake.stop()

    shown = sorted(run.shown)
    public: list[float] = []
    for sent, number in run.moves:
        index = bisect.bisect_left(shown, (sent, -1))
        later = next((when for when, seen in shown[index:] if seen >= number), None)
        if later is not None:
            public.append(later - sent)
    ghosts = 0
    for ping in fake.pings:
        moved = [t for t in run.move_times.get(ping.user, []) if t <= ping.at]
        if ping.deleted or (moved and ping.at - moved[-1] < GRACE):
            ghosts += 1
    channel_messages = len(fake.public_messages(world.games))
    thread_messages = len(fake.public_messages(place)) if threads else 0
    return {
        "moves": len(run.moves),
        "public_p50": statistics.median(public) if public else float("nan"),
        "public_p90": percentile(public, 0.9),
        "public_max": max(public) if public else float("nan"),
        "too_late_share": run.too_late / run.presses if run.presses else 0.0,
        "pings": len(fake.pings),
        "ghost_pings": ghosts,
        "channel_messages": channel_messages,
        "thread_messages": thread_messages,
        "ended": ended,
        "exit": code,
        "problems": len(fake.take_problems()),
    }


async def main(args: argparse.Namespace) -> int:
    games = [game for game in args.games.split(",") if game]
    results: dict[str, dict[str, dict[str, Any]]] = {}
    for game in games:
        results[game] = {}
        for mode in ("threads", "channel"):
            results[game][mode] = await play(game, mode == "threads", args.seconds, args.seed)
    pace = f"{THINK[0]:.1f}-{THINK[1]:.1f} s"
    print(f"people thinking {pace} (one slow in turn-based games), {args.seconds:.0f} s a game")
    print("                    moves  move->public p50/p90/max   too late  pings ghost  left: channel thread")
    met_all = True
    for game, modes in results.items():
        for mode, f in modes.items():
            public = f"{f['public_p50']:5.2f}/{f['public_p90']:5.2f}/{f['public_max']:5.2f} s"
            print(
                f"  {game:<7} {mode:<8} {f['moves']:>5}  {public}   {100 * f['too_late_share']:5.1f}%"
                f"  {f['pings']:>5} {f['ghost_pings']:>5}"
                f"  {f['channel_messages']:>12} {f['thread_messages']:>6}"
            )
        threads, channel = modes["threads"], modes["channel"]
        met = (
            threads["public_p50"] <= GOALS["public_p50"]
            and threads["public_p90"] <= GOALS["public_p90"]
            and threads["ghost_pings"] <= GOALS["ghost_pings"]
            and threads["channel_messages"] <= GOALS["channel_messages"]
        )
        met_all = met_all and met
        p50 = threads["public_p50"] / channel["public_p50"]
        p90 = threads["public_p90"] / channel["public_p90"]
        verdict = "met" if met else "NOT met"
        print(f"  {game}: threads/channel move->public p50 x{p50:.2f}, p90 x{p90:.2f}; goals {verdict}")
    print(
        json.dumps(
            {
                game: {
                    mode: {k: round(v, 3) if isinstance(v, float) else v for k, v in f.items()}
                    for mode, f in modes.items()
                }
                for game, modes in results.items()
            }
        )
    )
    healthy = all(f["exit"] == 0 and f["problems"] == 0 for modes in results.values() for f in modes.values())
    return 0 if healthy else 1


def parse_args() -> argparse.Namespace:
    from engine.games import names  # the project's root is on the path once this module runs

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play per game and mode")
    parser.add_argument("--seed", type=int, default=1, help="seeds the thinking times")
    parser.add_argument("--games", default=",".join(names()), help="the games to play, comma-separated")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
