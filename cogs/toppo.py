"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

The lobby, the public message, the panel's flow and the buttons between games are the shared
ones (:mod:`cogs.seated`); here is what the panel's buttons do. A panel's cards are picked one
click at a time, kept while they still mean the same cards; the moves go to the table with the
panel's stamp. The panel writes its custom ids and this reads them with one codec
(:mod:`cogs.toppo_ids`); the messages are :mod:`cogs.toppo_messages`'.
"""

import discord

import words.toppo
from cogs.drafts import Draft, refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec
from cogs.toppo_ids import MOVES, PICK, read_move, read_picks
from cogs.toppo_messages import panel_draft, playing, results, table_picture
from engine.errors import IllegalAction, Reason
from tables.toppo import DISPLAY_CHANGED, ToppoTable
from words.toppo import notice_text

COLOUR = discord.Colour.from_rgb(230, 126, 34)
"""The colour of the game's messages."""

PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""


def check_picks(table: ToppoTable, seat: int, arg: str) -> None:
    """Line cards picked on a panel (``<stamp>.<indices>``) still mean what the player saw:
    the game runs, the line is the same, and each index is a distinct card of it."""
    line = table.require_playing().game.lines[seat]
    stamp, picks = read_picks(arg)
    distinct = picks.isdigit() and len(set(picks)) == len(picks) and max(map(int, picks)) < len(line)
    if stamp != table.panel_stamp(seat) or (picks and not distinct):
        raise IllegalAction(Reason.STALE, "the line changed")


async def panel(request: PanelRequest[ToppoTable]) -> Draft:
    """The panel, with the cards picked so far (kept while they mean the same cards)."""
    return await panel_draft(request, read_picks(request.kept)[1])


async def move(request: MoveRequest[ToppoTable]) -> Moved:
    """Pick a card (kept on the panel), choose the next display's size, or make the move; a
    penalty it cost is said privately."""
    table, seat = request.table, request.seat
    if request.action == PICK:
        check_picks(table, seat, request.arg)
        return Moved(kept=request.arg)
    notices = await table.press(request.user, *read_move(seat, request.action, request.arg))
    return request.told((n for n in notices if n.player == seat and n.code in PENALTIES), notice_text)


def refused(request: MoveRequest[ToppoTable], error: IllegalAction) -> str:
    """Someone changed the display first: too late, not a mistake."""
    if error.reason is Reason.STALE and error.detail == DISPLAY_CHANGED:
        return request.messages.text("toppo.too_late", request.locale)
    return refusal_text(request.messages, error, request.locale)


KIND = GameKind(
    table_class=ToppoTable,
    playing=playing,
    picture=table_picture,
    results=results,
    panel=PanelSpec("line", MOVES | {PICK}, panel, move, refused, check_picks),
    words=words.toppo,
    colour=COLOUR,
    legacy_prefix="tp",
)
