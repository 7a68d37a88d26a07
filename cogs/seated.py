"""Every registered game played on Discord, installed once each.

A game declares a :class:`~cogs.kinds.GameKind` in ``cogs/<game>.py`` (its ``KIND``); this
extension installs every registered game's (engine/games.py): its ``/<game> start`` command
(:mod:`cogs.opening`), its components answered (:mod:`cogs.routes`), its public message drawn
(:mod:`cogs.table_messages`), its players' panels followed after a restart (:mod:`cogs.panels`),
and its saved tables resumed.
"""

import importlib
from typing import Any

import discord
from discord import app_commands

from cogs.client import GameNightBot
from cogs.components import ANSWERS, TableButton, TableSelect, TableUserSelect
from cogs.i18n import command_text
from cogs.kinds import GameKind, install_kind
from cogs.opening import open_lobby
from cogs.panels import reopened_panel
from cogs.routes import on_press
from cogs.table_messages import publish
from engine.games import registered
from tables.loading import load_table


def install(bot: GameNightBot, kind: GameKind[Any]) -> None:
    """Play ``kind``'s game in this bot: its ``/<game> start`` command (named from the game's
    catalogue: ``<game>.command_name`` and the rest), its components answered, and its saved
    tables resumed."""
    install_kind(kind)
    ANSWERS.table = on_press
    bot.add_dynamic_items(TableButton, TableSelect, TableUserSelect)
    bot.tables.register_loader(
        kind.name,
        lambda saved: load_table(
            kind.table_class, bot.tables, saved, lambda table: publish(bot, kind, table)
        ),
    )
    bot.panels.drawers[kind.name] = lambda table, user, locale: reopened_panel(bot, kind, table, user, locale)
    group = app_commands.Group(
        name=command_text(f"{kind.name}.command_name"),
        description=command_text(f"{kind.name}.command_description"),
        guild_only=True,
    )

    @group.command(
        name=command_text(f"{kind.name}.start_name"),
        description=command_text(f"{kind.name}.start_description"),
    )
    async def start(interaction: discord.Interaction) -> None:
        await open_lobby(bot, kind, interaction)

    bot.tree.add_command(group)


async def setup(bot: GameNightBot) -> None:
    """Install every registered game (engine/games.py): its :class:`GameKind` is ``KIND`` in its
    cogs module."""
    for game in registered():
        install(bot, importlib.import_module(game.module("cogs")).KIND)
