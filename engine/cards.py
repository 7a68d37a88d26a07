"""Card and pile primitives shared by the card games.

Each game defines its own card type (a Toppo colour and symbol, a Spit rank, an asset); what they
share is how piles behave: cards are drawn from the top, penalties and renewals go to the bottom,
and a shuffle uses the game's own :class:`~engine.rng.Rng`. A pile stores its cards top first so
that its JSON form reads the way the table lies.
"""

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Generic, TypeVar

from engine.rng import Rng

C = TypeVar("C")


class Pile(Generic[C]):
    """An ordered stack of cards, top first."""

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[C] = ()) -> None:
        self._cards: deque[C] = deque(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[C]:
        return iter(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pile) and self._cards == other._cards

    def __repr__(self) -> str:
        return f"Pile({list(self._cards)!r})"

    @property
    def top(self) -> C:
        """The top card; ``IndexError`` on an empty pile."""
        return self._cards[0]

    def draw(self, n: int = 1) -> list[C]:
        """Take up to ``n`` cards from the top; fewer if the pile runs out."""
        n = min(n, len(self._cards))
        return [self._cards.popleft() for _ in range(n)]

    def draw_one(self) -> C:
        """Take the top card; ``IndexError`` on an empty pile."""
        return self._cards.popleft()

    def put_top(self, cards: Iterable[C]) -> None:
        """Put cards on top; the first card given ends on top."""
        self._cards.extendleft(reversed(list(cards)))

    def put_bottom(self, cards: Iterable[C]) -> None:
        """Put cards under the pile, in the order given."""
        self._cards.extend(cards)

    def take_all(self) -> list[C]:
        """Empty the pile, returning its cards top first."""
        cards = list(self._cards)
        self._cards.clear()
        return cards

    def shuffle(self, rng: Rng) -> None:
        cards = list(self._cards)
        rng.shuffle(cards)
        self._cards = deque(cards)

    def to_list(self) -> list[C]:
        return list(self._cards)
