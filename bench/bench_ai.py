"""How long one Topoum AI step thinks on the slowest position we know: with its work budget
against the same search without one, measured in the same run.

Run: ``.venv/bin/python -m bench.bench_ai [--runs 3]``.

The position is ``tests/fixtures/topoum_slow_position.json`` (the saved table ``cca5e6b25d`` of
a database the bot wrote during a kill -9 loop; see ``tests/engine/topoum/test_ai_budget.py``):
seat 1 of 2 in Move moles with a mole chosen, four moles free, two cards in hand and a full
Operations Line. Each run plays one step of a fresh AI (seed = the run's number) on a fresh copy:

- *budget*: :class:`engine.topoum.ai.TopoumAI` as the bot runs it (``OWN`` and ``ANSWER`` with
  their ``nodes``);
- *no budget*: the same search with ``nodes=None``, which is the search as it was before the
  budget (the same plans in the same order: only the work is no longer bounded).

It prints, per level, CPU seconds (``time.process_time``: the AI thinks in a thread of the bot's
process, so CPU, not wall time, is what it takes from the event loop) min / median / max, the
states copied, the ratio no budget / budget of the medians, and each run's move with and without
the budget. Target on the 2-core machine: every budgeted step at most 1 s of CPU. Ends with one
JSON line.
"""

import argparse
import json
import statistics
import time
from dataclasses import dataclass, replace

from engine.ai import Level
from engine.rng import Rng
from engine.topoum.actions import Action, action_to_json
from engine.topoum.ai import ANSWER, OWN, TopoumAI
from tests.engine.topoum.positions import SLOW_POSITION, slow_position

TARGET_SECONDS = 1.0
LEVELS = (Level.NORMAL, Level.HARD)
"""The levels that search (easy picks at random and copies nothing)."""


def move_text(action: Action) -> str:
    """An action as its saved form without the seat, e.g. ``move_to H6``."""
    saved = action_to_json(action)
    return " ".join(str(value) for key, value in saved.items() if key != "seat")


def step(level: Level, seed: int, bounded: bool) -> tuple[float, int, str]:
    """CPU seconds, states copied and the move of one AI step on a fresh copy of the position."""
    state = slow_position()
    if bounded:
        ai = TopoumAI(level, Rng.from_seed(seed))
    else:
        ai = TopoumAI(level, Rng.from_seed(seed), replace(OWN, nodes=None), replace(ANSWER, nodes=None))
    start = time.process_time()
    choice = ai.choose(state, state.current)
    seconds = time.process_time() - start
    assert choice is not None, "the position waits for seat 1"
    return seconds, ai.spent, move_text(choice.action)


@dataclass(frozen=True)
class Steps:
    """The runs of one level in one mode."""

    seconds: list[float]
    states: list[int]
    moves: list[str]

    @classmethod
    def measure(cls, level: Level, runs: int, bounded: bool) -> "Steps":
        samples = [step(level, seed, bounded) for seed in range(runs)]
        return cls([s[0] for s in samples], [s[1] for s in samples], [s[2] for s in samples])

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    def line(self, name: str) -> str:
        return (
            f"{name:<9}  CPU min {min(self.seconds):6.3f}  median {self.median:6.3f}"
            f"  max {max(self.seconds):6.3f} s   states {min(self.states)}-{max(self.states)}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "cpu_s": {
                "min": round(min(self.seconds), 3),
                "median": round(self.median, 3),
                "max": round(max(self.seconds), 3),
            },
            "states": {"min": min(self.states), "max": max(self.states)},
            "moves": self.moves,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="steps per level and mode (seeds 0..runs-1)")
    args = parser.parse_args()
    state = slow_position()  # the imports and one replay, before any timing
    print(
        f"position: {SLOW_POSITION.name}, {state.players} players, {len(state.log)} moves, "
        f"seat {state.current} to move at {state.stage}"
    )
    result: dict[str, object] = {"bench": "ai", "runs": args.runs}
    met = True
    for level in LEVELS:
        ours = Steps.measure(level, args.runs, bounded=True)
        theirs = Steps.measure(level, args.runs, bounded=False)
        ratio = round(theirs.median / ours.median, 1) if ours.median > 0 else None
        limit = TopoumAI(level, Rng.from_seed(0)).work_limit
        met = met and max(ours.seconds) <= TARGET_SECONDS
        print(f"{level:<6} {ours.line('budget')}")
        print(f"{level:<6} {theirs.line('no budget')}")
        print(f"{level:<6} ratio no budget / budget (medians) {ratio}x; budget {limit} states a step")
        for seed, (mine, base) in enumerate(zip(ours.moves, theirs.moves, strict=True)):
            print(f"       seed {seed}: {mine}  |  {base}  ({'same' if mine == base else 'differs'})")
        result[str(level)] = {
            "limit": limit,
            "budget": ours.to_json(),
            "no_budget": theirs.to_json(),
            "ratio": ratio,
        }
    print(f"target: every budgeted step <= {TARGET_SECONDS} s of CPU: {'met' if met else 'NOT met'}")
    result["target_met"] = met
    print(json.dumps(result))


if __name__ == "__main__":
    main()
