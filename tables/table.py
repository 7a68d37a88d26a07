"""What every game's table shares: a lock, saving, publishing, an idle timer.

A table is one channel's match. Every change goes through :meth:`Table.change`, which

1. applies it under the table's lock, so presses that arrive together are decided in the order
   they arrived (the first valid one wins, the next one finds the table already changed);
2. saves the table in one transaction, so a restart resumes exactly here;
3. tells the game (AI seats) and the publisher, which redraws the public message outside the lock.

Saving is a group commit: the snapshot is taken when the write starts, so one write covers every
change applied before it and a burst of presses queues at most one more write, never one per press.

A person's change is saved before anyone is answered. An AI seat's move is saved within
:data:`AI_SAVE_DELAY` instead, with whatever else changed by then: fifty tables of AI seats make
hundreds of moves a second, and a write for each kept the one database connection so busy that
people's presses queued behind them (bench/bench_latency.py). A shutdown saves every table, so a
restart loses nothing; only a crash can lose the last second of AI moves, which the AI then plays
again. A game that ends is the exception: its result is written in the same transaction as the
table that shows it ended, at once, so a restart never resumes a game whose result is stored.
"""

import abc
import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, ClassVar, Final, Protocol, TypeVar

from data import Game, SavedTable, StoreError
from data.records import GameRecord
from tables.clock import Timer
from tables.errors import Refusal, Refused
from tables.publisher import Publisher
from tables.registry import TableRegistry

log = logging.getLogger(__name__)

T = TypeVar("T")

AI_SAVE_DELAY: Final = 1.0
"""Seconds an AI seat's move may wait to be written, sharing the write with later ones."""


class Change(Protocol):
    """A table's way of changing (:meth:`Table.change`), handed to the parts a table is made of
    so that their requests are applied under its lock and saved like any other."""

    async def __call__(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T: ...


class Table(abc.ABC):
    """One channel's match; a game subclasses it with its own state and rules."""

    game: ClassVar[Game]

    def __init__(
        self,
        registry: TableRegistry,
        *,
        table_id: str,
        guild_id: int,
        channel_id: int,
        publish: Callable[["Table"], Awaitable[None]],
    ) -> None:
        self.registry = registry
        self.table_id = table_id
        self.guild_id = guild_id
        self.channel_id = channel_id
        """The channel the table belongs to (its league's)."""
        self.thread_id: int | None = None
        self.awaits_thread = False
        """A new lobby whose thread is being started: it takes no place yet (see
        :meth:`~tables.registry.TableRegistry.add`)."""
        """The thread of that channel the table plays in; None when it plays in the channel."""
        self.lock = asyncio.Lock()
        self.version = 0
        self._saved_version = 0
        self._save_lock = asyncio.Lock()
        self.publisher = Publisher(
            self.shown_in, registry.pacing, lambda: publish(self), what=f"table {table_id}"
        )
        self._idle_timer: Timer | None = None
        self._save_timer: Timer | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.last_saved: SavedTable | None = None
        """The table as last written (or loaded): what it goes back to when a write fails."""
        self.went_back = False
        """This table is :attr:`last_saved` put back because a later write failed (the moves
        since are lost), until a write succeeds: its message says so."""
        self.moves: list[dict[str, Any]] = []
        """The running game's moves since it was dealt, in their saved form (the game appends
        each move it applies): saved apart from :meth:`to_json`, only the new ones each time."""
        self._moves_written = 0
        self._move_log = 0
        self.listeners: list[Callable[[], None]] = []
        """Called after each change that is shown, beside the publisher (the players' private
        panels are redrawn this way)."""

    @property
    def place_id(self) -> int:
        """Where the table plays, which holds no other table: its thread, or its channel."""
        return self.channel_id if self.thread_id is None else self.thread_id

    @property
    def holds_room(self) -> bool:
        """Whether it counts against its host's and server's open tables (a seated table's lobby
        everyone left does not)."""
        return True

    def shown_in(self) -> int:
        """The channel or thread of the table's public message (where the publisher writes)."""
        return self.place_id

    # -- what a game provides ------------------------------------------------------------------

    @property
    @abc.abstractmethod
    def finished(self) -> bool:
        """The table is over (series ended, lobby closed): it is deleted instead of saved."""

    @property
    @abc.abstractmethod
    def host_id(self) -> int:
        """The member who opened the table (one member may host only a few at once)."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to resume the table after a restart."""

    @abc.abstractmethod
    def idle_timeout(self) -> float | None:
        """Seconds without a human action after which :meth:`expire` runs; None for never."""

    @abc.abstractmethod
    async def expire(self) -> None:
        """The table sat idle for :meth:`idle_timeout`: close it (and say so)."""

    @abc.abstractmethod
    def after_change(self) -> None:
        """Called after each saved change, before publishing (e.g. to wake the AI seats)."""

    @abc.abstractmethod
    async def after_save(self) -> None:
        """Called after each saved change, before publishing (e.g. to close a match whose last
        round was just recorded)."""

    @abc.abstractmethod
    def pending_record(self) -> GameRecord | None:
        """A game that ended on this table and is not yet stored: the next save writes it in
        the same transaction as the table, so the two always agree."""

    async def stored(self, record: GameRecord, *, again: bool = False) -> None:
        """``record`` is in the store (``again``: a resumed table's, stored once more, its key
        making that a no-op if it was): the table's own follow-up (:meth:`record_written`), then
        whoever asked the registry to be told (a game night counting it)."""
        if again:
            await self.registry.store.record_game(record)
        await self.record_written(record)
        await self.registry.recorded(self, record)

    @abc.abstractmethod
    async def record_written(self, record: GameRecord) -> None:
        """``record`` is stored (with the table's state that ended it)."""

    @abc.abstractmethod
    def stop_game(self) -> None:
        """Stop what the game runs on its own (AI seats); the table is stopping."""

    # -- changing the table ----------------------------------------------------------------------

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T:
        """Apply ``apply`` under the lock, save, then wake the game and the publisher.

        ``apply`` must leave the table untouched when it raises, so a refused request changes
        nothing. Any change but an AI seat's restarts the idle timer (an expiry ends the table).
        An AI's move is saved within :data:`AI_SAVE_DELAY` rather than at once (see the module's
        note). ``shown=False`` is for bookkeeping nobody sees (which message shows the table):
        it is saved, but wakes nothing.
        """
        async with self.lock:
            result = apply()
            self.version += 1
        if by_ai and not self.finished and self.pending_record() is None:
            self._save_soon()
        else:
            await self.save()
        if not shown:
            return result
        await self.after_save()
        if self.finished:
            self.stop_game()
            self._cancel_idle()
        else:
            if not by_ai:
                self.restart_idle_timer()
            self.after_change()
        self.publisher.notify()
        for listener in self.listeners:
            listener()
        return result

    def _save_soon(self) -> None:
        if self._save_timer is None:
            self._save_timer = self.registry.clock.call_later(
                AI_SAVE_DELAY, lambda: self.spawn(self._saved_soon())
            )

    async def _saved_soon(self) -> None:
        self._save_timer = None
        with contextlib.suppress(Refused):  # logged, and the table rolled back, by save
            await self.save()

    async def save(self) -> None:
        """Write the table (or, once finished, delete it) if a change is not yet written, with
        the result of a game that ended in the same transaction.

        A write that fails (a full disk, a damaged database) undoes what it would have saved:
        the registry puts the table back as it was last written (:meth:`TableRegistry.roll_back`)
        and :class:`Refused` ``NOT_SAVED`` tells whoever asked, so nobody plays on a state that
        a restart would lose.
        """
        wanted = self.version
        async with self._save_lock:
            if self._saved_version >= wanted:
                return
            version, move_log, written = self.version, self._move_log, self._moves_written
            record = self.pending_record()
            snapshot = None if self.finished else self.snapshot()
            try:
                if snapshot is None:
                    await self.registry.store.delete_table(self.table_id, record)
                else:
                    await self.registry.store.save_table(snapshot, record, moves_written=written)
            except StoreError as error:  # one line: it says which database and why
                # An unreachable database is logged by the database, once, not per table.
                level = logging.DEBUG if error.unreachable else logging.ERROR
                log.log(level, "table %s not saved, back to its last saved state: %s", self.table_id, error)
                self.halt()
                self.registry.roll_back(self, self.last_saved)
                raise Refused(Refusal.NOT_SAVED) from None
            if snapshot is None:
                self.registry.discard(self)
            elif self._move_log == move_log:  # no new game was dealt while it was written
                self._moves_written = len(snapshot.moves)
            self.last_saved = snapshot
            self._saved_version = version
            self.went_back = False
            if record is not None:
                await self.stored(record)

    def snapshot(self) -> SavedTable:
        return SavedTable(
            table_id=self.table_id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            game=self.game,
            state=self.to_json(),
            moves=tuple(self.moves),
            thread_id=self.thread_id,
            awaits_thread=self.awaits_thread,
        )

    def start_move_log(self, moves: Sequence[dict[str, Any]] = (), *, saved: bool = False) -> None:
        """A game was dealt (with ``moves`` when it begins under way): its log replaces the last
        game's at the next save. ``saved``: the moves are the ones loaded from the store."""
        self.moves = list(moves)
        self._moves_written = len(self.moves) if saved else 0
        self._move_log += 1

    # -- timers and tasks --------------------------------------------------------------------------

    def restart_idle_timer(self) -> None:
        self._cancel_idle()
        timeout = self.idle_timeout()
        if timeout is not None:
            self._idle_timer = self.registry.clock.call_later(timeout, lambda: self.spawn(self.expire()))

    def _cancel_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in the background, keeping it referenced and its failure logged."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: background work failed", self.table_id, exc_info=task.exception())

    async def settle(self) -> None:
        """Wait until the work the table started on its own (AI moves, expiry) is done."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

    def resume(self) -> None:
        """Start the table's clocks after loading it: idle timer, game (AI seats), a fresh picture."""
        self.restart_idle_timer()
        self.after_change()
        self.publisher.notify()

    async def stop(self) -> None:
        """The bot is stopping: cancel timers and pending work; the registry saves afterwards."""
        self.halt()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.publisher.stopped()

    def place_gone(self, reason: str) -> None:
        """Discord no longer lets the table use its place (``reason`` says how: its thread or
        channel deleted, a locked thread, no access, a permission missing): set it aside
        (:meth:`~tables.registry.TableRegistry.set_aside`), in the background, as the work that
        found out (the publisher's, a call's) is stopped by it."""
        self.spawn(self.registry.set_aside(self, reason))

    def halt(self) -> None:
        """Cancel timers, the game's own work and pending edits, at once (the work that called
        this, if it is the table's, runs to its end)."""
        self._cancel_idle()
        if self._save_timer is not None:
            self._save_timer.cancel()
        self.stop_game()
        self.publisher.stop()
        current = asyncio.current_task()
        for task in list(self._tasks):
            if task is not current:
                task.cancel()
