"""``/tables where absent_after keep_days``: whether a server's new tables play in threads of their
own or in the channel, how long its real-time tables wait for an absent person, and how long its
finished games are kept for their replays (:mod:`cogs.history`).

Threads are the default (``TABLES_IN``): each table's lobby card stays in the channel and its games
are played in a thread started from it (:mod:`cogs.threads`), so one games channel runs several
tables at once and keeps one message per table. A server that prefers everything in the channel
itself, as before threads, chooses so here; and how long a Toppo or Spit table waits for the one
person it needs before an AI plays their seat (:mod:`tables.stand_ins`). Moderators only (Manage
Server or the league moderator role, as for leagues); the check is made on the bot's side for every use, and a
refusal is private and changes nothing. Running tables stay where they are.
"""

import functools

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.i18n import command_text, private_locale
from cogs.league import require_moderator
from cogs.set_aside import listing, tell
from cogs.threads import place_of_tables
from data.history import KEEP_CHOICES, KEEP_DAYS
from tables.stand_ins import ABSENT_AFTER, ABSENT_CHOICES

PLACES = ("threads", "channels")


class Places(commands.Cog):
    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=command_text("places.command_name"), description=command_text("places.command_description")
    )
    @app_commands.guild_only()
    @app_commands.rename(
        where=command_text("places.where_name"),
        absent_after=command_text("places.absent_name"),
        keep_days=command_text("places.keep_name"),
    )
    @app_commands.describe(
        where=command_text("places.where_description"),
        absent_after=command_text("places.absent_description"),
        keep_days=command_text("places.keep_description"),
    )
    @app_commands.choices(
        where=[app_commands.Choice(name=command_text(f"places.{place}"), value=place) for place in PLACES]
    )
    @app_commands.choices(
        absent_after=[
            app_commands.Choice(name=command_text(f"places.absent_{seconds}"), value=seconds)
            for seconds in ABSENT_CHOICES
        ]
    )
    @app_commands.choices(
        keep_days=[
            app_commands.Choice(name=command_text(f"places.keep_{days}"), value=days) for days in KEEP_CHOICES
        ]
    )
    async def tables(
        self,
        interaction: discord.Interaction,
        where: str | None = None,
        absent_after: int | None = None,
        keep_days: int | None = None,
    ) -> None:
        """Set where this server's new tables play, how long they wait for an absent person and
        how long finished games are kept, and say so privately; with none, say how they are set."""
        locale = private_locale(interaction)
        text = self.bot.messages.text
        if (
            (where is not None and where not in PLACES)
            or (absent_after is not None and absent_after not in ABSENT_CHOICES)
            or (keep_days is not None and keep_days not in KEEP_CHOICES)
        ):  # a forged choice: nothing changes
            await tell_privately(interaction, text("error.unknown_choice", locale))
            return
        await require_moderator(self.bot, interaction)
        guild = interaction.guild_id
        assert guild is not None
        store = self.bot.store

        async def change() -> tuple[bool, int, int]:
            if where is not None:
                await store.set_tables_in_threads(guild, where == "threads")
            if absent_after is not None:
                await store.set_absent_after(guild, absent_after)
            if keep_days is not None:
                await store.set_keep_days(guild, keep_days)
            threads = await place_of_tables(self.bot.store, guild, threads=self.bot.threads) == "threads"
            return threads, await absent_limit(self.bot, guild), await store.keep_days(guild) or KEEP_DAYS

        threads, seconds, days = await in_time(interaction, change(), Acknowledge.PRIVATE)
        lines = [text(f"places.now_{'threads' if threads else 'channels'}", locale)]
        lines.append(text("places.now_absent", locale, seconds=seconds))
        lines.append(text("places.now_keep", locale, days=days))
        aside, buttons = await listing(self.bot, guild, locale)
        if aside:
            lines += ["", aside]
        await tell_privately(interaction, "\n".join(lines), view=buttons or discord.utils.MISSING)


async def absent_limit(bot: GameNightBot, guild_id: int) -> int:
    """Seconds this server's real-time tables wait for an absent person (its moderators'
    choice, else the bot's default)."""
    chosen = await bot.store.absent_after(guild_id)
    return round(ABSENT_AFTER) if chosen is None else chosen


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(Places(bot))
    bot.tables.on_set_aside = functools.partial(tell, bot)
