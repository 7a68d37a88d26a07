"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

The lobby, the public message, the panel's flow and the buttons between games are the shared
ones (:mod:`cogs.seated`); here is what the panel's buttons do. Every button is one move, a top
and a match included (one press each); the moves go to the table with the panel's stamp, and a
refusal says why in the player's words. The panel writes its custom ids and this reads them with
one codec (:mod:`cogs.toppo_ids`); the messages are :mod:`cogs.toppo_messages`'.
"""

from typing import Final

import discord

import words.toppo
from cogs.drafts import refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelSpec
from cogs.message_parts import names_of
from cogs.toppo_ids import MOVES, read_move
from cogs.toppo_messages import panel_draft, playing, results, table_picture
from engine.errors import IllegalAction, Reason
from tables.toppo import DISPLAY_CHANGED, LINE_CHANGED, PANEL_OUTDATED, WAIT_FOR_RESTART, ToppoTable
from words.common import bold
from words.toppo import notice_text

COLOUR = discord.Colour.from_rgb(230, 126, 34)
"""The colour of the game's messages."""

PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""


async def move(request: MoveRequest[ToppoTable]) -> Moved:
    """Make the move; a penalty it cost is said privately."""
    table, seat = request.table, request.seat
    notices = await table.press(request.user, *read_move(seat, request.action, request.arg))
    return request.told((n for n in notices if n.player == seat and n.code in PENALTIES), notice_text)


STALE_KEYS: Final = {DISPLAY_CHANGED: "too_late", LINE_CHANGED: "line_changed", PANEL_OUTDATED: "outdated"}
"""``toppo.<key>``: what a press the table moved past means, by the table's detail."""


def refused(request: MoveRequest[ToppoTable], error: IllegalAction) -> str:
    """Why a press was not made, in the game's words: someone changed the display first (too
    late, not a mistake), the line went under the deck, or play waits for whom; else the
    engine's own reason (``reason.<code>``)."""
    text, game = request.text, request.table.require_state().game
    if error.reason is Reason.STALE and error.detail in STALE_KEYS:
        return text(f"toppo.{STALE_KEYS[error.detail]}")
    if error.detail == WAIT_FOR_RESTART and game.restarter is not None:
        names = names_of(request.messages, request.table, request.locale)
        return text("toppo.wait_restart", name=bold(names[game.restarter]))
    return refusal_text(request.messages, error, request.locale)


KIND = GameKind(
    table_class=ToppoTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("line", MOVES, panel_draft, move, refused),
    words=words.toppo,
    colour=COLOUR,
    legacy_prefix="tp",
)
