"""One scheduler for what the bot does at a wall-clock time: a league's season boundary, a game
night's check-in and rounds, a move's deadline over days, the end of someone's time away.

Such times are hours or days off, so a restart (or an outage) falls between them as a rule, not
an exception: every entry is stored (:class:`~data.records.Scheduled`, migration 0016) the
moment it is made, and a process that starts loads the entries of the servers it serves and
runs each when it falls due, however late. The rest of the bot names what an entry does by its
kind (``"season"``) and says how to do it once (:meth:`Scheduler.handle`); an entry done is
deleted, unless its doing put the next one of the same kind and key in its place.

Two kinds of time, because an outage means different things to each:

- **Calendar times** (a season ends at midnight on the 1st): an entry due while the bot was down
  is run when it comes back, handed the time it was due, so the season it ends is dated at its
  boundary however late the bot came back.
- **Players' clocks** (the time someone has for a move): the bot being down is not the players'
  fault, so the time it was away is given back to every such entry, moved later by it, as Board
  Game Arena does for its maintenance; nobody's time runs out while nobody could move, and no
  move is ever made for someone because of an outage.

How long the bot was away is measured from a mark it writes while alive, every
:data:`BEAT_SECONDS` and when it stops (in the store's ``meta``, one mark per process: a process
running some shards gives back its own time away to its own servers). The time given back is
therefore at most one beat more than the outage: given to players, never taken from them.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Final, Protocol

from data import Scheduled, StoreError
from data.times import db_time, from_db_time
from tables.clock import Clock, Timer

log = logging.getLogger(__name__)

BEAT_SECONDS: Final = 30.0
"""How often a running scheduler writes that the bot is alive."""
RETRY_SECONDS: Final = 60.0
"""How long an entry whose doing failed (the database or Discord away) waits to be tried again."""

Handler = Callable[[Scheduled], Awaitable[None]]
"""How entries of one kind are done: handed the entry, whose ``due`` says when it was due."""


def utc_now() -> datetime:
    return datetime.now(UTC)


class ScheduleStore(Protocol):
    """What the scheduler keeps in the store (:class:`~data.Store` has it)."""

    async def scheduled(self) -> list[Scheduled]: ...

    async def schedule(self, *entries: Scheduled) -> None: ...

    async def unschedule(self, kind: str, key: str) -> None: ...

    async def schedule_done(self, entry: Scheduled) -> None: ...

    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...


class Scheduler:
    """The schedule of the servers this process serves, run on ``clock`` (for its waits) at the
    times ``wall`` tells (a test gives both, moved together by hand)."""

    def __init__(
        self,
        store: ScheduleStore,
        *,
        clock: Clock,
        wall: Callable[[], datetime] = utc_now,
        owns: Callable[[int], bool] = lambda guild_id: True,
        alive_key: str = "scheduler.alive",
    ) -> None:
        self._store = store
        self._clock = clock
        self._wall = wall
        self._owns = owns
        self._alive_key = alive_key
        self._handlers: dict[str, Handler] = {}
        self._entries: dict[tuple[str, str], Scheduled] = {}
        self._retry_at: dict[tuple[str, str], datetime] = {}
        self._wake = asyncio.Event()
        self._timer: Timer | None = None
        self._task: asyncio.Task[None] | None = None
        self._beaten: datetime | None = None
        self.given_back = timedelta(0)
        """The time given back to players' clocks when this scheduler started (0 the first time)."""

    def handle(self, kind: str, handler: Handler) -> None:
        """Do entries of ``kind`` with ``handler`` (before :meth:`start`, by whoever makes them)."""
        self._handlers[kind] = handler

    def now(self) -> datetime:
        """The wall-clock time the schedule runs on."""
        return self._wall()

    def get(self, kind: str, key: str) -> Scheduled | None:
        return self._entries.get((kind, key))

    def of_kind(self, kind: str) -> list[Scheduled]:
        """This process's entries of ``kind``, soonest first."""
        return sorted((e for e in self._entries.values() if e.kind == kind), key=lambda e: e.due)

    async def put(self, entry: Scheduled) -> None:
        """Schedule ``entry`` (stored before this returns), in place of its kind and key's."""
        await self._store.schedule(entry)
        self._entries[entry.kind, entry.key] = entry
        self._retry_at.pop((entry.kind, entry.key), None)
        self._wake.set()

    async def drop(self, kind: str, key: str) -> None:
        """Call off the entry of ``kind`` and ``key``, if there is one."""
        await self._store.unschedule(kind, key)
        self._entries.pop((kind, key), None)
        self._retry_at.pop((kind, key), None)

    async def start(self) -> timedelta:
        """Load this process's entries, give players' clocks the time the bot was down, and run
        the schedule; returns the time given back."""
        now = self._wall()
        loaded = [entry for entry in await self._store.scheduled() if self._owns(entry.guild_id)]
        mark = await self._store.get_meta(self._alive_key)
        away = max(timedelta(0), now - from_db_time(mark)) if mark is not None else timedelta(0)
        moved = [replace(entry, due=entry.due + away) for entry in loaded if entry.players_clock]
        if away and moved:
            await self._store.schedule(*moved)
            log.info("the bot was away %s: given back to %d players' clocks", away, len(moved))
        for entry in [*loaded, *(moved if away else [])]:
            self._entries[entry.kind, entry.key] = entry
        self.given_back = away
        await self._beat(now)
        self._task = asyncio.create_task(self._run(), name="scheduler")
        return away

    async def stop(self) -> None:
        """Stop running the schedule and mark when: the time until the next start is given back
        (a scheduler that never started marks nothing: the time since the last mark is owed)."""
        if self._task is None:
            return
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        if self._timer is not None:
            self._timer.cancel()
        await self._beat(self._wall())

    async def _run(self) -> None:
        while True:
            now = self._wall()
            for entry in sorted(self._entries.values(), key=lambda e: e.due):
                if entry.due <= now and self._retry_at.get((entry.kind, entry.key), entry.due) <= now:
                    await self._do(entry)
            if self._beaten is None or (now - self._beaten).total_seconds() >= BEAT_SECONDS:
                await self._beat(now)
            await self._sleep(self._until_next(self._wall()))

    def _until_next(self, now: datetime) -> float:
        """Seconds until the next entry is due (or may be tried again), at most a beat."""
        waits = [BEAT_SECONDS]
        for key, entry in self._entries.items():
            at = max(entry.due, self._retry_at.get(key, entry.due))
            waits.append((at - now).total_seconds())
        return max(0.0, min(waits))

    async def _sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less if an entry is put meanwhile."""
        if seconds <= 0:
            return
        self._wake.clear()
        self._timer = self._clock.call_later(seconds, self._wake.set)
        try:
            await self._wake.wait()
        finally:
            self._timer.cancel()

    async def _do(self, entry: Scheduled) -> None:
        key = (entry.kind, entry.key)
        handler = self._handlers.get(entry.kind)
        try:
            if handler is None:
                raise LookupError(f"nothing does scheduled {entry.kind!r} entries")
            await handler(entry)
            if self._entries.get(key) == entry:
                del self._entries[key]
            await self._store.schedule_done(entry)
        except Exception:
            log.exception(
                "scheduled %s %s (due %s) failed: tried again in %.0f s", *key, entry.due, RETRY_SECONDS
            )
            self._retry_at[key] = self._wall() + timedelta(seconds=RETRY_SECONDS)
        else:
            self._retry_at.pop(key, None)

    async def _beat(self, now: datetime) -> None:
        """Mark that the bot is alive at ``now``; a database away for a moment costs one mark."""
        try:
            await self._store.set_meta(self._alive_key, db_time(now))
            self._beaten = now
        except StoreError as exc:
            log.warning("could not mark the bot alive: %s", exc)
