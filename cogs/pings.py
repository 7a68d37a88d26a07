"""``/pings on|off``: whether the bot mentions a member when a table waits for them.

A turn-based table posts one message mentioning the person whose turn it is (a choice only they
can make counts too), and takes it back when the turn ends (:func:`cogs.seated.update_ping`).
Someone who finds that too much turns it off here; the setting is theirs, bot-wide, and kept.
Off, they get no such message, and callouts name them without notifying them.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale


class Pings(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("pings.command_name"), description=command_text("pings.command_description")
    )
    @app_commands.rename(wanted=command_text("pings.wanted_name"))
    @app_commands.describe(wanted=command_text("pings.wanted_description"))
    async def pings(self, interaction: discord.Interaction, wanted: bool) -> None:
        """Turn the caller's turn pings on or off, and say so privately."""
        await in_time(interaction, self.bot.store.set_pings(interaction.user.id, wanted), Acknowledge.PRIVATE)
        text = self.bot.messages.text("pings.on" if wanted else "pings.off", private_locale(interaction))
        await tell_privately(interaction, text)


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Pings(bot))
