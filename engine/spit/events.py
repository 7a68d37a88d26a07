"""What happened: frozen, past-tense records returned by ``apply``.

The table turns them into messages and pictures; tests read them to check that a rule moved
exactly the cards it should. Events are public: nothing here names a card of a Speed hand that
has not been played (``HandRefilled`` says how many cards, the hand itself is in ``view(seat)``).
Centre piles are numbered 0 (left) and 1 (right), stock spaces from 0.
"""

from dataclasses import dataclass

from engine.spit.cards import Card

# -- Spit ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpitCalled:
    """``seat`` called "spit!" and waits for the other player's call."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardSpat:
    """``seat`` turned spit card ``card`` onto centre pile ``centre``."""

    seat: int
    centre: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    pile: int
    centre: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardTurnedUp:
    seat: int
    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class CardMoved:
    """``card`` went from stock space ``pile`` to the empty ``space``."""

    seat: int
    pile: int
    space: int
    card: Card


@dataclass(frozen=True, slots=True)
class Stalemated:
    """Neither player can play: ``callers`` may now call (Spit: the seats holding spit cards
    call spit; Speed: both call for a flip)."""

    callers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LayoutEnded:
    """A new layout is needed: ``emptied`` emptied their stock, or (None) both are stuck with
    no spit cards. ``race`` says whether the centre piles are slapped for (two piles) or go
    by the rule for one pile at once; ``chooser`` is the only seat that may slap (the "emptier
    chooses" option), None for a race."""

    emptied: int | None
    race: bool
    chooser: int | None


@dataclass(frozen=True, slots=True)
class PileSlapped:
    """``seat`` slapped centre pile ``centre`` first (or chose it)."""

    seat: int
    centre: int


@dataclass(frozen=True, slots=True)
class CentreTaken:
    """``seat`` took centre pile ``centre`` (``cards`` cards) into its next layout."""

    seat: int
    centre: int
    cards: int


@dataclass(frozen=True, slots=True)
class LayoutDealt:
    """``seat`` shuffled its cards and laid piles of ``piles`` cards, ``spit_cards`` left over."""

    seat: int
    piles: tuple[int, ...]
    spit_cards: int


# -- Speed ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FlipCalled:
    """``seat`` called for a flip and waits for the other player's call."""

    seat: int


@dataclass(frozen=True, slots=True)
class CentreFlipped:
    """Cards turned onto the centre piles (None where a pile got none): the two middle cards at
    the start (``from_sides`` False), or a card from each side pile in a stalemate."""

    cards: tuple[Card | None, Card | None]
    from_sides: bool


@dataclass(frozen=True, slots=True)
class SidePilesRebuilt:
    """The side piles were empty: the centre piles but their tops were shuffled into new side
    piles of ``sizes`` cards."""

    sizes: tuple[int, int]


@dataclass(frozen=True, slots=True)
class HandsRenewed:
    """A dead stalemate (no card left to flip could ever be played): each hand went under its
    owner's stock and a new one was drawn [house]."""


@dataclass(frozen=True, slots=True)
class HandCardPlayed:
    seat: int
    card: Card
    centre: int


@dataclass(frozen=True, slots=True)
class HandRefilled:
    """``seat`` drew ``cards`` cards from its stock into its hand (which cards is private)."""

    seat: int
    cards: int


@dataclass(frozen=True, slots=True)
class DealWon:
    """``seat`` played every card of hand and stock; ``points`` (the cards left in the other
    player's stock) were added, giving ``totals``."""

    seat: int
    points: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealStarted:
    """Scoring to a target: deal ``number`` (1 = first) was dealt; both flip to start."""

    number: int


# -- both ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameWon:
    seat: int


SpitEvent = (
    SpitCalled
    | CardSpat
    | CardPlayed
    | CardTurnedUp
    | CardMoved
    | Stalemated
    | LayoutEnded
    | PileSlapped
    | CentreTaken
    | LayoutDealt
    | GameWon
)
SpeedEvent = (
    FlipCalled
    | CentreFlipped
    | SidePilesRebuilt
    | HandsRenewed
    | HandCardPlayed
    | HandRefilled
    | Stalemated
    | DealWon
    | DealStarted
    | GameWon
)
Event = SpitEvent | SpeedEvent
