"""Numbered SQL migrations applied through ``PRAGMA user_version``.

A migration is a file ``NNNN_name.sql`` in ``data/migrations``; the database records the number of
the last one applied in its header, so no bookkeeping table is needed. Each file runs in its own
transaction together with the version bump, so a failing migration leaves the database exactly at
the previous version. Files must therefore not contain BEGIN or COMMIT.

Migrations run with foreign keys off and end with ``PRAGMA foreign_key_check``, the procedure
SQLite documents for schema changes: a later migration that rebuilds a table (the only way to change
a CHECK) must not cascade-delete the rows that point at it, yet must not leave dangling references.
"""

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import aiosqlite

from data.errors import StoreError

MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")

_FILE_NAME: Final = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered SQL file."""

    version: int
    path: Path


def find_migrations(directory: Path) -> list[Migration]:
    """The migrations in ``directory``, in order.

    They must be numbered 1, 2, 3... without gaps or repeats: two branches that both add 0004 fail
    here, loudly, instead of one of them being skipped on databases that already reached version 4.
    """
    migrations = []
    for path in directory.glob("*.sql"):
        match = _FILE_NAME.fullmatch(path.name)
        if match is None:
            raise StoreError(f"migration file {path.name} is not named NNNN_name.sql")
        migrations.append(Migration(int(match.group(1)), path))
    migrations.sort(key=lambda m: m.version)
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise StoreError(f"migration {migration.path.name} is out of sequence: expected {expected:04d}")
    return migrations


async def _pragma(conn: aiosqlite.Connection, name: str) -> int:
    """The value of an integer pragma such as ``user_version`` (0 for a new database)."""
    async with conn.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def migrate(conn: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> int:
    """Apply the pending migrations in order and return the resulting version.

    ``conn`` must be in autocommit mode (``isolation_level=None``) so that the transactions here are
    the only ones. A database newer than the code is refused rather than used with a schema the code
    does not know.
    """
    migrations = find_migrations(directory)
    latest = len(migrations)
    current = await _pragma(conn, "user_version")
    if current > latest:
        raise StoreError(f"the database is at schema version {current}, newer than this bot's {latest}")
    if current == latest:
        return current
    foreign_keys = await _pragma(conn, "foreign_keys")
    await conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for migration in migrations[current:]:
            await _apply(conn, migration)
    finally:
        await conn.execute(f"PRAGMA foreign_keys = {foreign_keys}")
    return latest


async def _apply(conn: aiosqlite.Connection, migration: Migration) -> None:
    """Run one file and bump the version in a single transaction; roll back on any failure."""
    sql = migration.path.read_text(encoding="utf-8")
    try:
        await conn.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {migration.version};")
        async with conn.execute("PRAGMA foreign_key_check") as cursor:
            violation = await cursor.fetchone()
        if violation is not None:
            raise StoreError(
                f"migration {migration.path.name} failed: it leaves a row of {violation[0]} "
                f"pointing at a missing row of {violation[2]}"
            )
        await conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error):
            raise StoreError(f"migration {migration.path.name} failed: {exc}") from exc
        raise
