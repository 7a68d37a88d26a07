"""What Spit and Speed share: two players acting at once on two centre piles.

Both games are for exactly two players, who play onto the same two face-up centre piles with the
same rank rule, stop when neither can play, and call together to go on. The checks every action
of both games makes, and the stages both games pass through, live here.
"""

from collections.abc import Sequence
from enum import StrEnum

from engine.cards import Pile
from engine.errors import IllegalAction, Reason
from engine.spit.cards import Card

PLAYERS = 2
SEATS = (0, 1)
CENTRE_PILES = (0, 1)
"""Left and right."""


class Stage(StrEnum):
    """What the game waits for; the value is a stable code."""

    START = "start"
    """Cards are dealt: the players call (Spit: "spit!"; Speed: flip) to turn the first centre
    cards. Nobody may touch a card before that."""
    PLAY = "play"
    """Both play at once; when neither can, they call again."""
    SLAP = "slap"
    """Spit only: a new layout is needed and the centre piles are slapped for (or chosen)."""
    OVER = "over"


class PlayRefused(IllegalAction):
    """A card played onto centre pile ``centre`` whose ``top`` it does not fit; the card stays
    where it was. ``late``: the pile changed after the player's panel showed it (the other
    player got there first); False: it never fitted the top the panel showed; None: not known
    here (the engine sees no panel: the table that does says which)."""

    def __init__(self, card: Card, centre: int, top: Card | None, late: bool | None = None) -> None:
        super().__init__(Reason.NOT_ALLOWED if late is False else Reason.STALE, "that pile changed")
        self.card = card
        self.centre = centre
        self.top = top
        self.late = late


class SlapLost(IllegalAction):
    """A slap that came second: ``seat`` slapped ``centre`` first and the new layouts are dealt
    (the table, which takes the presses one by one, knows which came first)."""

    def __init__(self, seat: int, centre: int) -> None:
        super().__init__(Reason.STALE, "the other player slapped first")
        self.seat = seat
        self.centre = centre


def check_players(players: int, game: str) -> None:
    if players != PLAYERS:
        raise IllegalAction(Reason.BAD_OPTION, f"{game} is for 2 players, not {players}")


def check_seat(seat: int) -> None:
    """``IllegalAction(NOT_SEATED)`` unless ``seat`` is 0 or 1."""
    if type(seat) is not int or seat not in SEATS:
        raise IllegalAction(Reason.NOT_SEATED, f"no seat {seat!r}")


def check_centre(centre: int) -> None:
    """``IllegalAction(BAD_TARGET)`` unless ``centre`` is 0 (left) or 1 (right)."""
    if centre not in CENTRE_PILES:
        raise IllegalAction(Reason.BAD_TARGET, f"no centre pile {centre}")


def tops(centre: Sequence[Pile[Card]]) -> tuple[Card | None, ...]:
    """The top card of each centre pile, None for an empty one."""
    return tuple(pile.top if pile else None for pile in centre)


def other(seat: int) -> int:
    return 1 - seat
