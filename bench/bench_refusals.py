"""People racing at a person's pace through the real bot: is a press ever refused while its move
could still be made, and does every refusal say why? (issue 42)

    .venv/bin/python -m bench.bench_refusals [--seconds 60] [--seed 1] [--games toppo,spit]

Each real-time game is played as bench/bench_play.py plays it (the real ``bot.py`` against the
offline stand-in, two quick people thinking 0.3 to 1.4 s, in a thread), twice in one run:

- *at a person's pace*: each press is what the panel showed 0.25 s before it (a click on its
  way while the table moves on), as people press;
- *the baseline*: each press is what the panel shows at the moment it is sent.

Every answered press whose redrawn panel carries a note that is not a move's own news (a
penalty said privately) is a refusal. Each refusal is held to the game's
``still_possible`` (tests/e2e/<game>_play.py): whether the panel drawn just after the answer
still offers the move the press named (the same button, for the same display and line in
Toppo, the same card from the same pile in Spit). Per game and pace the run prints the presses,
the refusals, the refused presses whose move was still possible (goal: 0), the share of
refusals with a specific reason, i.e. any but the catch-alls "That moment has passed" and "The
rules do not allow that now" (goal: 100%), and what the refusals said; and the ratio of the
person's refusal rate to the baseline's. Ends with one JSON line, keyed by game. The stand-in's
contract checks are off (they time nothing here, and cost CPU the bot would want).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GENERIC = ("reason.stale", "reason.not_allowed")
"""The catch-all refusals, which say nothing of this press."""
NEWS = {"toppo": "toppo.notice."}
"""Per game, the catalogue keys of notes that are a move's own news, not a refusal."""
PACES = {"person": 0.25, "baseline": 0.0}
"""Seconds between what a press is decided on and when it is sent, per pace."""


@dataclass
class Refusals:
    """What one game at one pace measured."""

    presses: int = 0
    refused: int = 0
    still_possible: int = 0
    generic: int = 0
    said: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    """A few refused presses whose move was still possible, to look at."""


def note_of(message: Any) -> str | None:
    """The note a redrawn panel carries (its ``> `` line), if any."""
    lines = str(message.card.get("description", "")).split("\n")
    return next((line[2:] for line in lines if line.startswith("> ")), None)


async def measure(game: str, pace: str, seconds: float, seed: int) -> dict[str, Any]:
    """One game at one pace; its refusals."""
    from bench.bench_play import play
    from locales import catalog
    from tests.e2e.toppo_play import pattern

    tables = catalog().messages.values()
    generic = {table[key] for key in GENERIC for table in tables}
    prefix = NEWS.get(game)
    news = [
        pattern(text) for table in tables for key, text in table.items() if prefix and key.startswith(prefix)
    ]
    judge = import_module(f"tests.e2e.{game}_play").still_possible
    found = Refusals()

    def answered(actor: Any, looked: Any, custom_id: str, reply: Any) -> None:
        found.presses += 1
        note = note_of(reply.message) if reply.response_type == 7 else None
        if note is None or any(said.match(note) for said in news):
            return
        found.refused += 1
        found.said[note] += 1
        found.generic += note in generic
        if judge(actor, looked, custom_id, reply.message):
            found.still_possible += 1
            if len(found.examples) < 5:
                found.examples.append(f"{custom_id.split(':')[2]}: {note}")

    figures = await play(game, True, seconds, seed, PACES[pace], answered)
    return {
        "presses": found.presses,
        "refused": found.refused,
        "refused_share": found.refused / found.presses if found.presses else 0.0,
        "refused_still_possible": found.still_possible,
        "specific_share": 1 - found.generic / found.refused if found.refused else 1.0,
        "said": dict(found.said.most_common()),
        "examples": found.examples,
        "moves": figures["moves"],
        "exit": figures["exit"],
        "problems": figures["problems"],
    }


async def main(args: argparse.Namespace) -> int:
    games = [game for game in args.games.split(",") if game]
    results = {
        game: {pace: await measure(game, pace, args.seconds, args.seed) for pace in PACES} for game in games
    }
    print(f"two people racing, {args.seconds:.0f} s a game and pace, in a thread; contract checks off")
    print("                    presses  moves  refused   still possible  specific")
    met = True
    for game, paces in results.items():
        for pace, f in paces.items():
            print(
                f"  {game:<6} {pace:<9} {f['presses']:>7} {f['moves']:>6} {f['refused']:>5}"
                f" ({100 * f['refused_share']:4.1f}%) {f['refused_still_possible']:>10}"
                f"  {100 * f['specific_share']:7.1f}%"
            )
            for said, count in f["said"].items():
                print(f"      {count:>4} x {said}")
            for example in f["examples"]:
                print(f"      still possible: {example}")
            met = met and f["refused_still_possible"] == 0 and f["specific_share"] == 1.0
        person, baseline = paces["person"]["refused_share"], paces["baseline"]["refused_share"]
        ratio = person / baseline if baseline else float("inf") if person else 1.0
        print(f"  {game}: refusals at a person's pace / baseline x{ratio:.2f}")
    print(f"goals (refused but still possible = 0, specific = 100%): {'met' if met else 'NOT met'}")
    print(json.dumps(results))
    healthy = all(f["exit"] == 0 and f["problems"] == 0 for paces in results.values() for f in paces.values())
    return 0 if healthy and met else 1


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of play per game and pace")
    parser.add_argument("--seed", type=int, default=1, help="seeds the thinking times")
    parser.add_argument("--games", default="toppo,spit", help="the real-time games to play, comma-separated")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(parse_args())))
