"""``/league``: the leagues a server's moderators run, and their standings for everyone.

Moderator commands (create, settings, season start and end, remove-result) are for members with
Manage Server or the server's moderator role; ``/league moderators``, which chooses that role,
for members with Manage Server only. The check is made here, on the bot's side, for every use:
anyone else gets a short private refusal and nothing changes. A refusal is a
:class:`~data.LeagueError` raised before anything is written, which the command tree answers
privately (:class:`cogs.client.GameNightTree`).

The group carries no ``default_permissions``: Discord applies those to a top-level command as a
whole, so they would hide ``/league standings`` from the players it is for, and hide the
moderator commands from moderators who hold the moderator role without Manage Server. (A server
can still restrict any subcommand in its Integrations settings; the check here holds regardless.)

Refusals and confirmations are private, in the user's language; a season's start and end are
announced in the channel, and standings are posted there (a shared table people talk about), in
the server's language.
"""

from dataclasses import replace

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown as escape

from cogs.answers import Acknowledge, answer_publicly, in_time, tell_privately
from cogs.client import GameNightBot
from cogs.drafts import Draft
from cogs.i18n import command_text, private_locale, public_locale
from cogs.league_messages import (
    COLOUR,
    channels_text,
    day,
    game_choice,
    game_name,
    players_text,
    standings_draft,
)
from cogs.seasons import SeasonTurns, check_winner_role, period_words
from cogs.threads import home_channel
from data import (
    ABSENT_GAMES,
    TOPPO_DISPLAYS,
    TURN_TIMER_LIMITS,
    Game,
    League,
    LeagueError,
    LeagueGame,
    Season,
    SeasonSchedule,
)
from data.leagues import NAME_LIMIT, clean_name, name_key
from data.records import SEASON_EVERY
from engine.games import recorded, turn_based
from tables.season_calendar import zone, zones_matching

GAME_CHOICES = [
    app_commands.Choice(name=command_text(f"league.game.{game}"), value=game) for game in recorded()
]
DISPLAY_CHOICES = [
    app_commands.Choice(name=command_text("league.display.rules"), value=0),
    *(
        app_commands.Choice(name=command_text(f"league.display.fixed_{size}"), value=size)
        for size in TOPPO_DISPLAYS
    ),
]
ABSENT_CHOICES = [
    app_commands.Choice(name=command_text(f"league.absent_games.{rule}"), value=rule) for rule in ABSENT_GAMES
]
EVERY_CHOICES = [
    app_commands.Choice(name=command_text(f"league.every.{every}"), value=every)
    for every in (*SEASON_EVERY, "off")
]
REMOVALS_SHOWN = 5


def option(name: str) -> app_commands.locale_str:
    return command_text(f"league.option.{name}_name")


def described(name: str) -> app_commands.locale_str:
    return command_text(f"league.option.{name}_description")


def is_moderator(interaction: discord.Interaction, role_id: int | None) -> bool:
    """Manage Server (which administrators have too) in this channel, or the moderator role."""
    if interaction.permissions.manage_guild:
        return True
    member = interaction.user
    return role_id is not None and isinstance(member, discord.Member) and member.get_role(role_id) is not None


async def require_moderator(bot: GameNightBot, interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None, "league commands are for servers"
    if not is_moderator(interaction, await bot.store.get_moderator_role(interaction.guild_id)):
        raise LeagueError("refused")


def pick_league(leagues: list[League], name: str | None, channel_id: int | None) -> League:
    """The league a command means: the one named (in any case), else this channel's only league,
    else the server's only league."""
    names = ", ".join(league.name for league in leagues)
    if not leagues:
        raise LeagueError("no_leagues")
    if name:
        wanted = name_key(clean_name(name))
        found = next((league for league in leagues if name_key(league.name) == wanted), None)
        if found is None:
            raise LeagueError("unknown", name=name, leagues=names)
        return found
    here = [league for league in leagues if channel_id in league.channel_ids]
    if len(here) == 1:
        return here[0]
    if len(leagues) == 1:
        return leagues[0]
    raise LeagueError("which", leagues=names)


def pick_season(league: League, seasons: list[Season], number: int | None) -> Season:
    """The season named, else the running one, else the latest."""
    if not seasons:
        raise LeagueError("no_seasons", league=league.name)
    if number is None:
        return seasons[-1]
    found = next((season for season in seasons if season.number == number), None)
    if found is None:
        raise LeagueError("no_such_season", league=league.name, number=number)
    return found


class LeagueCog(commands.Cog):
    league = app_commands.Group(
        name=command_text("league.command_name"),
        description=command_text("league.command_description"),
        guild_only=True,
    )
    season = app_commands.Group(
        name=command_text("league.season.name"),
        description=command_text("league.season.description"),
        parent=league,
    )

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        self.turns = SeasonTurns(bot)

    async def _league(self, interaction: discord.Interaction, name: str | None) -> League:
        assert interaction.guild_id is not None
        return pick_league(
            await self.bot.store.leagues(interaction.guild_id), name, home_channel(interaction)
        )

    async def _moderated(self, interaction: discord.Interaction, name: str | None) -> League:
        """The league a moderator's command means; :class:`LeagueError` for anyone else."""
        await require_moderator(self.bot, interaction)
        return await self._league(interaction, name)

    # -- moderators --------------------------------------------------------------------------------

    @league.command(
        name=command_text("league.create.name"), description=command_text("league.create.description")
    )
    @app_commands.rename(
        name=option("name"),
        game=option("game"),
        channel=option("channel"),
        channel2=option("channel2"),
        channel3=option("channel3"),
    )
    @app_commands.describe(
        name=described("name"),
        game=described("game"),
        channel=described("channel"),
        channel2=described("channel2"),
        channel3=described("channel3"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, NAME_LIMIT],
        game: app_commands.Choice[str],
        channel: discord.TextChannel | None = None,
        channel2: discord.TextChannel | None = None,
        channel3: discord.TextChannel | None = None,
    ) -> None:
        """A league of one game; games in its channels count while a season runs."""
        bot = self.bot
        here = home_channel(interaction)
        assert interaction.guild_id is not None and here is not None
        chosen = [c.id for c in (channel, channel2, channel3) if c is not None] or [here]
        kind: Game = next(g for g in recorded() if g == game.value)

        async def create() -> League:
            await require_moderator(bot, interaction)
            assert interaction.guild_id is not None
            return await bot.store.create_league(interaction.guild_id, name.strip(), kind, chosen)

        league = await in_time(interaction, create(), Acknowledge.PRIVATE)
        locale = private_locale(interaction)
        text = bot.messages.text(
            "league.create.done",
            locale,
            league=escape(league.name),
            game=game_name(bot.messages, league.game, locale),
            channels=channels_text(league.channel_ids),
        )
        await tell_privately(interaction, text)

    @league.command(
        name=command_text("league.settings.name"), description=command_text("league.settings.description")
    )
    @app_commands.rename(
        league=option("league"),
        display=option("display"),
        turn_timer=option("turn_timer"),
        ai_games=option("ai_games"),
        absent_games=option("absent_games"),
    )
    @app_commands.describe(
        league=described("league"),
        display=described("display"),
        turn_timer=described("turn_timer"),
        ai_games=described("ai_games"),
        absent_games=described("absent_games"),
    )
    @app_commands.choices(display=DISPLAY_CHOICES)
    @app_commands.choices(absent_games=ABSENT_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        league: str | None = None,
        display: app_commands.Choice[int] | None = None,
        turn_timer: app_commands.Range[int, 0, 3600] | None = None,
        ai_games: bool | None = None,
        absent_games: app_commands.Choice[str] | None = None,
    ) -> None:
        """Change the given settings of a league's games, and show all of them."""
        bot = self.bot
        chosen = await in_time(interaction, self._moderated(interaction, league), Acknowledge.PRIVATE)
        locale = private_locale(interaction)
        changes: dict[str, object] = {}
        if display is not None:
            if chosen.game != "toppo":
                raise LeagueError("display_not_toppo")
            changes["toppo_display"] = display.value or None
        if turn_timer is not None:
            if not turn_based(chosen.game):
                timed = [game_name(bot.messages, name, locale) for name in recorded() if turn_based(name)]
                game = game_name(bot.messages, chosen.game, locale)
                raise LeagueError("timer_not_turn_based", game=game, games=", ".join(timed))
            if 0 < turn_timer < TURN_TIMER_LIMITS[0]:
                raise LeagueError("timer_range")
            changes["turn_timer"] = turn_timer or None
        if ai_games is not None:
            changes["ai_games_count"] = ai_games
        if absent_games is not None:
            changes["absent_games"] = absent_games.value
        changed = any(getattr(chosen.settings, name) != value for name, value in changes.items())

        async def change(league: League) -> discord.Embed:
            if changed:
                # Only what this command names: a moderator changing another setting meanwhile keeps theirs.
                league = replace(
                    league, settings=await bot.store.change_league_settings(league.id, **changes)
                )
            return await self.overview(interaction, league, locale)

        embed = await in_time(interaction, change(chosen), Acknowledge.PRIVATE)
        content = bot.messages.text("league.settings.changed", locale, league=escape(chosen.name))
        await tell_privately(interaction, content if changed else None, embed=embed)

    async def overview(self, interaction: discord.Interaction, league: League, locale: str) -> discord.Embed:
        """A league at a glance, for its moderators: channels, season, settings, who moderates,
        and the latest removed results with their reasons."""
        store, text = self.bot.store, self.bot.messages.text
        assert interaction.guild_id is not None
        embed = discord.Embed(
            title=text(
                "league.overview.title",
                locale,
                league=league.name,
                game=game_name(self.bot.messages, league.game, locale),
            ),
            colour=COLOUR,
        )
        embed.add_field(
            name=text("league.overview.channels", locale), value=channels_text(league.channel_ids)
        )
        if league.season is not None:
            season = text(
                "league.overview.season_running",
                locale,
                number=league.season.number,
                date=day(league.season.started_at),
            )
        else:
            season = text("league.overview.season_none", locale, seasons=len(await store.seasons(league.id)))
        embed.add_field(name=text("league.overview.season", locale), value=season)
        settings = league.settings
        if league.game == "toppo":
            size = settings.toppo_display
            shown = text("league.display.rules" if size is None else f"league.display.fixed_{size}", locale)
            embed.add_field(name=text("league.overview.display", locale), value=shown, inline=False)
        if turn_based(league.game):
            timer = settings.turn_timer
            shown = (
                text("league.overview.turn_timer_off", locale)
                if timer is None
                else text("league.overview.turn_timer_seconds", locale, seconds=timer)
            )
            embed.add_field(name=text("league.overview.turn_timer", locale), value=shown)
        counted = "ai_games_count" if settings.ai_games_count else "ai_games_ignored"
        embed.add_field(
            name=text("league.overview.ai_games", locale), value=text(f"league.overview.{counted}", locale)
        )
        embed.add_field(
            name=text("league.overview.absent_games", locale),
            value=text(f"league.absent_games.{settings.absent_games}", locale),
        )
        role = await store.get_moderator_role(interaction.guild_id)
        moderators = (
            text("league.overview.moderators_managers", locale)
            if role is None
            else text("league.overview.moderators_role", locale, role=f"<@&{role}>")
        )
        embed.add_field(name=text("league.overview.moderators", locale), value=moderators, inline=False)
        removals = await store.removals(league.id, REMOVALS_SHOWN)
        if removals:
            lines = [
                text(
                    "league.overview.removal",
                    locale,
                    game=removal.game_id,
                    date=day(removal.removed_at),
                    moderator=f"<@{removal.moderator_id}>",
                    reason=escape(removal.reason),
                )
                for removal in removals
            ]
            embed.add_field(
                name=text("league.overview.removed", locale), value="\n".join(lines)[:1024], inline=False
            )
        return embed

    @season.command(
        name=command_text("league.season.start_name"),
        description=command_text("league.season.start_description"),
    )
    @app_commands.rename(league=option("league"))
    @app_commands.describe(league=described("league"))
    async def season_start(self, interaction: discord.Interaction, league: str | None = None) -> None:
        """Start the league's next season, and say so in the channel."""
        bot = self.bot

        async def start() -> tuple[League, Season, str]:
            chosen = await self._moderated(interaction, league)
            return (
                chosen,
                await bot.store.start_season(chosen.id),
                await public_locale(interaction, bot.store),
            )

        chosen, season, locale = await in_time(interaction, start(), Acknowledge.PUBLIC)
        text = bot.messages.text(
            "league.season.started",
            locale,
            number=season.number,
            league=escape(chosen.name),
            game=game_name(bot.messages, chosen.game, locale),
            channels=channels_text(chosen.channel_ids),
        )
        await answer_publicly(interaction, text=text)

    @season.command(
        name=command_text("league.season.end_name"), description=command_text("league.season.end_description")
    )
    @app_commands.rename(league=option("league"))
    @app_commands.describe(league=described("league"))
    async def season_end(self, interaction: discord.Interaction, league: str | None = None) -> None:
        """End the running season and post its final standings in the channel."""
        bot = self.bot

        async def end() -> Draft:
            chosen = await self._moderated(interaction, league)
            season = await bot.store.end_season(chosen.id)
            locale = await public_locale(interaction, bot.store)
            intro = bot.messages.text(
                "league.season.ended", locale, number=season.number, league=escape(chosen.name)
            )
            return await self.season_draft(interaction, chosen, season, locale, intro)

        await answer_publicly(interaction, await in_time(interaction, end(), Acknowledge.PUBLIC))

    @season.command(
        name=command_text("league.season.schedule_name"),
        description=command_text("league.season.schedule_description"),
    )
    @app_commands.rename(
        every=option("every"),
        league=option("league"),
        timezone=option("timezone"),
        role=option("winner_role"),
    )
    @app_commands.describe(
        every=described("every"),
        league=described("league"),
        timezone=described("timezone"),
        role=described("winner_role"),
    )
    @app_commands.choices(every=EVERY_CHOICES)
    async def season_schedule(
        self,
        interaction: discord.Interaction,
        every: str,
        league: str | None = None,
        timezone: str | None = None,
        role: discord.Role | None = None,
    ) -> None:
        """Have the league's seasons turn over by themselves (or by hand again), and say so."""
        bot = self.bot

        async def set_up() -> str:
            chosen = await self._moderated(interaction, league)
            locale = await public_locale(interaction, bot.store)
            if every == "off":
                await self.turns.stop(chosen)
                return bot.messages.text("league.season.unscheduled", locale, league=escape(chosen.name))
            where = (timezone or "UTC").strip()
            try:
                zone(where)
            except ValueError:
                raise LeagueError("bad_zone", zone=escape(where)) from None
            if role is not None:
                check_winner_role(interaction, role)
            place = home_channel(interaction)
            assert place is not None and interaction.guild_id is not None
            schedule = SeasonSchedule(
                chosen.id,
                interaction.guild_id,
                every,
                where,
                place,
                locale,
                None if role is None else role.id,
            )
            season, end = await self.turns.set(chosen, schedule)
            text = bot.messages.text(
                "league.season.scheduled",
                locale,
                league=escape(chosen.name),
                every=bot.messages.text(f"league.every.{every}", locale),
                zone=where,
                number=season.number,
                period=period_words(bot.messages, season.period, locale) if season.period else season.number,
                end=discord.utils.format_dt(end, "F"),
            )
            if role is not None:
                text += " " + bot.messages.text("league.season.scheduled_role", locale, role=role.mention)
            return text

        text = await in_time(interaction, set_up(), Acknowledge.PUBLIC)
        await answer_publicly(interaction, text=text, mentions=discord.AllowedMentions.none())

    @league.command(
        name=command_text("league.remove.name"), description=command_text("league.remove.description")
    )
    @app_commands.rename(game=option("result"), reason=option("reason"), league=option("league"))
    @app_commands.describe(game=described("result"), reason=described("reason"), league=described("league"))
    async def remove_result(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 3, 200],
        league: str | None = None,
    ) -> None:
        """Take a counted game out of the league, with the reason kept in its log."""
        bot = self.bot

        async def remove() -> tuple[League, LeagueGame]:
            chosen = await self._moderated(interaction, league)
            return chosen, await bot.store.remove_result(chosen, game, interaction.user.id, reason.strip())

        chosen, removed = await in_time(interaction, remove(), Acknowledge.PRIVATE)
        locale = private_locale(interaction)
        text = bot.messages.text(
            "league.remove.done",
            locale,
            game=removed.id,
            date=day(removed.finished_at),
            players=escape(players_text(bot.messages, removed, locale)),
            league=escape(chosen.name),
            reason=escape(reason.strip()),
        )
        await tell_privately(interaction, text)

    @league.command(
        name=command_text("league.moderators.name"), description=command_text("league.moderators.description")
    )
    @app_commands.rename(role=option("role"))
    @app_commands.describe(role=described("role"))
    async def moderators(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        """Choose (or with no role, stop having) the moderator role; Manage Server only, since
        the role's members may otherwise choose who moderates."""
        bot = self.bot
        assert interaction.guild_id is not None
        if not interaction.permissions.manage_guild:
            raise LeagueError("refused_managers")
        chosen = None if role is None else role.id
        await in_time(
            interaction, bot.store.set_moderator_role(interaction.guild_id, chosen), Acknowledge.PRIVATE
        )
        locale = private_locale(interaction)
        if role is None:
            text = bot.messages.text("league.moderators.cleared", locale)
        else:
            text = bot.messages.text("league.moderators.set", locale, role=role.mention)
        await tell_privately(interaction, text)

    # -- everyone ----------------------------------------------------------------------------------

    @league.command(
        name=command_text("league.standings.name"), description=command_text("league.standings.description")
    )
    @app_commands.rename(league=option("league"), season=option("season"))
    @app_commands.describe(league=described("league"), season=described("season"))
    async def standings(
        self,
        interaction: discord.Interaction,
        league: str | None = None,
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """A season's standings as a picture, in the channel."""
        bot = self.bot

        async def standings() -> Draft:
            chosen = await self._league(interaction, league)
            picked = pick_season(chosen, await bot.store.seasons(chosen.id), season)
            locale = await public_locale(interaction, bot.store)
            return await self.season_draft(interaction, chosen, picked, locale)

        await answer_publicly(interaction, await in_time(interaction, standings(), Acknowledge.PUBLIC))

    async def season_draft(
        self,
        interaction: discord.Interaction,
        league: League,
        season: Season,
        locale: str,
        intro: str | None = None,
    ) -> Draft:
        """A season's standings as posted, with how many of its games an AI played a seat in for
        someone (their line says how the league counts those)."""
        store = self.bot.store
        standings = await store.standings(league, season)
        stood_in = await store.stood_in_games(league, season)
        return await standings_draft(
            self.bot.messages, league, season, standings, stood_in, interaction.user.id, locale, intro
        )

    # -- autocomplete ------------------------------------------------------------------------------

    @season_schedule.autocomplete("timezone")
    async def zone_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Time zones whose name holds what was typed (``madrid``, ``new_york``), the first 25."""
        return [app_commands.Choice(name=name, value=name) for name in zones_matching(current)]

    @settings.autocomplete("league")
    @season_start.autocomplete("league")
    @season_end.autocomplete("league")
    @season_schedule.autocomplete("league")
    @remove_result.autocomplete("league")
    @standings.autocomplete("league")
    async def league_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's leagues whose name contains what was typed."""
        assert interaction.guild_id is not None
        typed = current.casefold()
        return [
            app_commands.Choice(name=league.name, value=league.name)
            for league in await self.bot.store.leagues(interaction.guild_id)
            if typed in league.name.casefold()
        ][:25]

    @remove_result.autocomplete("game")
    async def counted_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The league's latest counted games whose number or players match what was typed (for
        moderators only: others are offered nothing)."""
        try:
            await require_moderator(self.bot, interaction)
            league = await self._league(interaction, getattr(interaction.namespace, "league", None))
        except LeagueError:
            return []
        messages, locale = self.bot.messages, private_locale(interaction)
        typed = current.strip().lstrip("#").casefold()
        choices = []
        for game in await self.bot.store.league_games(league, 100):
            if typed in str(game.id) or typed in players_text(messages, game, locale, limit=8).casefold():
                choices.append(app_commands.Choice(name=game_choice(messages, game, locale), value=game.id))
        return choices[:25]


async def setup(bot: GameNightBot) -> None:
    await bot.add_cog(LeagueCog(bot))
