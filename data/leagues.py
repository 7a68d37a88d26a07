"""Leagues, seasons, the moderator role and removed results: the SQL behind the store's league
methods, each function run by the store inside one of its transactions (or reads).

A league belongs to a server and plays one game in the channels named when it was created; a
channel counts for at most one league of each game, so a finished game belongs to one league at
most. A game counts for a league's season when it is recorded in one of those channels while
the season runs, unless the league's settings leave it out (a game with AI seats, by default; a
game in which an AI played a seat for a person, if its moderators chose so): see
:func:`attribution`, which the store calls in the transaction that records the game.
"""

import dataclasses
import json
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Final, NamedTuple, cast

from data.driver import Connection, Row
from data.errors import LeagueError
from data.forgotten import forgotten
from data.records import (
    Game,
    GameRecord,
    League,
    LeagueGame,
    LeaguePlayer,
    LeagueSettings,
    Removal,
    Season,
    SeasonSchedule,
)
from data.times import db_time, from_db_time
from engine.games import measure as measure_of

NAME_LIMIT: Final = 100
"""The longest league name, in characters: it has to fit in messages and menus."""


def visible(name: str) -> str:
    """``name`` without the characters that show nothing (zero-width spaces and joiners, marks
    of direction, control characters: Unicode's format and control categories) and with every
    run of spaces, of any script, made one space, trimmed."""
    shown = "".join(char for char in name if unicodedata.category(char) not in ("Cf", "Cc") or char.isspace())
    return " ".join(shown.split())


def clean_name(name: str) -> str:
    """A league name as typed, trimmed, without invisible characters and with runs of spaces
    made one; :class:`LeagueError` ``bad_name`` if nothing is left or it is longer than
    :data:`NAME_LIMIT`."""
    cleaned = visible(name)
    if not cleaned or len(cleaned) > NAME_LIMIT:
        raise LeagueError("bad_name", limit=NAME_LIMIT)
    return cleaned


def name_key(name: str) -> str:
    """What two names must share to be the same league: Unicode's compatibility form, case-folded
    ("ÄRGER", "ärger" and "Ärger" are one league), invisible characters dropped, spaces trimmed
    and collapsed."""
    return visible(unicodedata.normalize("NFKC", name).casefold())


class Attribution(NamedTuple):
    """What recording a game decides from its channel's league: the league and season it counts
    for (None and None: none), and whether it is rated (see :mod:`data.ratings`)."""

    league_id: int | None
    season_id: int | None
    rated: bool


async def attribution(conn: Connection, record: GameRecord) -> Attribution:
    """Where a game being recorded counts: for its channel's league of its game if a season runs
    that started before the game finished, and the league lets a game with AI seats count when
    this one had some. A game in which an AI played a seat for a person counts nowhere, and is
    not rated, if that league (running a season or not) leaves such games out: its moderators
    chose for its channels' games, and ratings are the server's, so they follow too."""
    row = await conn.fetchrow(
        "SELECT l.id, l.settings, s.id, s.started_at FROM league_channels c"
        " JOIN leagues l ON l.id = c.league_id"
        " LEFT JOIN seasons s ON s.league_id = l.id AND s.ended_at IS NULL"
        " WHERE c.channel_id = ? AND l.guild_id = ? AND l.game = ?",
        (record.channel_id, record.guild_id, record.game),
    )
    if row is None:
        return Attribution(None, None, rated=True)
    settings = LeagueSettings.from_json(json.loads(row[1]))
    if record.stood_in and settings.absent_games == "excluded":
        return Attribution(None, None, rated=False)
    if row[2] is None or str(row[3]) > db_time(record.finished_at):
        return Attribution(None, None, rated=True)
    if record.has_ai and not settings.ai_games_count:
        return Attribution(None, None, rated=True)
    return Attribution(int(row[0]), int(row[2]), rated=True)


# -- leagues ---------------------------------------------------------------------------------------


def _league_key(league_id: int) -> str:
    """What changes to one league serialise on: its settings and seasons are read, then written."""
    return f"league:{league_id}"


async def create(
    conn: Connection,
    guild_id: int,
    name: str,
    game: Game,
    channel_ids: Sequence[int],
    now: datetime,
) -> int:
    """A new league; refused if its name is empty or too long (see :func:`clean_name`), if the
    server has a league of that name (in any case or script), or if one of the channels already
    counts for another league of the same game."""
    name = clean_name(name)
    # Channels are not a server's own (a thread id is a channel id too), so every league
    # creation waits for the one before it: checking, then inserting, must not interleave.
    await conn.serialise("leagues:create")
    taken = await conn.fetchrow(
        "SELECT name FROM leagues WHERE guild_id = ? AND name_key = ?", (guild_id, name_key(name))
    )
    if taken is not None:
        raise LeagueError("name_taken", league=str(taken[0]))
    marks = ", ".join("?" * len(channel_ids))
    busy = await conn.fetchrow(
        "SELECT c.channel_id, l.name FROM league_channels c JOIN leagues l ON l.id = c.league_id"
        f" WHERE l.game = ? AND c.channel_id IN ({marks}) ORDER BY c.channel_id",
        (game, *channel_ids),
    )
    if busy is not None:
        raise LeagueError("channel_taken", channel=int(busy[0]), league=str(busy[1]))
    row = await conn.fetchrow(
        "INSERT INTO leagues (guild_id, name, name_key, game, settings, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        (guild_id, name, name_key(name), game, json.dumps(LeagueSettings().to_json()), db_time(now)),
    )
    assert row is not None, "INSERT ... RETURNING returns the new row"
    league_id = int(row[0])
    await conn.executemany(
        "INSERT INTO league_channels (league_id, channel_id) VALUES (?, ?)",
        [(league_id, channel) for channel in dict.fromkeys(channel_ids)],
    )
    return league_id


async def of_guild(conn: Connection, guild_id: int) -> list[League]:
    """A server's leagues, by name, with their channels and running seasons."""
    rows = await conn.fetch(
        "SELECT id, guild_id, name, game, settings FROM leagues WHERE guild_id = ? ORDER BY name_key, id",
        (guild_id,),
    )
    channels = await conn.fetch(
        "SELECT c.league_id, c.channel_id FROM league_channels c JOIN leagues l ON l.id = c.league_id"
        " WHERE l.guild_id = ? ORDER BY c.rowid",
        (guild_id,),
    )
    open_seasons = await conn.fetch(
        "SELECT s.id, s.league_id, s.number, s.started_at, s.ended_at, s.period FROM seasons s"
        " JOIN leagues l ON l.id = s.league_id WHERE l.guild_id = ? AND s.ended_at IS NULL",
        (guild_id,),
    )
    running = {season.league_id: season for season in map(_season, open_seasons)}
    return [
        League(
            id=int(row[0]),
            guild_id=int(row[1]),
            name=str(row[2]),
            game=str(row[3]),
            channel_ids=tuple(int(channel) for league, channel in channels if league == row[0]),
            settings=LeagueSettings.from_json(json.loads(row[4])),
            season=running.get(int(row[0])),
        )
        for row in rows
    ]


async def change_settings(conn: Connection, league_id: int, changes: Mapping[str, Any]) -> LeagueSettings:
    """Change the named settings of a league and keep the others as they are *now*: read and
    written in the caller's one transaction, so two moderators changing different settings at
    once both get theirs."""
    await conn.serialise(_league_key(league_id))
    row = await conn.fetchrow("SELECT settings FROM leagues WHERE id = ?", (league_id,))
    assert row is not None, "leagues are never deleted"
    settings = dataclasses.replace(LeagueSettings.from_json(json.loads(row[0])), **changes)
    await conn.execute(
        "UPDATE leagues SET settings = ? WHERE id = ?", (json.dumps(settings.to_json()), league_id)
    )
    return settings


# -- seasons ---------------------------------------------------------------------------------------


def _season(row: Row) -> Season:
    return Season(
        id=int(cast(int, row[0])),
        league_id=int(cast(int, row[1])),
        number=int(cast(int, row[2])),
        started_at=from_db_time(str(row[3])),
        ended_at=None if row[4] is None else from_db_time(str(row[4])),
        period=None if row[5] is None else str(row[5]),
    )


async def seasons(conn: Connection, league_id: int) -> list[Season]:
    """A league's seasons, first to latest."""
    rows = await conn.fetch(
        "SELECT id, league_id, number, started_at, ended_at, period FROM seasons WHERE league_id = ?"
        " ORDER BY number",
        (league_id,),
    )
    return [_season(row) for row in rows]


async def start_season(conn: Connection, league_id: int, now: datetime, period: str | None = None) -> Season:
    """The league's next season, running from ``now`` (in ``period``, when seasons turn over by
    themselves: see :mod:`tables.season_calendar`); refused while one runs."""
    await conn.serialise(_league_key(league_id))
    known = await seasons(conn, league_id)
    if known and known[-1].running:
        raise LeagueError("season_running", number=known[-1].number)
    number = known[-1].number + 1 if known else 1
    row = await conn.fetchrow(
        "INSERT INTO seasons (league_id, number, started_at, period) VALUES (?, ?, ?, ?) RETURNING id",
        (league_id, number, db_time(now), period),
    )
    assert row is not None, "INSERT ... RETURNING returns the new row"
    return Season(int(row[0]), league_id, number, from_db_time(db_time(now)), None, period)


async def end_season(conn: Connection, league_id: int, now: datetime) -> Season:
    """End the running season at ``now``: its standings stay as they are, as its archive, since
    no game recorded later counts for it. Refused when no season runs."""
    await conn.serialise(_league_key(league_id))
    known = await seasons(conn, league_id)
    if not known or not known[-1].running:
        raise LeagueError("no_season")
    season = known[-1]
    ended = max(db_time(now), db_time(season.started_at))
    await conn.execute("UPDATE seasons SET ended_at = ? WHERE id = ?", (ended, season.id))
    return dataclasses.replace(season, ended_at=from_db_time(ended))


async def roll_season(
    conn: Connection, league_id: int, boundary: datetime, period: str
) -> tuple[Season | None, Season] | None:
    """At a boundary of a league whose seasons turn over by themselves: end the running season
    there (if one runs) and start the next from there, in ``period``; the season ended (None
    if none ran) and the one started. None if a season already started at or after
    ``boundary``: the turn was made already (a retry after a fault does nothing twice)."""
    known = await seasons(conn, league_id)
    if known and known[-1].started_at >= boundary:
        return None
    ended = await end_season(conn, league_id, boundary) if known and known[-1].running else None
    return ended, await start_season(conn, league_id, boundary, period)


# -- seasons that turn over by themselves ------------------------------------------------------------

SCHEDULE_COLUMNS = "league_id, guild_id, every, zone, channel_id, locale, winner_role_id"


async def season_schedule(conn: Connection, league_id: int) -> SeasonSchedule | None:
    row = await conn.fetchrow(
        f"SELECT {SCHEDULE_COLUMNS} FROM season_schedules WHERE league_id = ?", (league_id,)
    )
    if row is None:
        return None
    return SeasonSchedule(
        league_id=int(row[0]),
        guild_id=int(row[1]),
        every=str(row[2]),
        zone=str(row[3]),
        channel_id=int(row[4]),
        locale=str(row[5]),
        winner_role_id=None if row[6] is None else int(row[6]),
    )


async def set_season_schedule(conn: Connection, schedule: SeasonSchedule) -> None:
    await conn.execute(
        f"INSERT INTO season_schedules ({SCHEDULE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (league_id) DO UPDATE SET guild_id = excluded.guild_id, every = excluded.every,"
        " zone = excluded.zone, channel_id = excluded.channel_id, locale = excluded.locale,"
        " winner_role_id = excluded.winner_role_id",
        (
            schedule.league_id,
            schedule.guild_id,
            schedule.every,
            schedule.zone,
            schedule.channel_id,
            schedule.locale,
            schedule.winner_role_id,
        ),
    )


# -- the moderator role ----------------------------------------------------------------------------


async def set_moderator_role(conn: Connection, guild_id: int, role_id: int | None) -> None:
    await conn.execute(
        "INSERT INTO guild_settings (guild_id, moderator_role_id) VALUES (?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id",
        (guild_id, role_id),
    )


# -- results ---------------------------------------------------------------------------------------


async def games(
    conn: Connection, league: League, *, limit: int, game_id: int | None = None
) -> list[LeagueGame]:
    """A league's counted games, latest first (or just ``game_id``, if it is one of them); a
    member who asked the league's server to forget them is marked so."""
    measure = measure_of(league.game)
    where = "g.league_id = ? AND NOT EXISTS (SELECT 1 FROM result_removals x WHERE x.game_id = g.id)"
    params: tuple[object, ...] = (league.id,)
    if game_id is not None:
        where += " AND g.id = ?"
        params += (game_id,)
    rows = await conn.fetch(
        f"SELECT g.id, s.number, g.finished_at FROM games g JOIN seasons s ON s.id = g.season_id"
        f" WHERE {where} ORDER BY g.id DESC LIMIT ?",
        (*params, limit),
    )
    gone = await forgotten(conn, league.guild_id)
    found = []
    for game_row in rows:
        seated = await conn.fetch(
            f"SELECT r.user_id, COALESCE(p.display_name, r.ai_level), r.{measure.column} FROM results r"
            " LEFT JOIN players p ON p.user_id = r.user_id WHERE r.game_id = ? ORDER BY r.rank, r.seat",
            (game_row[0],),
        )
        seats = tuple(
            LeaguePlayer(str(name), int(value), user_id is not None and int(user_id) in gone)
            for user_id, name, value in seated
        )
        found.append(LeagueGame(int(game_row[0]), int(game_row[1]), from_db_time(str(game_row[2])), seats))
    return found


async def remove_result(
    conn: Connection, league: League, game_id: int, moderator_id: int, reason: str, now: datetime
) -> LeagueGame:
    """Take a game out of the league's standings (and out of statistics and ratings), logging
    who did it and why; refused unless it is a counted game of this league (so also when
    another moderator removed it a moment before)."""
    await conn.serialise(_league_key(league.id))
    found = await games(conn, league, limit=1, game_id=game_id)
    if not found:
        raise LeagueError("not_league_game", game=game_id, league=league.name)
    await conn.execute(
        "INSERT INTO result_removals (game_id, moderator_id, reason, removed_at) VALUES (?, ?, ?, ?)",
        (game_id, moderator_id, reason, db_time(now)),
    )
    return found[0]


async def removals(conn: Connection, league_id: int, limit: int) -> list[Removal]:
    """The league's removed results, latest first: the log moderators read."""
    rows = await conn.fetch(
        "SELECT x.game_id, x.moderator_id, x.reason, x.removed_at FROM result_removals x"
        " JOIN games g ON g.id = x.game_id WHERE g.league_id = ? ORDER BY x.removed_at DESC, x.game_id DESC"
        " LIMIT ?",
        (league_id, limit),
    )
    return [
        Removal(int(game), int(moderator), str(reason), from_db_time(str(at)))
        for game, moderator, reason, at in rows
    ]
