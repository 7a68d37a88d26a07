"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

The lobby, the public message, the panel's flow and the buttons between games are the shared
ones of :mod:`cogs.seated`; here is what the panel's buttons do, and the display size chosen
between games. A panel's cards are picked one click at a time (``pick``: the argument keeps the
picks, ``<stamp>.<line indices>``, while they still mean the same cards); the moves go to the
table with the panel's stamp. The messages are :mod:`cogs.toppo_messages`'.
"""

from collections.abc import Callable

import discord

from cogs.drafts import Draft, refusal_text
from cogs.kinds import GameKind, Moved, MoveRequest, PanelRequest, PanelSpec
from cogs.toppo_messages import panel_draft, playing, results, table_picture
from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallTop, CallToppo, Match, Renew, SeriesAction, TurnCard, VoteReplace
from tables.toppo import DISPLAY_CHANGED, ToppoTable
from words.toppo import notice_text

COLOUR = discord.Colour.from_rgb(230, 126, 34)
"""The colour of the game's messages."""

PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""
PICK = "pick"
PLAIN: dict[str, Callable[[int], SeriesAction]] = dict(
    turn=TurnCard, renew=Renew, toppo=CallToppo, vote=VoteReplace
)
"""The custom id actions of a panel's moves that name no card, and the moves they make."""
MOVES = frozenset({*PLAIN, "top", "match"})
"""The custom id actions of a panel's moves."""


def parse_press(seat: int, action: str, arg: str) -> tuple[str, SeriesAction]:
    """A move button's action and argument (``<stamp>`` or ``<stamp>.<digits>``) as the panel's
    stamp and ``seat``'s engine action: a top lays the line cards numbered by the digits on
    slots A, B, C...; a match lays the first digit's card on the slot of the second."""
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


def check_picks(table: ToppoTable, seat: int, arg: str) -> None:
    """Line cards picked on a panel (``<stamp>.<indices>``) still mean what the player saw:
    the game runs, the line is the same, and each index is a distinct card of it."""
    line = table.require_playing().game.lines[seat]
    stamp, _, picks = arg.partition(".")
    distinct = picks.isdigit() and len(set(picks)) == len(picks) and max(map(int, picks)) < len(line)
    if stamp != table.panel_stamp(seat) or (picks and not distinct):
        raise IllegalAction(Reason.STALE, "the line changed")


async def panel(request: PanelRequest[ToppoTable]) -> Draft:
    """The panel, with the cards picked so far (kept while they mean the same cards)."""
    return await panel_draft(request, request.kept.partition(".")[2])


async def move(request: MoveRequest[ToppoTable]) -> Moved:
    """Pick a card (kept on the panel), choose the next display's size, or make the move; a
    penalty it cost is said privately."""
    table, seat = request.table, request.seat
    if request.action == PICK:
        check_picks(table, seat, request.arg)
        return Moved(kept=request.arg)
    notices = await table.press(request.user, *parse_press(seat, request.action, request.arg))
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
    said=notice_text,
    colour=COLOUR,
    legacy_prefix="tp",
)
