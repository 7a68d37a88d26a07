"""What happened: frozen, past-tense records returned by ``apply``.

Every event is public (the table may post all of them): cards drawn into a hand are counted,
never named. A seat sees its own hand in its view.
"""

from dataclasses import dataclass

from engine.assets.cards import Asset
from engine.assets.sets import AssetSet


@dataclass(frozen=True, slots=True)
class RoundDealt:
    """Round ``round_number`` was dealt by ``dealer``; ``discard`` is the card turned face up
    (None when no card was left to turn)."""

    round_number: int
    dealer: int
    discard: Asset | None


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """It is ``seat``'s turn; ``skipped`` are the seats passed over for an empty hand."""

    seat: int
    skipped: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PairPlaced:
    """``seat`` put ``placed`` on top of its stack; ``from_discard`` if one card was the top
    discard."""

    seat: int
    placed: AssetSet
    from_discard: bool


@dataclass(frozen=True, slots=True)
class Challenged:
    """``seat`` showed ``card`` to steal ``target``'s top set ``stake``."""

    seat: int
    target: int
    card: Asset
    stake: AssetSet


@dataclass(frozen=True, slots=True)
class Answered:
    """``seat`` showed ``card`` back in the running challenge."""

    seat: int
    card: Asset


@dataclass(frozen=True, slots=True)
class GaveUp:
    seat: int


@dataclass(frozen=True, slots=True)
class SetWon:
    """The challenge is over: ``winner`` showed last and put ``won`` (the stake and every card
    shown) on top of its stack; ``loser`` is the other side. ``defended``: the winner is the
    challenged seat, whose set stays theirs (else it was stolen)."""

    winner: int
    loser: int
    won: AssetSet
    defended: bool


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    card: Asset


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """``seat`` drew ``count`` cards back towards a full hand."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class DrawPileEmptied:
    """The last card of the draw pile was drawn: no more refills this round."""


@dataclass(frozen=True, slots=True)
class RoundScored:
    """Every hand is empty: ``scores`` are the stacks' values, added to the running ``totals``."""

    round_number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TieForFirst:
    """``seats`` share the highest total at or above the goal: one more round is played."""

    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class GameWon:
    """``winner`` has the highest total, at or above the goal."""

    winner: int
    totals: tuple[int, ...]


Event = (
    RoundDealt
    | TurnStarted
    | PairPlaced
    | Challenged
    | Answered
    | GaveUp
    | SetWon
    | Discarded
    | CardsDrawn
    | DrawPileEmptied
    | RoundScored
    | TieForFirst
    | GameWon
)
