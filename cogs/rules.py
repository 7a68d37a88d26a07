"""``/rules <game>``: how to play, privately, in the user's language.

The text is the catalogue's (``rules.<game>.*``), written from RULES.md, as one embed: a summary,
then a field per section. Each section stays under Discord's 1024 characters per field and the
whole under 6000, which a test checks in every language. A game is offered here once its rules
are in the catalogue.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from locales import Catalog

SECTIONS = {
    "toppo": ("setup", "play", "interrupt", "toppo", "stock", "series", "discord"),
    "topoum": ("board", "deck", "turn", "line", "sight", "basic", "cards", "more", "end", "discord"),
}
"""The sections of each game's rules, in reading order."""


def rules_embed(messages: Catalog, game: str, locale: str) -> discord.Embed:
    text = messages.text
    embed = discord.Embed(
        title=text(f"rules.{game}.title", locale),
        description=text(f"rules.{game}.summary", locale),
        colour=discord.Colour.blurple(),
    )
    for section in SECTIONS[game]:
        embed.add_field(
            name=text(f"rules.{game}.{section}_title", locale),
            value=text(f"rules.{game}.{section}", locale),
            inline=False,
        )
    return embed


class Rules(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("rules.command_name"), description=command_text("rules.command_description")
    )
    @app_commands.rename(game=command_text("rules.game_name"))
    @app_commands.describe(game=command_text("rules.game_description"))
    @app_commands.choices(
        game=[app_commands.Choice(name=command_text(f"games.{game}"), value=game) for game in SECTIONS]
    )
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        embed = rules_embed(self.bot.messages, game.value, private_locale(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Rules(bot))
