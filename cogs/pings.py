"""``/pings on|off [grace]``: whether, and after how long, the bot mentions a member a table waits for.

A table that has waited for someone (their turn, a challenge to answer, a choice that is theirs)
for their grace period without their acting posts one message that mentions them, edited once
the wait is over and never deleted (:mod:`tables.attention`). Someone who finds that too much
turns it off here, or makes it come later (or at once); the settings are theirs, bot-wide, kept.
A turn timer's warning still comes when it comes: the call is made no later than that.
"""

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from tables.attention import GRACE, GRACE_CHOICES

GRACE_OPTIONS = [
    app_commands.Choice(name=command_text(f"pings.grace_{seconds}"), value=seconds)
    for seconds in GRACE_CHOICES
]


class Pings(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("pings.command_name"), description=command_text("pings.command_description")
    )
    @app_commands.rename(
        wanted=command_text("pings.wanted_name"),
        grace=command_text("pings.grace_name"),
        dm=command_text("pings.dm_name"),
    )
    @app_commands.describe(
        wanted=command_text("pings.wanted_description"),
        grace=command_text("pings.grace_description"),
        dm=command_text("pings.dm_description"),
    )
    @app_commands.choices(grace=GRACE_OPTIONS)
    async def pings(
        self, interaction: discord.Interaction, wanted: bool, grace: int | None = None, dm: bool | None = None
    ) -> None:
        """Turn the caller's pings on or off (and set their grace period, and whether they come
        by direct message too), and say so privately."""
        locale = private_locale(interaction)
        if grace is not None and grace not in GRACE_CHOICES:  # a forged choice: nothing changes
            await tell_privately(interaction, self.bot.messages.text("error.unknown_choice", locale))
            return
        user = interaction.user.id
        await in_time(interaction, self.bot.store.set_pings(user, wanted, grace), Acknowledge.PRIVATE)
        if dm is not None:
            await self.bot.store.set_dm_pings(user, dm)
        text = self.bot.messages.text
        said = [text("pings.on" if wanted else "pings.off", locale)]
        if dm is not None:
            said.append(text("pings.dm_on" if dm else "pings.dm_off", locale))
        if wanted:
            _, chosen = await self.bot.store.ping_settings(user)
            seconds = GRACE if chosen is None else chosen
            said.append(
                text("pings.after", locale, seconds=seconds) if seconds else text("pings.at_once", locale)
            )
        await tell_privately(interaction, " ".join(said))


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Pings(bot))
