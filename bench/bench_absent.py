"""One person stops acting in the middle of a game: does the table finish, how much longer does it
take, and does its result record the absent seat? (issue 30)

    .venv/bin/python -m bench.bench_absent [--seeds 5] [--turn 30] [--absent 30] [--games toppo ...]

For every game engine/games.py registers, a table of two people and (where the game takes more
seats) one normal AI seat plays its first game on a virtual clock (tests/tables/manual_clock.py),
from ``--seeds`` seeds (the deal and every random choice follow the seed). The people are
scripted at a person's pace (tests/tables/scripted.py): they choose with the game's own AI at
the normal level, slower than it, and press their panel before each move as a person would.
``--turn`` is ``TURN_SECONDS`` (turn-based games) and ``--absent`` the absence limit (real-time
games).

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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

from data import Store
from engine.games import registered
from tables.phases import Phase
from tables.registry import TableRegistry
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import LIMIT, STEP, Person, Seated, seated

PEOPLE = (1, 2)


@dataclass
class Run:
    seconds: float
    finished: bool
    recorded_absent: bool


async def play(cls: type[Seated], seed: int, stop_at: float | None, args: argparse.Namespace) -> Run:
    """One table's first game from ``seed``; the first person stops at ``stop_at`` (virtual
    seconds), or never."""
    randomness = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, mock.patch("secrets.randbits", randomness.getrandbits):
        async with await Store.open(Path(folder) / "bench.sqlite3") as store:
            clock = ManualClock()
            registry = TableRegistry(store, clock, turn_seconds=args.turn, absent_seconds=args.absent)
            table = await seated(cls, registry, len(PEOPLE), int(cls.seats_allowed[1] > len(PEOPLE)))
            people = [Person(table, seat, clock) for seat in range(len(PEOPLE))]
            table.listeners.extend(person.driver.changed for person in people)
            absent = people[0]
            while table.phase is Phase.PLAYING and clock.now() < LIMIT:
                if stop_at is not None and absent.present and clock.now() >= stop_at:
                    absent.present = False
                for person in people:
                    person.driver.changed()  # a thought that came off the event loop
                await clock.advance(STEP, table.settle)
            seconds = clock.now()
            finished = table.phase is not Phase.PLAYING and not table.message.idle_expired
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
