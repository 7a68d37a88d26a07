"""``/toppo start`` and every Toppo button: the Discord side of :mod:`tables.toppo`.

Thin on purpose: a click becomes a table request, the table decides, and the answer is a message
drawn by :mod:`cogs.toppo_messages`. Buttons are one ``DynamicItem`` whose custom id
``tp:<table>:<action>:<arg>`` holds everything the click needs, so buttons keep working on
messages sent before a restart. Public changes are acknowledged at once (deferred) and drawn by
the table's publisher, which paces edits; a private panel is redrawn in the reply to each click.
"""

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale, public_locale
from cogs.lobby import LOBBY_ACTIONS, ButtonFactory, press_lobby
from cogs.tables import refusal_text, remove_buttons, show_publicly, tell_privately
from cogs.toppo_messages import names_of, notice_text, panel_draft, public_draft
from engine.errors import IllegalAction, Reason
from tables.errors import Refused
from tables.registry import ChannelTaken
from tables.table import Table
from tables.toppo import DISPLAY_CHANGED, PanelAction, Press, ToppoTable

PREFIX = "tp"
PENALTIES = frozenset({"wrong_top", "wrong_match", "false_toppo", "false_start"})
"""Notices a player is also told privately, in their own language, when they cause them."""
PANEL_ACTIONS = frozenset({"pick", "refresh", *PanelAction})
"""The buttons of a private panel: arranging cards, redrawing, and the moves."""


class ToppoButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"tp:(?P<table>[0-9a-f]{10}):(?P<action>[a-z]+):(?P<arg>[0-9a-z.\-]*)",
):
    """Any Toppo button; its custom id says which table, what to do, and with what."""

    def __init__(
        self,
        table_id: str,
        action: str,
        arg: str = "",
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        custom_id = f"{PREFIX}:{table_id}:{action}:{arg}"
        super().__init__(
            discord.ui.Button(label=label, style=style, row=row, disabled=disabled, custom_id=custom_id)
        )
        self.table_id = table_id
        self.action = action
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "ToppoButton":
        return cls(match["table"], match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, GameNightBot)
        await on_press(bot, interaction, self.table_id, self.action, self.arg)


def buttons_for(table_id: str) -> ButtonFactory:
    """The button factory the message drafts use for one table."""

    def make(
        action: str,
        arg: str,
        label: str,
        style: discord.ButtonStyle,
        row: int,
        *,
        disabled: bool = False,
    ) -> discord.ui.Item[Any]:
        return ToppoButton(table_id, action, arg, label=label, style=style, row=row, disabled=disabled)

    return make


async def publish(bot: GameNightBot, table: Table) -> None:
    """Redraw a table's public message (the publisher calls this, paced and coalesced); when a
    new game has started, post its message and take the buttons off the previous one."""
    assert isinstance(table, ToppoTable)
    draft = await public_draft(bot.messages, table, buttons_for(table.table_id))
    await show_publicly(bot, table, draft)
    if table.retired_message_id is not None:
        await table.registry.pacing.wait(table.channel_id)
        await remove_buttons(bot, table.channel_id, table.guild_id, table.retired_message_id)
        await table.forget_retired_message()


# -- clicks ----------------------------------------------------------------------------------------


async def on_press(
    bot: GameNightBot, interaction: discord.Interaction, table_id: str, action: str, arg: str
) -> None:
    """Route a click to its table; a table that has gone (or a stranger's click) gets a private
    answer, never a silent failure."""
    locale = private_locale(interaction)
    table = bot.tables.get(interaction.channel_id or 0)
    try:
        if not isinstance(table, ToppoTable) or table.table_id != table_id:
            raise IllegalAction(Reason.STALE, "the table is gone")
        if action in LOBBY_ACTIONS:
            await press_lobby(interaction, table, action, arg)
        elif action == "line":
            await open_panel(bot, interaction, table)
        elif action in PANEL_ACTIONS:
            await press_panel(bot, interaction, table, action, arg)
        else:
            await press_between_games(interaction, table, action, arg)
    except (IllegalAction, Refused) as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, locale))


async def open_panel(bot: GameNightBot, interaction: discord.Interaction, table: ToppoTable) -> None:
    """The "My line" button: the player's private panel, as a reply only they see."""
    seat = table.require_seat(interaction.user.id)
    table.require_playing()
    draft = await panel_draft(
        bot.messages, table, seat, private_locale(interaction), buttons_for(table.table_id)
    )
    assert draft.view is not None, "a running game's panel has buttons"
    await interaction.response.send_message(
        embed=draft.embed, files=draft.files(), view=draft.view, ephemeral=True
    )


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
    draft = await panel_draft(
        messages, table, seat, locale, buttons_for(table.table_id), picks=picks, note=note
    )
    await interaction.response.edit_message(embed=draft.embed, attachments=draft.files(), view=draft.view)


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
        bot = self.bot
        assert interaction.guild_id is not None and interaction.channel_id is not None
        locale = await public_locale(interaction, bot.store)
        league = await bot.store.league_of_channel(interaction.guild_id, interaction.channel_id, "toppo")
        table = ToppoTable.open(
            bot.tables,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            publish=lambda table: publish(bot, table),
            locale=locale,
            host_id=interaction.user.id,
            host_name=interaction.user.display_name,
            fixed_display=None if league is None else league.settings.toppo_display,
        )
        try:
            bot.tables.add(table)
        except ChannelTaken:
            await tell_privately(
                interaction, bot.messages.text("toppo.channel_taken", private_locale(interaction))
            )
            return
        draft = await public_draft(bot.messages, table, buttons_for(table.table_id))
        assert draft.view is not None, "a lobby has buttons"
        response = await interaction.response.send_message(embed=draft.embed, view=draft.view)
        assert response.message_id is not None
        await table.set_message(response.message_id)
        table.restart_idle_timer()


async def setup(bot: GameNightBot) -> None:
    bot.add_dynamic_items(ToppoButton)
    bot.tables.register_loader(
        "toppo", lambda saved: ToppoTable.load(bot.tables, saved, lambda t: publish(bot, t))
    )
    await bot.add_cog(Toppo(bot))
