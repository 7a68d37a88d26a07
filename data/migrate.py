"""Numbered SQL migrations, one set per database, with the same numbers.

A migration is a file ``NNNN_name.sql`` in ``data/migrations/sqlite`` and its counterpart in
``data/migrations/postgresql``: each pair takes the schema to the same version, written in that
database's DDL (SQLite's ``INTEGER PRIMARY KEY`` is PostgreSQL's identity column, SQLite's
table rebuild is PostgreSQL's ALTER TABLE), so a version number means the same tables in both.
Each file runs in its own transaction together with the version bump, so a failing migration
leaves the database exactly at the previous version. Files must therefore not contain BEGIN or
COMMIT.

Where the version is recorded differs, and is the only other difference: SQLite keeps it in the
file's header (``PRAGMA user_version``, no bookkeeping table), PostgreSQL in ``schema_version``,
one row per applied migration. Several bot processes may start at once against one PostgreSQL
database, so there the whole run holds an advisory lock: the second process waits, then finds
nothing left to do.

SQLite migrations run with foreign keys off and end with ``PRAGMA foreign_key_check``, the
procedure SQLite documents for schema changes: a later migration that rebuilds a table (the only
way to change a CHECK) must not cascade-delete the rows that point at it, yet must not leave
dangling references. PostgreSQL checks foreign keys as each statement runs.
"""

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

import aiosqlite
import asyncpg

from data.errors import StoreError

Driver = Literal["sqlite", "postgresql"]

MIGRATIONS: Final[dict[Driver, Path]] = {
    driver: Path(__file__).with_name("migrations") / driver for driver in ("sqlite", "postgresql")
}
"""Each database's migrations directory."""

MIGRATION_LOCK: Final = "gamenight:migrate"
"""The PostgreSQL advisory lock (by its hashed name) held while migrating."""

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


def pending(directory: Path, current: int) -> list[Migration]:
    """The migrations a database at version ``current`` still needs. A database newer than the
    code is refused rather than used with a schema the code does not know."""
    migrations = find_migrations(directory)
    if current > len(migrations):
        raise StoreError(
            f"the database is at schema version {current}, newer than this bot's {len(migrations)}"
        )
    return migrations[current:]


# -- SQLite ----------------------------------------------------------------------------------------


async def _pragma(conn: aiosqlite.Connection, name: str) -> int:
    """The value of an integer pragma such as ``user_version`` (0 for a new database)."""
    async with conn.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row is not None else 0


async def migrate_sqlite(conn: aiosqlite.Connection, directory: Path) -> None:
    """Apply the pending migrations in order. ``conn`` must be in autocommit mode
    (``isolation_level=None``) so that the transactions here are the only ones."""
    todo = pending(directory, await _pragma(conn, "user_version"))
    if not todo:
        return
    foreign_keys = await _pragma(conn, "foreign_keys")
    await conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for migration in todo:
            await _apply_sqlite(conn, migration)
    finally:
        await conn.execute(f"PRAGMA foreign_keys = {foreign_keys}")


async def _apply_sqlite(conn: aiosqlite.Connection, migration: Migration) -> None:
    """Run one file and bump the version in a single transaction; roll back on any failure.

    The version is read again once the write lock is held: another process that started at the
    same moment may have applied this file while we waited, and then there is nothing to do.
    (``executescript`` would commit the transaction first, so the file runs statement by
    statement.)"""
    sql = migration.path.read_text(encoding="utf-8")
    try:
        await conn.execute("BEGIN IMMEDIATE")
        if await _pragma(conn, "user_version") >= migration.version:
            await conn.execute("ROLLBACK")
            return
        for statement in _statements(sql):
            await conn.execute(statement)
        await conn.execute(f"PRAGMA user_version = {migration.version}")
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


def _statements(sql: str) -> list[str]:
    """A file's statements, cut at the semicolons where SQLite's own tokenizer says one is
    complete (not one inside a string or a trigger body); what follows the last one is kept, so
    an unfinished statement is reported rather than dropped (comments alone run as nothing)."""
    statements, current = [], ""
    *pieces, rest = sql.split(";")
    for piece in pieces:
        current += piece + ";"
        if sqlite3.complete_statement(current):
            statements.append(current)
            current = ""
    if (current + rest).strip():
        statements.append(current + rest)
    return statements


# -- PostgreSQL ------------------------------------------------------------------------------------


async def migrate_postgresql(
    conn: "asyncpg.pool.PoolConnectionProxy[asyncpg.Record]", directory: Path
) -> None:
    """Apply the pending migrations in order, holding the migration lock throughout, so two
    processes starting at once against an empty database do not both run 0001."""
    await conn.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", MIGRATION_LOCK)
    try:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await conn.fetchval("SELECT COALESCE(max(version), 0) FROM schema_version")
        for migration in pending(directory, int(current)):
            try:
                async with conn.transaction():
                    await conn.execute(migration.path.read_text(encoding="utf-8"))
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", migration.version)
            except asyncpg.PostgresError as exc:
                raise StoreError(f"migration {migration.path.name} failed: {exc}") from exc
    finally:
        await conn.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", MIGRATION_LOCK)
