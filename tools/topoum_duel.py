"""A duel between Topoum's AI levels, reported as one JSON line.

    python -m tools.topoum_duel --levels hard,easy --games 100 --seed 0

plays the games of :func:`engine.topoum.selfplay.duel` (one level per seat, rotating, every
invariant checked), prints each level's share of the wins, and exits non-zero on a violation.
"""

import argparse
import json
import sys
from collections.abc import Sequence

from engine.ai import Level
from engine.topoum.selfplay import duel


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.topoum_duel", description="Play a duel between Topoum AI levels."
    )
    parser.add_argument("--levels", default="hard,easy", help="comma-separated, one per seat (2 to 4)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = [Level(name) for name in args.levels.split(",")]
    report = duel(levels, args.games, args.seed)
    print(json.dumps(report))
    return 1 if report["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
