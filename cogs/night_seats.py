"""Seating a game night's people at ordinary tables (issue 45): a round of the rounds format, or
whoever waits in the arena's pool, grouped by :mod:`tables.night_seating` and
:mod:`tables.night_arena`, each group opened as a table in its own thread with its people in it
(:func:`cogs.opening.open_seated`), stored with the night before anyone plays, and announced in
the channel with one mention of each person seated (never deleted).

A bye (the rounds format, when the night gives people left over a bye) is stored as a table of
its own, counted at once with a bye's points, so it counts once like any game.
"""

import asyncio
import logging
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import discord

from cogs.client import GameNightBot
from cogs.kinds import kind_named
from cogs.opening import open_seated
from data import Night, NightPerson, NightScore, NightTable, Rating
from data.ratings import DISPLAY_START
from tables.night_arena import ArenaSettings, Waiting, pair
from tables.night_plan import NightSettings
from tables.night_points import BYE_POINTS
from tables.night_seating import Entrant, Past, Seats, TableSizes, seat_round

log = logging.getLogger(__name__)


class NightSeats:
    """Opens a night's tables, and keeps the arena's pool (who waits, since when)."""

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        self._pools: dict[int, dict[int, float]] = {}
        """Each arena's people waiting for a table, and since when (wall-clock seconds)."""

    # -- the arena's pool ----------------------------------------------------------------------

    def arrived(self, night_id: int, user_id: int) -> None:
        self._pools.setdefault(night_id, {}).setdefault(user_id, time.time())

    def left(self, night_id: int, user_id: int) -> None:
        self._pools.get(night_id, {}).pop(user_id, None)

    def waiting(self, night_id: int) -> list[tuple[int, float]]:
        """Who waits in the arena's pool and since when, longest first."""
        return sorted(self._pools.get(night_id, {}).items(), key=lambda item: item[1])

    # -- seating ---------------------------------------------------------------------------------

    def sizes(self, night: Night) -> TableSizes:
        sizes: TableSizes = kind_named(night.game).table_class.night_sizes()
        return sizes

    def result_key(self, night: Night, table_id: str) -> str:
        """The key a night table's one game is recorded under (its first game, no Play again)."""
        return f"{night.game}:{table_id}:{kind_named(night.game).table_class.rated_as}1"

    async def ratings(self, night: Night) -> dict[int, float]:
        """The night's game's ratings in its server (a person not yet rated has none here)."""
        board: list[Rating] = await self.bot.store.leaderboard(night.guild_id, night.game)
        return {rating.user_id: float(rating.display) for rating in board}

    async def entrants(
        self, night: Night, scores: Sequence[NightScore], user_ids: Sequence[int]
    ) -> list[Entrant]:
        """``user_ids`` as the seaters see them: their rating (1500 before their first rated
        game, as the ratings show it) and night points so far."""
        ratings = await self.ratings(night)
        points = _points(scores)
        return [
            Entrant(user, ratings.get(user, float(DISPLAY_START)), points.get(user, 0.0)) for user in user_ids
        ]

    async def seat_round(
        self,
        night: Night,
        people: Sequence[NightPerson],
        scores: Sequence[NightScore],
        tables: Sequence[NightTable],
    ) -> list[NightTable]:
        """Seat round ``night.round``: everyone checked in and not withdrawn, grouped by the
        seater; byes counted at once; each table opened and announced."""
        settings = NightSettings.from_json(night.settings)
        here = [person.user_id for person in people if person.checked_in and not person.withdrawn]
        entrants = await self.entrants(night, scores, here)
        past = Past(
            tables=tuple(table.seats for table in tables if not table.table_id.startswith("bye")),
            byes=tuple(
                user for table in tables if table.table_id.startswith("bye") for user in table.seats if user
            ),
        )
        seating = seat_round(entrants, self.sizes(night), settings.fill, past)
        if seating.byes:
            await self._byes(night, seating.byes)
        return await self._open(night, people, seating.tables)

    async def seat_arena(
        self,
        night: Night,
        people: Sequence[NightPerson],
        scores: Sequence[NightScore],
        tables: Sequence[NightTable],
    ) -> list[NightTable]:
        """Seat whoever the arena's pool may seat now (none in its closing minutes)."""
        settings = NightSettings.from_json(night.settings)
        pool = self._pools.get(night.id, {})
        present = {p.user_id for p in people if p.checked_in and not p.withdrawn}
        for user_id in list(pool):
            if user_id not in present:
                del pool[user_id]
        if not pool:
            return []
        entrants = await self.entrants(night, scores, list(pool))
        waiting = [
            Waiting(
                entrant,
                datetime.fromtimestamp(pool[entrant.user_id], UTC),
                _last_table(entrant.user_id, tables),
            )
            for entrant in entrants
        ]
        arena = ArenaSettings(
            self.sizes(night),
            night.starts_at + timedelta(minutes=settings.minutes),
            ai_after_s=float(settings.ai_after),
            closing_s=settings.closing * 60.0,
        )
        groups = pair(waiting, datetime.now(UTC), arena)
        for group in groups:
            for seat in group:
                if seat is not None:
                    pool.pop(seat, None)
        return await self._open(night, people, groups)

    async def _byes(self, night: Night, byes: Sequence[int]) -> None:
        bye = NightTable(f"bye-{night.round}", night.round, tuple(byes), self.bot.schedule.now())
        await self.bot.store.seat_night_table(night.id, bye)
        scores = [NightScore(user_id, bye.table_id, night.round, 0, BYE_POINTS) for user_id in byes]
        await self.bot.store.count_night_table(night.id, bye.table_id, scores)

    async def _open(
        self, night: Night, people: Sequence[NightPerson], groups: Sequence[Seats]
    ) -> list[NightTable]:
        """Open each group's table, store it with the night, and announce them in one message.

        The tables are opened together, not one after another: each waits for its turn to post
        its card in the channel (the channel's pacing), but starting its thread and adding its
        people there no longer holds up the next table, so a round of six tables starts within
        the 10 s issue 45 asks, not one table every two seconds or so."""
        settings = NightSettings.from_json(night.settings)
        names = {person.user_id: person.name for person in people}
        kind = kind_named(night.game)

        async def one(seats: Seats) -> tuple[NightTable, int | None] | None:
            humans = [(user_id, names.get(user_id, "?")) for user_id in seats if user_id is not None]
            thread_name = self.bot.messages.text(
                "night.thread_name",
                night.locale,
                game=self.bot.messages.text(f"games.{night.game}", night.locale),
                people=", ".join(name for _, name in humans),
            )
            try:
                table = await open_seated(
                    self.bot,
                    kind,
                    guild_id=night.guild_id,
                    channel_id=night.channel_id,
                    locale=night.locale,
                    people=humans,
                    ai_seats=sum(1 for user_id in seats if user_id is None),
                    level=settings.level,
                    thread_name=thread_name,
                )
            except discord.HTTPException as error:
                log.warning("night %d: a table for %s could not be opened: %s", night.id, humans, error)
                return None
            seated = NightTable(table.table_id, night.round, tuple(seats), self.bot.schedule.now())
            await self.bot.store.seat_night_table(night.id, seated)
            return seated, table.thread_id

        opened = [found for found in await asyncio.gather(*(one(seats) for seats in groups)) if found]
        if opened:
            await self._announce(night, opened, settings)
        return [table for table, _ in opened]

    async def _announce(
        self, night: Night, opened: Sequence[tuple[NightTable, int | None]], settings: NightSettings
    ) -> None:
        text = self.bot.messages.text
        ai = text("night.call.ai", night.locale, level=text(f"ai.level.{settings.level}", night.locale))
        lines = (
            [text("night.call.round", night.locale, round=night.round)] if night.format == "rounds" else []
        )
        users: list[int] = []
        for table, thread_id in opened:
            place = f"<#{thread_id}>" if thread_id is not None else f"<#{night.channel_id}>"
            who = ", ".join(f"<@{user}>" if user is not None else ai for user in table.seats)
            lines.append(text("night.call.table", night.locale, thread=place, people=who))
            users += [user for user in table.seats if user is not None]
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(user) for user in users]
        )
        await self.bot.tables.pacing.wait(night.channel_id)
        await channel.send("\n".join(lines), allowed_mentions=allowed)


def _points(scores: Sequence[NightScore]) -> dict[int, float]:
    totals: dict[int, float] = {}
    for score in scores:
        totals[score.user_id] = totals.get(score.user_id, 0.0) + score.points
    return totals


def _last_table(user_id: int, tables: Sequence[NightTable]) -> frozenset[int]:
    """The people of ``user_id``'s last table at the night (none before their first)."""
    theirs = [table for table in tables if user_id in table.seats and not table.table_id.startswith("bye")]
    if not theirs:
        return frozenset()
    return frozenset(user for user in theirs[-1].seats if user is not None and user != user_id)
