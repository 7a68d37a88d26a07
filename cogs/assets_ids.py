"""The custom ids of a Cover Your Assets panel's moves, written and read in one place.

A move's custom id is its action and ``<stamp>.<value>``: the panel's stamp (the number of moves
so far, :mod:`tables.assets`), then the move's cards by their lower-case codes, a challenge's
target seat first (``12.2.si``: at stamp 12, challenge seat 2 with a Silver). A kind of move with
more than five choices is a select menu whose options' values are the moves' values, added to
its argument (the stamp) when chosen. The panel writes each move's action and value with
:func:`move_id`; a press is read back with :func:`read_move`.
"""

from typing import Final

from cogs.ids import number
from engine.assets.actions import Action, Answer, Challenge, Discard, GiveUp, PairFromHand, PairWithDiscard
from engine.assets.cards import Asset
from engine.errors import IllegalAction, Reason

MOVES: Final = frozenset({"pair", "take", "chal", "disc", "ans", "give"})
"""The custom id actions of a panel's moves."""


def move_id(move: Action) -> tuple[str, str]:
    """The custom id action of ``move`` and its value (its argument after the stamp)."""
    match move:
        case PairFromHand(asset=asset, partner=partner):
            return "pair", f"{asset}.{partner}".lower()
        case PairWithDiscard(card=card):
            return "take", str(card).lower()
        case Challenge(target=target, card=card):
            return "chal", f"{target}.{card}".lower()
        case Discard(card=card):
            return "disc", str(card).lower()
        case Answer(card=card):
            return "ans", str(card).lower()
        case GiveUp():
            return "give", ""
    raise ValueError(f"no panel button makes {move!r}")


def with_stamp(stamp: str, value: str) -> str:
    """A button's argument: the panel's stamp, then the move's value (if it has one)."""
    return f"{stamp}.{value}" if value else stamp


def read_move(seat: int, action: str, arg: str) -> tuple[str, Action]:
    """The panel's stamp and ``seat``'s move a press names (the inverse of :func:`move_id`); a
    malformed one is stale (no panel of ours drew it)."""
    stamp, _, rest = arg.partition(".")
    parts = rest.split(".") if rest else []
    try:
        cards = [Asset.parse(part.upper()) for part in parts if not part.isdigit()]
        match action, parts, cards:
            case "pair", [_, _], [asset, partner]:
                move: Action = PairFromHand(seat, asset, partner)
            case "take", [_], [card]:
                move = PairWithDiscard(seat, card)
            case "chal", [target, _], [card] if target.isdigit():
                move = Challenge(seat, number(target), card)
            case "disc", [_], [card]:
                move = Discard(seat, card)
            case "ans", [_], [card]:
                move = Answer(seat, card)
            case "give", [], []:
                move = GiveUp(seat)
            case _:
                raise ValueError(f"no move {action!r} {arg!r}")
    except ValueError:
        raise IllegalAction(Reason.STALE, "malformed button") from None
    return stamp, move
