"""``/spit start`` and every Spit or Speed button: the Discord side of :mod:`tables.spit`.

The lobby (with the variant and its options), the public message, the panel's flow and the
buttons between matches are the shared ones (:mod:`cogs.seated`); here is what the panel's
buttons do. Every one is a move, whose custom id the panel writes and this reads with one codec
(:mod:`cogs.spit_ids`); the messages are :mod:`cogs.spit_messages`'.
"""

from typing import Final

import discord

import words.spit
from cogs.drafts import refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelSpec
from cogs.message_parts import names_of
from cogs.spit_ids import MOVES, read_move
from cogs.spit_messages import panel_draft, playing, results, table_picture
from engine.errors import IllegalAction, Reason
from tables.spit import CARD_GONE, NEW_LAYOUT, PANEL_OUTDATED, SpitTable
from words.spit import refusal_words

COLOUR = discord.Colour.from_rgb(46, 139, 87)
"""The colour of the game's messages."""


async def move(request: MoveRequest[SpitTable]) -> Moved:
    """A move from a panel; one that does not fit is refused with what the player needs to know."""
    await request.table.press(request.user, *read_move(request.seat, request.action, request.arg))
    return Moved()


STALE_KEYS: Final = {PANEL_OUTDATED: "outdated", CARD_GONE: "card_gone", NEW_LAYOUT: "new_layout"}
"""``spit.note.<key>``: what a press the table moved past means, by the table's detail."""


def refused(request: MoveRequest[SpitTable], error: IllegalAction) -> str:
    """Why a press was refused, in the player's terms (:func:`words.spit.refusal_words`), or
    what changed since its panel was drawn."""
    messages, table, locale = request.messages, request.table, request.locale
    if error.reason is Reason.STALE and error.detail in STALE_KEYS:
        return messages.text(f"spit.note.{STALE_KEYS[error.detail]}", locale)
    names = names_of(messages, table, locale)
    said = refusal_words(messages, error, request.action, table.state, names, locale)
    return refusal_text(messages, error, locale) if said is None else said


KIND = GameKind(
    table_class=SpitTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("cards", MOVES, panel_draft, move, refused),
    words=words.spit,
    colour=COLOUR,
    legacy_prefix="sp",
)
