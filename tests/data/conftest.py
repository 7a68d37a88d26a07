"""Every store test runs once per driver: against an SQLite file and against a PostgreSQL
database on a real server (see :mod:`tests.postgres`), each fresh for the test."""

from __future__ import annotations

import itertools
import shutil
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from data import Store
from data.migrate import MIGRATIONS, Driver
from tests.postgres import Server, ServerError


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    server = Server()
    try:
        yield server
    finally:
        server.stop()


class Databases:
    """Fresh databases of one driver for one test: SQLite files in its ``tmp_path``, or new
    databases on the PostgreSQL server (dropped when the test ends)."""

    def __init__(self, driver: Driver, tmp_path: Path, server: Server) -> None:
        self.driver = driver
        self._tmp_path = tmp_path
        self._server = server
        self._numbers = itertools.count(1)
        self._created: list[str] = []

    async def new(self) -> str | Path:
        """An empty database: an SQLite file's path or a PostgreSQL URL."""
        if self.driver == "sqlite":
            return self._tmp_path / f"db{next(self._numbers)}.sqlite3"
        try:
            url = await self._server.create_database()
        except ServerError as exc:
            failure = str(exc)
        else:
            self._created.append(url)
            return url
        pytest.fail(failure, pytrace=False)

    async def drop(self) -> None:
        for url in self._created:
            await self._server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
async def databases(
    request: pytest.FixtureRequest, tmp_path: Path, postgres_server: Server
) -> AsyncIterator[Databases]:
    made = Databases(request.param, tmp_path, postgres_server)
    try:
        yield made
    finally:
        await made.drop()


@pytest.fixture
async def postgresql(tmp_path: Path, postgres_server: Server) -> AsyncIterator[Databases]:
    """Fresh PostgreSQL databases, for a test of what only the PostgreSQL driver does."""
    made = Databases("postgresql", tmp_path, postgres_server)
    try:
        yield made
    finally:
        await made.drop()


@pytest.fixture
async def database(databases: Databases) -> str | Path:
    """The test's database (the one :func:`store` opens), to open a second time as another
    process would."""
    return await databases.new()


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    async with await Store.open(database) as opened:
        yield opened


async def peek(database: str | Path, query: str) -> list[tuple[object, ...]]:
    """Look at the database from outside the store, the way a second process would."""
    if isinstance(database, Path):
        conn = sqlite3.connect(database)
        try:
            return conn.execute(query).fetchall()
        finally:
            conn.close()
    pg = await asyncpg.connect(database)
    try:
        return [tuple(row) for row in await pg.fetch(query)]
    finally:
        await pg.close()


async def poke(database: str | Path, *statements: str) -> None:
    """Change the database from outside the store, as an older version of the bot left it."""
    if isinstance(database, Path):
        conn = sqlite3.connect(database)
        try:
            with conn:
                for statement in statements:
                    conn.execute(statement)
        finally:
            conn.close()
        return
    pg = await asyncpg.connect(database)
    try:
        async with pg.transaction():
            for statement in statements:
                await pg.execute(statement)
    finally:
        await pg.close()


def migrations_up_to(driver: Driver, folder: Path, last: int) -> Path:
    """A migrations directory in ``folder`` holding the driver's migrations 1 to ``last``: the
    schema an older version of the bot left (then opened again with all of them)."""
    older = folder / f"migrations-{driver}-{last}"
    older.mkdir()
    for migration in sorted(MIGRATIONS[driver].glob("*.sql"))[:last]:
        shutil.copy(migration, older)
    return older
