"""Game nights as stored (migration 0018): the SQL behind the store's night methods, each run by
the store in one of its transactions (or reads).

What must never happen twice is counting a table's game: :func:`count_table` marks the table
counted and writes its points in one transaction, serialised on the night, and does nothing for
a table counted already.
"""

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from data.driver import Connection, Row
from data.records import Night, NightPerson, NightScore, NightTable
from data.times import db_time, from_db_time

NIGHT_COLUMNS: Final = (
    "id, guild_id, channel_id, game, format, settings, starts_at, locale, planned_by, state, round,"
    " event_id, card_id, standings_id"
)
CHANGEABLE: Final = frozenset(
    {"state", "round", "event_id", "card_id", "standings_id", "starts_at", "settings"}
)
"""What of a night changes after it is planned."""


def _key(night_id: int) -> str:
    return f"night:{night_id}"


def _night(row: Row) -> Night:
    return Night(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        game=str(row[3]),
        format=str(row[4]),
        settings=json.loads(row[5]),
        starts_at=from_db_time(str(row[6])),
        locale=str(row[7]),
        planned_by=int(row[8]),
        state=str(row[9]),
        round=int(row[10]),
        event_id=None if row[11] is None else int(row[11]),
        card_id=None if row[12] is None else int(row[12]),
        standings_id=None if row[13] is None else int(row[13]),
    )


async def plan(conn: Connection, night: Night, now: datetime) -> Night:
    """Keep a new night (its ``id`` is chosen here); returned with it."""
    row = await conn.fetchrow(
        "INSERT INTO nights (guild_id, channel_id, game, format, settings, starts_at, locale, planned_by,"
        " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            night.guild_id,
            night.channel_id,
            night.game,
            night.format,
            json.dumps(night.settings, sort_keys=True),
            db_time(night.starts_at),
            night.locale,
            night.planned_by,
            db_time(now),
        ),
    )
    assert row is not None, "INSERT ... RETURNING returns the new row"
    found = await night_by_id(conn, int(row[0]))
    assert found is not None
    return found


async def night_by_id(conn: Connection, night_id: int) -> Night | None:
    row = await conn.fetchrow(f"SELECT {NIGHT_COLUMNS} FROM nights WHERE id = ?", (night_id,))
    return None if row is None else _night(row)


async def open_nights(conn: Connection) -> list[Night]:
    """Every night still to come or under way, on every server, soonest first."""
    rows = await conn.fetch(
        f"SELECT {NIGHT_COLUMNS} FROM nights WHERE state NOT IN ('over', 'cancelled') ORDER BY starts_at, id"
    )
    return [_night(row) for row in rows]


async def change(conn: Connection, night_id: int, changes: dict[str, Any]) -> Night | None:
    """Change what :data:`CHANGEABLE` names of a night; the night as it is now."""
    unknown = set(changes) - CHANGEABLE
    if unknown:
        raise ValueError(f"a night's {', '.join(sorted(unknown))} cannot change")
    stored = {
        name: db_time(value)
        if name == "starts_at"
        else json.dumps(value, sort_keys=True)
        if name == "settings"
        else value
        for name, value in changes.items()
    }
    if stored:
        assignments = ", ".join(f"{name} = ?" for name in stored)
        await conn.execute(f"UPDATE nights SET {assignments} WHERE id = ?", (*stored.values(), night_id))
    return await night_by_id(conn, night_id)


# -- its people ------------------------------------------------------------------------------------


def _person(row: Row) -> NightPerson:
    return NightPerson(
        user_id=int(row[0]),
        name=str(row[1]),
        joined_at=from_db_time(str(row[2])),
        checked_in=bool(row[3]),
        withdrawn=bool(row[4]),
        absences=int(row[5]),
    )


async def people(conn: Connection, night_id: int) -> list[NightPerson]:
    """A night's people, in the order they joined."""
    rows = await conn.fetch(
        "SELECT user_id, name, joined_at, checked_in, withdrawn, absences FROM night_people"
        " WHERE night_id = ? ORDER BY joined_at, user_id",
        (night_id,),
    )
    return [_person(row) for row in rows]


async def join(
    conn: Connection, night_id: int, user_id: int, name: str, now: datetime, *, checked_in: bool
) -> None:
    """``user_id`` joins (again: their name is brought up to date, and a withdrawn person is
    back); checked in at once when the night asks for check-in already."""
    await conn.execute(
        "INSERT INTO night_people (night_id, user_id, name, joined_at, checked_in) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (night_id, user_id) DO UPDATE SET name = excluded.name, withdrawn = 0,"
        " checked_in = CASE WHEN excluded.checked_in = 1 THEN 1 ELSE night_people.checked_in END",
        (night_id, user_id, name, db_time(now), int(checked_in)),
    )


async def leave(conn: Connection, night_id: int, user_id: int) -> None:
    await conn.execute("DELETE FROM night_people WHERE night_id = ? AND user_id = ?", (night_id, user_id))


async def mark(
    conn: Connection,
    night_id: int,
    user_id: int,
    *,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
) -> None:
    """Check ``user_id`` in, or withdraw them (or bring them back)."""
    if checked_in is not None:
        await conn.execute(
            "UPDATE night_people SET checked_in = ? WHERE night_id = ? AND user_id = ?",
            (int(checked_in), night_id, user_id),
        )
    if withdrawn is not None:
        await conn.execute(
            "UPDATE night_people SET withdrawn = ? WHERE night_id = ? AND user_id = ?",
            (int(withdrawn), night_id, user_id),
        )


# -- its tables and their points -------------------------------------------------------------------


def _table(row: Row) -> NightTable:
    return NightTable(
        table_id=str(row[0]),
        round=int(row[1]),
        seats=tuple(json.loads(row[2])),
        started_at=from_db_time(str(row[3])),
        counted=bool(row[4]),
    )


async def seat(conn: Connection, night_id: int, table: NightTable) -> None:
    await conn.execute(
        "INSERT INTO night_tables (night_id, table_id, round, seats, started_at, counted)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            night_id,
            table.table_id,
            table.round,
            json.dumps(list(table.seats)),
            db_time(table.started_at),
            int(table.counted),
        ),
    )


async def tables(conn: Connection, night_id: int) -> list[NightTable]:
    """A night's tables, in the order they were seated."""
    rows = await conn.fetch(
        "SELECT table_id, round, seats, started_at, counted FROM night_tables WHERE night_id = ?"
        " ORDER BY started_at, table_id",
        (night_id,),
    )
    return [_table(row) for row in rows]


async def count_table(
    conn: Connection, night_id: int, table_id: str, scores: Sequence[NightScore], absent: Sequence[int]
) -> bool:
    """Count a table's game once: its ``scores`` written, and a missed game noted for each of
    ``absent`` (an AI played for them: after two they are withdrawn), with the table marked
    counted. False (and nothing written) if it was counted already, or is not the night's."""
    await conn.serialise(_key(night_id))
    row = await conn.fetchrow(
        "SELECT counted FROM night_tables WHERE night_id = ? AND table_id = ?", (night_id, table_id)
    )
    if row is None or bool(row[0]):
        return False
    await conn.execute(
        "UPDATE night_tables SET counted = 1 WHERE night_id = ? AND table_id = ?", (night_id, table_id)
    )
    await conn.executemany(
        "INSERT INTO night_points (night_id, table_id, user_id, round, place, points, won)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(night_id, s.table_id, s.user_id, s.round, s.place, s.points, int(s.won)) for s in scores],
    )
    await conn.executemany(
        "UPDATE night_people SET absences = absences + 1, withdrawn = CASE WHEN absences + 1 >= 2 THEN 1"
        " ELSE withdrawn END WHERE night_id = ? AND user_id = ?",
        [(night_id, user_id) for user_id in absent],
    )
    return True


async def scores(conn: Connection, night_id: int) -> list[NightScore]:
    """Everything a night's people earned, table by table, in the order the tables were counted."""
    rows = await conn.fetch(
        "SELECT p.user_id, p.table_id, p.round, p.place, p.points, p.won FROM night_points p"
        " JOIN night_tables t ON t.night_id = p.night_id AND t.table_id = p.table_id"
        " WHERE p.night_id = ? ORDER BY t.started_at, p.table_id, p.place, p.user_id",
        (night_id,),
    )
    return [NightScore(int(r[0]), str(r[1]), int(r[2]), int(r[3]), float(r[4]), bool(r[5])) for r in rows]
