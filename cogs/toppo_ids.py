"""The custom ids of a Toppo panel's buttons, written and read in one place.

A move's custom id is its action and the panel's stamp (what the panel showed, see
:class:`tables.toppo.Seen`), and for a match the card pressed: ``<stamp>.<card code>``. The id
names the move as the player meant it (this card, the line as it is), never an order or a slot
the table works out when the press arrives: an id can be read by anyone who looks, so it must
not tell whether a line tops. The panel writes each button's id with :func:`move_id`; a press is
read back with :func:`read_move`.
"""

from collections.abc import Callable
from typing import Final

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallToppo, MatchCard, Renew, SeriesAction, TopLine, TurnCard, VoteReplace
from engine.toppo.cards import ALL_CARDS
from tables.toppo import PANEL_OUTDATED

PLAIN: Final[dict[str, Callable[[int], SeriesAction]]] = dict(
    turn=TurnCard, renew=Renew, toppo=CallToppo, vote=VoteReplace, top=TopLine
)
"""The custom id actions of a panel's moves that name no card, and the moves they make."""
MOVES: Final = frozenset({*PLAIN, "match"})
"""The custom id actions of a panel's moves."""


def move_id(stamp: str, move: SeriesAction) -> tuple[str, str]:
    """The custom id action and argument of ``move`` on a panel drawn at ``stamp``."""
    match move:
        case MatchCard(card=card):
            return "match", f"{stamp}.{card.code}"
        case TurnCard() | Renew() | CallToppo() | VoteReplace() | TopLine():
            name = next(name for name, made in PLAIN.items() if made is type(move))
            return name, stamp
    raise ValueError(f"no panel button makes {move!r}")


def read_move(seat: int, action: str, arg: str) -> tuple[str, SeriesAction]:
    """The panel's stamp and ``seat``'s move a press names (the inverse of :func:`move_id`); a
    malformed one was drawn by no panel of this version (a panel from before an update)."""
    stamp, _, code = arg.partition(".")
    if action in PLAIN and not code:
        return stamp, PLAIN[action](seat)
    if action == "match" and code.isdigit() and int(code) < len(ALL_CARDS):
        return stamp, MatchCard(seat, ALL_CARDS[int(code)])
    raise IllegalAction(Reason.STALE, PANEL_OUTDATED)
