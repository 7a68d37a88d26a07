"""The embedded database: one aiosqlite connection per process, nothing to set up.

WAL mode (readers never wait for the writer, and a crash mid-write loses nothing committed),
foreign keys on. The one connection cannot hold two transactions, so this process's tasks queue
on a lock; another process's writer is waited for (``busy_timeout``) because every write
transaction starts with ``BEGIN IMMEDIATE``, which takes SQLite's single write lock up front.
That lock is also why :meth:`SQLiteConnection.serialise` has nothing left to do.
"""

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final, Self

import aiosqlite

from data import leagues
from data.driver import Row, T, Work, one_line
from data.errors import StoreError
from data.migrate import migrate_sqlite

BUSY_TIMEOUT_MS: Final = 5000
"""How long a write waits for another process's write lock before failing."""


class SQLiteConnection:
    """:class:`data.driver.Connection` over the one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        async with self._conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        await self._conn.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._conn.executemany(sql, rows)

    async def serialise(self, key: str) -> None:
        """Nothing to do: a write transaction already holds the whole database's write lock."""


class SQLiteDatabase:
    """:class:`data.driver.Database` in one SQLite file; create it with :meth:`open`."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self._conn = conn
        self._queries = SQLiteConnection(conn)
        self._lock = asyncio.Lock()
        self.name = str(path)

    @classmethod
    async def open(cls, path: Path, migrations_dir: Path) -> Self:
        """Open (creating if needed) the file and bring its schema up to date; every failure is
        a :class:`StoreError` naming the path and a cause an operator can act on."""
        if path.is_dir():
            raise StoreError(f"cannot open database {path}: it is a directory")
        _make_parent(path)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open database {path}: {_open_failure(path, exc)}") from exc
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await _use_wal(conn)
            await conn.create_function("league_name_key", 1, leagues.name_key, deterministic=True)
            await migrate_sqlite(conn, migrations_dir)
            await conn.execute("PRAGMA foreign_keys = ON")
        except (sqlite3.Error, StoreError) as exc:
            await conn.close()
            cause = _open_failure(path, exc) if isinstance(exc, sqlite3.Error) else str(exc)
            raise StoreError(f"cannot open database {path}: {cause}") from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        """Under the lock, so it never sees another task's half-done transaction (all tasks
        share the one connection)."""
        async with self._lock, self._translated():
            return await self._queries.fetch(sql, params)

    async def reading(self, work: Work[T]) -> T:
        """Shielded as writes are: a caller cancelled half-way (a task stopped with the bot)
        must not leave the shared connection inside its transaction, where every later
        transaction would fail to begin."""
        return await asyncio.shield(self._read(work))

    async def _read(self, work: Work[T]) -> T:
        async with self._lock, self._translated():
            await self._conn.execute("BEGIN")
            try:
                return await work(self._queries)
            finally:
                await self._conn.execute("COMMIT")

    async def writing(self, work: Work[T]) -> T:
        return await asyncio.shield(self._transaction(work))

    async def _transaction(self, work: Work[T]) -> T:
        async with self._lock, self._translated():
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                result = await work(self._queries)
                await self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            return result

    @asynccontextmanager
    async def _translated(self) -> AsyncIterator[None]:
        """Re-raise driver errors as :class:`StoreError`, so callers never import sqlite3."""
        try:
            yield
        except sqlite3.Error as exc:
            raise StoreError(f"database {self.name}: {one_line(exc)}") from exc


async def _use_wal(conn: aiosqlite.Connection) -> None:
    """Switch the file to WAL journaling (a no-op once it is).

    The first switch of a new file needs SQLite's exclusive lock, and when other processes open
    the same new file at that moment SQLite may answer "busy" at once rather than wait
    ``busy_timeout``, where waiting could deadlock; so "busy" is tried again, as long as that."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            break
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.01)
    if row is None or str(row[0]).lower() != "wal":
        raise StoreError("WAL journaling is not available on this filesystem")


def _make_parent(path: Path) -> None:
    """Create the database's directory, explaining the usual failure (a file in the way)."""
    directory = path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = next((p for p in (directory, *directory.parents) if p.exists() and not p.is_dir()), None)
        cause = (
            f"{blocker} is a file, not a directory"
            if blocker is not None
            else f"cannot create directory {directory} ({exc.strerror or exc})"
        )
        raise StoreError(f"cannot open database {path}: {cause}") from exc


def _open_failure(path: Path, exc: sqlite3.Error) -> str:
    """Why opening failed, in words an operator can act on; SQLite's own message is vague."""
    if not os.access(path.parent, os.W_OK):
        return f"the directory {path.parent} is not writable"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    if not path.exists():
        # SQLite only says "unable to open database file"; the OS says why (even to root,
        # who passes the access check above on a read-only or virtual filesystem).
        try:
            path.touch()
        except OSError as os_error:
            return f"cannot create the file ({os_error.strerror or os_error})"
    return one_line(exc)
