"""The buttons and select menus of every game's tables, and the factories a game's drafts use.

A button's custom id is ``<prefix>:<table>:<action>:<arg>``: the game (its name: ``toppo``; a
message posted before the prefixes named the games carries the two letters it had, ``tp``), the
table, what to do and with what. It holds everything a click needs, so buttons keep working on
messages sent before a restart. One ``DynamicItem`` serves every game: a click goes to the answer
whoever installs the games registers (:data:`ANSWERS`; :func:`cogs.routes.on_press`), which hands
it to the game installed for its prefix. Where a game
offers more choices than fit on buttons, a select menu's custom id adds which of the message's
menus it is (``...:<arg>:<n>``, as two menus of one message need different ids), so it never
matches the buttons' pattern.

Discord's limits a game's drafts must respect (``docs/architecture.md`` lists them): a custom id
of at most 100 characters (the argument is what is left after the prefix, the table and the
action), 5 rows of at most 5 buttons or one select menu, at most 25 options in a menu, labels of
at most 80 characters and option descriptions of at most 100.
"""

import math
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

import discord

from cogs.presses import IN_FLIGHT, AnsweredOnce

ROWS = 5
"""Component rows on a message."""
PER_ROW = 5
"""Buttons on a row (a row holds them, or one select menu)."""
PER_SELECT = 25
"""Options in a select menu."""
GREY = discord.ButtonStyle.secondary
"""The style of a button that is one choice among others (the default)."""

BUTTON_ID = re.compile(
    r"(?P<prefix>[a-z]{2,12}):(?P<table>[0-9a-f]{10}):(?P<action>[a-z]+):(?P<arg>[0-9a-z.\-]*)"
)
"""A table button's custom id: ``<game prefix>:<table>:<action>:<argument>``."""
SELECT_ID = re.compile(BUTTON_ID.pattern + r":(?P<number>[0-9])")
"""A table select menu's: a button's, then which of the message's menus it is."""
USER_SELECT_ID = re.compile(BUTTON_ID.pattern + r":u")
"""A table's member menu (a user select): a button's, then ``u``."""
REPLAY_PREFIX = "rp:"
REPLAY_ID = re.compile(REPLAY_PREFIX + r"(?P<action>[a-z]+):(?P<arg>[0-9a-z.:\-]*)")
"""A replay's button (:mod:`cogs.history`): ``rp:<action>:<argument>``, the argument naming a
finished game (its id, or on a results card the key it was recorded under) and a step or page.
It names no table: it works after the table is gone, on any message."""


TablePress = Callable[[discord.Interaction, str, str, str, str, Sequence[str] | None], Awaitable[None]]
"""Answers a press on a table's component: (interaction, prefix, table, action, argument, the
values chosen in a menu or None)."""
ReplayPress = Callable[[discord.Interaction, str, str], Awaitable[None]]
"""Answers a press on a replay's button: (interaction, action, argument)."""
NightPress = Callable[[discord.Interaction, int, str], Awaitable[None]]
"""Answers a press on a game night's card: (interaction, night, action)."""


@dataclass
class Answers:
    """Who answers the components' presses: registered by whoever installs what they belong to
    (the games' install answers the tables', the history cog the replays'), so the components,
    which everything above builds on, import none of it."""

    table: TablePress | None = None
    replay: ReplayPress | None = None
    night: NightPress | None = None


ANSWERS = Answers()


async def _pressed(
    interaction: discord.Interaction,
    prefix: str,
    table_id: str,
    action: str,
    arg: str,
    values: Sequence[str] | None = None,
) -> None:
    """Hand a press to the tables' answer (see :class:`Answers`)."""
    assert ANSWERS.table is not None, "a table's component is answered once the games are installed"
    await IN_FLIGHT.answer(ANSWERS.table(interaction, prefix, table_id, action, arg, values))


def _button(
    custom_id: str,
    label: str | None,
    style: discord.ButtonStyle,
    row: int | None,
    disabled: bool,
    emoji: discord.PartialEmoji | None = None,
) -> discord.ui.Button[discord.ui.View]:
    """The button a dynamic item wraps."""
    return discord.ui.Button(
        label=label, style=style, row=row, disabled=disabled, custom_id=custom_id, emoji=emoji
    )


class TableButton(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=BUTTON_ID
):
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
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(_button(f"{prefix}:{table_id}:{action}:{arg}", label, style, row, disabled, emoji))
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
        await _pressed(interaction, self.prefix, self.table_id, self.action, self.arg)


class TableSelect(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=SELECT_ID
):
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
        values = self.item.values
        await _pressed(interaction, self.prefix, self.table_id, self.action, self.arg, values)


class TableUserSelect(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.UserSelect[discord.ui.View]], template=USER_SELECT_ID
):
    """A table's menu of the server's members (one chosen): choosing is pressing ``<action>``
    with ``<arg>`` and the member's id as the value (Discord resolves the member, bot flag
    included, in the interaction's data)."""

    def __init__(
        self, prefix: str, table_id: str, action: str, arg: str, *, placeholder: str | None = None
    ) -> None:
        custom_id = f"{prefix}:{table_id}:{action}:{arg}:u"
        super().__init__(discord.ui.UserSelect(custom_id=custom_id, placeholder=placeholder, row=0))
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
    ) -> "TableUserSelect":
        return cls(match["prefix"], match["table"], match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(user.id) for user in self.item.values]
        await _pressed(interaction, self.prefix, self.table_id, self.action, self.arg, values)


class ReplayButton(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=REPLAY_ID
):
    """A button of ``/history``, of a replay, or a results card's link to its replay."""

    def __init__(
        self,
        action: str,
        arg: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(_button(f"{REPLAY_PREFIX}{action}:{arg}", label, style, row, disabled))
        self.action = action
        self.arg = arg

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "ReplayButton":
        return cls(match["action"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        assert ANSWERS.replay is not None, "a replay's button is answered once the history is loaded"
        await IN_FLIGHT.answer(ANSWERS.replay(interaction, self.action, self.arg))


class ButtonFactory(Protocol):
    """Makes a button of the game's own kind, whose custom id carries ``action`` and ``arg``; with
    ``emoji`` (a card's, :mod:`cogs.emojis`) beside its label."""

    def __call__(
        self,
        action: str,
        arg: str,
        label: str,
        style: discord.ButtonStyle,
        row: int,
        *,
        disabled: bool = False,
        emoji: discord.PartialEmoji | None = None,
    ) -> discord.ui.Item[Any]: ...


class SelectFactory(Protocol):
    """Makes a select menu of the game's own kind (the counterpart of a button factory)."""

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
    ) -> discord.ui.Item[Any]: ...


class Choice(NamedTuple):
    """One option of a one-choice menu: its label, its value, and an emoji beside the label."""

    label: str
    value: str
    emoji: discord.PartialEmoji | None = None


class ChoiceSelects(Protocol):
    """Makes a one-choice select menu of ``options``; choosing one is pressing the button
    ``<action>`` with the argument ``<arg>.<value>``."""

    def __call__(
        self, action: str, arg: str, placeholder: str, options: Sequence[Choice], row: int
    ) -> discord.ui.Item[Any]: ...


class Button(NamedTuple):
    """A button before it is placed on a row (:meth:`Controls.laid_out`)."""

    action: str
    arg: str
    label: str
    style: discord.ButtonStyle = GREY
    disabled: bool = False
    emoji: discord.PartialEmoji | None = None


Menu = tuple[str, str, str, Sequence[discord.SelectOption]]
"""A one-choice select menu before it is placed: its action, argument, placeholder, options."""


@dataclass(frozen=True)
class Controls:
    """The component factories of one table, for its game's drafts."""

    prefix: str
    table_id: str

    def button(
        self,
        action: str,
        arg: str,
        label: str,
        style: discord.ButtonStyle,
        row: int,
        *,
        disabled: bool = False,
        emoji: discord.PartialEmoji | None = None,
    ) -> discord.ui.Item[Any]:
        return TableButton(
            self.prefix,
            self.table_id,
            action,
            arg,
            label=label,
            style=style,
            row=row,
            disabled=disabled,
            emoji=emoji,
        )

    def select(
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

    def users(self, action: str, arg: str, placeholder: str) -> discord.ui.Item[Any]:
        """A menu of the server's members, on its own message (see :class:`TableUserSelect`)."""
        return TableUserSelect(self.prefix, self.table_id, action, arg, placeholder=placeholder)

    def choices(
        self, action: str, arg: str, placeholder: str, options: Sequence[Choice], row: int
    ) -> discord.ui.Item[Any]:
        """A one-choice menu per row, numbered by it (see :class:`ChoiceSelects`)."""
        choices = [discord.SelectOption(label=o.label, value=o.value, emoji=o.emoji) for o in options]
        return self.select(action, arg, row, choices, placeholder=placeholder, row=row)

    def laid_out(
        self,
        menus: Sequence[Menu],
        buttons: Sequence[Button],
    ) -> discord.ui.View:
        """Components on a message's rows: the one-choice ``menus`` first, one a row, then the
        ``buttons`` five to a row. A game whose
        components do not fit its rows has a bug, not a player."""
        assert len(menus) + math.ceil(len(buttons) / PER_ROW) <= ROWS, "more components than rows"
        view = discord.ui.View(timeout=None)
        for row, (action, arg, placeholder, options) in enumerate(menus):
            view.add_item(self.select(action, arg, row, options, placeholder=placeholder, row=row))
        for number, button in enumerate(buttons):
            row = len(menus) + number // PER_ROW
            view.add_item(self.button(*button[:4], row, disabled=button.disabled, emoji=button.emoji))
        return view
