"""The members who asked a server to forget their name there (``/forget-me``).

Nothing is rewritten: their results keep the name they were recorded under. Every read that
returns a person's stored name (a finished game's seats, a season's standings, the leaderboard,
a player's statistics and their opponents, a league's games) marks a forgotten member's rows from
:func:`forgotten`, read in the same transaction, so whoever shows them says "a former player" in
their reader's language (only the member's own ``/stats`` still names them).
"""

from datetime import datetime

from data.driver import Connection
from data.times import db_time


async def forget(conn: Connection, guild_id: int, user_id: int, now: datetime) -> None:
    """From ``now`` on, ``user_id``'s name is not shown in this server (asking again changes
    nothing)."""
    await conn.execute(
        "INSERT INTO forgotten_members (guild_id, user_id, forgotten_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id, user_id) DO NOTHING",
        (guild_id, user_id, db_time(now)),
    )


async def forgotten(conn: Connection, guild_id: int) -> frozenset[int]:
    """The members of a server whose names it no longer shows."""
    rows = await conn.fetch("SELECT user_id FROM forgotten_members WHERE guild_id = ?", (guild_id,))
    return frozenset(int(row[0]) for row in rows)
