"""``/spit start`` and every Spit or Speed button: the Discord side of :mod:`tables.spit`.

The lobby (with the variant and its options), the public message, the panel's flow and the
buttons between matches are the shared ones of :mod:`cogs.seated`; here is what the panel's
buttons do. Every one is a move, whose argument starts with the panel's stamp (see
:mod:`tables.spit`); the messages are :mod:`cogs.spit_messages`'.
"""

import discord

from cogs.drafts import refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelSpec
from cogs.message_parts import names_of
from cogs.spit_messages import panel_draft, playing, results, table_picture
from engine.errors import IllegalAction, Reason
from engine.spit import Action, Flip, MoveCard, PlayCard, PlayHand, Slap, Spit, TurnUp
from engine.spit.cards import ALL_CARDS
from tables.spit import PANEL_OUTDATED, SpitTable
from words.spit import notice_text, refusal_words

COLOUR = discord.Colour.from_rgb(46, 139, 87)
"""The colour of the game's messages."""

SLAP = "slap"
MOVES = frozenset({"play", "move", "turn", "spit", SLAP, "hand", "flip"})
"""The custom id actions of a panel's moves."""


def parse_press(seat: int, action: str, arg: str) -> tuple[str, Action]:
    """A move button's action and argument as the panel's stamp and ``seat``'s engine action:
    the stamp, then the numbers the move needs (a stock pile, a centre pile or space, a card's
    code), separated by dots; a malformed one is stale (no panel of ours drew it)."""
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


async def move(request: MoveRequest[SpitTable]) -> Moved:
    """A move from a panel; one that does not fit is refused with what the player needs to know."""
    await request.table.press(request.user, *parse_press(request.seat, request.action, request.arg))
    return Moved()


def refused(request: MoveRequest[SpitTable], error: IllegalAction) -> str:
    """Why a press was refused, in the player's terms (:func:`words.spit.refusal_words`), or
    that the panel was out of date."""
    messages, table, locale = request.messages, request.table, request.locale
    if error.reason is Reason.STALE and error.detail == PANEL_OUTDATED:
        return messages.text("spit.note.outdated", locale)
    names = names_of(messages, table, locale)
    said = refusal_words(messages, error, request.action, table.state, names, locale)
    return refusal_text(messages, error, locale) if said is None else said


KIND = GameKind(
    table_class=SpitTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("cards", MOVES, panel_draft, move, refused),
    said=notice_text,
    colour=COLOUR,
    legacy_prefix="sp",
)
