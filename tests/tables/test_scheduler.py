"""The scheduler (issues 45 and 46): entries run when due and are forgotten once done, survive a
restart, and the time the bot was down is given back to players' clocks, never to calendar
times, which run late as they were due. Time is a hand-moved clock; the store a real SQLite
file."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta

import pytest

from data import Scheduled, Store
from tables.scheduler import BEAT_SECONDS, RETRY_SECONDS, Scheduler
from tests.tables.manual_clock import ManualClock

T0 = datetime(2026, 11, 30, 23, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


class Wall:
    """Wall-clock time that moves with a hand-moved clock, from ``T0`` plus any time the bot
    spends down (:meth:`down`), which no timer sees."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.skipped = timedelta(0)

    def __call__(self) -> datetime:
        return T0 + self.skipped + timedelta(seconds=self.clock.now())

    def down(self, span: timedelta) -> None:
        self.skipped += span


@pytest.fixture
def wall(clock: ManualClock) -> Wall:
    return Wall(clock)


Done = list[tuple[str, str, datetime, datetime]]
"""What handlers did: kind, key, when the entry was due, when it was done."""


def scheduler(store: Store, clock: ManualClock, wall: Wall, done: Done, **kwargs: object) -> Scheduler:
    """A scheduler whose "season" and "move" handlers note what they did in ``done``."""
    made = Scheduler(store, clock=clock, wall=wall, **kwargs)  # type: ignore[arg-type]

    async def note(entry: Scheduled) -> None:
        done.append((entry.kind, entry.key, entry.due, wall()))

    made.handle("season", note)
    made.handle("move", note)
    return made


async def until(condition: Callable[[], bool], what: str) -> None:
    """Let the scheduler's own work (the store's thread among it) finish until ``condition``."""
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


@pytest.fixture
async def running(store: Store, clock: ManualClock, wall: Wall) -> AsyncIterator[tuple[Scheduler, Done]]:
    done: Done = []
    started = scheduler(store, clock, wall, done)
    await started.start()
    yield started, done
    await started.stop()


async def test_an_entry_runs_when_due_and_is_then_forgotten(
    running: tuple[Scheduler, Done], store: Store, clock: ManualClock
) -> None:
    schedule, done = running
    await schedule.put(Scheduled("season", "7", guild_id=1, due=T0 + HOUR))
    await clock.advance(3599)
    await asyncio.sleep(0.05)
    assert done == []
    await clock.advance(1)
    await until(lambda: len(done) == 1, "the season's end")
    assert done == [("season", "7", T0 + HOUR, T0 + HOUR)]
    await until(lambda: schedule.get("season", "7") is None, "forgotten")
    assert await store.scheduled() == []


async def test_an_earlier_entry_put_while_waiting_runs_first(
    running: tuple[Scheduler, Done], clock: ManualClock
) -> None:
    schedule, done = running
    await schedule.put(Scheduled("season", "late", guild_id=1, due=T0 + HOUR))
    await clock.advance(10)
    await schedule.put(Scheduled("move", "soon", guild_id=1, due=T0 + timedelta(seconds=20)))
    await clock.advance(10)
    await until(lambda: len(done) == 1, "the move's deadline")
    assert done[0][:2] == ("move", "soon")
    await schedule.drop("season", "late")
    await clock.advance(HOUR.total_seconds())
    await asyncio.sleep(0.05)
    assert len(done) == 1, "an entry called off never runs"


async def test_a_handler_that_schedules_the_next_one_keeps_it(
    store: Store, clock: ManualClock, wall: Wall
) -> None:
    schedule = Scheduler(store, clock=clock, wall=wall)
    boundaries: list[datetime] = []

    async def roll(entry: Scheduled) -> None:
        boundaries.append(entry.due)
        await schedule.put(Scheduled("season", entry.key, guild_id=1, due=entry.due + timedelta(days=1)))

    schedule.handle("season", roll)
    await schedule.start()
    await schedule.put(Scheduled("season", "7", guild_id=1, due=T0 + HOUR))
    await clock.advance(HOUR.total_seconds())
    await until(lambda: len(boundaries) == 1, "the first boundary")
    await asyncio.sleep(0.05)
    [following] = await store.scheduled()
    assert following.due == T0 + HOUR + timedelta(days=1)
    await schedule.stop()


async def test_downtime_is_given_back_to_players_clocks_and_calendar_times_run_late(
    store: Store, clock: ManualClock, wall: Wall
) -> None:
    """A bot down for two hours: a move due an hour into the outage is due an hour after the
    bot is back (nobody could move meanwhile), while a season's boundary passed meanwhile runs
    at once, handed the time it was due."""
    done: Done = []
    first = scheduler(store, clock, wall, done)
    await first.start()
    move = Scheduled("move", "t1:0", guild_id=1, due=T0 + 2 * HOUR, players_clock=True)
    boundary = Scheduled("season", "7", guild_id=1, due=T0 + 2 * HOUR)
    await first.put(move)
    await first.put(boundary)
    await clock.advance(HOUR.total_seconds())
    await first.stop()

    wall.down(2 * HOUR)  # the outage: no process runs, no timer fires
    second = scheduler(store, clock, wall, done)
    given = await second.start()
    assert given == 2 * HOUR and second.given_back == given
    await until(lambda: len(done) == 1, "the missed boundary")
    assert done == [("season", "7", T0 + 2 * HOUR, T0 + 3 * HOUR)], "run late, dated when due"
    assert second.get("move", "t1:0") == Scheduled(
        "move", "t1:0", guild_id=1, due=T0 + 4 * HOUR, players_clock=True
    )
    await clock.advance(HOUR.total_seconds() - 1)
    await asyncio.sleep(0.05)
    assert len(done) == 1, "no move is made for anyone because of the outage"
    await clock.advance(1)
    await until(lambda: len(done) == 2, "the move's deadline, an outage later")
    assert done[1][2:] == (T0 + 4 * HOUR, T0 + 4 * HOUR)
    await second.stop()


async def test_a_crash_gives_back_at_most_a_beat_more_than_the_outage(
    store: Store, clock: ManualClock, wall: Wall
) -> None:
    """A process killed (no mark at stop) is known to have been alive at its last beat."""
    done: Done = []
    first = scheduler(store, clock, wall, done)
    await first.start()
    await first.put(Scheduled("move", "t1:0", guild_id=1, due=T0 + 5 * HOUR, players_clock=True))
    for _ in range(3):
        await clock.advance(BEAT_SECONDS)
        await asyncio.sleep(0.05)  # the mark written
    await clock.advance(7)
    for task in asyncio.all_tasks():
        if task.get_name() == "scheduler":
            task.cancel()  # killed: its stop never runs
    wall.down(HOUR)
    second = scheduler(store, clock, wall, done)
    given = await second.start()
    assert HOUR <= given <= HOUR + timedelta(seconds=BEAT_SECONDS)
    entry = second.get("move", "t1:0")
    assert entry is not None and entry.due == T0 + 5 * HOUR + given
    await second.stop()


async def test_a_failed_doing_is_tried_again_later(store: Store, clock: ManualClock, wall: Wall) -> None:
    schedule = Scheduler(store, clock=clock, wall=wall)
    tries: list[datetime] = []

    async def flaky(entry: Scheduled) -> None:
        tries.append(wall())
        if len(tries) == 1:
            raise ConnectionError("Discord away")

    schedule.handle("season", flaky)
    await schedule.start()
    await schedule.put(Scheduled("season", "7", guild_id=1, due=T0 + timedelta(seconds=5)))
    await clock.advance(5)
    await until(lambda: len(tries) == 1, "the first try")
    await clock.advance(RETRY_SECONDS - 1)
    await asyncio.sleep(0.05)
    assert len(tries) == 1
    await clock.advance(1)
    await until(lambda: len(tries) == 2, "the second try")
    await until(lambda: schedule.get("season", "7") is None, "done at last")
    assert await store.scheduled() == []
    await schedule.stop()


async def test_a_process_runs_only_its_own_servers_entries(
    store: Store, clock: ManualClock, wall: Wall
) -> None:
    """Sharded: another process's servers' entries are neither run nor moved here."""
    done: Done = []
    mine = Scheduled("move", "mine", guild_id=2, due=T0 + HOUR, players_clock=True)
    theirs = Scheduled("move", "theirs", guild_id=3, due=T0 + HOUR, players_clock=True)
    await store.schedule(mine, theirs)
    await store.set_meta("scheduler.alive:0/2", "2026-11-30T22:00:00.000000Z")
    schedule = scheduler(
        store, clock, wall, done, owns=lambda guild: guild % 2 == 0, alive_key="scheduler.alive:0/2"
    )
    assert await schedule.start() == HOUR
    assert schedule.of_kind("move") == [
        Scheduled("move", "mine", guild_id=2, due=T0 + 2 * HOUR, players_clock=True)
    ]
    assert theirs in await store.scheduled(), "left to its own process, as it was"
    await clock.advance(2 * HOUR.total_seconds())
    await until(lambda: len(done) == 1, "its own entry")
    assert done[0][1] == "mine"
    await schedule.stop()
