"""Seasons that turn over by themselves (issue 45): what ``/league season schedule`` sets up and
what the bot does at each boundary.

A moderator has a league's seasons end and the next begin every week, month or quarter, at
midnight in a time zone they name (:mod:`tables.season_calendar`). At each boundary the
scheduler (:mod:`tables.scheduler`, a calendar time) calls :meth:`SeasonTurns.turn`: the running
season ends at the boundary and the next starts there (:meth:`data.Store.roll_season`, once
however often it is tried), its final standings are posted where the moderator set it up, in
the server's language then, the next season is announced with its end, and the season's winner
(everyone sharing first place) is given the role the moderator named, which last season's
winners lose. A bot down at the boundary does all that when it is back, the season still dated
at its boundary.

A season that turns over by itself is named for its period, as people say it: "December 2026",
"Q1 2027", "week of 30 November 2026" ("diciembre de 2026", "T1 2027" in Spanish).
"""

import contextlib
import logging
from datetime import UTC, datetime, time

import discord
from discord.utils import escape_markdown as escape

from cogs.client import GameNightBot
from cogs.league_messages import channels_text, game_name, standings_draft
from data import League, LeagueError, Scheduled, Season, SeasonSchedule, Standing
from locales import Catalog
from tables.season_calendar import next_boundary, period_of, period_parts, zone

log = logging.getLogger(__name__)

KIND = "season"
"""The scheduler's kind for a league's next boundary (its key: the league's id)."""
QUIET = discord.AllowedMentions.none()
"""The season's posts name roles and people without pinging them."""


def period_words(messages: Catalog, period: str, locale: str) -> str:
    """A season's period as people say it, in ``locale``."""
    every, first = period_parts(period)
    noon = datetime.combine(first, time(12), UTC)  # the day itself in every time zone's reading
    if every == "monthly":
        return messages.short_date(noon, "yMMMM", locale)
    if every == "quarterly":
        return messages.short_date(noon, "yQQQ", locale)
    return messages.text("league.period.week", locale, date=messages.date(noon, locale))


def boundary_after(schedule: SeasonSchedule, moment: datetime) -> Scheduled:
    """The scheduler's entry for the league's first boundary after ``moment``."""
    due = next_boundary(moment, schedule.every, zone(schedule.zone))
    return Scheduled(KIND, str(schedule.league_id), schedule.guild_id, due)


def check_winner_role(interaction: discord.Interaction, role: discord.Role) -> None:
    """Refuse, before anything is set, a role the bot could not give: without Manage Roles, a
    role of Discord's or an app's, or one at or above the bot's highest role."""
    mention = role.mention
    if role.is_default() or role.managed:
        raise LeagueError("role_managed", role=mention)
    if not interaction.app_permissions.manage_roles:
        raise LeagueError("role_no_permission", role=mention)
    me = interaction.guild.me if interaction.guild is not None else None
    if me is None or role >= me.top_role:
        raise LeagueError("role_too_high", role=mention)


class SeasonTurns:
    """The seasons of the bot's leagues that turn over by themselves."""

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        bot.schedule.handle(KIND, self.turn)

    async def set(self, league: League, schedule: SeasonSchedule) -> tuple[Season, datetime]:
        """Have ``league``'s seasons turn over as ``schedule`` says: the running season (one in
        the current period, started now, if none ran) and when it ends."""
        now = self.bot.schedule.now()
        period = period_of(now, schedule.every, zone(schedule.zone))
        await self.bot.store.set_season_schedule(schedule, period=period, now=now)
        entry = boundary_after(schedule, now)
        await self.bot.schedule.put(entry)
        running = (await self.bot.store.seasons(league.id))[-1]
        return running, entry.due

    async def stop(self, league: League) -> None:
        """Seasons of ``league`` turn over by hand again; the running one runs on."""
        await self.bot.schedule.drop(KIND, str(league.id))
        await self.bot.store.drop_season_schedule(league.id)

    async def turn(self, entry: Scheduled) -> None:
        """A boundary: end the season there, start the next, say so, move the winner's role."""
        store = self.bot.store
        schedule = await store.season_schedule(int(entry.key))
        if schedule is None:
            return  # turned over by hand since
        period = period_of(entry.due, schedule.every, zone(schedule.zone))
        rolled = await store.roll_season(schedule.league_id, entry.due, period)
        await self.bot.schedule.put(boundary_after(schedule, entry.due))
        leagues = await store.leagues(schedule.guild_id)
        league = next((found for found in leagues if found.id == schedule.league_id), None)
        if rolled is None or league is None:
            return  # done before a fault (and said then), or the league is gone
        ended, started = rolled
        winners = [line for line in await store.standings(league, ended) if line.rank == 1] if ended else []
        try:
            await self._post(schedule, league, ended, started, winners)
            if schedule.winner_role_id is not None and ended is not None:
                await self._move_role(schedule, league, ended, [line.user_id for line in winners])
        except discord.HTTPException as error:
            log.warning("league %d's season turned over, but saying so failed: %s", league.id, error)

    async def _post(
        self,
        schedule: SeasonSchedule,
        league: League,
        ended: Season | None,
        started: Season,
        winners: list[Standing],
    ) -> None:
        """Post the ended season's final standings, then the next season's start (and who gets
        the winner's role)."""
        messages, store, locale = self.bot.messages, self.bot.store, schedule.locale
        channel = self.bot.get_partial_messageable(schedule.channel_id, guild_id=schedule.guild_id)
        if ended is not None:
            intro = messages.text(
                "league.season.turned",
                locale,
                number=ended.number,
                league=escape(league.name),
                period=self._period(ended, locale),
            )
            standings = await store.standings(league, ended)
            stood_in = await store.stood_in_games(league, ended)
            draft = await standings_draft(messages, league, ended, standings, stood_in, 0, locale, intro)
            await channel.send(files=draft.files(), view=draft.layout(), allowed_mentions=QUIET)
        text = messages.text(
            "league.season.next",
            locale,
            number=started.number,
            league=escape(league.name),
            period=self._period(started, locale),
            game=game_name(messages, league.game, locale),
            channels=channels_text(league.channel_ids),
            end=discord.utils.format_dt(boundary_after(schedule, started.started_at).due, "F"),
        )
        if winners and schedule.winner_role_id is not None:
            text += "\n" + messages.text(
                "league.season.winner_role",
                locale,
                winners=", ".join(f"**{escape(line.name)}**" for line in winners),
                count=len(winners),
                role=f"<@&{schedule.winner_role_id}>",
            )
        await channel.send(text, allowed_mentions=QUIET)

    def _period(self, season: Season, locale: str) -> str:
        if season.period is None:
            return self.bot.messages.text("league.period.by_hand", locale)
        return period_words(self.bot.messages, season.period, locale)

    async def _move_role(
        self, schedule: SeasonSchedule, league: League, ended: Season, winners: list[int]
    ) -> None:
        """Give the winner's role to ``winners``, taking it from last season's who did not win
        again; someone who left the server meanwhile is passed over."""
        assert schedule.winner_role_id is not None
        role = discord.Object(schedule.winner_role_id)
        store = self.bot.store
        earlier = [season for season in await store.seasons(league.id) if season.number == ended.number - 1]
        before = (
            [line.user_id for line in await store.standings(league, earlier[0]) if line.rank == 1]
            if earlier
            else []
        )
        guild = self.bot.get_guild(schedule.guild_id) or await self.bot.fetch_guild(schedule.guild_id)
        reason = f"season {ended.number} of {league.name}"
        for user_id, give in [
            *((user, False) for user in set(before) - set(winners)),
            *((user, True) for user in winners),
        ]:
            with contextlib.suppress(discord.NotFound):
                member = await guild.fetch_member(user_id)
                await (
                    member.add_roles(role, reason=reason)
                    if give
                    else member.remove_roles(role, reason=reason)
                )
