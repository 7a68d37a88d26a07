"""The custom ids of a Toppo panel's buttons, written and read in one place.

A move's custom id is its action and ``<stamp>`` or ``<stamp>.<digits>`` (the panel's stamp, see
:mod:`tables.toppo`): a top lays the line cards numbered by the digits on slots A, B, C...; a
match lays the first digit's card on the slot of the second; "toppo" carries no stamp (calling it
means the same whatever the panel showed). A card picked on the panel is not yet a move: ``pick``
keeps the picks so far, ``<stamp>.<line indices>``, while they still mean the same cards. The
panel writes each button's id with :func:`move_id` or :func:`picks_id`; a press is read back with
:func:`read_move` or :func:`read_picks`.
"""

from collections.abc import Callable
from typing import Final

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallTop, CallToppo, Match, Renew, SeriesAction, TurnCard, VoteReplace

PICK: Final = "pick"
"""A card picked (or the picks cleared) on the panel."""
PLAIN: Final[dict[str, Callable[[int], SeriesAction]]] = dict(
    turn=TurnCard, renew=Renew, toppo=CallToppo, vote=VoteReplace
)
"""The custom id actions of a panel's moves that name no card, and the moves they make."""
MOVES: Final = frozenset({*PLAIN, "top", "match"})
"""The custom id actions of a panel's moves."""


def move_id(stamp: str, move: SeriesAction) -> tuple[str, str]:
    """The custom id action and argument of ``move`` on a panel drawn at ``stamp``."""
    match move:
        case CallToppo():
            return "toppo", ""
        case TurnCard():
            return "turn", stamp
        case Renew():
            return "renew", stamp
        case VoteReplace():
            return "vote", stamp
        case CallTop(order=order):
            return "top", picks_arg(stamp, "".join(map(str, order)))
        case Match(line_index=index, slot=slot):
            return "match", f"{stamp}.{index}{slot}"
    raise ValueError(f"no panel button makes {move!r}")


def picks_arg(stamp: str, picks: str) -> str:
    """The argument of ``pick`` (and of a top): the stamp and the line indices picked, in order."""
    return f"{stamp}.{picks}"


def read_move(seat: int, action: str, arg: str) -> tuple[str, SeriesAction]:
    """The panel's stamp and ``seat``'s move a press names (the inverse of :func:`move_id`); a
    malformed one is stale (no panel of ours drew it)."""
    stamp, _, digits = arg.partition(".")
    if digits.isdigit() or not digits:
        numbers = tuple(int(digit) for digit in digits)
        if action in PLAIN and not numbers:
            return stamp, PLAIN[action](seat)
        if action == "top":
            return stamp, CallTop(seat, numbers)
        if action == "match" and len(numbers) == 2:
            return stamp, Match(seat, *numbers)
    raise IllegalAction(Reason.STALE, "malformed button")


def read_picks(arg: str) -> tuple[str, str]:
    """The stamp and the picks a ``pick`` names (the inverse of :func:`picks_arg`)."""
    stamp, _, picks = arg.partition(".")
    return stamp, picks
