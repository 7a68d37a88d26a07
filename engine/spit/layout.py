"""A Spit player's layout: stock piles of 1, 2, 3 ... cards, only a top card ever face up.

A stock pile is an immutable value (its cards top first and whether the top lies face up); the
game replaces a pile when it changes, so a pile can be handed to a view as it is.

Layout notation, for tests and saved positions: piles left to right separated by ``|``, each
written top first; ``?`` before the first card marks a top lying face down; ``-`` (or nothing)
is an empty space. ``"7h | ?8c Kd | - | Qs Js Ts"`` is four spaces: a face-up 7h alone, a
face-down 8c on Kd, an empty space, and Qs face up on two face-down cards.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from engine.spit.cards import Card, notation, parse_cards

FACE_DOWN = "?"
EMPTY = "-"


@dataclass(frozen=True, slots=True)
class StockPile:
    """One space of a layout: ``cards`` top first (empty for an empty space)."""

    cards: tuple[Card, ...] = ()
    face_up: bool = False
    """Whether the top card lies face up; always False for an empty space."""

    @property
    def top(self) -> Card | None:
        """The face-up top card, or None (empty, or the top lies face down)."""
        return self.cards[0] if self.face_up and self.cards else None

    @property
    def hidden_top(self) -> bool:
        """A top card lying face down, which its owner may turn up."""
        return bool(self.cards) and not self.face_up

    def without_top(self) -> "StockPile":
        """The pile once its top card has left: the next card lies face down."""
        return StockPile(self.cards[1:], False)

    def turned_up(self) -> "StockPile":
        return StockPile(self.cards, True)

    def __str__(self) -> str:
        if not self.cards:
            return EMPTY
        return ("" if self.face_up else FACE_DOWN) + notation(self.cards)

    @classmethod
    def parse(cls, text: str) -> "StockPile":
        """``"?8c Kd"`` -> a face-down 8c on Kd; ``"-"`` or ``""`` -> an empty space."""
        text = text.strip()
        if text in ("", EMPTY):
            return cls()
        face_up = not text.startswith(FACE_DOWN)
        return cls(parse_cards(text.removeprefix(FACE_DOWN)), face_up)


Layout = tuple[StockPile, ...]
"""A player's spaces, left to right."""


def parse_layout(text: str) -> Layout:
    """``"7h | ?8c Kd | -"`` -> three spaces (see the module docstring)."""
    return tuple(StockPile.parse(part) for part in text.split("|"))


def layout_notation(layout: Sequence[StockPile]) -> str:
    """The inverse of :func:`parse_layout`."""
    return " | ".join(str(pile) for pile in layout)


def deal_layout(cards: Sequence[Card], spaces: int) -> tuple[Layout, tuple[Card, ...]]:
    """Lay ``cards`` out as piles of 1, 2 .. ``spaces`` cards, each top face up, and return the
    layout and the cards left over (the spit cards, top first).

    A player with fewer cards than a full layout deals what they can [house]: piles of 1, 2, 3 ..
    while the cards last, the last pile taking what is left, the other spaces empty; then they
    have no spit cards.
    """
    piles: list[StockPile] = []
    dealt = 0
    for size in range(1, spaces + 1):
        chunk = tuple(cards[dealt : dealt + size])
        dealt += len(chunk)
        piles.append(StockPile(chunk, bool(chunk)))
    return tuple(piles), tuple(cards[dealt:])
