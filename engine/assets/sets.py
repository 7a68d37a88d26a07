"""Sets and stacks: what players build in front of them.

A set starts as a pair and grows when a challenge is fought over it; its asset is its non-wild
card's asset, and that card lies on top (docs/rules.md §2). A stack is a player's sets, written and
stored *bottom set first*, in the order they were built: the first is the safe one, the last is
the only one a challenge can reach. In notation sets are separated by ``/``:
``"PB PB / HM SI"`` is a Piggy Bank pair under a Home set completed with a Silver wild.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.assets.cards import Asset, notation, pairs, parse_cards


@dataclass(frozen=True, slots=True)
class AssetSet:
    """A set: ``cards[0]`` is the asset card on top, then the others in the order they joined."""

    cards: tuple[Asset, ...]

    def __post_init__(self) -> None:
        if len(self.cards) < 2 or not all(pairs(self.cards[0], card) for card in self.cards[1:]):
            raise ValueError(f"not a set: {notation(self.cards)!r}")

    @classmethod
    def pair(cls, asset: Asset, partner: Asset) -> "AssetSet":
        """A new set of two; ``ValueError`` unless they pair (see :func:`~engine.assets.cards.pairs`)."""
        return cls((asset, partner))

    @classmethod
    def of(cls, one: Asset, other: Asset) -> "AssetSet | None":
        """The set two cards make in either order (the asset on top), or None if they do not
        pair: how a discard and a hand card are put together."""
        if pairs(one, other):
            return cls((one, other))
        return cls((other, one)) if pairs(other, one) else None

    @classmethod
    def parse(cls, text: str) -> "AssetSet":
        """``"SI HM"`` -> the Home set with a Silver; the first non-wild goes on top."""
        cards = parse_cards(text)
        top = next((index for index, card in enumerate(cards) if not card.wild), 0)
        return cls((cards[top], *cards[:top], *cards[top + 1 :]))

    @property
    def asset(self) -> Asset:
        return self.cards[0]

    @property
    def value(self) -> int:
        """The face value of its cards: what it scores."""
        return sum(card.worth for card in self.cards)

    def joined(self, shown: Iterable[Asset]) -> "AssetSet":
        """This set with the cards shown in a challenge added under its asset card."""
        return AssetSet((*self.cards, *shown))

    def __str__(self) -> str:
        return notation(self.cards)


def stack_value(stack: Iterable[AssetSet]) -> int:
    """What a stack scores: the face value of every card in it."""
    return sum(asset_set.value for asset_set in stack)


def parse_stack(text: str) -> tuple[AssetSet, ...]:
    """``"PB PB / HM SI"`` -> two sets, bottom first; empty text is an empty stack."""
    return tuple(AssetSet.parse(part) for part in text.split("/")) if text.strip() else ()


def stack_notation(stack: Sequence[AssetSet]) -> str:
    """The inverse of :func:`parse_stack`."""
    return " / ".join(str(asset_set) for asset_set in stack)
