"""What happened: frozen, past-tense records returned by ``apply``.

The table turns them into messages and board pictures. Every change of a badge track has its own
:class:`BadgesChanged` (with the change actually made, after the floor at 0), next to the event
that says why, so a running commentary can follow the track exactly. Cards drawn into a hand are
private, so :class:`HandRefilled` carries only how many.
"""

from dataclasses import dataclass
from enum import StrEnum

from engine.hexgrid import Hex
from engine.topoum.actions import ActionKind
from engine.topoum.cards import CardType, Category, Obstacle


class Loss(StrEnum):
    """How a mole left the board; the value is a stable code for messages."""

    CLASH = "clash"
    """It met an enemy mole by moving (both go)."""
    SHOT = "shot"
    """A combat card hit it (Bayonet, Short Range, Long Range, Motorised Patrol's pass)."""
    BLAST = "blast"
    """Its base was removed (Grenade, Mortar)."""
    LOST = "lost"
    """Lost in action: pushed onto a hex without a base or off the board."""
    ROCK = "rock"
    TRAP = "trap"
    CUT_OFF = "cut_off"
    """Its part of a split battlefield vanished."""


class Gain(StrEnum):
    """Why a badge track moved; the value is a stable code for messages."""

    LINE_CARD = "line_card"
    LINE_OF_SIGHT = "line_of_sight"
    FRIENDLY_FIRE = "friendly_fire"
    RANSOM_PAID = "ransom_paid"
    RANSOM_RECEIVED = "ransom_received"
    DECORATION = "decoration"
    TURNIP = "turnip"
    CATEGORY = "category"
    SETS = "sets"


@dataclass(frozen=True, slots=True)
class TurnBegan:
    seat: int
    turn: int
    """Turns begun so far in the game, this one included."""


@dataclass(frozen=True, slots=True)
class BasePlaced:
    seat: int
    hex: Hex
    neutral: bool = False


@dataclass(frozen=True, slots=True)
class MolePlaced:
    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class BaseReclaimed:
    """Out of bases: ``seat`` took back its base from ``hex``."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class ActionChosen:
    seat: int
    kind: ActionKind


@dataclass(frozen=True, slots=True)
class MoleMoved:
    """``owner``'s mole went from ``origin`` to ``hex`` (a step, a card's move or a push)."""

    owner: int
    origin: Hex
    hex: Hex


@dataclass(frozen=True, slots=True)
class MoleEliminated:
    """``owner``'s mole, last on ``hex`` (which may be off the battlefield), went back to reserve."""

    owner: int
    hex: Hex
    loss: Loss


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``card`` left the hand (``slot`` None) or Operations Line slot ``slot`` for the player's
    discard pile."""

    seat: int
    card: CardType
    slot: int | None


@dataclass(frozen=True, slots=True)
class BadgesChanged:
    seat: int
    delta: int
    """The change actually made: a payment stops at 0 badges."""
    total: int
    gain: Gain


@dataclass(frozen=True, slots=True)
class BaseRemoved:
    """A base and everything on it left ``hex``; the base went back to ``owner``."""

    owner: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class BaseChanged:
    """The base on ``hex`` now belongs to ``owner`` with the given side up; a replaced base went
    back to ``previous_owner``."""

    hex: Hex
    previous_owner: int
    owner: int
    neutral: bool


@dataclass(frozen=True, slots=True)
class MoleCaptured:
    captor: int
    owner: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class MoleRansomed:
    seat: int
    captor: int


@dataclass(frozen=True, slots=True)
class MoleDecorated:
    """``seat``'s mole on ``hex`` went home with a medal."""

    seat: int
    hex: Hex


@dataclass(frozen=True, slots=True)
class ObstaclePlaced:
    hex: Hex
    obstacle: Obstacle


@dataclass(frozen=True, slots=True)
class ObstacleCleared:
    """A trap sprang or a turnip was eaten on ``hex`` (the mole's fate has its own event)."""

    hex: Hex
    obstacle: Obstacle


@dataclass(frozen=True, slots=True)
class BattlefieldSplit:
    """The battlefield broke apart; the bases and pieces on ``vanished`` went back to their owners."""

    vanished: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class LineOfSightScored:
    seat: int
    ends: tuple[Hex, Hex]
    points: int


@dataclass(frozen=True, slots=True)
class HandRefilled:
    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class LineCardDiscarded:
    """No card was used this turn: the oldest line card was discarded."""

    card: CardType


@dataclass(frozen=True, slots=True)
class LineRefilled:
    line: tuple[CardType | None, ...]


@dataclass(frozen=True, slots=True)
class PeaceDrawn:
    """The end has begun: the game ends after ``last_seat``'s turn."""

    last_seat: int


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class CategoryScored:
    """Most cards of ``category`` in the discard piles: 3 badges alone, 2 each when tied."""

    category: Category
    seats: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    badges: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    TurnBegan
    | BasePlaced
    | MolePlaced
    | BaseReclaimed
    | ActionChosen
    | MoleMoved
    | MoleEliminated
    | CardPlayed
    | BadgesChanged
    | BaseRemoved
    | BaseChanged
    | MoleCaptured
    | MoleRansomed
    | MoleDecorated
    | ObstaclePlaced
    | ObstacleCleared
    | BattlefieldSplit
    | LineOfSightScored
    | HandRefilled
    | LineCardDiscarded
    | LineRefilled
    | PeaceDrawn
    | Passed
    | CategoryScored
    | GameEnded
)
