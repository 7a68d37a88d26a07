"""The running tables of the whole bot, one per channel.

The registry is what ``bot.py`` builds once and hands to the cogs: a command asks it for the
channel's table, ``/about`` counts them, and a shutdown stops and saves every one so nothing is
lost on a restart. It also holds what all tables share (the store, the clock, the pacing of
Discord writes, the turn time limits, where AI seats think), and at start-up turns every saved
table back into a running one through the loader each game registers. Each game's table class
satisfies :class:`Table`.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final, ParamSpec, Protocol, TypeVar

from data import Game, GameRecord, SavedTable, Store, StoreError
from tables.clock import Clock, LoopClock
from tables.errors import Refusal, Refused
from tables.pacing import ChannelPacing
from tables.stand_ins import ABSENT_AFTER
from tables.turns import TurnLimits
from tables.worker import Worker

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger(__name__)


class Table(Protocol):
    """What the registry needs of a running table: where it is, how to save, resume and stop it."""

    @property
    def table_id(self) -> str: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def place_id(self) -> int:
        """Where it plays (a thread, or its channel), which holds no other table."""
        ...

    @property
    def guild_id(self) -> int: ...

    @property
    def host_id(self) -> int:
        """The member who opened the table."""
        ...

    @property
    def finished(self) -> bool: ...

    def snapshot(self) -> SavedTable:
        """The table as it must be saved to resume after a restart."""
        ...

    last_saved: SavedTable | None
    """The table as last written or loaded."""
    awaits_thread: bool
    """A new lobby whose thread is being started: it plays nowhere yet."""

    @property
    def holds_room(self) -> bool:
        """Whether it counts against its host's and server's open tables."""
        ...

    went_back: bool
    """It was put back as last written because a later write failed."""

    def halt(self) -> None:
        """Cancel its timers, its game's own work and its pending edits, at once."""
        ...

    async def save(self) -> None:
        """Write it if a change is not yet written (raises Refused if the store fails)."""
        ...

    def resume(self) -> None:
        """Start its clocks again after it was loaded."""
        ...

    async def stop(self) -> None:
        """Cancel its timers and pending work; the bot is stopping."""
        ...


Loader = Callable[[SavedTable], Table]
"""Turns a saved table of one game back into a running table."""


MEMBER_TABLES: Final = 3
"""Open tables one member may host at once: enough to play in a few channels, too few to flood
a server with lobbies."""
SERVER_TABLES: Final = 50
"""Open tables in one server at once, so one server cannot take the whole bot's capacity."""


class ChannelTaken(Exception):
    """A channel already has a table played in it: one table per place (a channel, or a
    thread) keeps the channel readable."""


class TableRegistry:
    """Tables by channel id, saved through the store."""

    def __init__(
        self,
        store: Store,
        clock: Clock | None = None,
        turn_seconds: float = 90.0,
        absent_seconds: float = ABSENT_AFTER,
        owns: Callable[[int], bool] = lambda guild_id: True,
        thinker: Worker | None = None,
    ) -> None:
        """``turn_seconds``: how long turn-based tables wait for a player (``TURN_SECONDS``);
        ``absent_seconds``: how long real-time tables wait for the one person they need before
        an AI plays for them (a server may choose another limit);
        ``owns``: whether a server's tables are this process's (its shard's, see
        :mod:`tables.shards`): only those are resumed, the rest stay saved for their process;
        ``thinker``: the worker process AI seats think in (see :meth:`think`), stopped with the
        registry; without one they think in a thread."""
        self.resumed = False
        """Whether :meth:`resume_saved` has run: until then a saved table is not here yet, and
        whoever asks for it (a game night looking for its tables) must not take it for gone."""
        self.store = store
        self.owns = owns
        self.thinker = thinker
        self.clock: Clock = clock or LoopClock()
        self.turn_limits = TurnLimits.of(turn_seconds)
        self.absence_limits = TurnLimits.of(absent_seconds)
        self.pacing = ChannelPacing(self.clock)
        self._tables: dict[str, Table] = {}
        """The running tables by table id."""
        self._loaders: dict[Game, Loader] = {}
        self.on_recorded: list[Callable[[Table, GameRecord], Awaitable[None]]] = []
        """Told each game a table recorded, once it is stored (a game night counts it)."""
        self.on_set_aside: Callable[[Table, str], Awaitable[None]] | None = None
        """Tells a table's players it was set aside, where they can be told (the bot's
        :mod:`cogs.set_aside` sets it)."""

    def __len__(self) -> int:
        return len(self._tables)

    async def recorded(self, table: Table, record: GameRecord) -> None:
        """``table``'s game ``record`` is stored: tell those who asked (:attr:`on_recorded`); one
        that fails is logged and the others still told (the game is recorded either way)."""
        for listener in self.on_recorded:
            try:
                await listener(table, record)
            except Exception:
                log.exception(
                    "table %s's game %s was recorded, but telling %r failed",
                    table.table_id,
                    record.result_key,
                    listener,
                )

    async def think(self, job: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``job(*args, **kwargs)`` off the event loop: an AI step is pure Python for up to half a
        second or so, which in a thread of the bot takes the interpreter from the loop about half
        the time (tables/worker.py), so the bot thinks in its thinker's process; without one
        (the tests), in a thread. ``job`` and its arguments must pickle."""
        if self.thinker is None:
            return await asyncio.to_thread(job, *args, **kwargs)
        return await self.thinker.run(job, *args, **kwargs)

    def get(self, table_id: str) -> Table | None:
        return self._tables.get(table_id)

    def in_guild(self, guild_id: int) -> list[Table]:
        """The running tables of a server, oldest first."""
        return [table for table in self._tables.values() if table.guild_id == guild_id]

    def playing_in(self, place_id: int) -> Table | None:
        """The table playing in a channel or thread, if any (a lobby awaiting its thread plays
        nowhere yet)."""
        return next(
            (t for t in self._tables.values() if t.place_id == place_id and not t.awaits_thread), None
        )

    def check_room(self, guild_id: int, host_id: int) -> None:
        """Refuse a new table when its host, or its server, has as many open as allowed."""
        tables = [t for t in self._tables.values() if t.guild_id == guild_id and t.holds_room]
        if sum(table.host_id == host_id for table in tables) >= MEMBER_TABLES:
            raise Refused(Refusal.MEMBER_TABLES)
        if len(tables) >= SERVER_TABLES:
            raise Refused(Refusal.SERVER_TABLES)

    def add(self, table: Table, *, new_thread: bool = False) -> None:
        """Run ``table``; :class:`ChannelTaken` if another plays in its place. ``new_thread``:
        it is about to get a thread of its own, so it takes no place in its channel until it
        has one (:attr:`~tables.table.Table.awaits_thread`)."""
        if not new_thread and self.playing_in(table.place_id) is not None:
            raise ChannelTaken(table.place_id)
        table.awaits_thread = new_thread
        self._tables[table.table_id] = table

    def discard(self, table: Table) -> None:
        """Remove ``table`` if it is still running (a finished table leaving)."""
        if self._tables.get(table.table_id) is table:
            del self._tables[table.table_id]

    def register_loader(self, game: Game, loader: Loader) -> None:
        """How to resume saved tables of ``game``; each game's cog registers one."""
        self._loaders[game] = loader

    async def resume_saved(self) -> list[SavedTable]:
        """Load and start every saved table of this process's servers whose game has a loader;
        returns the tables set aside instead, for their channels to be told.

        A bad row must never stop the bot from starting nor hold its channel: a table whose
        state is damaged or cannot be loaded (whatever the loader raises) is moved aside in the
        store, kept with its reason, and logged once; one saved as already finished is deleted.
        A table whose game has no loader (a game switched off) stays saved for later.
        """
        set_aside: list[SavedTable] = []
        try:
            await self._resume_each(set_aside)
        finally:
            self.resumed = True
        return set_aside

    async def _resume_each(self, set_aside: list[SavedTable]) -> None:
        for saved in await self.store.load_tables():
            if not self.owns(saved.guild_id):
                continue
            if saved.game not in self._loaders:
                log.warning("table %s: no loader for %s; left saved", saved.table_id, saved.game)
                continue
            table: Table | None = None
            try:
                table = self.load(saved)
                if table.finished:
                    log.warning("table %s was saved finished; deleted", saved.table_id)
                    await self.store.delete_table(saved.table_id)
                    continue
                table.last_saved = saved
                self.add(table)
                table.resume()
            except Exception as exc:
                reason = f"{type(exc).__name__}: {exc}"
                log.error("table %s in channel %s set aside: %s", saved.table_id, saved.channel_id, reason)
                if table is not None:
                    self.discard(table)
                    await table.stop()
                await self.store.set_aside_table(saved.table_id, reason)
                set_aside.append(saved)

    async def set_aside(self, table: Table, reason: str) -> None:
        """Discord no longer lets ``table`` use its place: stop it at once (no AI plays on for
        nobody to see), keep it in the store aside from the running tables as it is (the game
        under way is not recorded; the results of those already finished were), free its place
        and its host's slot, say so in one line, and tell its players (:attr:`on_set_aside`).
        A moderator resumes it in a channel or discards it (:mod:`cogs.set_aside`)."""
        if self._tables.get(table.table_id) is not table:
            return  # set aside already (two writes found out at once), or ended meanwhile
        self.discard(table)
        table.halt()
        try:
            await table.save()  # an AI move not yet written, or a game that just ended
            if not table.finished:
                await self.store.set_aside_table(table.table_id, reason)
        except (Refused, StoreError) as error:  # it resumes as last saved, and finds out again
            log.error("table %s not set aside (%s): %s", table.table_id, reason, error)
            return
        log.warning(
            "table %s set aside: its place %s is not usable (%s)", table.table_id, table.place_id, reason
        )
        if self.on_set_aside is not None and not table.finished:
            await self.on_set_aside(table, reason)

    def load(self, saved: SavedTable) -> Table:
        """``saved`` as a table, not yet running (a table set aside, to be resumed elsewhere):
        raises what its loader raises, ValueError for a state that could not be read, KeyError
        for a game this bot does not run."""
        if saved.damage is not None:
            raise ValueError(saved.damage)
        return self._loaders[saved.game](saved)

    def roll_back(self, table: Table, saved: SavedTable | None) -> None:
        """``table`` (halted) could not be written: put the table back in its channel as it was
        last ``saved``, or free the channel if it was never saved. The table comes back as after
        a restart, loaded by its game's loader, with its clocks restarted and its message redrawn."""
        self.discard(table)
        if saved is None:
            return
        try:
            restored = self.load(saved)
        except Exception:
            log.exception("table %s could not be restored; its channel is free", saved.table_id)
            return
        restored.last_saved, restored.went_back = saved, True
        self.add(restored)
        restored.resume()

    async def save_all(self) -> int:
        """Save every running table, as the last step before the bot stops; returns how many
        could not be (the database failing: they resume as they were last saved, said in one
        line). Tables come and go while it awaits the database, so it walks a copy: one that
        finished meanwhile has already saved itself away."""
        unsaved: list[str] = []
        error: StoreError | None = None
        for table in list(self._tables.values()):
            snapshot = table.snapshot()
            try:
                await self.store.save_table(snapshot)
            except StoreError as failed:
                unsaved.append(snapshot.table_id)
                error = failed
        if error is not None:
            log.error("%d tables not saved at shutdown (%s), they resume as last saved: %s",
                      len(unsaved), ", ".join(unsaved), error)  # fmt: skip
        return len(unsaved)

    async def shutdown(self) -> int:
        """Stop every table (AI seats, timers, pending edits), then save them all; returns how
        many could not be saved. Games go on while it stops them one by one (a lobby starts, a
        game ends), so it goes round again until every table it holds has been stopped."""
        stopped: set[int] = set()
        try:
            while waiting := [table for table in list(self._tables.values()) if id(table) not in stopped]:
                for table in waiting:
                    stopped.add(id(table))
                    await table.stop()
            return await self.save_all()
        finally:
            if self.thinker is not None:
                self.thinker.stop()  # no table thinks any more; a step under way ends first
