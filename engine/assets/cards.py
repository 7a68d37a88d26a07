"""Cover Your Assets cards: twelve kinds, their values, and a two-letter notation.

The deck is the seed's edition, "mix the two decks together": 110 cards (docs/rules.md §2). Copies of
a kind are indistinguishable, so a card *is* its :class:`Asset` member. Tests stack hands and
piles with strings such as ``"PB PB HM GO"``; saved games and actions use the same codes.

Pairing rules live here because every part of the game asks them: a set is two identical assets
or an asset with a wild, never two wilds; a challenge is answered with the set's asset or a wild.
"""

from collections.abc import Iterable, Sequence
from enum import Enum


class Asset(Enum):
    """A kind of card: ``(code, worth in dollars, copies in the deck, wild)``.

    The member name is the stable key for messages (``locales``); the code is the notation.
    """

    PIGGY_BANK = ("PB", 5_000, 10, False)
    BASEBALL_CARDS = ("BC", 5_000, 10, False)
    STAMP_COLLECTION = ("SC", 5_000, 10, False)
    CASH_UNDER_THE_MATTRESS = ("CM", 5_000, 10, False)
    BANK_ACCOUNT = ("BA", 10_000, 10, False)
    COIN_COLLECTION = ("CC", 10_000, 10, False)
    STOCKS = ("ST", 10_000, 10, False)
    CLASSIC_AUTO = ("CA", 15_000, 10, False)
    JEWELS = ("JW", 15_000, 10, False)
    HOME = ("HM", 20_000, 8, False)
    SILVER = ("SI", 25_000, 8, True)
    GOLD = ("GO", 50_000, 4, True)

    code: str
    worth: int
    copies: int
    wild: bool
    rank: int
    """0..11 in the order above: a fixed order for listing hands and choices."""

    def __init__(self, code: str, worth: int, copies: int, wild: bool) -> None:
        self.code = code
        self.worth = worth
        self.copies = copies
        self.wild = wild
        self.rank = len(type(self).__members__)

    # Members are singletons: identity hashing is exact and much faster than Enum's name hash,
    # which matters when self-play counts all 110 cards after every action.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Asset.{self.name}"

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> "Asset":
        """``"PB"`` -> Piggy Bank; ``ValueError`` for anything else."""
        try:
            return _BY_CODE[text]
        except KeyError:
            raise ValueError(f"unknown card {text!r}") from None


_BY_CODE = {asset.code: asset for asset in Asset}
WILDS = (Asset.SILVER, Asset.GOLD)
DECK_SIZE = sum(asset.copies for asset in Asset)
"""110."""


def parse_cards(text: str) -> tuple[Asset, ...]:
    """``"PB PB GO"`` -> three cards; whitespace-separated, empty text is no cards."""
    return tuple(Asset.parse(part) for part in text.split())


def notation(cards: Iterable[Asset]) -> str:
    """The inverse of :func:`parse_cards`."""
    return " ".join(card.code for card in cards)


def make_deck() -> list[Asset]:
    """All 110 cards in a fixed order (shuffle them with the game's Rng)."""
    return [asset for asset in Asset for _ in range(asset.copies)]


def pairs(asset: Asset, partner: Asset) -> bool:
    """Whether ``asset`` (a non-wild: a set's asset) and ``partner`` make a set: the same asset,
    or a wild. Two wilds never do, and a wild is never the asset."""
    return not asset.wild and (partner is asset or partner.wild)


def answers(card: Asset, asset: Asset) -> bool:
    """Whether ``card`` may be shown in a challenge over a set of ``asset``."""
    return card is asset or card.wild


def least_useful(hand: Sequence[Asset]) -> Asset:
    """The card a sensible player lets go of first, deterministically: a non-wild before a wild
    (wilds pair with anything and win challenges), a card without a twin in hand before one of
    a pair, the lowest worth, then the fixed order. ``ValueError`` for an empty hand."""
    if not hand:
        raise ValueError("an empty hand has nothing to let go of")
    return min(hand, key=lambda card: (card.wild, hand.count(card) > 1, card.worth, card.rank))
