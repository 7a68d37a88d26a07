"""What every game's AI shares: the difficulty levels a table offers, and the thinking delay.

An AI never waits: it returns its action with a delay in seconds, drawn from its level's range
with an ``Rng`` the caller supplies (never the game's own, so an AI seat cannot change a deal),
and the table (or the self-play runner's simulated clock) applies it after that long.
"""

from enum import StrEnum

from engine.rng import Rng


class Level(StrEnum):
    """How well (and, in real-time games, how fast) an AI seat plays; the value is stable."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def delay(bounds: tuple[float, float], rng: Rng) -> float:
    """A delay uniform in ``bounds`` (low, high) seconds."""
    low, high = bounds
    return low + (high - low) * rng.random()
