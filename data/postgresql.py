"""The shared database: PostgreSQL through asyncpg, for bots that run as several processes.

A pool of connections, so this process's reads and writes run side by side instead of queueing
as they must on SQLite's one connection. Several processes may share the database, so what
SQLite got from its single write lock is asked for explicitly: a recording is kept once by the
UNIQUE result key (``ON CONFLICT``), and read-then-write work (ratings, league settings and
seasons, saved tables) takes a transaction-scoped advisory lock on what it changes
(:meth:`PostgresConnection.serialise`). Writes run at READ COMMITTED, so every statement after
such a lock sees what the transaction it waited for committed; reads that must see one moment
run in a REPEATABLE READ, read-only transaction.

The store's SQL is written with ``?`` placeholders; :func:`numbered` spells them ``$1, $2...``
as PostgreSQL expects, once per query text.
"""

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final, Self
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from data.driver import Row, T, Work, one_line
from data.errors import StoreError
from data.migrate import migrate_postgresql

CONNECT_TIMEOUT_S: Final = 10.0
"""How long opening waits for the server before saying it cannot be reached."""

QUERY_TIMEOUT_S: Final = 30.0
"""How long one statement may run before it is given up (a :class:`StoreError`): a lock another
process never releases, or a server that stopped answering mid-query, must not hold a table's
save, and the press waiting on it, for good. The connection's own timeout covers opening only."""

POOL_SIZE: Final = 4
"""Connections per process: enough for a burst of finished games and a standings read at once."""

DRIVER_ERRORS: Final = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)
"""What asyncpg raises when the database fails: the server's errors, a connection it lost (or a
rollback tried on it), the network (``OSError`` includes timeouts)."""

UNREACHABLE: Final = (OSError, asyncpg.PostgresConnectionError, asyncpg.OperatorInterventionError)
"""The driver errors that mean the server could not be reached: refused or lost connections,
a server shutting down or starting up."""

log = logging.getLogger(__name__)


class _PoolRetries(logging.Filter):
    """asyncpg logs a traceback each time it fails to reopen its pool's connections while the
    server is away (every second or so); the database's own "unreachable" and "back" lines say
    it once."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Failed to restore the pool connection floor")


POOL_RETRIES: Final = _PoolRetries()

_PLACEHOLDER: Final = re.compile(r"'(?:[^']|'')*'|\?")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` outside a string literal written ``$1``, ``$2``... in order."""
    count = 0

    def spell(match: re.Match[str]) -> str:
        nonlocal count
        if match.group() != "?":
            return match.group()
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(spell, sql)


class PostgresConnection:
    """:class:`data.driver.Connection` over one pooled asyncpg connection."""

    def __init__(self, conn: "asyncpg.pool.PoolConnectionProxy[asyncpg.Record]") -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return list(await self._conn.fetch(numbered(sql), *params))

    async def fetchrow(self, sql: str, params: Sequence[object] = ()) -> Row | None:
        return await self._conn.fetchrow(numbered(sql), *params)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> None:
        await self._conn.execute(numbered(sql), *params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def serialise(self, key: str) -> None:
        """A transaction-scoped advisory lock on the key's 64-bit hash (a collision only makes
        two unrelated writers wait for each other)."""
        await self._conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", key)


class PostgresDatabase:
    """:class:`data.driver.Database` on a PostgreSQL server; create it with :meth:`open`."""

    def __init__(self, pool: "asyncpg.Pool[asyncpg.Record]", name: str) -> None:
        self._pool = pool
        self.name = name
        self._unreachable = False
        logging.getLogger("asyncpg.pool").addFilter(POOL_RETRIES)

    @classmethod
    async def open(cls, url: str, migrations_dir: Path) -> Self:
        """Connect to ``url`` and bring the schema up to date; every failure is a
        :class:`StoreError` naming the URL (without its password) and the server's reason."""
        name = without_password(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=CONNECT_TIMEOUT_S,
                command_timeout=QUERY_TIMEOUT_S,
            )
        except (*DRIVER_ERRORS, ValueError) as exc:  # ValueError: a URL asyncpg cannot read
            raise StoreError(f"cannot open database {name}: {one_line(exc)}") from exc
        try:
            async with pool.acquire() as conn:
                await migrate_postgresql(conn, migrations_dir)
        except (*DRIVER_ERRORS, StoreError) as exc:
            await pool.close()
            raise StoreError(f"cannot open database {name}: {one_line(exc)}") from exc
        except BaseException:
            pool.terminate()
            raise
        return cls(pool, name)

    async def close(self) -> None:
        """Waits for the connections in use to be given back (their work done), then closes."""
        await self._pool.close()

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self._translated():
            return list(await self._pool.fetch(numbered(sql), *params))

    async def reading(self, work: Work[T]) -> T:
        async with (
            self._translated(),
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await work(PostgresConnection(conn))

    async def writing(self, work: Work[T]) -> T:
        return await asyncio.shield(self._transaction(work))

    async def _transaction(self, work: Work[T]) -> T:
        async with self._translated(), self._pool.acquire() as conn, conn.transaction():
            return await work(PostgresConnection(conn))

    @asynccontextmanager
    async def _translated(self) -> AsyncIterator[None]:
        """Re-raise driver errors as :class:`StoreError`, so callers never import asyncpg; log
        once when the server cannot be reached and once when a request reaches it again."""
        try:
            yield
        except DRIVER_ERRORS as exc:
            # A rollback tried on a lost connection fails too, hiding why it was lost: say why.
            cause: BaseException = exc
            while isinstance(cause.__context__, DRIVER_ERRORS):
                cause = cause.__context__
            unreachable = isinstance(cause, UNREACHABLE)
            if unreachable and not self._unreachable:
                log.error(
                    "database %s unreachable, nothing is saved until it is back: %s",
                    self.name,
                    one_line(cause),
                )
            self._unreachable |= unreachable
            said = (
                f"no answer within {QUERY_TIMEOUT_S:g} s"
                if isinstance(cause, TimeoutError)
                else one_line(cause)
            )
            raise StoreError(f"database {self.name}: {said}", unreachable=unreachable) from exc
        if self._unreachable:
            self._unreachable = False
            log.info("database %s is back", self.name)


def without_password(url: str) -> str:
    """``url`` fit to print: a password in it is replaced by ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rpartition("@")
    user = netloc[0].partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[2]}"))
