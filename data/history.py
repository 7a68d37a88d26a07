"""Finished games kept for their replays (issue 31): what ``/history`` lists, the kept logs, and
how long a server keeps them.

A game's log is written with its result, in the same transaction (:func:`keep`), so a result
never lacks its replay for as long as its server keeps them; deleting a log (a moderator's
choice, or the retention period) leaves the result in the standings. Names are not rewritten
here: a forgotten member's seats are marked (:mod:`data.forgotten`), and a kept game carries the
server's forgotten members for its rebuilt table, so whoever draws it says "a former player" in
their reader's language.
"""

import json
from datetime import datetime, timedelta
from typing import Final

from data.driver import Connection, Row
from data.forgotten import forgotten
from data.records import FinishedGame, Game, KeptGame, KeptLog, SeatResult
from data.standings import COUNTED
from data.times import db_time, from_db_time

KEEP_DAYS: Final = 90
"""Days a server keeps its finished games' logs unless its moderators choose otherwise."""
KEEP_CHOICES: Final = (7, 30, 90, 180, 365)
"""The retention periods moderators choose from (``/tables keep_days``)."""
PAGE: Final = 10
"""Games on one page of ``/history``."""


async def keep(conn: Connection, game_id: int, log: KeptLog) -> None:
    """Write a game's log inside the transaction that records its result."""
    await conn.execute(
        "INSERT INTO kept_games (game_id, thread_id, state, moves, steps) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO NOTHING",
        (
            game_id,
            log.thread_id,
            json.dumps(log.state, separators=(",", ":")),
            json.dumps(log.moves, separators=(",", ":")),
            json.dumps(log.steps),
        ),
    )


async def page(
    db: Connection, guild_id: int, number: int, game: Game | None = None, user_id: int | None = None
) -> tuple[list[FinishedGame], bool]:
    """Page ``number`` (from 0) of a server's counted finished games, newest first, of one game
    or one player's if asked; and whether an older page follows."""
    where = ["g.guild_id = ?", COUNTED]
    params: list[object] = [guild_id]
    if game is not None:
        where.append("g.game = ?")
        params.append(game)
    if user_id is not None:
        where.append("EXISTS (SELECT 1 FROM results m WHERE m.game_id = g.id AND m.user_id = ?)")
        params.append(user_id)
    rows = await db.fetch(
        "SELECT g.id, g.game, g.channel_id, g.finished_at, k.game_id IS NOT NULL, g.options FROM games g"
        " LEFT JOIN kept_games k ON k.game_id = g.id"
        f" WHERE {' AND '.join(where)} ORDER BY g.finished_at DESC, g.id DESC LIMIT ? OFFSET ?",
        (*params, PAGE + 1, number * PAGE),
    )
    seats = await _seats(db, [int(row[0]) for row in rows[:PAGE]], await forgotten(db, guild_id))
    games = [
        FinishedGame(
            int(row[0]),
            str(row[1]),
            int(row[2]),
            from_db_time(row[3]),
            seats[int(row[0])],
            bool(row[4]),
            _round(str(row[5])),
        )
        for row in rows[:PAGE]
    ]
    return games, len(rows) > PAGE


def _round(options: str) -> int | None:
    """The round a result recorded alone was (its options' ``round``; see
    :attr:`FinishedGame.round`)."""
    number = json.loads(options).get("round")
    return number if isinstance(number, int) else None


async def kept_game(db: Connection, guild_id: int, game_id: int) -> KeptGame | None:
    """A server's finished game with its kept log; None if it is not that server's, its result
    was removed, or its log is no longer kept."""
    row = await db.fetchrow(
        "SELECT g.game, g.channel_id, g.finished_at, g.result_key, k.thread_id, k.state, k.moves,"
        " k.steps, g.options FROM games g JOIN kept_games k ON k.game_id = g.id"
        f" WHERE g.id = ? AND g.guild_id = ? AND {COUNTED}",
        (game_id, guild_id),
    )
    if row is None:
        return None
    gone = await forgotten(db, guild_id)
    seats = (await _seats(db, [game_id], gone))[game_id]
    finished = FinishedGame(
        game_id, str(row[0]), int(row[1]), from_db_time(row[2]), seats, True, _round(str(row[8]))
    )
    thread_id = None if row[4] is None else int(row[4])
    log = KeptLog(json.loads(row[5]), tuple(json.loads(row[6])), tuple(json.loads(row[7])), thread_id)
    return KeptGame(finished, guild_id, str(row[3]), log, gone)


async def game_by_key(db: Connection, guild_id: int, result_key: str) -> int | None:
    """The id of a server's game recorded under ``result_key`` (a results card's replay link)."""
    row = await db.fetchrow(
        "SELECT id FROM games WHERE result_key = ? AND guild_id = ?", (result_key, guild_id)
    )
    return None if row is None else int(row[0])


async def seats_by_key(db: Connection, guild_id: int, result_key: str) -> tuple[SeatResult, ...] | None:
    """How the seats of a server's game recorded under ``result_key`` ended; None if there is
    none (a game night counting a table whose game was recorded while the bot was stopping)."""
    game_id = await game_by_key(db, guild_id, result_key)
    if game_id is None:
        return None
    return (await _seats(db, [game_id], await forgotten(db, guild_id)))[game_id]


async def drop(conn: Connection, guild_id: int, game_id: int) -> bool:
    """Delete one game's kept log (its result stays); whether there was one."""
    rows = await conn.fetch(
        "DELETE FROM kept_games WHERE game_id = ?"
        " AND EXISTS (SELECT 1 FROM games g WHERE g.id = kept_games.game_id AND g.guild_id = ?)"
        " RETURNING game_id",
        (game_id, guild_id),
    )
    return bool(rows)


async def purge(conn: Connection, now: datetime) -> int:
    """Delete every kept log older than its server keeps them; how many went."""
    rows = await conn.fetch("SELECT guild_id, keep_days FROM guild_settings WHERE keep_days IS NOT NULL")
    chosen = {int(guild_id): int(days) for guild_id, days in rows}
    gone = await conn.fetch(
        "DELETE FROM kept_games WHERE game_id IN (SELECT g.id FROM games g WHERE g.finished_at < ?"
        " AND g.guild_id NOT IN (SELECT guild_id FROM guild_settings WHERE keep_days IS NOT NULL))"
        " RETURNING game_id",
        (db_time(now - timedelta(days=KEEP_DAYS)),),
    )
    count = len(gone)
    for guild_id, days in chosen.items():
        count += len(
            await conn.fetch(
                "DELETE FROM kept_games WHERE game_id IN"
                " (SELECT g.id FROM games g WHERE g.guild_id = ? AND g.finished_at < ?) RETURNING game_id",
                (guild_id, db_time(now - timedelta(days=days))),
            )
        )
    return count


async def _seats(
    db: Connection, game_ids: list[int], gone: frozenset[int]
) -> dict[int, tuple[SeatResult, ...]]:
    """The seats of each of ``game_ids`` in seat order, a person by their last known name (marked
    if they are among the server's forgotten members, ``gone``)."""
    found: dict[int, list[SeatResult]] = {game_id: [] for game_id in game_ids}
    if not game_ids:
        return {}
    marks = ", ".join("?" * len(game_ids))
    rows: list[Row] = await db.fetch(
        "SELECT r.game_id, r.seat, r.user_id, COALESCE(p.display_name, ''), r.ai_level, r.score, r.rank,"
        " r.won, r.stood_in, r.absent FROM results r LEFT JOIN players p ON p.user_id = r.user_id"
        f" WHERE r.game_id IN ({marks}) ORDER BY r.game_id, r.seat",
        game_ids,
    )
    for game_id, seat, user_id, name, level, score, rank, won, stood_in, absent in rows:
        found[int(game_id)].append(
            SeatResult(
                seat=int(seat),
                user_id=None if user_id is None else int(user_id),
                display_name=str(name) or str(level),
                ai_level=None if level is None else str(level),
                score=int(score),
                rank=int(rank),
                won=bool(won),
                stood_in=int(stood_in),
                absent=bool(absent),
                forgotten=user_id is not None and int(user_id) in gone,
            )
        )
    return {game_id: tuple(seats) for game_id, seats in found.items()}
