"""One person stops acting in the middle of a game: does the table finish, how much longer does it
take, and does its result record the absent seat? (issue 30)

    .venv/bin/python -m bench.bench_absent [--seeds 5] [--turn 30] [--absent 30] [--games toppo ...]

For every game engine/games.py registers, a table of two people and (where the game takes more
seats) one normal AI seat plays its first game on a virtual clock (tests/tables/manual_clock.py),
from ``--seeds`` seeds (the deal and every random choice follow the seed). The people are
scripted at a person's pace: they choose with the game's own AI at the normal level, at
:data:`PACE` times its delays and never faster than :data:`THINK` seconds a move, and press
their panel before each move as a person would. ``--turn`` is ``TURN_SECONDS`` (turn-based
games) and ``--absent`` the absence limit (real-time games).

Each seed is played twice: once with nobody absent (the baseline, in the same run), once with
the first person stopping at a moment drawn from the seed within the first half of the baseline
game. The absent person's seat is left to the bot's rules: warned, then played by an AI (in the
real-time games once the table has waited for them alone for the absence limit, or, in a race,
once they have not pressed their panel for half of it and then the whole limit has passed; after
two turns timed out in a row in the turn-based ones), at the table's level (its AI seat's:
normal). Per game the run prints whether every absent run finished (a result recorded, or the
table ended because nobody was left; not the hour's idle expiry), the ratio of its virtual
duration to the baseline's (median and worst; goal: at most 1.5), and in how many runs the
recorded result marks the absent seat (moves played for them, ranked last). Virtual seconds are
what the players wait: they do not depend on the machine. Ends with one JSON line, keyed by game.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import statistics
import sys
import tempfile
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from data import Store
from engine.ai import Level
from engine.errors import IllegalAction
from engine.games import registered
from tables.ai import AiDriver
from tables.errors import Refused
from tables.registry import TableRegistry
from tables.seated import Phase, SeatedTable
from tables.table import Table
from tests.tables.manual_clock import ManualClock

PACE = 2.0
"""A scripted person takes this many times the normal AI's delay to move."""
THINK = 1.5
"""...and never less than this many seconds."""
STEP = 1.0
"""Virtual seconds the clock moves at a time (people see the table change once a step)."""
LIMIT = 3 * 3600.0
"""Virtual seconds after which a game that has not ended counts as not finished."""
PEOPLE = (1, 2)

Seated = SeatedTable[Any, Any]


class Person:
    """A scripted person playing one seat through the table's person path (their panel): the
    game's own AI chooses, at a person's pace, until they stop."""

    def __init__(self, table: Seated, seat: int, clock: ManualClock) -> None:
        self.table, self.seat = table, seat
        self.user = table.seats[seat].user_id
        self.present = True
        self.driver: AiDriver[Any] = AiDriver(self, clock, table.spawn)

    def ai_seats(self) -> Sequence[int]:
        table = self.table
        here = self.present and table.phase is Phase.PLAYING and not table.plays_for(self.seat)
        return [self.seat] if here else []

    def ai_inputs(self, seat: int) -> Hashable:
        return self.table.ai_inputs(seat)

    def ai_decide(self, seat: int) -> tuple[Any, float] | None:
        decided = self.table.ai_decide(seat)
        if decided is None:
            return None
        action, delay = decided
        return action, max(THINK, delay * PACE)

    async def ai_act(self, seat: int, action: Any) -> bool:
        if not self.present:
            return False
        assert self.user is not None
        if self.table.pressed_by(self.user):
            await self.table.back(self.user)
        try:
            await self.table.change(lambda: self.table.apply_action(action))
        except (IllegalAction, Refused):
            return False
        return True


def people_play_normal(cls: type[Seated]) -> type[Seated]:
    """The game's table class, whose AI also chooses for the people's seats (at the normal
    level) when a scripted person asks it; seats an AI plays keep their own level."""

    def ai_level(self: Seated, seat: int) -> Level:
        return cls.ai_level(self, seat) if self.plays_for(seat) else Level.NORMAL

    return type(f"Scripted{cls.__name__}", (cls,), {"ai_level": ai_level})


@dataclass
class Run:
    seconds: float
    finished: bool
    recorded_absent: bool


async def nothing(table: Table) -> None:
    """The bench looks at the table, not at Discord."""


async def play(cls: type[Seated], seed: int, stop_at: float | None, args: argparse.Namespace) -> Run:
    """One table's first game from ``seed``; the first person stops at ``stop_at`` (virtual
    seconds), or never."""
    randomness = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, mock.patch("secrets.randbits", randomness.getrandbits):
        async with await Store.open(Path(folder) / "bench.sqlite3") as store:
            clock = ManualClock()
            registry = TableRegistry(store, clock, turn_seconds=args.turn, absent_seconds=args.absent)
            table = people_play_normal(cls).open(
                registry, guild_id=1, channel_id=2, publish=nothing, locale="en-US", host_id=1, host_name="P1"
            )
            registry.add(table)
            await table.join(PEOPLE[1], "P2")
            if cls.seats_allowed[1] > len(PEOPLE):
                await table.add_ai(PEOPLE[0], "normal")
            await table.start(PEOPLE[0])
            people = [Person(table, seat, clock) for seat in range(len(PEOPLE))]
            table.followers.extend(person.driver.changed for person in people)
            absent = people[0]
            while table.phase is Phase.PLAYING and clock.now() < LIMIT:
                if stop_at is not None and absent.present and clock.now() >= stop_at:
                    absent.present = False
                for person in people:
                    person.driver.changed()  # a thought that came off the event loop
                await clock.advance(STEP, table.settle)
            seconds = clock.now()
            finished = table.phase is not Phase.PLAYING and not table.idle_expired
            recorded = False
            if table.phase in (Phase.RESULTS, Phase.AGAIN):
                seat = table.result_record().seats[absent.seat]
                recorded = seat.absent and seat.stood_in > 0
            for person in people:
                person.driver.stop()
            await registry.shutdown()
            return Run(seconds, finished, recorded)


async def main(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for game in registered():
        if args.games and game.name not in args.games:
            continue
        cls = importlib.import_module(game.module("cogs")).KIND.table_class
        ratios, finished, recorded = [], 0, 0
        for seed in range(1, args.seeds + 1):
            present = await play(cls, seed, None, args)
            stop_at = random.Random(seed).uniform(5.0, max(6.0, present.seconds / 2))
            away = await play(cls, seed, stop_at, args)
            ratios.append(away.seconds / present.seconds)
            finished += away.finished
            recorded += away.recorded_absent
            print(
                f"{game.name:7} seed {seed}: nobody absent {present.seconds:6.0f} s; "
                f"one absent from {stop_at:5.0f} s: {away.seconds:6.0f} s "
                f"({away.seconds / present.seconds:.2f}x), finished {away.finished}, "
                f"absent seat recorded {away.recorded_absent}",
                flush=True,
            )
        figures[game.name] = {
            "seeds": args.seeds,
            "finished": finished,
            "ratio_p50": round(statistics.median(ratios), 2),
            "ratio_max": round(max(ratios), 2),
            "recorded_absent": recorded,
        }
        print(
            f"{game.name}: finished {finished}/{args.seeds}, time against nobody absent "
            f"{statistics.median(ratios):.2f}x median, {max(ratios):.2f}x worst (goal: at most 1.5x), "
            f"absent seat recorded {recorded}/{args.seeds}",
            flush=True,
        )
    return figures


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--turn", type=float, default=30.0, help="TURN_SECONDS of the turn-based games")
    parser.add_argument("--absent", type=float, default=30.0, help="the real-time games' absence limit")
    parser.add_argument("--games", nargs="*", default=[], help="only these games (default: every game)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(parse(sys.argv[1:])))))
