"""``/tables where``: whether a server's new tables play in threads of their own or in the channel.

Threads are the default (``TABLES_IN``): each table's lobby card stays in the channel and its games
are played in a thread started from it (:mod:`cogs.threads`), so one games channel runs several
tables at once and keeps one message per table. A server that prefers everything in the channel
itself, as before threads, chooses so here. Moderators only (Manage Server or the league
moderator role, as for leagues); the check is made on the bot's side for every use, and a
refusal is private and changes nothing. Running tables stay where they are.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.league import require_moderator

PLACES = ("threads", "channels")


class Places(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("places.command_name"), description=command_text("places.command_description")
    )
    @app_commands.guild_only()
    @app_commands.rename(where=command_text("places.where_name"))
    @app_commands.describe(where=command_text("places.where_description"))
    @app_commands.choices(
        where=[app_commands.Choice(name=command_text(f"places.{place}"), value=place) for place in PLACES]
    )
    async def tables(self, interaction: discord.Interaction, where: str) -> None:
        """Set where this server's new tables play, and say so privately."""
        locale = private_locale(interaction)
        if where not in PLACES:  # a forged choice: nothing changes
            await tell_privately(interaction, self.bot.messages.text("error.unknown_choice", locale))
            return
        await require_moderator(self.bot, interaction)
        assert interaction.guild_id is not None
        threads = where == "threads"
        await in_time(
            interaction,
            self.bot.store.set_tables_in_threads(interaction.guild_id, threads),
            Acknowledge.PRIVATE,
        )
        await tell_privately(interaction, self.bot.messages.text(f"places.now_{where}", locale))


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Places(bot))
