"""The self-play command line: AI-only games of a registered game, reported as one JSON line.

    python -m tools.selfplay --game toppo --players 4 --games 1000 --seed 1
    python -m tools.selfplay --game spit --variant speed --games 1000

prints one JSON line (games, actions, games per second, invariant violations, and per AI level
the 99th percentile and the most CPU seconds one ``propose`` call took) and exits non-zero on a
violation. The games are played by the engine's runner (engine/selfplay.py, pure); this module
is what the engine may not hold: the arguments, the clocks and the printing. ``--variant`` plays
a game another way (Speed is Spit's variant); ``--players`` may be left out for a game with one
player count.

Every proposal is timed with the process's CPU time (``resource.getrusage``, microseconds, not
the 10 ms ticks of ``os.times``), handed to the runner as its CPU clock.
"""

import argparse
import json
import os
import resource
import sys
from collections.abc import Sequence
from typing import Any

from engine import selfplay


def process_cpu() -> float:
    """The process's CPU seconds so far (user and system), to the microsecond on Linux."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.selfplay", description="Play AI-only games and check invariants."
    )
    parser.add_argument("--game", required=True, choices=sorted(selfplay.modules()))
    parser.add_argument("--players", type=int, help="required unless the game has one player count")
    parser.add_argument("--variant", help="another way to play the game (spit: speed)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    spec = selfplay.load(args.game)
    players = args.players
    if players is None:
        if spec.min_players != spec.max_players:
            parser.error(f"--players is required for {args.game}")
        players = spec.min_players
    if args.variant is not None and args.variant not in spec.variants:
        parser.error(f"{args.game} has no variant {args.variant!r}")
    # Wall-clock time only measures throughput for the report; it never reaches a game.
    started = os.times().elapsed
    report = selfplay.run(args.game, players, args.games, args.seed, args.variant, cpu_clock=process_cpu)
    elapsed = os.times().elapsed - started
    line: dict[str, Any] = {
        "game": report.game,
        **({} if report.variant is None else {"variant": report.variant}),
        "players": report.players,
        "seed": report.seed,
        "games": report.games,
        "actions": report.actions,
        "games_per_second": round(report.games / elapsed, 2) if elapsed > 0 else None,
        "simulated_hours": round(report.simulated_seconds / 3600, 1),
        "violations": report.violations,
        "cpu_per_step": report.thinking(),
    }
    if report.messages:
        line["messages"] = report.messages
    print(json.dumps(line))
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
