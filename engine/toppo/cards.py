"""Toppo cards: five colours, five symbols, a compact two-character notation.

A card is written colour letter then symbol character: ``R~`` is red waves, ``Bo`` blue circle.
Tests stack decks with strings such as ``"R~ Y+ Wo"`` and saved games use the same notation.

There are only 25 different cards (copies are indistinguishable), so each is created once and
``Card(colour, symbol)`` returns the shared instance. Equality is therefore identity and hashing
is the C-level default: the self-play runner counts every card of the table after every action,
and an enum-based dataclass hash would make that the bottleneck.
"""

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import ClassVar

COPIES = 6
"""Copies of each colour-symbol pair in one set [house: 150 cards / 25 kinds, docs/rules.md §1]."""

DECK_SIZE = 33
"""Cards each player takes at the start of a game."""


class Colour(Enum):
    """The colours; the value is the notation letter."""

    RED = "R"
    YELLOW = "Y"
    WHITE = "W"
    GREEN = "G"
    BLUE = "B"


class Symbol(Enum):
    """The symbols; the value is the notation character."""

    WAVES = "~"
    CIRCLE = "o"
    SQUARE = "#"
    BAR = "-"
    PLUS = "+"


class Card:
    """One of the 25 cards; immutable and interned, so ``==`` is ``is``."""

    __slots__ = ("code", "colour", "symbol")

    colour: Colour
    symbol: Symbol
    code: int
    """0..24, colour-major; a stable small number for tables and sorting."""

    _all: ClassVar[dict[tuple[Colour, Symbol], "Card"]] = {}

    def __new__(cls, colour: Colour, symbol: Symbol) -> "Card":
        card = cls._all.get((colour, symbol))
        if card is None:
            card = super().__new__(cls)
            object.__setattr__(card, "colour", colour)
            object.__setattr__(card, "symbol", symbol)
            object.__setattr__(card, "code", len(cls._all))
            cls._all[(colour, symbol)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type["Card"], tuple[Colour, Symbol]]:
        return (Card, (self.colour, self.symbol))

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.colour.value + self.symbol.value

    def tops(self, other: "Card") -> bool:
        """Whether this card may lie on ``other`` in a top: same colour or same symbol."""
        return self.colour is other.colour or self.symbol is other.symbol

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``"R~"`` -> red waves; ``ValueError`` for anything else."""
        if len(text) != 2:
            raise ValueError(f"a card is two characters, colour then symbol: {text!r}")
        try:
            return cls(Colour(text[0]), Symbol(text[1]))
        except ValueError:
            raise ValueError(f"unknown card {text!r}") from None


ALL_CARDS: tuple[Card, ...] = tuple(Card(c, s) for c in Colour for s in Symbol)
"""The 25 different cards in ``code`` order."""


def find_top(line: Sequence[Card], display: Sequence[Card]) -> tuple[int, ...] | None:
    """An order that tops ``display`` with ``line`` (``order[slot]`` = line index), or None.

    A depth-first search over the display slots, taking for each slot an unused line card of the
    same colour or symbol; with at most 5 cards this stays tiny.
    """
    size = len(display)
    if len(line) != size:
        return None
    order = [0] * size
    used = [False] * size

    def place(slot: int) -> bool:
        if slot == size:
            return True
        shown = display[slot]
        for index, card in enumerate(line):
            if not used[index] and card.tops(shown):
                used[index] = True
                order[slot] = index
                if place(slot + 1):
                    return True
                used[index] = False
        return False

    return tuple(order) if place(0) else None


def find_matches(line: Sequence[Card], display: Sequence[Card]) -> list[tuple[int, int]]:
    """Every ``(line_index, slot)`` where the line card is identical to the display card."""
    return [
        (index, slot)
        for index, card in enumerate(line)
        for slot, shown in enumerate(display)
        if card is shown
    ]


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"R~ Y+ Wo"`` -> three cards; whitespace-separated, empty text is no cards."""
    return tuple(Card.parse(part) for part in text.split())


def notation(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


def sets_for(players: int) -> int:
    """One set of 150 cards up to 4 players, two sets (300) from 5."""
    return 1 if players <= 4 else 2


def make_deck(sets: int = 1) -> list[Card]:
    """All cards of ``sets`` sets in a fixed order (shuffle it with the game's Rng)."""
    return [card for card in ALL_CARDS for _ in range(COPIES * sets)]
