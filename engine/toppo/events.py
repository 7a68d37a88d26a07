"""What happened: frozen, past-tense records returned by ``apply``.

The table turns them into messages and pictures; tests read them to check that a rule moved
exactly the cards it should. Cards are listed in the order they moved.
"""

from dataclasses import dataclass
from enum import StrEnum

from engine.toppo.cards import Card


class Penalty(StrEnum):
    """Why a player paid a penalty; the value is a stable code for messages."""

    WRONG_TOP = "wrong_top"
    WRONG_MATCH = "wrong_match"
    FALSE_TOPPO = "false_toppo"
    FALSE_START = "false_start"


@dataclass(frozen=True, slots=True)
class CardTurned:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlayStarted:
    """The (re)starting player turned their first card: everyone may play now."""

    seat: int


@dataclass(frozen=True, slots=True)
class FalseStart:
    """``seat`` turned ``card`` before the (re)starting player had turned theirs."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class LineTopped:
    """A correct top: ``cards`` (in the called order) are the new display, ``covered`` went to
    the topped pile."""

    seat: int
    cards: tuple[Card, ...]
    covered: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TopFailed:
    """A wrong top; ``failed_slots`` are the display slots the called order did not match."""

    seat: int
    order: tuple[int, ...]
    failed_slots: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Matched:
    seat: int
    card: Card
    slot: int
    covered: Card


@dataclass(frozen=True, slots=True)
class MatchFailed:
    """``card`` was laid on display slot ``slot`` but is not identical to it; it is taken back."""

    seat: int
    card: Card
    slot: int


@dataclass(frozen=True, slots=True)
class Renewed:
    """``cards`` (the line, or what was left of it after matching) went under the deck."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PenaltyPaid:
    """``line`` (the player's line or turned cards) then ``penalty_cards`` (from the stock) went
    under the player's deck, in that order."""

    seat: int
    reason: Penalty
    line: tuple[Card, ...]
    penalty_cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Interrupted:
    """Play stopped: every line went under its owner's deck (``returned[seat]``; the penalised
    player's line is in their ``PenaltyPaid``), and only ``restarter`` may turn a card now."""

    restarter: int
    returned: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class ToppoCalled:
    """A correct toppo: the caller held ``cards_left`` < 10 cards."""

    seat: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class ToppoFailed:
    """A false toppo: the caller held ``cards_left`` >= 10 cards."""

    seat: int
    cards_left: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Penalty points of this game by seat; the caller's is 0."""

    caller: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StockReshuffled:
    """The stock ran out: the topped pile (``cards`` cards) was shuffled into a new stock."""

    cards: int


@dataclass(frozen=True, slots=True)
class VoteCast:
    """``seat`` voted to replace the display; ``needed`` votes replace it."""

    seat: int
    votes: int
    needed: int


@dataclass(frozen=True, slots=True)
class DisplayReplaced:
    """The vote passed: ``old`` went to the topped pile, ``new`` came from the stock."""

    old: tuple[Card, ...]
    new: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TotalsUpdated:
    """A game of a series ended; ``next_start_player`` now chooses the next display size."""

    game_number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    next_start_player: int


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game of a series was dealt; ``start_player`` turns first."""

    game_number: int
    start_player: int
    display: tuple[Card, ...]


Event = (
    CardTurned
    | PlayStarted
    | FalseStart
    | LineTopped
    | TopFailed
    | Matched
    | MatchFailed
    | Renewed
    | PenaltyPaid
    | Interrupted
    | ToppoCalled
    | ToppoFailed
    | GameEnded
    | StockReshuffled
    | VoteCast
    | DisplayReplaced
    | TotalsUpdated
    | GameStarted
)
