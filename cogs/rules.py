"""``/rules <game>``: how to play, privately, in the user's language.

The text is the catalogue's (``rules.<game>.*`` in the game's own ``locales/<lang>/<game>.toml``),
written from docs/rules.md, as one embed: a summary, then a field per section, each section being a
``<section>_title`` and ``<section>`` pair in the order the file gives them. Each section stays
under Discord's 1024 characters per field and the whole under 6000, which a test checks in every
language. Every game engine/games.py registers is offered.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from engine.games import names
from locales import Catalog


def sections(messages: Catalog, game: str, locale: str) -> list[str]:
    """The sections of ``game``'s rules in reading order: the catalogue keeps the file's order."""
    prefix, suffix = f"rules.{game}.", "_title"
    keys = messages.messages[messages.language_for(locale)]
    return [
        key.removeprefix(prefix).removesuffix(suffix)
        for key in keys
        if key.startswith(prefix) and key.endswith(suffix) and key != f"{prefix}title"
    ]


def rules_embed(messages: Catalog, game: str, locale: str) -> discord.Embed:
    text = messages.text
    embed = discord.Embed(
        title=text(f"rules.{game}.title", locale),
        description=text(f"rules.{game}.summary", locale),
        colour=discord.Colour.blurple(),
    )
    for section in sections(messages, game, locale):
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
        game=[app_commands.Choice(name=command_text(f"games.{game}"), value=game) for game in names()]
    )
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        embed = rules_embed(self.bot.messages, game.value, private_locale(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Rules(bot))
