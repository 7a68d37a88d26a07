"""``/night`` (``/noche``): game nights a server's moderators plan (issue 45).

``/night plan`` takes the game, the format and its settings and the start; it announces the night
as a Discord Scheduled Event (the bot needs Create Events: refused in one line without it) and
posts the sign-up card in the channel, where people press **Join** and, from fifteen minutes
before the start, **I'm here**. ``/night edit`` moves the start, ``/night cancel`` calls the night
off, ``/night drop`` withdraws someone, ``/night end`` ends it early; the event and the card follow
each. What happens at the night's times (check-in, the start, rounds, the arena's end) is
:mod:`cogs.night_runner`'s. One night is planned or under way per channel at a time.

Moderators are checked as for leagues (Manage Server, or the server's moderator role), by the
bot, whatever the client shows; refusals are private and change nothing.
"""

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Acknowledge, answer_publicly, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.components import ANSWERS
from cogs.i18n import command_text, private_locale, public_locale
from cogs.league import require_moderator
from cogs.night_card import NightButton, card_draft
from cogs.night_runner import NightRunner
from cogs.threads import home_channel
from data import Night
from engine.games import names
from tables.night_plan import FILLS, LEVELS, NightPlanError, NightSettings, parse_start
from tables.night_seating import Fill
from tables.season_calendar import zones_matching

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=command_text(f"games.{game}"), value=game) for game in names()]
FORMAT_CHOICES = [
    app_commands.Choice(name=command_text(f"night.format.{format}_choice"), value=format)
    for format in ("rounds", "arena")
]
LEFTOVER_CHOICES = [
    app_commands.Choice(name=command_text(f"night.leftover.{fill}"), value=fill) for fill in FILLS
]
LEVEL_CHOICES = [app_commands.Choice(name=command_text(f"ai.level.{level}"), value=level) for level in LEVELS]


def option(name: str) -> app_commands.locale_str:
    return command_text(f"night.option.{name}_name")


def described(name: str) -> app_commands.locale_str:
    return command_text(f"night.option.{name}_description")


class NightCog(commands.Cog):
    night = app_commands.Group(
        name=command_text("night.command_name"),
        description=command_text("night.command_description"),
        guild_only=True,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        self.runner = NightRunner(bot)
        ANSWERS.night = self.pressed

    async def cog_load(self) -> None:
        """The open nights, as stored, before the scheduler runs their times."""
        await self.runner.load()

    async def cog_unload(self) -> None:
        self.runner.stop()

    async def _open_night(self, interaction: discord.Interaction) -> Night:
        """The night planned or under way in this channel, for a moderator."""
        await require_moderator(self.bot, interaction)
        found = self.runner.night_in(home_channel(interaction))
        if found is None:
            raise NightPlanError("no_night")
        return found

    @night.command(name=command_text("night.plan.name"), description=command_text("night.plan.description"))
    @app_commands.rename(
        game=option("game"),
        format=option("format"),
        start=option("start"),
        timezone=option("timezone"),
        rounds=option("rounds"),
        leftover=option("leftover"),
        level=option("level"),
        minutes=option("minutes"),
    )
    @app_commands.describe(
        game=described("game"),
        format=described("format"),
        start=described("start"),
        timezone=described("timezone"),
        rounds=described("rounds"),
        leftover=described("leftover"),
        level=described("level"),
        minutes=described("minutes"),
    )
    @app_commands.choices(
        game=GAME_CHOICES, format=FORMAT_CHOICES, leftover=LEFTOVER_CHOICES, level=LEVEL_CHOICES
    )
    async def plan(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        start: app_commands.Range[str, 1, 40],
        timezone: str | None = None,
        rounds: int = 3,
        leftover: Fill = "ai",
        level: str = "normal",
        minutes: int = 60,
    ) -> None:
        """Plan a night here: checked first, then its event, its card and its schedule."""
        bot = self.bot
        assert interaction.guild_id is not None

        async def make() -> Night:
            await require_moderator(bot, interaction)
            settings = NightSettings(rounds=rounds, fill=leftover, level=level, minutes=minutes)
            starts = parse_start(start, timezone, bot.schedule.now())
            place = home_channel(interaction)
            assert place is not None
            if self.runner.night_in(place) is not None:
                raise NightPlanError("night_open")
            permissions = interaction.app_permissions
            if not (permissions.create_events or permissions.manage_events):
                raise NightPlanError("no_events")
            plan = Night(
                0,
                interaction.guild_id or 0,
                place,
                game,
                format,
                settings.to_json(),
                starts,
                await public_locale(interaction, bot.store),
                planned_by=interaction.user.id,
            )
            return await self.runner.plan(plan)

        night = await in_time(interaction, make(), Acknowledge.PUBLIC)
        card = await answer_publicly(
            interaction, card_draft(bot.messages, night, [], self.runner.game_name(night))
        )
        await self.runner.card_posted(night, card)

    @night.command(name=command_text("night.edit.name"), description=command_text("night.edit.description"))
    @app_commands.rename(start=option("start"), timezone=option("timezone"))
    @app_commands.describe(start=described("start"), timezone=described("timezone"))
    async def edit(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[str, 1, 40],
        timezone: str | None = None,
    ) -> None:
        """Move the night's start (before it begins); its event, card and schedule follow."""

        async def move() -> Night:
            night = await self._open_night(interaction)
            if night.state not in ("planned", "checkin"):
                raise NightPlanError("started")
            return await self.runner.move(night, parse_start(start, timezone, self.bot.schedule.now()))

        night = await in_time(interaction, move(), Acknowledge.PRIVATE)
        locale = private_locale(interaction)
        text = self.bot.messages.text(
            "night.edit.done",
            locale,
            game=self.runner.game_name(night, locale),
            start=discord.utils.format_dt(night.starts_at, "F"),
        )
        await tell_privately(interaction, text)

    @plan.autocomplete("timezone")
    @edit.autocomplete("timezone")
    async def zone_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Time zones whose name holds what was typed, the first 25."""
        return [app_commands.Choice(name=name, value=name) for name in zones_matching(current)]

    @night.command(
        name=command_text("night.cancel.name"), description=command_text("night.cancel.description")
    )
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Call the night off: its event is cancelled, its card says so, its tables play on."""

        async def call_off() -> Night:
            return await self.runner.cancel(await self._open_night(interaction))

        night = await in_time(interaction, call_off(), Acknowledge.PRIVATE)
        locale = private_locale(interaction)
        text = self.bot.messages.text(
            "night.cancel.done",
            locale,
            game=self.runner.game_name(night, locale),
            start=discord.utils.format_dt(night.starts_at, "F"),
        )
        await tell_privately(interaction, text)

    @night.command(name=command_text("night.drop.name"), description=command_text("night.drop.description"))
    @app_commands.rename(member=option("member"))
    @app_commands.describe(member=described("member"))
    async def drop(self, interaction: discord.Interaction, member: discord.Member) -> None:
        """Withdraw ``member``: not seated again; their games so far still count."""

        async def withdraw() -> None:
            await self.runner.withdraw(await self._open_night(interaction), member.id, member.display_name)

        await in_time(interaction, withdraw(), Acknowledge.PRIVATE)
        text = self.bot.messages.text("night.drop.done", private_locale(interaction), name=member.mention)
        await tell_privately(interaction, text)

    @night.command(name=command_text("night.end.name"), description=command_text("night.end.description"))
    async def end(self, interaction: discord.Interaction) -> None:
        """End the night now: the final standings are posted; tables under way play on uncounted."""

        async def finish() -> None:
            await self.runner.finish(await self._open_night(interaction))

        await in_time(interaction, finish(), Acknowledge.PRIVATE)
        await tell_privately(interaction, "✅")

    async def pressed(self, interaction: discord.Interaction, night_id: int, action: str) -> None:
        """Join, Leave or I'm here on a night's card: the card redrawn, the presser told privately."""
        locale = private_locale(interaction)
        night = self.runner.night(night_id)
        if night is None or not night.open:
            await tell_privately(interaction, self.bot.messages.text("night.answer.not_open", locale))
            return
        name = interaction.user.display_name
        key = await self.runner.person_pressed(night, interaction.user.id, name, action)
        card = await self.runner.card(night)
        await interaction.response.edit_message(**card.edit())
        await interaction.followup.send(self.bot.messages.text(f"night.answer.{key}", locale), ephemeral=True)


async def setup(bot: GameNightBot) -> None:
    bot.add_dynamic_items(NightButton)
    await bot.add_cog(NightCog(bot))
