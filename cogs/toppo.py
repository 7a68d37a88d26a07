"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

Thin on purpose: a click becomes a table request, the table decides, and the answer is a message
drawn by :mod:`cogs.toppo_messages`. The buttons, the lobby and the public message are the shared
ones of :mod:`cogs.seated`; here are the private panel and the choices between games. A private
panel is redrawn in the reply to each click, and whenever the table changes
(:mod:`cogs.live_panels`).
"""

import contextlib

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.live_panels import LiveDraft
from cogs.seated import GameKind, buttons_for, open_lobby, register
from cogs.tables import Draft, refusal_text
from cogs.toppo_messages import names_of, notice_text, panel_draft, public_draft
from engine.errors import IllegalAction, Reason
from tables.toppo import DISPLAY_CHANGED, PanelAction, Press, ToppoTable

PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""
PANEL_ACTIONS = frozenset({"pick", "refresh", *PanelAction})
"""The buttons of a private panel: arranging cards, redrawing, and the moves."""


async def press(
    bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable, action: str, arg: str
) -> None:
    """A Toppo button other than the lobby's: My line, a panel button, or a choice between games."""
    if action == "line":
        await open_panel(bot, interaction, table)
    elif action in PANEL_ACTIONS:
        await press_panel(bot, interaction, table, action, arg)
    else:
        await press_between_games(interaction, table, action, arg)


async def open_panel(bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable) -> None:
    """The "My line" button: the player's private panel, as a reply only they see."""
    seat = table.require_seat(interaction.user.id)
    table.require_playing()
    locale = private_locale(interaction)
    live = live_panel(bot, table, seat, locale)
    await bot.panels.show(interaction, table, live(None), live, locale)


def live_panel(bot: GameNightBot, table: ToppoTable, seat: int, locale: str, picked: str = "") -> LiveDraft:
    """The panel as the table is now, keeping the cards picked (``<stamp>.<picks>``, as the
    player left them) while they still mean the same cards."""

    async def draw(note: str | None) -> Draft:
        picks = ""
        if picked:
            with contextlib.suppress(IllegalAction):
                check_picks(table, seat, picked)
                picks = picked.partition(".")[2]
        button = buttons_for(TOPPO, table.table_id)
        return await panel_draft(bot.messages, table, seat, locale, button, picks=picks, note=note)

    return draw


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


async def press_panel(
    bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable, action: str, arg: str
) -> None:
    """A button on a private panel: make the move (or arrange cards), then redraw the panel with
    what came of it. A refused move is said on the panel itself."""
    locale = private_locale(interaction)
    seat = table.require_seat(interaction.user.id)
    messages = bot.messages
    picks, note = "", None
    try:
        if action == "pick":
            picks = arg.partition(".")[2]
            check_picks(table, seat, arg)
        elif action != "refresh":
            notices = await table.press(interaction.user.id, parse_press(action, arg))
            names = names_of(messages, table, locale)
            own = [notice for notice in notices if notice.player == seat and notice.code in PENALTIES]
            note = " ".join(notice_text(messages, notice, names, locale) for notice in own) or None
    except IllegalAction as error:
        picks = ""
        stale_display = error.reason is Reason.STALE and error.detail == DISPLAY_CHANGED
        note = (
            messages.text("toppo.too_late", locale)
            if stale_display
            else refusal_text(messages, error, locale)
        )
    draft = panel_draft(
        messages, table, seat, locale, buttons_for(TOPPO, table.table_id), picks=picks, note=note
    )
    live = live_panel(bot, table, seat, locale, picked=arg if picks else "")
    await bot.panels.show(interaction, table, draft, live, locale, note)


async def press_between_games(
    interaction: discord.Interaction, table: ToppoTable, action: str, arg: str
) -> None:
    """Next game, the display size for it, or the end of the series. The argument starts with
    the number of the game the button was drawn after, so a button from an older game is stale."""
    number, _, size = arg.partition(".")
    series = table.require_series()
    if not number.isdigit() or int(number) != len(series.history):
        raise IllegalAction(Reason.STALE, "a button of an earlier game")
    user = interaction.user.id
    if action == "next":
        await table.next_game(user)
    elif action == "size" and size.isdigit():
        await table.choose(user, int(size))
    elif action == "end":
        await table.end_series(user)
    else:
        raise IllegalAction(Reason.STALE, f"unknown action {action!r}")
    await interaction.response.defer()


# -- the command -----------------------------------------------------------------------------------


class Toppo(commands.Cog):
    toppo = app_commands.Group(
        name=command_text("toppo.command_name"),
        description=command_text("toppo.command_description"),
        guild_only=True,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @toppo.command(name=command_text("toppo.start_name"), description=command_text("toppo.start_description"))
    async def start(self, interaction: discord.Interaction) -> None:
        """Open a lobby in this channel, with whoever ran the command as host in the first seat;
        in a league's channel, the league's display rule holds for its games."""
        await open_lobby(self.bot, TOPPO, interaction)


async def apply_league(bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable) -> None:
    """A table opened in a Toppo league's channel plays with the league's display size."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    league = await bot.store.league_of_channel(interaction.guild_id, interaction.channel_id, "toppo")
    table.fixed_display = None if league is None else league.settings.toppo_display


TOPPO = GameKind("tp", ToppoTable, public_draft, press, prepare=apply_league)


async def setup(bot: GameNightBot) -> None:
    register(bot, TOPPO)
    await bot.add_cog(Toppo(bot))
