"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

The lobby, the public message, the panel's flow and the buttons between games are the shared
ones of :mod:`cogs.seated`; here is what the panel's buttons do, and the display size chosen
between games. A panel's cards are picked one click at a time (``pick``: the argument keeps the
picks, ``<stamp>.<line indices>``, while they still mean the same cards); the moves go to the
table with the panel's stamp. The messages are :mod:`cogs.toppo_messages`'.
"""

import contextlib
from collections.abc import Sequence

import discord

from cogs.client import GameNightBot
from cogs.components import Controls
from cogs.kinds import GameKind, Moved, PanelSpec
from cogs.tables import Draft, refusal_text
from cogs.toppo_messages import panel_draft, playing_draft, results_draft
from cogs.words import names_of
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.toppo import DISPLAY_CHANGED, PanelAction, Press, ToppoTable
from words.toppo import notice_text

PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""
PICK = "pick"


def parse_press(action: str, arg: str) -> Press:
    """A move button's custom id argument: ``<stamp>`` or ``<stamp>.<digits>``."""
    stamp, _, digits = arg.partition(".")
    if not digits.isdigit() and digits:
        raise IllegalAction(Reason.STALE, "malformed button")
    numbers = tuple(int(digit) for digit in digits)
    if action == PanelAction.MATCH:
        if len(numbers) != 2:
            raise IllegalAction(Reason.STALE, "malformed button")
        return Press(PanelAction.MATCH, stamp, numbers[:1], numbers[1])
    return Press(PanelAction(action), stamp, numbers)


def check_picks(table: ToppoTable, seat: int, arg: str) -> None:
    """Line cards picked on a panel (``<stamp>.<indices>``) still mean what the player saw:
    the game runs, the line is the same, and each index is a distinct card of it."""
    line = table.require_playing().game.lines[seat]
    stamp, _, picks = arg.partition(".")
    distinct = picks.isdigit() and len(set(picks)) == len(picks) and max(map(int, picks)) < len(line)
    if stamp != table.panel_stamp(seat) or (picks and not distinct):
        raise IllegalAction(Reason.STALE, "the line changed")


async def panel(
    messages: Catalog,
    table: ToppoTable,
    seat: int,
    locale: str,
    controls: Controls,
    *,
    kept: str = "",
    note: str | None = None,
) -> Draft:
    """The panel, with the cards picked so far while they still mean the same cards."""
    picks = ""
    if kept:
        with contextlib.suppress(IllegalAction):
            check_picks(table, seat, kept)
            picks = kept.partition(".")[2]
    return await panel_draft(messages, table, seat, locale, controls.button, picks=picks, note=note)


async def move(
    messages: Catalog, table: ToppoTable, user: int, seat: int, action: str, arg: str, locale: str
) -> Moved:
    """Pick a card (kept on the panel), or make the move; a penalty it cost is said privately."""
    if action == PICK:
        check_picks(table, seat, arg)
        return Moved(kept=arg)
    notices = await table.press(user, parse_press(action, arg))
    names = names_of(messages, table, locale)
    own = [notice for notice in notices if notice.player == seat and notice.code in PENALTIES]
    return Moved(" ".join(notice_text(messages, notice, names, locale) for notice in own) or None)


def refused(messages: Catalog, table: ToppoTable, error: IllegalAction, action: str, locale: str) -> str:
    """Someone changed the display first: too late, not a mistake."""
    if error.reason is Reason.STALE and error.detail == DISPLAY_CHANGED:
        return messages.text("toppo.too_late", locale)
    return refusal_text(messages, error, locale)


async def choose_size(
    bot: GameNightBot,
    interaction: discord.Interaction,
    table: ToppoTable,
    action: str,
    arg: str,
    values: Sequence[str] | None,
) -> None:
    """The display size for the next game (``<game number>.<size>``), by its chooser."""
    number, _, size = arg.partition(".")
    if action != "size" or values is not None or not size.isdigit() or not number.isdigit():
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    if int(number) != table.game_number():
        raise IllegalAction(Reason.STALE, "a button of an earlier game")
    await table.choose(interaction.user.id, int(size))
    await interaction.response.defer()


async def apply_league(bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable) -> None:
    """A table opened in a Toppo league's channel plays with the league's display size."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    league = await bot.store.league_of_channel(interaction.guild_id, interaction.channel_id, "toppo")
    table.fixed_display = None if league is None else league.settings.toppo_display


KIND = GameKind(
    "tp",
    ToppoTable,
    playing_draft,
    results_draft,
    PanelSpec("line", frozenset({PICK, *PanelAction}), panel, move, refused),
    prepare=apply_league,
    other=choose_size,
)
