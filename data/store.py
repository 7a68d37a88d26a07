"""The store: the only place that speaks SQL.

Everything the rest of the bot needs is a method here taking and returning the dataclasses of
:mod:`data.records`, whichever database holds them: an SQLite file (embedded, the default) or a
PostgreSQL server (for several processes), chosen by what :meth:`Store.open` is given. The SQL is
written once and runs on either through :mod:`data.driver`.
"""

import asyncio
import functools
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, cast

from data import forgotten, history, leagues, nights, ratings, schedule, standings, statistics
from data.driver import Connection, Database, Row
from data.migrate import MIGRATIONS
from data.postgresql import PostgresDatabase
from data.records import (
    FinishedGame,
    Game,
    GameRecord,
    KeptGame,
    League,
    LeagueGame,
    LeagueSettings,
    Night,
    NightPerson,
    NightScore,
    NightTable,
    PlayerStats,
    PlayerTotals,
    Rating,
    RatingChange,
    Removal,
    SavedPanel,
    SavedTable,
    Scheduled,
    Season,
    SeasonSchedule,
    SeatResult,
    SetAsideTable,
    Standing,
)
from data.sqlite import SQLiteDatabase
from data.times import db_time

URL_SCHEMES = ("postgresql://", "postgres://")
"""How a database given as text says it is a PostgreSQL server, not an SQLite file."""


def is_url(database: str | Path) -> bool:
    """Whether ``database`` names a PostgreSQL server (else it is an SQLite file's path)."""
    return isinstance(database, str) and database.startswith(URL_SCHEMES)


async def open_database(database: str | Path, migrations_dir: Path | None = None) -> Database:
    """The database ``database`` names, its schema brought up to date by ``migrations_dir``
    (default: that database's own migrations)."""
    if is_url(database):
        return await PostgresDatabase.open(str(database), migrations_dir or MIGRATIONS["postgresql"])
    return await SQLiteDatabase.open(Path(database), migrations_dir or MIGRATIONS["sqlite"])


class Store:
    """Persistence for settings, results and saved tables; create it with :meth:`open`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @classmethod
    async def open(cls, database: str | Path, *, migrations_dir: Path | None = None) -> Self:
        """Open the database (an SQLite file's path, created if needed, or a ``postgresql://``
        URL) and bring its schema up to date.

        Every way this can fail raises :class:`StoreError` with one line naming the database and
        the cause, because a bot that cannot store results must refuse to start rather than lose
        them.
        """
        return cls(await open_database(database, migrations_dir))

    async def close(self) -> None:
        """Close the database once running writes have finished, so none is cut short."""
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- bot-wide values ------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        """A bot-wide value, e.g. the hash of the synced command set (to skip needless syncs)."""
        rows = await self._db.fetch("SELECT value FROM meta WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    async def set_meta(self, key: str, value: str) -> None:
        """Store a bot-wide value, replacing the previous one."""
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
        )

    # -- the schedule (tables.scheduler) --------------------------------------------------------

    async def scheduled(self) -> list[Scheduled]:
        """Everything scheduled, on every server, soonest first."""
        return await self._db.reading(schedule.entries)

    async def schedule(self, *entries: Scheduled) -> None:
        """Keep ``entries``, each in place of the one of its kind and key, in one transaction."""
        await self._db.writing(lambda conn: schedule.put(conn, entries))

    async def unschedule(self, kind: str, key: str) -> None:
        await self._db.writing(lambda conn: schedule.drop(conn, kind, key))

    async def schedule_done(self, entry: Scheduled) -> None:
        """Forget ``entry``, done, unless another of its kind and key took its place."""
        await self._db.writing(lambda conn: schedule.done(conn, entry))

    # -- game nights (data.nights) ---------------------------------------------------------------

    async def plan_night(self, night: Night, *, now: datetime | None = None) -> Night:
        """Keep a new night; returned with its id."""
        return await self._db.writing(lambda conn: nights.plan(conn, night, now or _now()))

    async def night(self, night_id: int) -> Night | None:
        return await self._db.reading(lambda conn: nights.night_by_id(conn, night_id))

    async def open_nights(self) -> list[Night]:
        """Every night to come or under way, on every server."""
        return await self._db.reading(nights.open_nights)

    async def change_night(self, night_id: int, **changes: Any) -> Night | None:
        """Change a night's state, round, messages, start or settings; the night as it is now."""
        return await self._db.writing(lambda conn: nights.change(conn, night_id, changes))

    async def night_people(self, night_id: int) -> list[NightPerson]:
        return await self._db.reading(lambda conn: nights.people(conn, night_id))

    async def join_night(
        self, night_id: int, user_id: int, name: str, *, checked_in: bool = False, now: datetime | None = None
    ) -> None:
        await self._db.writing(
            lambda conn: nights.join(conn, night_id, user_id, name, now or _now(), checked_in=checked_in)
        )

    async def leave_night(self, night_id: int, user_id: int) -> None:
        await self._db.writing(lambda conn: nights.leave(conn, night_id, user_id))

    async def mark_night_person(
        self, night_id: int, user_id: int, *, checked_in: bool | None = None, withdrawn: bool | None = None
    ) -> None:
        await self._db.writing(
            lambda conn: nights.mark(conn, night_id, user_id, checked_in=checked_in, withdrawn=withdrawn)
        )

    async def seat_night_table(self, night_id: int, table: NightTable) -> None:
        await self._db.writing(lambda conn: nights.seat(conn, night_id, table))

    async def night_tables(self, night_id: int) -> list[NightTable]:
        return await self._db.reading(lambda conn: nights.tables(conn, night_id))

    async def count_night_table(
        self, night_id: int, table_id: str, scores: Sequence[NightScore], absent: Sequence[int] = ()
    ) -> bool:
        """Count a night table's game once (see :func:`data.nights.count_table`)."""
        return await self._db.writing(
            lambda conn: nights.count_table(conn, night_id, table_id, scores, absent)
        )

    async def night_scores(self, night_id: int) -> list[NightScore]:
        return await self._db.reading(lambda conn: nights.scores(conn, night_id))

    # -- server settings ------------------------------------------------------------------------

    async def get_guild_locale(self, guild_id: int) -> str | None:
        """The locale chosen for a server's public messages; None means use the server's own."""
        rows = await self._db.fetch("SELECT locale FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return cast(str | None, rows[0][0]) if rows else None

    async def set_guild_locale(self, guild_id: int, locale: str | None) -> None:
        """Override (or with None, stop overriding) the locale of a server's public messages."""
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings (guild_id, locale) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )
        )

    async def tables_in_threads(self, guild_id: int) -> bool | None:
        """Whether a server's new tables play in threads or in the channel, as its moderators
        chose; None if they have not (the bot's default then)."""
        rows = await self._db.fetch(
            "SELECT tables_in_threads FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if not rows or rows[0][0] is None else bool(rows[0][0])

    async def set_tables_in_threads(self, guild_id: int, threads: bool) -> None:
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings (guild_id, tables_in_threads) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET tables_in_threads = excluded.tables_in_threads",
                (guild_id, int(threads)),
            )
        )

    async def absent_after(self, guild_id: int) -> int | None:
        """Seconds a server's real-time tables wait for the one person they need before an AI
        plays for them, as its moderators chose; None if they have not (the bot's default)."""
        rows = await self._db.fetch("SELECT absent_after FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def set_absent_after(self, guild_id: int, seconds: int) -> None:
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings (guild_id, absent_after) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET absent_after = excluded.absent_after",
                (guild_id, seconds),
            )
        )

    async def keep_panel(self, panel: SavedPanel) -> None:
        """Remember the interaction that last drew a member's panel at a table (one per table
        and member), so a restart can go on redrawing it."""
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO panel_tokens (table_id, user_id, application_id, interaction_id, token, locale)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, interaction_id = excluded.interaction_id,"
                " token = excluded.token, locale = excluded.locale",
                (
                    panel.table_id,
                    panel.user_id,
                    panel.application_id,
                    panel.interaction_id,
                    panel.token,
                    panel.locale,
                ),
            )
        )

    async def open_panels(self, issued_after: int) -> list[SavedPanel]:
        """The panels drawn by interactions created after the one whose id is ``issued_after``
        (whose tokens Discord still takes); older ones are deleted."""
        await self._db.writing(
            lambda conn: conn.execute("DELETE FROM panel_tokens WHERE interaction_id <= ?", (issued_after,))
        )
        rows = await self._db.fetch(
            "SELECT table_id, user_id, application_id, interaction_id, token, locale FROM panel_tokens"
            " ORDER BY table_id, user_id"
        )
        return [SavedPanel(str(r[0]), int(r[1]), int(r[2]), int(r[3]), str(r[4]), str(r[5])) for r in rows]

    async def ping_settings(self, user_id: int) -> tuple[bool, int | None]:
        """Whether ``user_id`` lets the bot mention them when a table waits for them (default
        yes), and after how many seconds of waiting (None: the bot's default)."""
        rows = await self._db.fetch(
            "SELECT pings, ping_grace FROM member_settings WHERE user_id = ?", (user_id,)
        )
        if not rows:
            return True, None
        return bool(rows[0][0]), None if rows[0][1] is None else int(rows[0][1])

    async def set_pings(self, user_id: int, wanted: bool, grace: int | None = None) -> None:
        """Turn a member's pings on or off, and with ``grace`` set their grace period (None
        keeps the one they had)."""
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO member_settings (user_id, pings, ping_grace) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings,"
                " ping_grace = COALESCE(excluded.ping_grace, member_settings.ping_grace)",
                (user_id, int(wanted), grace),
            )
        )

    async def dm_pings(self, user_id: int) -> bool:
        """Whether ``user_id`` asked to be told by direct message, and no message to them was
        refused since."""
        rows = await self._db.fetch(
            "SELECT dm_pings, dm_refused FROM member_settings WHERE user_id = ?", (user_id,)
        )
        return bool(rows) and bool(rows[0][0]) and not bool(rows[0][1])

    async def set_dm_pings(self, user_id: int, wanted: bool) -> None:
        """Turn a member's direct messages on or off (a refusal noted before is forgotten)."""
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO member_settings (user_id, dm_pings) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_pings = excluded.dm_pings, dm_refused = 0",
                (user_id, int(wanted)),
            )
        )

    async def dm_refused(self, user_id: int) -> None:
        """A direct message to ``user_id`` was refused: none is tried again until they ask."""
        await self._db.writing(
            lambda conn: conn.execute(
                "UPDATE member_settings SET dm_refused = 1 WHERE user_id = ?", (user_id,)
            )
        )

    # -- results --------------------------------------------------------------------------------

    async def record_game(self, record: GameRecord) -> int:
        """Store a finished game with its seats and return its id; idempotent by ``result_key``.

        The game, its results, its players' names, the league season it counts for and the
        updated skill ratings are written in one transaction, so a crash never leaves a game
        without results or a league without a game it should count. Recording the same
        ``result_key`` again (a retry, a second "game over") writes nothing and returns the first
        id; the database's UNIQUE constraint decides, so this holds for concurrent calls and
        other processes too.

        Unless the record names a league itself, it counts for the running season of the league
        of its game that its channel belongs to (if that league lets games with AI seats count,
        when it had any). A game in which an AI played a seat for a person, in the channel of a
        league that leaves such games out, counts for no league and is stored unrated; see
        :func:`data.leagues.attribution`.
        """
        return await self._db.writing(lambda conn: _record(conn, record))

    async def player_totals(self, user_id: int, game: Game | None = None) -> PlayerTotals:
        """Games, wins and points of a player, over all games or one; summed by the database,
        so concurrent recordings can never make a total lose an update. Removed results do not
        count."""
        sql = (
            "SELECT COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(SUM(r.score), 0)"
            f" FROM results r JOIN games g ON g.id = r.game_id WHERE r.user_id = ? AND {standings.COUNTED}"
        )
        params: tuple[object, ...] = (user_id,)
        if game is not None:  # two query texts, not "? IS NULL", which PostgreSQL cannot type
            sql += " AND g.game = ?"
            params = (user_id, game)
        row = (await self._db.fetch(sql, params))[0]
        return PlayerTotals(games=int(row[0]), wins=int(row[1]), score=int(row[2]))

    # -- leagues --------------------------------------------------------------------------------

    async def create_league(
        self, guild_id: int, name: str, game: Game, channel_ids: Sequence[int], *, now: datetime | None = None
    ) -> League:
        """A new league of ``game`` whose games count in ``channel_ids``, with default settings
        and no season yet; :class:`LeagueError` if the name or a channel is taken."""
        if not channel_ids:
            raise ValueError("a league needs at least one channel")
        league_id = await self._db.writing(
            lambda conn: leagues.create(conn, guild_id, name, game, channel_ids, now or _now())
        )
        found = await self.leagues(guild_id)
        return next(league for league in found if league.id == league_id)

    async def leagues(self, guild_id: int) -> list[League]:
        """A server's leagues by name, each with its channels, settings and running season."""
        return await self._db.reading(lambda conn: leagues.of_guild(conn, guild_id))

    async def league_of_channel(self, guild_id: int, channel_id: int, game: Game) -> League | None:
        """The league of ``game`` whose games count in the channel, if any (running season or not)."""
        found = await self.leagues(guild_id)
        return next((lg for lg in found if lg.game == game and channel_id in lg.channel_ids), None)

    async def change_league_settings(self, league_id: int, **changes: Any) -> LeagueSettings:
        """Set the given fields of a league's :class:`LeagueSettings`, keep the rest; returns
        the settings now stored."""
        return await self._db.writing(lambda conn: leagues.change_settings(conn, league_id, changes))

    async def start_season(self, league_id: int, *, now: datetime | None = None) -> Season:
        """Start the league's next season; :class:`LeagueError` while one runs."""
        return await self._db.writing(lambda conn: leagues.start_season(conn, league_id, now or _now()))

    async def end_season(self, league_id: int, *, now: datetime | None = None) -> Season:
        """End the running season, archiving its standings; :class:`LeagueError` if none runs."""
        return await self._db.writing(lambda conn: leagues.end_season(conn, league_id, now or _now()))

    async def roll_season(
        self, league_id: int, boundary: datetime, period: str
    ) -> tuple[Season | None, Season] | None:
        """End the running season at ``boundary`` and start the next there (see
        :func:`data.leagues.roll_season`), in one transaction; None if that was done already."""
        return await self._db.writing(lambda conn: leagues.roll_season(conn, league_id, boundary, period))

    async def season_schedule(self, league_id: int) -> SeasonSchedule | None:
        """How the league's seasons turn over by themselves; None if only by hand."""
        return await self._db.reading(lambda conn: leagues.season_schedule(conn, league_id))

    async def set_season_schedule(
        self, schedule: SeasonSchedule, *, period: str, now: datetime
    ) -> Season | None:
        """Have the league's seasons turn over by themselves, as ``schedule`` says; if no season
        runs, one in ``period`` starts ``now`` (returned), in the same transaction."""

        async def write(conn: Connection) -> Season | None:
            await leagues.set_season_schedule(conn, schedule)
            known = await leagues.seasons(conn, schedule.league_id)
            if known and known[-1].running:
                return None
            return await leagues.start_season(conn, schedule.league_id, now, period)

        return await self._db.writing(write)

    async def drop_season_schedule(self, league_id: int) -> None:
        """Seasons of the league turn over by hand again (the running one runs on)."""
        await self._db.writing(
            lambda conn: conn.execute("DELETE FROM season_schedules WHERE league_id = ?", (league_id,))
        )

    async def seasons(self, league_id: int) -> list[Season]:
        return await self._db.reading(lambda conn: leagues.seasons(conn, league_id))

    async def get_moderator_role(self, guild_id: int) -> int | None:
        """The role whose members may run a server's leagues (besides Manage Server)."""
        rows = await self._db.fetch(
            "SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        await self._db.writing(lambda conn: leagues.set_moderator_role(conn, guild_id, role_id))

    async def league_games(self, league: League, limit: int) -> list[LeagueGame]:
        """The league's counted games, latest first."""
        return await self._db.reading(lambda conn: leagues.games(conn, league, limit=limit))

    async def remove_result(
        self, league: League, game_id: int, moderator_id: int, reason: str, *, now: datetime | None = None
    ) -> LeagueGame:
        """Take a counted game out of the league, logging who and why, then rebuild the server's
        ratings for the game without it; :class:`LeagueError` if it is not a counted game of the
        league. The removal marks the ratings stale in its transaction, so a crash before the
        rebuild is caught up at the next start (:meth:`rebuild_stale_ratings`)."""

        async def work(conn: Connection) -> LeagueGame:
            removed = await leagues.remove_result(conn, league, game_id, moderator_id, reason, now or _now())
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO NOTHING",
                (ratings.stale_key(league.guild_id, league.game),),
            )
            return removed

        removed = await self._db.writing(work)
        await self.rebuild_ratings(league.guild_id, league.game)
        return removed

    async def rebuild_ratings(self, guild_id: int, game: Game) -> None:
        """Recompute a server's ratings for ``game`` from its counted, rated results, off the event
        loop and without holding the database: read, compute in a thread, then write in a short
        transaction if no game was recorded or removed meanwhile (else compute again)."""
        while True:
            games, mark = await self._db.reading(lambda conn: ratings.counted_games(conn, guild_id, game))
            rebuilt = await asyncio.to_thread(ratings.replayed, games)
            stored = functools.partial(
                ratings.store_replay, guild_id=guild_id, game=game, ratings=rebuilt, mark=mark
            )
            if await self._db.writing(stored):
                return

    async def rating_changes(self, guild_id: int, result_key: str) -> list[RatingChange]:
        """How the game recorded under ``result_key`` changed its seats' ratings (none if it was
        not rated)."""
        return await self._db.reading(lambda conn: ratings.changes_of(conn, guild_id, result_key))

    async def rebuild_stale_ratings(self) -> int:
        """Rebuild the ratings a removal left stale (the bot stopped before rebuilding them);
        returns how many (server, game) pairs were rebuilt."""
        rows = await self._db.fetch("SELECT key FROM meta WHERE key LIKE ?", (f"{ratings.STALE_PREFIX}%",))
        for (key,) in rows:
            guild_id, game = str(key).removeprefix(ratings.STALE_PREFIX).split(":")
            await self.rebuild_ratings(int(guild_id), game)
        return len(rows)

    async def removals(self, league_id: int, limit: int = 10) -> list[Removal]:
        """The league's log of removed results, latest first."""
        return await self._db.reading(lambda conn: leagues.removals(conn, league_id, limit))

    async def standings(self, league: League, season: Season) -> list[Standing]:
        """A season's standings by the league game's measure (see :func:`engine.games.measure`)."""
        return await self._db.reading(
            lambda conn: standings.standings(conn, league.guild_id, league.id, season.id, league.game)
        )

    async def stood_in_games(self, league: League, season: Season) -> int:
        """How many of a season's counted games had a seat an AI played for a person (the
        standings say so when the league counts them)."""
        return await self._db.reading(lambda conn: standings.stood_in_games(conn, league.id, season.id))

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A player's games on a server, per game (where they finished at each size of table,
        their rating over time), the people they played with most, and how many of their games
        an AI played for them in or they were ranked last in as absent; read at one moment."""
        return await self._db.reading(lambda conn: statistics.player_stats(conn, guild_id, user_id))

    async def leaderboard(self, guild_id: int, game: Game) -> list[Rating]:
        """A server's players of ``game`` by skill rating, best first."""
        return await self._db.reading(lambda conn: ratings.leaderboard(conn, guild_id, game))

    async def rated_games(self, guild_id: int) -> list[Game]:
        """The games a server has rated players in, the most rated players first."""
        rows = await self._db.fetch(
            "SELECT game FROM ratings WHERE guild_id = ? AND user_id IS NOT NULL"
            " GROUP BY game ORDER BY COUNT(*) DESC, game",
            (guild_id,),
        )
        return [str(row[0]) for row in rows]

    # -- kept games (replays) -------------------------------------------------------------------

    async def history(
        self, guild_id: int, page: int, game: Game | None = None, user_id: int | None = None
    ) -> tuple[list[FinishedGame], bool]:
        """A page of a server's finished games, newest first (see :func:`data.history.page`)."""
        return await self._db.reading(lambda conn: history.page(conn, guild_id, page, game, user_id))

    async def kept_game(self, guild_id: int, game_id: int) -> KeptGame | None:
        """A server's finished game with its kept log, or None (see :func:`data.history.kept_game`)."""
        return await self._db.reading(lambda conn: history.kept_game(conn, guild_id, game_id))

    async def game_by_key(self, guild_id: int, result_key: str) -> int | None:
        return await self._db.reading(lambda conn: history.game_by_key(conn, guild_id, result_key))

    async def recorded_seats(self, guild_id: int, result_key: str) -> tuple[SeatResult, ...] | None:
        """How each seat of the game recorded under ``result_key`` ended, or None."""
        return await self._db.reading(lambda conn: history.seats_by_key(conn, guild_id, result_key))

    async def drop_kept_game(self, guild_id: int, game_id: int) -> bool:
        """Delete one game's kept log, leaving its result; whether there was one."""
        return await self._db.writing(lambda conn: history.drop(conn, guild_id, game_id))

    async def purge_kept_games(self, now: datetime | None = None) -> int:
        """Delete the kept logs past their server's retention period; how many went."""
        return await self._db.writing(lambda conn: history.purge(conn, now or _now()))

    async def keep_days(self, guild_id: int) -> int | None:
        """Days a server keeps its finished games' logs, as its moderators chose; None if they
        have not (:data:`data.history.KEEP_DAYS`)."""
        rows = await self._db.fetch("SELECT keep_days FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if not rows or rows[0][0] is None else int(rows[0][0])

    async def set_keep_days(self, guild_id: int, days: int) -> None:
        await self._db.writing(
            lambda conn: conn.execute(
                "INSERT INTO guild_settings (guild_id, keep_days) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET keep_days = excluded.keep_days",
                (guild_id, days),
            )
        )

    async def forget_member(self, guild_id: int, user_id: int) -> None:
        """From now on, ``user_id``'s name is not shown in this server: every read of a stored
        name marks them (see :mod:`data.forgotten`)."""
        await self._db.writing(lambda conn: forgotten.forget(conn, guild_id, user_id, _now()))

    async def forgotten_members(self, guild_id: int) -> frozenset[int]:
        """The members of a server who asked it to forget their name."""
        return await self._db.reading(lambda conn: forgotten.forgotten(conn, guild_id))

    # -- saved tables ---------------------------------------------------------------------------

    async def save_table(
        self, table: SavedTable, record: GameRecord | None = None, *, moves_written: int = 0
    ) -> None:
        """Insert or replace a running table's state, so it resumes after a restart; with the
        ``record`` of a game that just ended on it, in the same transaction, so the saved table
        and the stored result always agree (a crash cannot resume a game whose result is stored).

        The first ``moves_written`` of ``table.moves`` are stored already (by the table's last
        save): only the rest are written. With 0 the stored log is replaced (a new game's).

        A place holds one table (a thread, or a channel for a table played in it): saving a
        different table for a place that already has one raises :class:`StoreError`. A lobby
        that awaits its thread (:attr:`SavedTable.awaits_thread`) holds none yet.
        """
        new_moves = [
            (table.table_id, seq, json.dumps(move))
            for seq, move in enumerate(table.moves[moves_written:], start=moves_written)
        ]
        state = json.dumps(table.state)

        async def work(conn: Connection) -> None:
            await conn.serialise(_table_key(table.table_id))
            if record is not None:
                await _record(conn, record)
            await conn.execute(
                "INSERT INTO saved_tables"
                " (table_id, guild_id, channel_id, thread_id, awaits_thread, game, state, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET"
                " guild_id = excluded.guild_id, channel_id = excluded.channel_id,"
                " thread_id = excluded.thread_id, awaits_thread = excluded.awaits_thread,"
                " game = excluded.game, state = excluded.state, updated_at = excluded.updated_at",
                (
                    table.table_id,
                    table.guild_id,
                    table.channel_id,
                    table.thread_id,
                    int(table.awaits_thread),
                    table.game,
                    state,
                    db_time(_now()),
                ),
            )
            if moves_written == 0:
                await conn.execute("DELETE FROM saved_moves WHERE table_id = ?", (table.table_id,))
            await conn.executemany(
                "INSERT INTO saved_moves (table_id, seq, move) VALUES (?, ?, ?)"
                " ON CONFLICT (table_id, seq) DO UPDATE SET move = excluded.move",
                new_moves,
            )

        await self._db.writing(work)

    async def load_tables(self) -> list[SavedTable]:
        """Every saved table with its moves, in a stable order, for resuming them all at
        start-up. A state that is not a JSON object (a write cut short, a hand edit) comes back
        empty with its ``damage``."""

        async def read(conn: Connection) -> list[SavedTable]:
            moves: dict[str, list[str]] = {}
            for table_id, move in await conn.fetch(
                "SELECT table_id, move FROM saved_moves ORDER BY table_id, seq"
            ):
                moves.setdefault(str(table_id), []).append(str(move))
            rows = await conn.fetch(
                "SELECT table_id, guild_id, channel_id, game, state, thread_id FROM saved_tables"
                " ORDER BY table_id"
            )
            return [_saved_table(row, moves.get(str(row[0]), [])) for row in rows]

        return await self._db.reading(read)

    async def set_aside_table(self, table_id: str, reason: str) -> None:
        """Move a saved table that cannot be resumed out of the way, keeping it with ``reason``
        for a person to look at; its channel is free for a new table."""

        async def work(conn: Connection) -> None:
            await conn.serialise(_table_key(table_id))
            rows = await conn.fetch(
                "SELECT move FROM saved_moves WHERE table_id = ? ORDER BY seq", (table_id,)
            )
            await conn.execute(
                "INSERT INTO set_aside_tables"
                " (table_id, guild_id, channel_id, thread_id, game, state, moves, reason, set_aside_at)"
                " SELECT table_id, guild_id, channel_id, thread_id, game, state, ?, ?, ? FROM saved_tables"
                " WHERE table_id = ? ON CONFLICT (table_id) DO UPDATE SET guild_id = excluded.guild_id,"
                " channel_id = excluded.channel_id, thread_id = excluded.thread_id, game = excluded.game,"
                " state = excluded.state, moves = excluded.moves, reason = excluded.reason,"
                " set_aside_at = excluded.set_aside_at",
                (_move_list(str(move) for (move,) in rows), reason, db_time(_now()), table_id),
            )
            await conn.execute("DELETE FROM saved_tables WHERE table_id = ?", (table_id,))

        await self._db.writing(work)

    async def tables_set_aside(self, guild_id: int) -> list[SetAsideTable]:
        """A server's tables set aside, oldest first: for its moderators to resume or discard."""
        rows = await self._db.fetch(
            "SELECT table_id, guild_id, channel_id, game, state, thread_id, moves, reason"
            " FROM set_aside_tables WHERE guild_id = ? ORDER BY set_aside_at, table_id",
            (guild_id,),
        )
        return [_set_aside(row) for row in rows]

    async def table_set_aside(self, table_id: str) -> SetAsideTable | None:
        """One table set aside, or None (never set aside, or resumed or discarded since)."""
        rows = await self._db.fetch(
            "SELECT table_id, guild_id, channel_id, game, state, thread_id, moves, reason"
            " FROM set_aside_tables WHERE table_id = ?",
            (table_id,),
        )
        return _set_aside(rows[0]) if rows else None

    async def take_back_table(self, table_id: str, channel_id: int) -> bool:
        """Move a table set aside back among the saved ones, to play in ``channel_id`` itself
        (its old thread, if it had one, is not used again); whether it was still aside (two
        moderators pressing at once: one takes it)."""

        async def work(conn: Connection) -> bool:
            await conn.serialise(_table_key(table_id))
            rows = await conn.fetch("SELECT moves FROM set_aside_tables WHERE table_id = ?", (table_id,))
            if not rows:
                return False
            await conn.execute(
                "INSERT INTO saved_tables"
                " (table_id, guild_id, channel_id, thread_id, awaits_thread, game, state, updated_at)"
                " SELECT table_id, guild_id, CAST(? AS BIGINT), NULL, 0, game, state, CAST(? AS TEXT)"
                " FROM set_aside_tables"
                " WHERE table_id = ?",
                (channel_id, db_time(_now()), table_id),
            )
            moves = json.loads(str(rows[0][0]))
            await conn.executemany(
                "INSERT INTO saved_moves (table_id, seq, move) VALUES (?, ?, ?)",
                [(table_id, seq, json.dumps(move)) for seq, move in enumerate(moves)],
            )
            await conn.execute("DELETE FROM set_aside_tables WHERE table_id = ?", (table_id,))
            return True

        return await self._db.writing(work)

    async def discard_set_aside(self, table_id: str) -> bool:
        """Forget a table set aside for good (the results of its finished games stay); whether
        it was still aside."""

        async def work(conn: Connection) -> bool:
            await conn.serialise(_table_key(table_id))
            rows = await conn.fetch("SELECT table_id FROM set_aside_tables WHERE table_id = ?", (table_id,))
            await conn.execute("DELETE FROM set_aside_tables WHERE table_id = ?", (table_id,))
            return bool(rows)

        return await self._db.writing(work)

    async def delete_table(self, table_id: str, record: GameRecord | None = None) -> None:
        """Forget a table that ended or expired; unknown ids are ignored. With the ``record`` of
        the game that ended it, in the same transaction (see :meth:`save_table`)."""

        async def work(conn: Connection) -> None:
            await conn.serialise(_table_key(table_id))
            if record is not None:
                await _record(conn, record)
            await conn.execute("DELETE FROM saved_tables WHERE table_id = ?", (table_id,))

        await self._db.writing(work)


async def _record(conn: Connection, record: GameRecord) -> int:
    """Write a finished game inside the caller's transaction (see :meth:`Store.record_game`).

    Recordings of one server's game are serialised: each reads the ratings it updates, and the
    league season it counts for."""
    await conn.serialise(ratings.lock_key(record.guild_id, record.game))
    finished = db_time(record.finished_at)
    counted = await leagues.attribution(conn, record)
    league_id, season_id = record.league_id, record.season_id
    if league_id is None:
        league_id, season_id = counted.league_id, counted.season_id
    row = await conn.fetchrow(
        "INSERT INTO games (guild_id, channel_id, game, league_id, season_id, result_key,"
        " options, started_at, finished_at, has_ai, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (result_key) DO NOTHING RETURNING id",
        (
            record.guild_id,
            record.channel_id,
            record.game,
            league_id,
            season_id,
            record.result_key,
            json.dumps(record.options),
            db_time(record.started_at),
            finished,
            int(record.has_ai),
            int(counted.rated),
        ),
    )
    if row is None:
        existing = await conn.fetchrow("SELECT id FROM games WHERE result_key = ?", (record.result_key,))
        assert existing is not None, "ON CONFLICT skipped the insert, so the key exists"
        return int(existing[0])
    game_id = int(row[0])
    if record.kept is not None:
        await history.keep(conn, game_id, record.kept)
    # By id: two recordings of different servers' games updating the same people lock their
    # rows in one order, so they cannot deadlock.
    humans = sorted((s for s in record.seats if s.user_id is not None), key=lambda s: s.user_id or 0)
    # A name seen in an older game (recorded late) must not overwrite a newer one.
    await conn.executemany(
        "INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name,"
        " updated_at = excluded.updated_at WHERE excluded.updated_at >= players.updated_at",
        [(s.user_id, s.display_name, finished) for s in humans],
    )
    await conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won, stood_in, absent)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (game_id, s.seat, s.user_id, s.ai_level, s.score, s.rank, int(s.won), s.stood_in, int(s.absent))
            for s in record.seats
        ],
    )
    if counted.rated:
        seats = [ratings.Seat(s.user_id, s.ai_level, s.rank, game_id, s.seat) for s in record.seats]
        await ratings.rate_game(conn, record.guild_id, record.game, seats)
    return game_id


def _table_key(table_id: str) -> str:
    """What saves of one table serialise on (a table is saved by the process running it, but a
    second process resuming it must not interleave its writes)."""
    return f"table:{table_id}"


def _move_list(moves: Iterable[str]) -> str:
    """A table's stored moves as one JSON array, for a person to read: a move that is not JSON
    (a damaged row) is kept as a string rather than lost."""
    kept: list[object] = []
    for move in moves:
        try:
            kept.append(json.loads(move))
        except json.JSONDecodeError:
            kept.append(move)
    return json.dumps(kept, separators=(",", ":"), ensure_ascii=False)


def _saved_table(row: Row, moves: list[str]) -> SavedTable:
    table_id, guild_id, channel_id, game = str(row[0]), int(row[1]), int(row[2]), str(row[3])
    thread_id = None if row[5] is None else int(row[5])
    try:
        state = json.loads(row[4])
        loaded = tuple(json.loads(move) for move in moves)
    except (json.JSONDecodeError, TypeError) as exc:
        damage = f"unreadable state: {exc}"
        return SavedTable(table_id, guild_id, channel_id, game, {}, damage=damage, thread_id=thread_id)
    if not isinstance(state, dict) or not all(isinstance(move, dict) for move in loaded):
        damage = "state is not a JSON object"
        return SavedTable(table_id, guild_id, channel_id, game, {}, damage=damage, thread_id=thread_id)
    return SavedTable(table_id, guild_id, channel_id, game, state, moves=loaded, thread_id=thread_id)


def _set_aside(row: Row) -> SetAsideTable:
    """A row of ``set_aside_tables`` (its moves kept as one JSON array) as a saved table."""
    try:
        moves = [json.dumps(move) for move in json.loads(str(row[6]))]
    except json.JSONDecodeError:
        moves = [str(row[6])]  # read as damaged below
    return SetAsideTable(_saved_table(row, moves), str(row[7]))


def _now() -> datetime:
    return datetime.now(UTC)
