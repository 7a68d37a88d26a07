"""The custom ids of a Spit or Speed panel's moves, written and read in one place.

A move's custom id is its action and ``<stamp>.<numbers>``: the panel's stamp (see
:mod:`tables.spit`), then what the move needs (a stock pile, a centre pile or a space, a card's
code), separated by dots. The panel writes each of its buttons' ids with :func:`move_id`; a press
is read back with :func:`read_move`, so the two cannot drift apart.
"""

from typing import Final

from engine.errors import IllegalAction, Reason
from engine.spit import Action, Flip, MoveCard, PlayCard, PlayHand, Slap, Spit, TurnUp
from engine.spit.cards import ALL_CARDS

MOVES: Final = frozenset({"play", "move", "turn", "spit", "slap", "hand", "flip"})
"""The custom id actions of a panel's moves."""


def move_id(stamp: str, move: Action) -> tuple[str, str]:
    """The custom id action and argument of ``move`` on a panel drawn at ``stamp``."""
    match move:
        case PlayCard(pile=pile, centre=centre):
            return "play", f"{stamp}.{pile}.{centre}"
        case MoveCard(pile=pile, space=space):
            return "move", f"{stamp}.{pile}.{space}"
        case TurnUp(pile=pile):
            return "turn", f"{stamp}.{pile}"
        case Spit(centre=centre):
            return "spit", f"{stamp}.{centre}"
        case Slap(centre=centre):
            return "slap", f"{stamp}.{centre}"
        case PlayHand(card=card, centre=centre):
            return "hand", f"{stamp}.{card.code}.{centre}"
        case Flip():
            return "flip", stamp
    raise ValueError(f"no panel button makes {move!r}")


def read_move(seat: int, action: str, arg: str) -> tuple[str, Action]:
    """The panel's stamp and ``seat``'s move a press names (the inverse of :func:`move_id`); a
    malformed one is stale (no panel of ours drew it)."""
    stamp, *fields = arg.split(".")
    numbers = [int(field) for field in fields if field.isdigit()]
    if len(numbers) == len(fields):
        match action, numbers:
            case "play", [pile, centre]:
                return stamp, PlayCard(seat, pile, centre)
            case "move", [pile, space]:
                return stamp, MoveCard(seat, pile, space)
            case "turn", [pile]:
                return stamp, TurnUp(seat, pile)
            case "spit", [centre]:
                return stamp, Spit(seat, centre)
            case "slap", [centre]:
                return stamp, Slap(seat, centre)
            case "hand", [code, centre] if code < len(ALL_CARDS):
                return stamp, PlayHand(seat, ALL_CARDS[code], centre)
            case "flip", []:
                return stamp, Flip(seat)
    raise IllegalAction(Reason.STALE, "malformed button")
