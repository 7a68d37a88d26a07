"""Spit and Speed cards: a standard 52-card deck and a compact two-character notation.

A card is written rank then suit: ``Ah`` is the ace of hearts, ``Td`` the ten of diamonds, ``Ks``
the king of spades. Tests stack piles with strings such as ``"7h 8c Ks"`` and saved games use
the same notation.

Ranks drive play (docs/rules.md §3: one higher or one lower, turning the corner between K and A), but
every card of the deck is different and the "alternating colours" option needs the suit's
colour, so a card is a rank and a suit. Like Toppo's cards, each of the 52 is created once, so
equality is identity and hashing is the fast default.
"""

from collections.abc import Iterable
from enum import Enum, IntEnum
from typing import ClassVar


class Rank(IntEnum):
    """A rank; the value is its place in the cycle A, 2 .. 10, J, Q, K (then A again)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The notation character: ``A``, ``2`` .. ``9``, ``T``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self - 1]


_RANK_SYMBOLS = "A23456789TJQK"
RANKS = len(Rank)


class Suit(Enum):
    """A suit; the value is the notation letter."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Card:
    """One of the 52 cards; immutable and interned, so ``==`` is ``is``."""

    __slots__ = ("code", "rank", "suit")

    rank: Rank
    suit: Suit
    code: int
    """0..51, suit-major; a stable small number for sorting."""

    _all: ClassVar[dict[tuple[Rank, Suit], "Card"]] = {}

    def __new__(cls, rank: Rank, suit: Suit) -> "Card":
        card = cls._all.get((rank, suit))
        if card is None:
            card = super().__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "code", list(Suit).index(suit) * RANKS + rank - 1)
            cls._all[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type["Card"], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    @property
    def red(self) -> bool:
        return self.suit.red

    @classmethod
    def parse(cls, text: str) -> "Card":
        """``"Th"`` -> ten of hearts; ``ValueError`` for anything else."""
        if len(text) != 2 or text[0] not in _RANK_SYMBOLS:
            raise ValueError(f"a card is two characters, rank then suit: {text!r}")
        try:
            return cls(Rank(_RANK_SYMBOLS.index(text[0]) + 1), Suit(text[1]))
        except ValueError:
            raise ValueError(f"unknown card {text!r}") from None


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 cards in ``code`` order."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"7h 8c Ks"`` -> three cards; whitespace-separated, empty text is no cards."""
    return tuple(Card.parse(part) for part in text.split())


def notation(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)


def make_deck() -> list[Card]:
    """All 52 cards in a fixed order (shuffle them with the game's Rng)."""
    return list(ALL_CARDS)


def fits(card: Card, onto: Card, alternate_colours: bool = False) -> bool:
    """Whether ``card`` may be played on ``onto``: one rank higher or lower, turning the corner
    (A is next to both K and 2); with ``alternate_colours``, also of the other colour."""
    if (card.rank - onto.rank) % RANKS not in (1, RANKS - 1):
        return False
    return not alternate_colours or card.red != onto.red
