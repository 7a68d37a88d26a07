"""``/spit start`` and every Spit or Speed button: the Discord side of :mod:`tables.spit`.

The lobby (with the variant and its options), the public message, the panel's flow and the
buttons between matches are the shared ones of :mod:`cogs.seated`; here is what the panel's
buttons do. Every one is a move, whose argument starts with the panel's stamp (see
:mod:`tables.spit`); the messages are :mod:`cogs.spit_messages`'.
"""

from cogs.kinds import GameKind, Moved, PanelSpec
from cogs.spit_messages import lobby_choices, panel_draft, playing_draft, refusal_note, results_draft
from engine.errors import IllegalAction, Reason
from engine.spit.cards import ALL_CARDS
from locales import Catalog
from tables.spit import Move, Press, SpitTable

MOVES = frozenset(Move)


def parse_press(action: str, arg: str) -> Press:
    """A move button's argument: the stamp, then the numbers the move needs (a stock pile, a
    centre pile or space, a card's code), separated by dots."""
    stamp, *fields = arg.split(".")
    if not all(field.isdigit() for field in fields):
        raise IllegalAction(Reason.STALE, "malformed button")
    numbers = [int(field) for field in fields]
    move = Move(action)
    try:
        if move in (Move.PLAY, Move.MOVE):
            pile, target = numbers
            return Press(move, stamp, pile=pile, target=target)
        if move is Move.TURN:
            [pile] = numbers
            return Press(move, stamp, pile=pile)
        if move in (Move.SPIT, Move.SLAP):
            [target] = numbers
            return Press(move, stamp, target=target)
        if move is Move.HAND:
            code, target = numbers
            return Press(move, stamp, card=ALL_CARDS[code], target=target)
        if not numbers:
            return Press(move, stamp)
    except (ValueError, IndexError):
        pass
    raise IllegalAction(Reason.STALE, "malformed button")


async def move(
    messages: Catalog, table: SpitTable, user: int, seat: int, action: str, arg: str, locale: str
) -> Moved:
    """A move from a panel; one that does not fit is refused with what the player needs to know."""
    await table.press(user, parse_press(action, arg))
    return Moved()


def refused(messages: Catalog, table: SpitTable, error: IllegalAction, action: str, locale: str) -> str:
    return refusal_note(messages, table, Move(action), error, locale)


KIND = GameKind(
    "sp",
    SpitTable,
    playing_draft,
    results_draft,
    PanelSpec("cards", MOVES, panel_draft, move, refused),
    lobby_choices=lobby_choices,
)
