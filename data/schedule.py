"""The schedule of wall-clock times, as stored (migration 0016): the SQL behind the store's
schedule methods, for :mod:`tables.scheduler`, which keeps the schedule and runs it."""

import json
from collections.abc import Iterable

from data.driver import Connection, Row
from data.records import Scheduled
from data.times import db_time, from_db_time

COLUMNS = "kind, key, guild_id, due_at, players_clock, payload"


def _entry(row: Row) -> Scheduled:
    return Scheduled(
        kind=str(row[0]),
        key=str(row[1]),
        guild_id=int(row[2]),
        due=from_db_time(str(row[3])),
        players_clock=bool(row[4]),
        payload=json.loads(row[5]),
    )


def _values(entry: Scheduled) -> tuple[object, ...]:
    return (
        entry.kind,
        entry.key,
        entry.guild_id,
        db_time(entry.due),
        int(entry.players_clock),
        json.dumps(entry.payload, sort_keys=True),
    )


async def entries(conn: Connection) -> list[Scheduled]:
    """Every entry, soonest first."""
    rows = await conn.fetch(f"SELECT {COLUMNS} FROM schedule ORDER BY due_at, kind, key")
    return [_entry(row) for row in rows]


async def put(conn: Connection, batch: Iterable[Scheduled]) -> None:
    """Add entries, each replacing the one of its kind and key."""
    await conn.executemany(
        f"INSERT INTO schedule ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET"
        " guild_id = excluded.guild_id, due_at = excluded.due_at,"
        " players_clock = excluded.players_clock, payload = excluded.payload",
        [_values(entry) for entry in batch],
    )


async def drop(conn: Connection, kind: str, key: str) -> None:
    await conn.execute("DELETE FROM schedule WHERE kind = ? AND key = ?", (kind, key))


async def done(conn: Connection, entry: Scheduled) -> None:
    """Delete ``entry`` once done, unless what did it put another in its place meanwhile (the
    next season's boundary, the next move's deadline: the same kind and key, another time)."""
    await conn.execute(
        "DELETE FROM schedule WHERE kind = ? AND key = ? AND due_at = ?",
        (entry.kind, entry.key, db_time(entry.due)),
    )
