"""Seeded randomness that lives inside a game's state.

The engine never touches the global ``random`` module: a game's shuffles must replay exactly
from its saved seed, on any Python version, so the generator and its state (one integer) are
ours. The algorithm is SplitMix64, small, fast enough for shuffles and well distributed.
"""

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


def derive_seed(seed: int, *labels: str | int) -> int:
    """A new 64-bit seed from ``seed`` and labels, so independent streams never overlap.

    Used to give each game of a series, or each AI seat, its own stream from one table seed.
    Each label is length-prefixed, so labels containing a NUL (or any separator) cannot make two
    different label lists hash alike; an int label counts as its decimal text.
    """
    h = blake2b(digest_size=8)
    h.update(str(seed).encode())
    for label in labels:
        data = str(label).encode()
        h.update(len(data).to_bytes(8, "big") + data)
    return int.from_bytes(h.digest(), "big")


@dataclass
class Rng:
    """A SplitMix64 generator; ``state`` is the whole of it and is JSON-serialisable."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(seed & _MASK64)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if not 0 < n <= 1 << 64:
            raise ValueError("n must be in [1, 2**64]")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
