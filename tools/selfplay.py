"""The self-play command line: AI-only games of a registered game, reported as one JSON line.

    python -m tools.selfplay --game toppo --players 4 --games 1000 --seed 1
    python -m tools.selfplay --game spit --variant speed --games 1000

prints one JSON line (games, actions, games per second, invariant violations, and per AI level
the 99th percentile and the most CPU seconds one ``propose`` call took) and exits non-zero on a
violation. The games are played by the engine's runner (engine/selfplay.py, pure); this module
is what the engine may not hold: the arguments, the clocks and the printing. ``--variant`` plays
a game another way (Speed is Spit's variant); ``--players`` may be left out for a game with one
player count.

The runner times every proposal with the CPU clock it is handed, here the process's CPU time
(``time.process_time``, user and system); the games per second are wall-clock time. Neither
reaches a game: the same seed plays the same match however long it takes.
"""

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from engine import selfplay


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
    started = time.perf_counter()
    report = selfplay.run(
        args.game, players, args.games, args.seed, args.variant, cpu_clock=time.process_time
    )
    elapsed = time.perf_counter() - started
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
