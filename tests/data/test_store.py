"""The store: migrations from zero, results that survive a reopen, idempotent and concurrent
writes, saved tables, and the one-line errors ``bot.py`` prints when the database cannot be used."""

import asyncio
import os
import shutil
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import GameRecord, PlayerTotals, SavedTable, SeatResult, Store, StoreError
from data.migrate import MIGRATIONS_DIR, find_migrations

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


def sql(path: Path, query: str) -> list[tuple[object, ...]]:
    """Look at the file from outside the store, the way a second process would."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(query).fetchall()
    finally:
        conn.close()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "bot.sqlite3") as opened:
        yield opened


# -- schema ---------------------------------------------------------------------------------------


async def test_migrates_a_new_database_to_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "bot.sqlite3"  # parent directories are created
    async with await Store.open(path):
        pass
    latest = find_migrations(MIGRATIONS_DIR)[-1].version
    assert sql(path, "PRAGMA user_version") == [(latest,)]
    tables = {name for (name,) in sql(path, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables >= TABLES
    assert sql(path, "PRAGMA journal_mode") == [("wal",)]


async def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(StoreError, match="FOREIGN KEY"):
        await store.record_game(record("g1", league_id=999))
    assert await store.player_totals(1) == PlayerTotals(0, 0, 0)  # the whole game was rolled back


async def test_reopening_keeps_results_and_settings(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with await Store.open(path) as store:
        await store.record_game(record("g1", human(0, 1, 10, 1), human(1, 2, 3, 2)))
        await store.record_game(record("g2", human(0, 1, 5, 2), human(1, 2, 7, 1)))
        await store.set_guild_locale(100, "es-ES")
        await store.set_meta("commands", "abc123")
    async with await Store.open(path) as store:
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


# -- recording results ----------------------------------------------------------------------------


async def test_recording_the_same_result_key_twice_stores_it_once(store: Store) -> None:
    first = await store.record_game(record("same", human(0, 1, 10, 1)))
    again = await store.record_game(record("same", human(0, 1, 99, 1)))
    assert again == first
    assert await store.player_totals(1) == PlayerTotals(games=1, wins=1, score=10)


async def test_ai_seats_are_stored_without_a_player(store: Store) -> None:
    await store.record_game(record("g1"))
    rows = sql(store.path, "SELECT seat, user_id, ai_level FROM results ORDER BY seat")
    assert rows == [(0, 1, None), (1, None, "hard")]
    assert sql(store.path, "SELECT has_ai FROM games") == [(1,)]
    assert sql(store.path, "SELECT user_id FROM players") == [(1,)]


async def test_a_late_recorded_older_game_keeps_the_newer_name(store: Store) -> None:
    await store.record_game(record("new", human(0, 1, 1, 1, "Newer")))
    await store.record_game(record("old", human(0, 1, 1, 1, "Older"), finished=T0 - timedelta(days=1)))
    assert sql(store.path, "SELECT display_name FROM players") == [("Newer",)]


async def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with await Store.open(path) as one, await Store.open(path) as two:
        # 40 games, each recorded twice, from two connections (as if two processes) at once.
        calls = [
            store.record_game(record(f"g{i}", human(0, 1, i, 1), human(1, 2 + i % 3, 0, 2)))
            for i in range(40)
            for store in (one, two)
        ]
        ids = await asyncio.gather(*calls)
        assert len(set(ids)) == 40
        assert await one.player_totals(1) == PlayerTotals(games=40, wins=40, score=sum(range(40)))
        assert sql(path, "SELECT COUNT(*) FROM results") == [(80,)]


async def test_a_cancelled_caller_does_not_lose_the_result(store: Store) -> None:
    task = asyncio.create_task(store.record_game(record("g1")))
    await asyncio.sleep(0)  # the write has started
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await store.player_totals(1)).games == 1


def test_records_reject_impossible_seats_and_naive_times() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        SeatResult(0, 1, "both", "hard", 0, 1, won=True)
    with pytest.raises(ValueError, match="timezone"):
        record("k", finished=datetime(2025, 1, 1))
    with pytest.raises(ValueError, match="unknown game"):
        SavedTable("t", 1, 2, "chess", {})  # type: ignore[arg-type]


# -- saved tables ---------------------------------------------------------------------------------


async def test_saved_tables_round_trip_upsert_and_delete(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with await Store.open(path) as store:
        await store.save_table(SavedTable("b", 1, 20, "spit", {"log": []}))
        await store.save_table(SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1]}))
        await store.save_table(SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1, 2]}))
    async with await Store.open(path) as store:
        assert await store.load_tables() == [
            SavedTable("a", 1, 10, "topoum", {"seed": 7, "log": [1, 2]}),
            SavedTable("b", 1, 20, "spit", {"log": []}),
        ]
        await store.delete_table("b")
        await store.delete_table("unknown")
        assert [t.table_id for t in await store.load_tables()] == ["a"]


async def test_one_saved_table_per_channel(store: Store) -> None:
    await store.save_table(SavedTable("a", 1, 10, "toppo", {}))
    with pytest.raises(StoreError, match="channel_id"):
        await store.save_table(SavedTable("b", 1, 10, "toppo", {}))


# -- bad paths ------------------------------------------------------------------------------------


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


# -- migrations -----------------------------------------------------------------------------------


def migrations(tmp_path: Path, **files: str) -> Path:
    """A migrations directory holding the real 0001 plus the given files."""
    directory = tmp_path / "migrations"
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copy(MIGRATIONS_DIR / "0001_initial.sql", directory)
    for name, text in files.items():
        (directory / name).write_text(text)
    return directory


async def test_a_failed_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with await Store.open(path, migrations_dir=migrations(tmp_path)) as store:
        await store.set_meta("kept", "yes")
    broken = migrations(
        tmp_path,
        **{"0002_broken.sql": "CREATE TABLE extra (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n"},
    )
    with pytest.raises(StoreError, match=r"^cannot open database .*: migration 0002_broken.sql failed: "):
        await Store.open(path, migrations_dir=broken)
    assert sql(path, "PRAGMA user_version") == [(1,)]
    assert sql(path, "SELECT name FROM sqlite_master WHERE name = 'extra'") == []
    assert sql(path, "SELECT value FROM meta") == [("yes",)]


async def test_pending_migrations_are_applied_on_reopen(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with await Store.open(path, migrations_dir=migrations(tmp_path)) as store:
        await store.set_meta("kept", "yes")
    later = migrations(tmp_path, **{"0002_extra.sql": "CREATE TABLE extra (x INTEGER);\n"})
    async with await Store.open(path, migrations_dir=later) as store:
        assert await store.get_meta("kept") == "yes"
    assert sql(path, "PRAGMA user_version") == [(2,)]


async def test_a_migration_leaving_dangling_references_is_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    dangling = "INSERT INTO league_channels (league_id, channel_id) VALUES (42, 1);\n"
    with pytest.raises(StoreError, match="league_channels pointing at a missing row of leagues"):
        await Store.open(path, migrations_dir=migrations(tmp_path, **{"0002_dangling.sql": dangling}))
    assert sql(path, "PRAGMA user_version") == [(1,)]


async def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    later = migrations(tmp_path, **{"0002_extra.sql": "CREATE TABLE extra (x INTEGER);\n"})
    async with await Store.open(path, migrations_dir=later):
        pass
    with pytest.raises(StoreError, match="schema version 2, newer than this bot's 1"):
        await Store.open(path, migrations_dir=migrations(tmp_path / "old"))


@pytest.mark.parametrize(
    ("name", "message"),
    [("2_short.sql", "not named NNNN_name.sql"), ("0003_gap.sql", "out of sequence: expected 0002")],
)
async def test_badly_numbered_migrations_are_refused(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        await Store.open(tmp_path / "bot.sqlite3", migrations_dir=migrations(tmp_path, **{name: ""}))
