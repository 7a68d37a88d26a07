"""What a game night does at its times and as its games end (issue 45).

A night planned (:mod:`cogs.nights`) is kept in the store and its times in the scheduler
(:mod:`tables.scheduler`, calendar times): fifteen minutes before its start it asks those who
joined to check in (its card gains **I'm here**, and one message mentions them, never deleted);
at its start it seats the people checked in (:mod:`cogs.night_seats`): rounds, or the arena's
pool; each table is an ordinary table in its own thread that plays one game, and as each game
is recorded (:attr:`tables.registry.TableRegistry.on_recorded`) the night counts it once
(:meth:`data.Store.count_night_table`) and redraws its standings (:mod:`cogs.night_standings`).
A round whose tables are all counted (or gone without a game) seats the next; the last round, or
the arena's end, ends the night with its podium and final standings.

A restart loses nothing: the night, its people, tables and points are stored; its times are in
the scheduler; a table that finished while the bot was stopping is found by its result key and
counted then; the arena's pool is whoever is checked in and not at a table.
"""

import asyncio
import logging
from collections.abc import Coroutine, Sequence
from datetime import datetime, timedelta
from typing import Any, Final

import discord

from cogs import night_events
from cogs.client import GameNightBot
from cogs.drafts import Draft
from cogs.night_card import card_draft
from cogs.night_seats import NightSeats
from cogs.night_standings import post_final, show_standings
from data import Night, NightPerson, NightScore, NightTable, Scheduled
from data.records import GameRecord, SeatResult
from tables.clock import Timer
from tables.night_plan import CHECK_IN_BEFORE, NightPlanError, NightSettings
from tables.night_points import on_fire, scored
from tables.registry import Table

log = logging.getLogger(__name__)

KIND: Final = "night"
"""The scheduler's kind for a night's times; its key: ``<night>:<what>``."""
TICK_SECONDS: Final = 10.0
"""How often a running night looks at its tables and its pool (tables gone without a game, an
arena's people waiting)."""
RESUME_WAIT: Final = 0.5
"""How soon a night looks again when the saved tables have not resumed yet (at start-up)."""


class NightRunner:
    """The nights of the servers this process serves."""

    def __init__(self, bot: GameNightBot) -> None:
        self.bot = bot
        self._nights: dict[int, Night] = {}
        """Open nights by id."""
        self._tables: dict[str, int] = {}
        """Each uncounted night table's night."""
        self._ticks: dict[int, Timer] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self._unsettled: set[int] = set()
        """Running nights loaded at start-up whose round may have been cut short by a crash
        (see :meth:`_settle_round`), looked at once at their first tick."""
        self.seats = NightSeats(bot)
        bot.schedule.handle(KIND, self.scheduled)
        bot.tables.on_recorded.append(self.recorded)

    async def load(self) -> None:
        """The open nights of this process's servers, as stored; a running one looks at once."""
        for night in await self.bot.store.open_nights():
            if not self.bot.process_shards.owns(night.guild_id):
                continue
            self._nights[night.id] = night
            for table in await self.bot.store.night_tables(night.id):
                if not table.counted:
                    self._tables[table.table_id] = night.id
            if night.state == "running":
                self._unsettled.add(night.id)
                if night.format == "arena":
                    await self._fill_pool(night)
                self._arm(night.id, 0.0)

    async def _fill_pool(self, night: Night) -> None:
        """The arena's pool: whoever is checked in, not withdrawn and not at a table."""
        tables = await self.bot.store.night_tables(night.id)
        for person in await self.bot.store.night_people(night.id):
            if person.checked_in and not person.withdrawn and not _at_table(person.user_id, tables):
                self.seats.arrived(night.id, person.user_id)

    # -- looking nights up ---------------------------------------------------------------------------

    def night(self, night_id: int) -> Night | None:
        return self._nights.get(night_id)

    def night_in(self, channel_id: int | None) -> Night | None:
        """The night planned or under way in ``channel_id``."""
        return next((night for night in self._nights.values() if night.channel_id == channel_id), None)

    def game_name(self, night: Night, locale: str | None = None) -> str:
        return self.bot.messages.text(f"games.{night.game}", locale or night.locale)

    async def card(self, night: Night) -> Draft:
        current = self._nights.get(night.id, night)
        return card_draft(
            self.bot.messages, current, await self.bot.store.night_people(night.id), self.game_name(current)
        )

    async def _redraw_card(self, night: Night) -> None:
        if night.card_id is None:
            return
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        try:
            await self.bot.tables.pacing.wait(night.channel_id)
            await channel.get_partial_message(night.card_id).edit(**(await self.card(night)).edit())
        except discord.HTTPException as error:
            log.warning("night %d's card not redrawn: %s", night.id, error)

    async def _change(self, night: Night, **changes: Any) -> Night:
        changed = await self.bot.store.change_night(night.id, **changes)
        assert changed is not None, "a night is never deleted"
        if changed.open:
            self._nights[night.id] = changed
        else:
            self._nights.pop(night.id, None)
            if (tick := self._ticks.pop(night.id, None)) is not None:
                tick.cancel()
        return changed

    # -- what moderators do ----------------------------------------------------------------------------

    async def plan(self, plan: Night) -> Night:
        """Keep a night, announce it as a Discord event and schedule its check-in and start."""
        night = await self.bot.store.plan_night(plan, now=self.bot.schedule.now())
        name = self.bot.messages.text("night.title", night.locale, game=self.game_name(night))
        format_words = self.bot.messages.text(f"night.format.{night.format}", night.locale)
        description = self.bot.messages.text(
            "night.event_description",
            night.locale,
            game=self.game_name(night),
            format=format_words,
            link=night_events.location(night),
        )
        try:
            event_id = await night_events.create_event(self.bot, night, name, description)
        except discord.HTTPException as error:  # nothing planned then: the channel stays free
            await self.bot.store.change_night(night.id, state="cancelled")
            raise NightPlanError(
                "no_events" if isinstance(error, discord.Forbidden) else "event_failed"
            ) from None
        night = await self._change(night, event_id=event_id)
        await self._schedule(night)
        return night

    async def card_posted(self, night: Night, card_id: int) -> None:
        await self._change(night, card_id=card_id)

    async def _schedule(self, night: Night) -> None:
        check_in = max(night.starts_at - CHECK_IN_BEFORE, self.bot.schedule.now())
        for what, due in (("checkin", check_in), ("start", night.starts_at)):
            await self.bot.schedule.put(Scheduled(KIND, f"{night.id}:{what}", night.guild_id, due))

    async def move(self, night: Night, start: datetime) -> Night:
        """A new start, before the night begins: the event, the card and the schedule follow."""
        moved = await self._change(night, starts_at=start, state="planned")
        await self._schedule(moved)
        await night_events.moved(self.bot, moved)
        await self._redraw_card(moved)
        return moved

    async def cancel(self, night: Night) -> Night:
        """The night called off: no more tables seated (those under way play on, uncounted)."""
        async with self._lock(night.id):
            await self._drop_times(night)
            cancelled = await self._change(night, state="cancelled")
        await night_events.cancelled(self.bot, cancelled)
        await self._redraw_card(cancelled)
        return cancelled

    async def _drop_times(self, night: Night) -> None:
        for what in ("checkin", "start", "end"):
            await self.bot.schedule.drop(KIND, f"{night.id}:{what}")

    async def withdraw(self, night: Night, user_id: int, name: str) -> None:
        """``user_id`` is not seated again; their games so far count."""
        if not any(person.user_id == user_id for person in await self.bot.store.night_people(night.id)):
            raise NightPlanError("not_seated_yet", name=name)
        await self.bot.store.mark_night_person(night.id, user_id, withdrawn=True)
        await self._redraw_card(night)

    async def finish(self, night: Night) -> None:
        """A moderator ends the night now."""
        async with self._lock(night.id):
            if night.id in self._nights:
                await self._finish(self._nights[night.id])

    async def _finish(self, night: Night) -> None:
        """The night ends now (a moderator's, the last round's or the arena's end)."""
        await self._drop_times(night)
        over = await self._change(night, state="over")
        await night_events.completed(self.bot, over)
        await self._redraw_card(over)
        people = await self.bot.store.night_people(night.id)
        scores = await self.bot.store.night_scores(night.id)
        await post_final(self.bot, over, people, scores, await self.seats.ratings(over))

    # -- what people do ------------------------------------------------------------------------------------

    async def person_pressed(self, night: Night, user_id: int, name: str, action: str) -> str:
        """Join, Leave or I'm here; the answer's key (``night.answer.<key>``)."""
        store = self.bot.store
        known = {person.user_id: person for person in await store.night_people(night.id)}
        person = known.get(user_id)
        late = night.state in ("checkin", "running")
        if action == "join":
            if person is not None and not person.withdrawn and (person.checked_in or not late):
                return "already"
            await store.join_night(night.id, user_id, name, checked_in=late, now=self.bot.schedule.now())
            if night.state == "running":
                self.seats.arrived(night.id, user_id)
            return "joined_late" if late else "joined"
        if person is None:
            return "not_joined"
        if action == "leave":
            if night.state == "running":
                await store.mark_night_person(night.id, user_id, withdrawn=True)
            else:
                await store.leave_night(night.id, user_id)
            self.seats.left(night.id, user_id)
            return "left"
        await store.mark_night_person(night.id, user_id, checked_in=True)
        if night.state == "running":
            self.seats.arrived(night.id, user_id)
        return "checked_in"

    # -- the night's times --------------------------------------------------------------------------------

    async def scheduled(self, entry: Scheduled) -> None:
        """A night's time has come: ``<night>:checkin``, ``:start`` or (an arena's) ``:end``."""
        night_id, _, what = entry.key.partition(":")
        async with self._lock(int(night_id)):
            night = self._nights.get(int(night_id))
            if night is None:
                return  # cancelled or over meanwhile
            if what == "checkin" and night.state == "planned":
                await self._check_in(night)
            elif what == "start" and night.state in ("planned", "checkin"):
                await self._start(night)
            elif what == "end" and night.state == "running":
                await self._finish(night)

    async def _check_in(self, night: Night) -> None:
        night = await self._change(night, state="checkin")
        await self._redraw_card(night)
        people = [person for person in await self.bot.store.night_people(night.id) if not person.checked_in]
        if not people:
            return
        mentions = ", ".join(f"<@{person.user_id}>" for person in people)
        text = self.bot.messages.text(
            "night.call.check_in",
            night.locale,
            game=self.game_name(night),
            start=discord.utils.format_dt(night.starts_at, "R"),
            mentions=mentions,
        )
        channel = self.bot.get_partial_messageable(night.channel_id, guild_id=night.guild_id)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(p.user_id) for p in people]
        )
        await self.bot.tables.pacing.wait(night.channel_id)
        await channel.send(text, allowed_mentions=allowed)

    async def _start(self, night: Night) -> None:
        night = await self._change(night, state="running")
        await night_events.started(self.bot, night)
        if night.format == "arena":
            await self._fill_pool(night)
            settings = NightSettings.from_json(night.settings)
            end = night.starts_at + timedelta(minutes=settings.minutes)
            await self.bot.schedule.put(
                Scheduled(KIND, f"{night.id}:end", night.guild_id, max(end, self.bot.schedule.now()))
            )
        await self._next(night)
        await self._redraw_card(self._nights.get(night.id, night))
        self._arm(night.id, TICK_SECONDS)

    async def _next(self, night: Night) -> None:
        """Seat what comes next: the next round (or end after the last), or the arena's pool."""
        people = await self.bot.store.night_people(night.id)
        scores = await self.bot.store.night_scores(night.id)
        tables = await self.bot.store.night_tables(night.id)
        if night.format == "rounds":
            settings = NightSettings.from_json(night.settings)
            if night.round >= settings.rounds:
                await self._finish(night)
                return
            night = await self._change(night, round=night.round + 1)
            seated = await self.seats.seat_round(night, people, scores, tables)
        else:
            seated = await self.seats.seat_arena(night, people, scores, tables)
        for table in seated:
            self._tables[table.table_id] = night.id
        log.info(
            "night %d (%s, round %d): %d tables seated", night.id, night.format, night.round, len(seated)
        )
        await self._standings(night, people, scores)
        if night.format == "rounds" and not seated:
            await self._next(night)  # nobody to seat this round (everyone withdrawn): on

    # -- games ending ---------------------------------------------------------------------------------

    async def recorded(self, table: Table, record: GameRecord) -> None:
        """A night table's game is recorded: count it (once) and see what comes next, in the
        background: the table's own change (its results shown, the last mover's press answered)
        must not wait for the next round to be seated."""
        night_id = self._tables.get(table.table_id)
        if night_id is not None:
            self._spawn(self._count(night_id, table.table_id, record.seats))

    async def _count(self, night_id: int, table_id: str, seats: tuple[SeatResult, ...] | None) -> None:
        async with self._lock(night_id):
            await self._count_now(night_id, table_id, seats)

    async def _count_now(self, night_id: int, table_id: str, seats: tuple[SeatResult, ...] | None) -> None:
        night = self._nights.get(night_id)
        if night is None:
            return
        known = {t.table_id: t for t in await self.bot.store.night_tables(night_id)}
        seated = known.get(table_id)
        if seated is None:
            return
        earlier = await self.bot.store.night_scores(night_id)
        scores, absent = _scores(seated, seats, earlier, night.format == "arena")
        if await self.bot.store.count_night_table(night_id, table_id, scores, absent):
            self._tables.pop(table_id, None)
            await self._after_count(night)

    async def _after_count(self, night: Night) -> None:
        people = await self.bot.store.night_people(night.id)
        scores = await self.bot.store.night_scores(night.id)
        tables = await self.bot.store.night_tables(night.id)
        if night.format == "arena":
            await self._fill_pool(night)
            await self._standings(night, people, scores)
            await self._seat_pool(night)
        elif all(t.counted for t in tables if t.round == night.round):
            await self._next(night)
        else:
            await self._standings(night, people, scores)

    async def _standings(
        self, night: Night, people: Sequence[NightPerson], scores: Sequence[NightScore]
    ) -> None:
        current = self._nights.get(night.id, night)
        ratings = await self.seats.ratings(current)
        posted = await show_standings(
            self.bot, current, people, scores, ratings, self.seats.waiting(night.id)
        )
        if posted is not None:
            await self._change(current, standings_id=posted)

    async def _seat_pool(self, night: Night) -> None:
        people = await self.bot.store.night_people(night.id)
        seated = await self.seats.seat_arena(
            night,
            people,
            await self.bot.store.night_scores(night.id),
            await self.bot.store.night_tables(night.id),
        )
        for table in seated:
            self._tables[table.table_id] = night.id
        if seated:
            log.info("night %d: %d tables seated from the pool", night.id, len(seated))

    # -- looking at the tables --------------------------------------------------------------------------

    def _arm(self, night_id: int, delay: float) -> None:
        if (old := self._ticks.pop(night_id, None)) is not None:
            old.cancel()
        self._ticks[night_id] = self.bot.tables.clock.call_later(
            delay, lambda: self._spawn(self._tick(night_id))
        )

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a night's work failed", exc_info=task.exception())

    def _lock(self, night_id: int) -> asyncio.Lock:
        """What a night's counting, seating and looking serialise on: two tables ending at once
        must not both seat the next round."""
        return self._locks.setdefault(night_id, asyncio.Lock())

    def stop(self) -> None:
        """The bot stops: no more looking (what is stored resumes the nights)."""
        for tick in self._ticks.values():
            tick.cancel()
        self._ticks.clear()
        for task in self._tasks:
            task.cancel()

    async def _tick(self, night_id: int) -> None:
        """A table of the night that ended without a game (everyone left, it expired) or whose
        game was recorded while the bot was stopping is counted now; the arena's pool is seated."""
        night = self._nights.get(night_id)
        if night is None or night.state != "running":
            return
        if not self.bot.tables.resumed:
            # The cogs load before the saved tables resume: a table not resumed yet is not gone,
            # and counting it now would lose its game and mark its people absent.
            self._arm(night_id, RESUME_WAIT)
            return
        try:
            async with self._lock(night_id):
                if night_id in self._unsettled:
                    self._unsettled.discard(night_id)
                    await self._settle_round(night)
                for table_id in [t for t, n in self._tables.items() if n == night_id]:
                    if self.bot.tables.get(table_id) is None:
                        seats = await self.bot.store.recorded_seats(
                            night.guild_id, self.seats.result_key(night, table_id)
                        )
                        await self._count_now(night_id, table_id, seats)
                if night.format == "arena" and night.id in self._nights:
                    await self._seat_pool(self._nights[night.id])
        except Exception:
            log.exception("night %d: looking at its tables failed; tried again shortly", night_id)
        if night_id in self._nights:
            self._arm(night_id, TICK_SECONDS)

    async def _settle_round(self, night: Night) -> None:
        """A night of rounds as a crash (``kill -9``) may have left it: seated part way (the
        round begun, some of its tables stored, the rest never opened), not at all (the night
        started or the round begun, no table yet), or its last table counted but the next round
        not begun. Nothing would ever seat the rest (only a table counted moves a night on),
        so those checked in and not at a table of the round are seated now, or the next round
        begun."""
        if night.format != "rounds":
            return
        if night.round == 0:
            await self._next(night)
            return
        tables = await self.bot.store.night_tables(night.id)
        current = [table for table in tables if table.round == night.round]
        people = await self.bot.store.night_people(night.id)
        seated = {user for table in current for user in table.seats if user is not None}
        missing = [p for p in people if p.checked_in and not p.withdrawn and p.user_id not in seated]
        if missing:
            scores = await self.bot.store.night_scores(night.id)
            log.warning(
                "night %d: round %d resumed with %d people unseated", night.id, night.round, len(missing)
            )
            for table in await self.seats.seat_round(night, missing, scores, tables):
                self._tables[table.table_id] = night.id
        elif not current or all(table.counted for table in current):
            await self._next(night)


def _at_table(user_id: int, tables: list[NightTable]) -> bool:
    return any(user_id in table.seats for table in tables if not table.counted)


def _scores(
    seated: NightTable, seats: tuple[SeatResult, ...] | None, earlier: Sequence[NightScore], arena: bool
) -> tuple[list[NightScore], list[int]]:
    """A night table's points by place (:func:`tables.night_points.scored`: its people only, an
    AI placing but earning nothing; in an arena doubled for whoever is on a streak) and the
    people an AI played for at the end (who missed it); a table gone without a game counts
    nothing, and marks nobody absent: it may have been lost with the bot (a crash before its
    first save), which is not its people's fault."""
    if seats is None:
        return [], []
    people = [seat.user_id for seat in seats]
    streaks = [
        user
        for user in people
        if user is not None and arena and on_fire([s.won for s in earlier if s.user_id == user])
    ]
    placed = scored(people, [seat.rank for seat in seats], streaks)
    scores = [NightScore(p.user_id, seated.table_id, seated.round, p.place, p.points, p.won) for p in placed]
    absent = [seat.user_id for seat in seats if seat.user_id is not None and seat.absent]
    return scores, absent
