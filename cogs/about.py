"""``/about``: the bot's name, version, games, uptime and running tables.

The reply is private, in the user's language, with a Refresh button. The button is a
``DynamicItem`` whose whole state is its custom id, so it keeps working on a message sent by an
earlier process of the bot: the restart test presses exactly this button.
"""

import re
import time
from importlib.metadata import version
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.presses import AnsweredOnce
from cogs.threads import place_of_tables
from engine.games import names


def format_duration(bot: GameNightBot, seconds: float, locale: str) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return bot.messages.text("duration.days", locale, days=days, hours=hours, minutes=minutes)
    if hours:
        return bot.messages.text("duration.hours", locale, hours=hours, minutes=minutes)
    return bot.messages.text("duration.minutes", locale, minutes=minutes, seconds=secs)


async def about_message(
    bot: GameNightBot, interaction: discord.Interaction
) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and its Refresh button, in the user's language; where the server's new tables
    play (see ``/tables``)."""
    text = bot.messages.text
    locale = private_locale(interaction)
    embed = discord.Embed(
        title=text("about.title", locale, name=text("bot.name", locale)),
        description=text("about.description", locale),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=text("about.version", locale), value=version("gamenight"))
    embed.add_field(
        name=text("about.uptime", locale),
        value=format_duration(bot, time.monotonic() - bot.started_at, locale),
    )
    embed.add_field(name=text("about.tables", locale), value=str(len(bot.tables)))
    embed.add_field(
        name=text("about.games", locale),
        value="\n".join(text(f"games.{game}", locale) for game in names()),
        inline=False,
    )
    place = await place_of_tables(bot.store, interaction.guild_id, threads=bot.threads)
    embed.add_field(
        name=text("about.place", locale), value=text(f"about.place_{place}", locale), inline=False
    )
    view = discord.ui.View(timeout=None)
    view.add_item(RefreshAbout(text("about.refresh", locale)))
    return embed, view


REFRESH_ID = re.compile(r"about:refresh")
"""The custom id of /about's Refresh button."""


class RefreshAbout(
    AnsweredOnce, discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=REFRESH_ID
):
    """Redraws the /about message with fresh figures, for whoever presses it."""

    def __init__(self, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or None, style=discord.ButtonStyle.secondary, custom_id="about:refresh"
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> "RefreshAbout":
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, GameNightBot)
        embed, view = await about_message(bot, interaction)
        await interaction.response.edit_message(embed=embed, view=view)


class About(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("about.command_name"), description=command_text("about.command_description")
    )
    async def about(self, interaction: discord.Interaction) -> None:
        embed, view = await about_message(self.bot, interaction)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def setup(bot: GameNightBot) -> None:
    bot.add_dynamic_items(RefreshAbout)
    await bot.add_cog(About(bot))
