"""The Discord side every seated game shares: one kind of button for all tables, ``/<game>
start``, and the public message kept current.

A button's custom id is ``<prefix>:<table>:<action>:<arg>``: the game (``tp`` for Toppo), the
table, what to do and with what. It holds everything a click needs, so buttons keep working on
messages sent before a restart. One ``DynamicItem`` serves every game and hands the click to the
game registered for its prefix (:class:`GameKind`); lobby buttons are answered here once for all.
Where a game offers more choices than fit on buttons, a select menu's custom id adds which of
the message's menus it is (``...:<arg>:<n>``, as two menus of one message need different ids),
so it never matches the buttons' pattern; the values chosen go to the game's ``choose``.
Public changes are acknowledged at once (deferred) and drawn by the table's publisher, which
paces edits; a table's callouts (messages that must notify one player) follow the redraw.
"""

import contextlib
import re
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any, Protocol

import discord

from cogs.client import GameNightBot
from cogs.i18n import private_locale, public_locale
from cogs.layout import Words
from cogs.lobby import LOBBY_ACTIONS, ButtonFactory, press_lobby
from cogs.presses import RecentPresses
from cogs.tables import (
    Draft,
    post_callout,
    refusal_text,
    remove_buttons,
    retried_if_passing,
    show_publicly,
    tell_privately,
)
from engine.errors import IllegalAction, Reason
from locales import Catalog
from tables.errors import Refused
from tables.registry import ChannelTaken
from tables.seated import Notice, SeatedTable
from tables.table import Table


@dataclass(frozen=True)
class GameKind:
    """How one game's tables meet Discord."""

    prefix: str
    """The custom id prefix of the game's buttons: two letters, never changed once used."""
    table_class: type[SeatedTable[Any]]
    public_draft: Callable[[Catalog, Any, ButtonFactory], Awaitable[Draft]]
    """The table's public message for its phase (the table is of ``table_class``)."""
    press: Callable[[GameNightBot, discord.Interaction, Any, str, str], Awaitable[None]]
    """Any button of the game but the lobby's: (bot, interaction, table, action, arg)."""
    _: KW_ONLY
    prepare: Callable[[GameNightBot, discord.Interaction, Any], Awaitable[None]] | None = None
    """Sets up a table just opened by ``/<game> start`` before its lobby is shown (a league's
    rules for the channel, say)."""
    callout: Callable[[Catalog, Any, Notice], str] | None = None
    """A callout of the table in words, mentioning its player (games that call players out)."""
    choose: (
        Callable[[GameNightBot, discord.Interaction, Any, str, str, Sequence[str]], Awaitable[None]] | None
    ) = None
    """Any select menu of the game: (bot, interaction, table, action, arg, values chosen)."""


KINDS: dict[str, GameKind] = {}
"""The games whose buttons this process answers, by prefix."""


BUTTON_ID = re.compile(
    r"(?P<prefix>[a-z]{2}):(?P<table>[0-9a-f]{10}):(?P<action>[a-z]+):(?P<arg>[0-9a-z.\-]*)"
)
"""A table button's custom id: ``<game prefix>:<table>:<action>:<argument>``."""
SELECT_ID = re.compile(BUTTON_ID.pattern + r":(?P<number>[0-9])")
"""A table select menu's: a button's, then which of the message's menus it is."""


class TableButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=BUTTON_ID):
    """Any button of any game's table; its custom id says which game and table, what to do, and
    with what."""

    def __init__(
        self,
        prefix: str,
        table_id: str,
        action: str,
        arg: str = "",
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        custom_id = f"{prefix}:{table_id}:{action}:{arg}"
        super().__init__(
            discord.ui.Button(label=label, style=style, row=row, disabled=disabled, custom_id=custom_id)
        )
        self.prefix = prefix
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
    ) -> "TableButton":
        return cls(match["prefix"], match["table"], match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, GameNightBot)
        await on_press(bot, interaction, self.prefix, self.table_id, self.action, self.arg)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_ID):
    """Any select menu of any game's table (a string select); its custom id says which game and
    table, what to do, with what, and which of the message's menus it is."""

    def __init__(
        self,
        prefix: str,
        table_id: str,
        action: str,
        arg: str,
        number: int,
        *,
        options: Sequence[discord.SelectOption],
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        custom_id = f"{prefix}:{table_id}:{action}:{arg}:{number}"
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id,
                options=list(options),
                placeholder=placeholder,
                min_values=min_values,
                max_values=max_values,
                row=row,
            )
        )
        self.prefix = prefix
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
    ) -> "TableSelect":
        assert isinstance(item, discord.ui.Select)
        return cls(
            match["prefix"],
            match["table"],
            match["action"],
            match["arg"],
            int(match["number"]),
            options=item.options,
            placeholder=item.placeholder,
            min_values=item.min_values,
            max_values=item.max_values,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, GameNightBot)
        values = self.item.values
        await on_press(bot, interaction, self.prefix, self.table_id, self.action, self.arg, values)


class SelectFactory:
    """Makes a select menu of one table's game (the drafts' counterpart of a button factory)."""

    def __init__(self, prefix: str, table_id: str) -> None:
        self.prefix = prefix
        self.table_id = table_id

    def __call__(
        self,
        action: str,
        arg: str,
        number: int,
        options: Sequence[discord.SelectOption],
        *,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
        row: int | None = None,
    ) -> discord.ui.Item[Any]:
        return TableSelect(
            self.prefix,
            self.table_id,
            action,
            arg,
            number,
            options=options,
            placeholder=placeholder,
            min_values=min_values,
            max_values=max_values,
            row=row,
        )


class ChoiceSelects(Protocol):
    """Makes a one-choice select menu of the game's own kind: ``options`` are (label, value)
    pairs; the game's ``choose`` gets the value (see :func:`choice_as_press`)."""

    def __call__(
        self, action: str, arg: str, placeholder: str, options: Sequence[tuple[str, str]], row: int
    ) -> discord.ui.Item[Any]: ...


def selects_for(kind: GameKind, table_id: str) -> ChoiceSelects:
    """A one-choice select factory for one table's drafts: a menu per row, numbered by it."""

    def make(
        action: str, arg: str, placeholder: str, options: Sequence[tuple[str, str]], row: int
    ) -> discord.ui.Item[Any]:
        choices = [discord.SelectOption(label=label, value=value) for label, value in options]
        return TableSelect(
            kind.prefix, table_id, action, arg, row, options=choices, placeholder=placeholder, row=row
        )

    return make


def choice_as_press(
    press: Callable[[GameNightBot, discord.Interaction, Any, str, str], Awaitable[None]],
) -> Callable[[GameNightBot, discord.Interaction, Any, str, str, Sequence[str]], Awaitable[None]]:
    """A game's ``choose`` for one-choice menus: choosing ``value`` is pressing the button
    ``<action>`` with the argument ``<arg>.<value>``."""

    async def choose(
        bot: GameNightBot,
        interaction: discord.Interaction,
        table: Any,
        action: str,
        arg: str,
        values: Sequence[str],
    ) -> None:
        await press(bot, interaction, table, action, f"{arg}.{values[0] if values else ''}")

    return choose


def buttons_for(kind: GameKind, table_id: str) -> ButtonFactory:
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
        return TableButton(
            kind.prefix, table_id, action, arg, label=label, style=style, row=row, disabled=disabled
        )

    return make


async def publish(bot: GameNightBot, kind: GameKind, table: Table) -> None:
    """Redraw a table's public message (the publisher calls this, paced and coalesced); when a
    new game has started, post its message and take the buttons off the previous one."""
    with retried_if_passing():
        assert isinstance(table, kind.table_class)
        draft = await kind.public_draft(bot.messages, table, buttons_for(kind, table.table_id))
        await show_publicly(bot, table, draft)
        if table.retired_message_id is not None:
            await table.registry.pacing.wait(table.channel_id)
            await remove_buttons(bot, table.channel_id, table.guild_id, table.retired_message_id)
            await table.forget_retired_message()
        if kind.callout is not None:
            for notice in table.take_callouts():
                await table.registry.pacing.wait(table.channel_id)
                text = kind.callout(bot.messages, table, notice)
                user = None if notice.player is None else table.seats[notice.player].user_id
                notify = user is not None and await bot.store.pings_wanted(user)
                await post_callout(bot, table.channel_id, table.guild_id, text, notify=notify)
        await update_ping(bot, kind, table)


async def update_ping(bot: GameNightBot, kind: GameKind, table: SeatedTable[Any]) -> None:
    """Keep one public message mentioning whom the table waits for (an edit of the table
    message notifies nobody); take it back once the table waits for someone else or nobody, so
    the channel does not fill with stale pings. Someone who turned pings off gets none."""
    awaited = None if table.finished else table.awaited()
    if table.ping is not None and table.ping[0] == awaited:
        return
    channel = bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    if table.ping is not None:
        await table.registry.pacing.wait(table.channel_id)
        with contextlib.suppress(discord.NotFound):
            await channel.get_partial_message(table.ping[1]).delete()
        if not table.finished:
            await table.set_ping(None)
    if awaited is None or not await bot.store.pings_wanted(awaited):
        return
    await table.registry.pacing.wait(table.channel_id)
    game = bot.messages.text(f"games.{kind.table_class.game}", table.locale)
    text = bot.messages.text("ping.waiting", table.locale, mention=f"<@{awaited}>", game=game)
    mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(awaited)])
    message = await channel.send(text, allowed_mentions=mentions)
    await table.set_ping((awaited, message.id))


async def on_press(
    bot: GameNightBot,
    interaction: discord.Interaction,
    prefix: str,
    table_id: str,
    action: str,
    arg: str,
    values: Sequence[str] | None = None,
) -> None:
    """Route a click (or, with ``values``, a choice in a select menu) to its table; a table that
    has gone (or a stranger's click) gets a private answer, never a silent failure."""
    locale = private_locale(interaction)
    table = bot.tables.get(interaction.channel_id or 0)
    kind = KINDS.get(prefix)
    if _repeats_a_press(interaction, action, values):
        await interaction.response.defer()  # answered, and nothing changes
        return
    try:
        if kind is None or not isinstance(table, kind.table_class) or table.table_id != table_id:
            raise IllegalAction(Reason.STALE, "the table is gone")
        with bot.panels.answering(table_id, interaction.user.id):
            await _route(bot, interaction, kind, table, action, arg, values)
    except (IllegalAction, Refused) as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, locale))


async def _route(
    bot: GameNightBot,
    interaction: discord.Interaction,
    kind: GameKind,
    table: SeatedTable[Any],
    action: str,
    arg: str,
    values: Sequence[str] | None,
) -> None:
    """A press or a choice on one of ``kind``'s tables, to the game or the lobby; ending play
    early asks for a confirmation first (:func:`confirm_end`)."""
    if action == END and values is None:
        await confirm_end(bot, kind, interaction, table, arg)
    elif action == END_CONFIRMED:
        await kind.press(bot, interaction, table, END, arg)
        await interaction.edit_original_response(content=end_answer(bot, table, interaction), view=None)
    elif action == END_CANCELLED:
        text = bot.messages.text("end.kept", private_locale(interaction))
        await interaction.response.edit_message(content=text, view=None)
    elif values is not None:
        if kind.choose is None:
            raise IllegalAction(Reason.STALE, "the game has no select menus")
        await kind.choose(bot, interaction, table, action, arg, values)
    elif action in LOBBY_ACTIONS:
        await press_lobby(interaction, table, action, arg)
    else:
        await kind.press(bot, interaction, table, action, arg)


END, END_CONFIRMED, END_CANCELLED = "end", "endok", "endno"
"""The results message's "End" button, and the two answers of its confirmation."""


async def confirm_end(
    bot: GameNightBot, kind: GameKind, interaction: discord.Interaction, table: SeatedTable[Any], arg: str
) -> None:
    """Ask the presser, privately, whether to stop playing for everyone: the host stops the table
    at once; anyone else counts towards a majority of the people seated."""
    table.require_member(interaction.user.id)
    locale = private_locale(interaction)
    text = bot.messages.text
    if interaction.user.id == table.host_id:
        question = text("end.confirm_host", locale)
    else:
        question = text(
            "end.confirm_vote", locale, needed=table.end_votes_needed(), people=len(table.people())
        )
    button = buttons_for(kind, table.table_id)
    view = discord.ui.View(timeout=None)
    view.add_item(button(END_CONFIRMED, arg, text("end.yes", locale), discord.ButtonStyle.danger, 0))
    view.add_item(button(END_CANCELLED, arg, text("end.no", locale), discord.ButtonStyle.secondary, 0))
    await interaction.response.send_message(question, view=view, ephemeral=True)


def end_answer(bot: GameNightBot, table: SeatedTable[Any], interaction: discord.Interaction) -> str:
    """What came of a confirmed wish to stop: stopped, or how many have asked so far."""
    locale = private_locale(interaction)
    if table.finished:
        return bot.messages.text("end.ended", locale)
    votes = len(table.end_votes & table.people())
    return bot.messages.text("end.voted", locale, votes=votes, needed=table.end_votes_needed())


PRESSES = RecentPresses()
"""The bot's recent presses, for :func:`_repeats_a_press`."""


def _repeats_a_press(interaction: discord.Interaction, action: str, values: Sequence[str] | None) -> bool:
    """Whether this press was made on the same view as one a moment ago (a double click).

    Only presses on private panels and lobbies count: they change the table. The table
    message's own buttons open a private panel, which a player may open again at will (the
    message is not redrawn in between), or carry the game's number, so a repeat is refused."""
    message = interaction.message
    if message is None or not (message.flags.ephemeral or action in LOBBY_ACTIONS):
        return False
    view = (message.id, message.edited_at)
    custom_id = interaction.data.get("custom_id") if interaction.data else None
    press = (interaction.user.id, view, custom_id, None if values is None else tuple(values))
    return PRESSES.is_repeat(press, time.monotonic())


def league_turn_timer(
    game: str,
) -> Callable[[GameNightBot, discord.Interaction, Any], Awaitable[None]]:
    """A turn-based game's ``prepare``: a table opened in a league's channel gives each move the
    league's turn timer (the table has ``turns``, a :class:`~tables.turns.TurnTimer`)."""

    async def prepare(bot: GameNightBot, interaction: discord.Interaction, table: Any) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        league = await bot.store.league_of_channel(interaction.guild_id, interaction.channel_id, game)
        if league is not None and league.settings.turn_timer is not None:
            table.turns.set_seconds(league.settings.turn_timer)

    return prepare


async def open_lobby(bot: GameNightBot, kind: GameKind, interaction: discord.Interaction) -> None:
    """``/<game> start``: a lobby in this channel, with whoever ran the command as host in the
    first seat; a channel that has a table already gets a private refusal."""
    assert interaction.guild_id is not None and interaction.channel_id is not None
    locale = await public_locale(interaction, bot.store)
    table = kind.table_class.open(
        bot.tables,
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        publish=lambda table: publish(bot, kind, table),
        locale=locale,
        host_id=interaction.user.id,
        host_name=interaction.user.display_name,
    )
    if kind.prepare is not None:
        await kind.prepare(bot, interaction, table)
    try:
        bot.tables.check_room(interaction.guild_id, interaction.user.id)
        bot.tables.add(table)
    except ChannelTaken:
        await tell_privately(
            interaction, bot.messages.text("lobby.channel_taken", private_locale(interaction))
        )
        return
    except Refused as error:
        await tell_privately(interaction, refusal_text(bot.messages, error, private_locale(interaction)))
        return
    draft = await kind.public_draft(bot.messages, table, buttons_for(kind, table.table_id))
    assert draft.buttons is not None, "a lobby has buttons"
    response = await interaction.response.send_message(view=draft.layout())
    assert response.message_id is not None
    try:
        await table.set_message(response.message_id)
    except Refused as error:  # the lobby could not be saved, and is gone: say so in its place
        text = refusal_text(bot.messages, error, private_locale(interaction))
        await interaction.edit_original_response(**Draft(Words(description=text)).edit())
        return
    table.restart_idle_timer()


async def press_no_longer_shown(interaction: discord.Interaction) -> None:
    """Answer a press whose button or menu is no longer on its message, as any other press.

    Discord sends a click with its message as it is now; when the bot edited the message while
    the click was on its way (a live panel redrawn as the table moved on), the pressed component
    is gone from it, and discord.py drops the press unanswered: the player would see "This
    interaction failed". Its custom id still names the table, the action and the moment it was
    drawn for, so the table answers it: applied if it still holds, "too late" otherwise."""
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        return
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    match = SELECT_ID.fullmatch(custom_id) or BUTTON_ID.fullmatch(custom_id)
    if match is None:
        return
    message = interaction.message
    layout = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    shown = layout.from_message(message, timeout=None).walk_children()
    if any(getattr(item, "custom_id", None) == custom_id for item in shown):
        return  # still shown: its TableButton or TableSelect answers it
    bot = interaction.client
    assert isinstance(bot, GameNightBot)
    values = data.get("values") if match.re is SELECT_ID else None
    await on_press(bot, interaction, match["prefix"], match["table"], match["action"], match["arg"], values)


def register(bot: GameNightBot, kind: GameKind) -> None:
    """Answer ``kind``'s buttons and resume its saved tables (a game cog's ``setup`` calls this)."""
    KINDS[kind.prefix] = kind
    bot.add_dynamic_items(TableButton, TableSelect)
    if press_no_longer_shown not in bot.extra_events.get("on_interaction", []):
        bot.add_listener(press_no_longer_shown, "on_interaction")
    bot.tables.register_loader(
        kind.table_class.game,
        lambda saved: kind.table_class.load(bot.tables, saved, lambda table: publish(bot, kind, table)),
    )
