"""The store, on each driver: migrations from zero, results that survive a reopen, idempotent and
concurrent writes, saved tables, and the one-line errors ``bot.py`` prints when the database
cannot be used."""

import asyncio
import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

import data.postgresql
from data import GameRecord, PlayerTotals, SavedPanel, SavedTable, SeatResult, Store, StoreError
from data.migrate import MIGRATIONS, Driver, find_migrations
from data.postgresql import numbered, without_password
from data.store import open_database
from tests.data.conftest import Databases, peek

T0 = datetime(2025, 1, 10, 20, 0, tzinfo=UTC)
TABLES = {
    "meta",
    "guild_settings",
    "players",
    "leagues",
    "league_channels",
    "seasons",
    "games",
    "results",
    "saved_tables",
}


def human(seat: int, user_id: int, score: int, rank: int, name: str = "") -> SeatResult:
    return SeatResult(seat, user_id, name or f"user{user_id}", None, score, rank, won=rank == 1)


def record(key: str, *seats: SeatResult, finished: datetime = T0, league_id: int | None = None) -> GameRecord:
    seats = seats or (human(0, 1, 10, 1), SeatResult(1, None, "AI", "hard", 4, 2, won=False))
    return GameRecord(
        guild_id=100,
        channel_id=200,
        game="toppo",
        result_key=key,
        options={"rounds": 3},
        started_at=finished - timedelta(minutes=20),
        finished_at=finished,
        seats=seats,
        league_id=league_id,
    )


VERSION = {"sqlite": "PRAGMA user_version", "postgresql": "SELECT max(version) FROM schema_version"}
"""The schema version a database records, per driver (see data/migrate.py)."""

TABLE_NAMES = {
    "sqlite": "SELECT name FROM sqlite_master WHERE type = 'table'",
    "postgresql": "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()",
}


async def table_names(database: str | Path, driver: Driver) -> set[str]:
    return {str(name) for (name,) in await peek(database, TABLE_NAMES[driver])}


# -- schema ---------------------------------------------------------------------------------------


async def test_migrates_a_new_database_to_the_latest_version(databases: Databases) -> None:
    database = await databases.new()
    async with await Store.open(database):
        pass
    latest = find_migrations(MIGRATIONS[databases.driver])[-1].version
    assert await peek(database, VERSION[databases.driver]) == [(latest,)]
    assert await table_names(database, databases.driver) >= TABLES


def test_both_drivers_have_the_same_migration_numbers() -> None:
    """A schema version means the same tables whichever database holds them."""
    sqlite, postgresql = (find_migrations(MIGRATIONS[driver]) for driver in ("sqlite", "postgresql"))
    assert [(m.version, m.path.name) for m in sqlite] == [(m.version, m.path.name) for m in postgresql]


async def test_a_new_sqlite_file_gets_its_directories_and_wal(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "bot.sqlite3"
    async with await Store.open(path):
        pass
    assert await peek(path, "PRAGMA journal_mode") == [("wal",)]


async def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(StoreError, match=r"(?i)foreign key"):
        await store.record_game(record("g1", league_id=999))
    assert await store.player_totals(1) == PlayerTotals(0, 0, 0)  # the whole game was rolled back


async def test_reopening_keeps_results_and_settings(database: str | Path) -> None:
    async with await Store.open(database) as store:
        await store.record_game(record("g1", human(0, 1, 10, 1), human(1, 2, 3, 2)))
        await store.record_game(record("g2", human(0, 1, 5, 2), human(1, 2, 7, 1)))
        await store.set_guild_locale(100, "es-ES")
        await store.set_meta("commands", "abc123")
    async with await Store.open(database) as store:
        assert await store.player_totals(1) == PlayerTotals(games=2, wins=1, score=15)
        assert await store.player_totals(2, "toppo") == PlayerTotals(games=2, wins=1, score=10)
        assert await store.player_totals(2, "spit") == PlayerTotals(0, 0, 0)
        assert await store.get_guild_locale(100) == "es-ES"
        assert await store.get_meta("commands") == "abc123"


async def test_settings_default_to_none_and_can_be_cleared(store: Store) -> None:
    assert await store.get_guild_locale(5) is None
    assert await store.get_meta("missing") is None
    await store.set_guild_locale(5, "es-ES")
    await store.set_guild_locale(5, None)
    assert await store.get_guild_locale(5) is None
    await store.set_meta("k", "1")
    await store.set_meta("k", "2")
    assert await store.get_meta("k") == "2"
    assert await store.ping_settings(7) == (True, None)
    await store.set_pings(7, False)
    assert await store.ping_settings(7) == (False, None)
    await store.set_pings(7, True, 60)
    await store.set_pings(7, False)
    assert await store.ping_settings(7) == (False, 60), "turning pings off keeps the grace chosen"


async def test_discord_ids_beyond_32_bits_are_kept(store: Store) -> None:
    snowflake = 1_234_567_890_123_456_789
    await store.record_game(record("big", human(0, snowflake, 3_000_000_000, 1)))
    await store.set_moderator_role(snowflake, snowflake + 1)
    assert await store.player_totals(snowflake) == PlayerTotals(games=1, wins=1, score=3_000_000_000)
    assert await store.get_moderator_role(snowflake) == snowflake + 1


# -- recording results ----------------------------------------------------------------------------


async def test_recording_the_same_result_key_twice_stores_it_once(store: Store) -> None:
    first = await store.record_game(record("same", human(0, 1, 10, 1)))
    again = await store.record_game(record("same", human(0, 1, 99, 1)))
    assert again == first
    assert await store.player_totals(1) == PlayerTotals(games=1, wins=1, score=10)


async def test_ai_seats_are_stored_without_a_player(store: Store, database: str | Path) -> None:
    await store.record_game(record("g1"))
    rows = await peek(database, "SELECT seat, user_id, ai_level FROM results ORDER BY seat")
    assert rows == [(0, 1, None), (1, None, "hard")]
    assert await peek(database, "SELECT has_ai FROM games") == [(1,)]
    assert await peek(database, "SELECT user_id FROM players") == [(1,)]


async def test_a_late_recorded_older_game_keeps_the_newer_name(store: Store, database: str | Path) -> None:
    await store.record_game(record("new", human(0, 1, 1, 1, "Newer")))
    await store.record_game(record("old", human(0, 1, 1, 1, "Older"), finished=T0 - timedelta(days=1)))
    assert await peek(database, "SELECT display_name FROM players") == [("Newer",)]


async def test_concurrent_writers_lose_nothing(database: str | Path) -> None:
    async with await Store.open(database) as one, await Store.open(database) as two:
        # 40 games, each recorded twice, from two connections (as if two processes) at once.
        calls = [
            store.record_game(record(f"g{i}", human(0, 1, i, 1), human(1, 2 + i % 3, 0, 2)))
            for i in range(40)
            for store in (one, two)
        ]
        ids = await asyncio.gather(*calls)
        assert len(set(ids)) == 40
        assert await one.player_totals(1) == PlayerTotals(games=40, wins=40, score=sum(range(40)))
    assert await peek(database, "SELECT COUNT(*) FROM results") == [(80,)]


async def test_a_cancelled_caller_does_not_lose_the_result(database: str | Path) -> None:
    async with await Store.open(database) as store:
        task = asyncio.create_task(store.record_game(record("g1")))
        await asyncio.sleep(0)  # the write has started
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    # Closing waited for the write the caller gave up on.
    async with await Store.open(database) as store:
        assert (await store.player_totals(1)).games == 1


def test_records_reject_impossible_seats_and_naive_times() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        SeatResult(0, 1, "both", "hard", 0, 1, won=True)
    with pytest.raises(ValueError, match="timezone"):
        record("k", finished=datetime(2025, 1, 1))
    with pytest.raises(ValueError, match="unknown game"):
        SavedTable("t", 1, 2, "chess", {})  # type: ignore[arg-type]


# -- saved tables ---------------------------------------------------------------------------------


async def test_saved_tables_round_trip_upsert_and_delete(database: str | Path) -> None:
    async with await Store.open(database) as store:
        await store.save_table(SavedTable("b", 1, 20, "spit", {"log": []}))
        await store.save_table(SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1]}))
        await store.save_table(SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1, 2]}))
    async with await Store.open(database) as store:
        assert await store.load_tables() == [
            SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1, 2]}),
            SavedTable("b", 1, 20, "spit", {"log": []}),
        ]
        await store.delete_table("b")
        await store.delete_table("unknown")
        assert [t.table_id for t in await store.load_tables()] == ["a"]


async def test_moves_are_appended_then_replaced_by_a_new_game(store: Store) -> None:
    first, second = {"n": 1}, {"n": 2}
    await store.save_table(SavedTable("t", 1, 10, "spit", {}, moves=(first,)))
    await store.save_table(SavedTable("t", 1, 10, "spit", {}, moves=(first, second)), moves_written=1)
    (saved,) = await store.load_tables()
    assert saved.moves == (first, second)
    await store.save_table(SavedTable("t", 1, 10, "spit", {}, moves=(second,)))
    (saved,) = await store.load_tables()
    assert saved.moves == (second,)


async def test_a_set_aside_table_keeps_its_state_moves_and_reason(store: Store, database: str | Path) -> None:
    await store.save_table(SavedTable("t", 1, 10, "spit", {"dealt": "x"}, moves=({"n": 1}, {"n": 2})))
    await store.set_aside_table("t", "cannot load")
    assert await store.load_tables() == []
    await store.save_table(SavedTable("u", 1, 10, "spit", {}))  # the channel is free again
    kept = await peek(database, "SELECT table_id, channel_id, state, moves, reason FROM set_aside_tables")
    assert kept == [("t", 10, '{"dealt": "x"}', '[{"n":1},{"n":2}]', "cannot load")]


async def test_a_table_set_aside_is_listed_taken_back_to_another_channel_or_discarded(
    store: Store,
) -> None:
    """Issue 48: a table whose place went away waits aside for a moderator, who resumes it in
    a channel (itself, not its old thread) with its state and moves, or discards it."""
    moves = ({"n": 1}, {"n": 2})
    await store.save_table(SavedTable("t", 1, 10, "spit", {"dealt": "x"}, moves=moves, thread_id=11))
    await store.save_table(SavedTable("u", 1, 10, "toppo", {}, thread_id=12))
    await store.save_table(SavedTable("v", 2, 20, "toppo", {}))
    await store.set_aside_table("t", "deleted")
    await store.set_aside_table("u", "no_access")
    await store.set_aside_table("v", "deleted")
    assert [(t.saved.table_id, t.reason) for t in await store.tables_set_aside(1)] == [
        ("t", "deleted"),
        ("u", "no_access"),
    ]
    aside = await store.table_set_aside("t")
    assert aside is not None and aside.saved.moves == moves and aside.saved.thread_id == 11
    assert await store.take_back_table("t", 30)
    assert not await store.take_back_table("t", 30), "taken back once"
    (back,) = [t for t in await store.load_tables() if t.table_id == "t"]
    assert (back.channel_id, back.thread_id, back.state, back.moves) == (30, None, {"dealt": "x"}, moves)
    assert await store.discard_set_aside("u") and not await store.discard_set_aside("u")
    assert await store.tables_set_aside(1) == [] and await store.table_set_aside("u") is None


async def test_one_saved_table_per_place(store: Store) -> None:
    """A place is a thread, or the channel for a table played in it: several tables share a
    channel only in threads of their own."""
    await store.save_table(SavedTable("a", 1, 10, "toppo", {}))
    with pytest.raises(StoreError, match="saved_tables_place"):
        await store.save_table(SavedTable("b", 1, 10, "toppo", {}))
    await store.save_table(SavedTable("c", 1, 10, "toppo", {}, thread_id=11))
    await store.save_table(SavedTable("d", 1, 10, "toppo", {}, thread_id=12))
    with pytest.raises(StoreError, match="saved_tables_place"):
        await store.save_table(SavedTable("e", 1, 10, "toppo", {}, thread_id=12))
    loaded = {t.table_id: t.thread_id for t in await store.load_tables()}
    assert loaded == {"a": None, "c": 11, "d": 12}


async def test_lobbies_awaiting_their_threads_take_no_place(store: Store) -> None:
    """Issue 43: lobbies started together in one channel, beside a table played in it, are all
    saved while their threads are being started; each then holds its thread."""
    await store.save_table(SavedTable("a", 1, 10, "toppo", {}))  # plays in the channel
    for name in "bcdef":
        await store.save_table(SavedTable(name, 1, 10, "toppo", {}, awaits_thread=True))
    for number, name in enumerate("bcdef"):
        await store.save_table(SavedTable(name, 1, 10, "toppo", {}, thread_id=20 + number))
    with pytest.raises(StoreError, match="saved_tables_place"):  # one that plays here after all
        await store.save_table(SavedTable("g", 1, 10, "toppo", {}, awaits_thread=False))
    assert len(await store.load_tables()) == 6


# -- databases that cannot be used ----------------------------------------------------------------


async def test_a_path_under_a_regular_file_is_refused_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a directory")
    path = blocker / "db.sqlite3"
    with pytest.raises(StoreError) as caught:
        await Store.open(path)
    assert str(caught.value) == f"cannot open database {path}: {blocker} is a file, not a directory"


async def test_a_directory_as_the_path_is_refused_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as caught:
        await Store.open(tmp_path)
    assert str(caught.value) == f"cannot open database {tmp_path}: it is a directory"


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(StoreError) as caught:
        await Store.open(path)
    assert str(caught.value) == f"cannot open database {path}: file is not a database"


async def test_an_unwritable_directory_is_refused(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        # Root ignores permission bits, so use a directory no one can create files in.
        path = Path("/proc/bot.sqlite3")
        expected = "cannot create the file ("
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        path = locked / "bot.sqlite3"
        expected = f"the directory {locked} is not writable"
    with pytest.raises(StoreError) as caught:
        await Store.open(path)
    assert str(caught.value).startswith(f"cannot open database {path}: {expected}")


async def test_a_server_that_does_not_answer_is_refused_in_one_line_without_the_password(
    tmp_path: Path,
) -> None:
    url = f"postgresql://bot:secret@/gamenight?host={tmp_path}&port=1"  # no server has that socket
    with pytest.raises(StoreError) as caught:
        await Store.open(url)
    message = str(caught.value)
    assert message.startswith(
        f"cannot open database postgresql://bot:***@/gamenight?host={tmp_path}&port=1: "
    )
    assert "secret" not in message and "\n" not in message


async def test_a_missing_postgresql_database_is_refused_in_one_line(postgresql: Databases) -> None:
    missing = urlunsplit(urlsplit(str(await postgresql.new()))._replace(path="/gamenight_missing"))
    with pytest.raises(StoreError, match=r'^cannot open database .*: database "gamenight_missing" does not'):
        await Store.open(missing)


async def test_a_connection_lost_mid_write_is_a_store_error_and_the_next_write_works(
    postgresql: Databases,
) -> None:
    """As a full disk would: the table that tried to save says "could not save" (StoreError),
    and the database is usable again at the next try."""
    database = await open_database(await postgresql.new())
    try:
        lost = r"^database postgresql://\S+: connection was closed .*: terminating connection"
        with pytest.raises(StoreError, match=lost):
            await database.writing(lambda conn: conn.execute("SELECT pg_terminate_backend(pg_backend_pid())"))
        await database.writing(lambda conn: conn.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')"))
        assert await database.fetch("SELECT value FROM meta") == [("v",)]
    finally:
        await database.close()


async def test_a_postgresql_query_that_does_not_end_is_given_up_as_a_store_error(
    postgresql: Databases, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 48: only the connection had a timeout; a statement held by a lock or a server that
    stopped answering held its caller (a table's save, a press) for good."""
    monkeypatch.setattr(data.postgresql, "QUERY_TIMEOUT_S", 0.5)
    database = await open_database(await postgresql.new())
    try:
        with pytest.raises(StoreError, match=r"^database postgresql://\S+: no answer within 0.5 s$"):
            await database.fetch("SELECT pg_sleep(3)")
        assert await database.fetch("SELECT 1") == [(1,)], "the pool goes on"
    finally:
        await database.close()


def test_printed_urls_hide_only_the_password() -> None:
    assert (
        without_password("postgresql://bot:pw@db.example:5432/gn")
        == "postgresql://bot:***@db.example:5432/gn"
    )
    assert (
        without_password("postgresql://bot@db/gn?sslmode=require") == "postgresql://bot@db/gn?sslmode=require"
    )


def test_placeholders_are_numbered_outside_string_literals() -> None:
    assert numbered("SELECT '?', ? FROM t WHERE a = 'it''s ?' AND b = ?") == (
        "SELECT '?', $1 FROM t WHERE a = 'it''s ?' AND b = $2"
    )


# -- migrations -----------------------------------------------------------------------------------


def migrations(tmp_path: Path, driver: Driver, **files: str) -> Path:
    """A migrations directory holding the driver's real 0001 plus the given files."""
    directory = tmp_path / f"migrations-{driver}"
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(MIGRATIONS[driver] / "0001_initial.sql", directory)
    for name, text in files.items():
        (directory / name).write_text(text)
    return directory


async def test_a_failed_migration_leaves_the_previous_version(databases: Databases, tmp_path: Path) -> None:
    database, driver = await databases.new(), databases.driver
    async with await Store.open(database, migrations_dir=migrations(tmp_path, driver)) as store:
        await store.set_meta("kept", "yes")
    broken = migrations(
        tmp_path,
        driver,
        **{"0002_broken.sql": "CREATE TABLE extra (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n"},
    )
    with pytest.raises(StoreError, match=r"^cannot open database .*: migration 0002_broken.sql failed: "):
        await Store.open(database, migrations_dir=broken)
    assert await peek(database, VERSION[driver]) == [(1,)]
    assert "extra" not in await table_names(database, driver)
    assert await peek(database, "SELECT value FROM meta") == [("yes",)]


async def test_pending_migrations_are_applied_on_reopen(databases: Databases, tmp_path: Path) -> None:
    database, driver = await databases.new(), databases.driver
    async with await Store.open(database, migrations_dir=migrations(tmp_path, driver)) as store:
        await store.set_meta("kept", "yes")
    # Two statements on a line, a semicolon in a string, a comment after the last one.
    extra = "CREATE TABLE extra (x TEXT); INSERT INTO extra VALUES ('a;b');\n-- the end\n"
    later = migrations(tmp_path, driver, **{"0002_extra.sql": extra})
    async with await Store.open(database, migrations_dir=later) as store:
        assert await store.get_meta("kept") == "yes"
    assert await peek(database, VERSION[driver]) == [(2,)]
    assert await peek(database, "SELECT x FROM extra") == [("a;b",)]


async def test_a_migration_leaving_dangling_references_is_rolled_back(
    databases: Databases, tmp_path: Path
) -> None:
    database, driver = await databases.new(), databases.driver
    dangling = "INSERT INTO league_channels (league_id, channel_id) VALUES (42, 1);\n"
    with pytest.raises(StoreError, match="league_channels"):
        await Store.open(
            database, migrations_dir=migrations(tmp_path, driver, **{"0002_dangling.sql": dangling})
        )
    assert await peek(database, VERSION[driver]) == [(1,)]


async def test_a_database_newer_than_the_code_is_refused(databases: Databases, tmp_path: Path) -> None:
    database, driver = await databases.new(), databases.driver
    later = migrations(tmp_path, driver, **{"0002_extra.sql": "CREATE TABLE extra (x INTEGER);\n"})
    async with await Store.open(database, migrations_dir=later):
        pass
    with pytest.raises(StoreError, match="schema version 2, newer than this bot's 1"):
        await Store.open(database, migrations_dir=migrations(tmp_path / "old", driver))


@pytest.mark.parametrize(
    ("name", "message"),
    [("2_short.sql", "not named NNNN_name.sql"), ("0003_gap.sql", "out of sequence: expected 0002")],
)
async def test_badly_numbered_migrations_are_refused(
    databases: Databases, tmp_path: Path, name: str, message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        await Store.open(
            await databases.new(), migrations_dir=migrations(tmp_path, databases.driver, **{name: ""})
        )


async def test_processes_starting_at_once_on_an_empty_database_migrate_it_once(databases: Databases) -> None:
    database = await databases.new()
    stores = await asyncio.gather(*(Store.open(database) for _ in range(4)))
    try:
        await asyncio.gather(*(store.set_meta(f"started-{n}", "yes") for n, store in enumerate(stores)))
    finally:
        await asyncio.gather(*(store.close() for store in stores))
    latest = find_migrations(MIGRATIONS[databases.driver])[-1].version
    assert await peek(database, VERSION[databases.driver]) == [(latest,)]
    assert await peek(database, "SELECT count(*) FROM meta") == [(4,)]


async def test_open_panels_are_kept_one_per_table_and_member_until_their_tokens_lapse(store: Store) -> None:
    old = SavedPanel("t", 7, 1, 100, "old-token", "en-US")
    await store.keep_panel(old)
    newer = SavedPanel("t", 7, 1, 300, "new-token", "es-ES")
    await store.keep_panel(newer)
    other = SavedPanel("u", 8, 1, 200, "other-token", "en-US")
    await store.keep_panel(other)
    assert await store.open_panels(issued_after=0) == [newer, other]
    assert await store.open_panels(issued_after=250) == [newer], "older ones are deleted"
    assert await store.open_panels(issued_after=0) == [newer]
    assert "new-token" not in repr(newer), "a token is never shown in a log line"
