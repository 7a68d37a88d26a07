"""The table registry: one table per channel, and every table saved on shutdown."""

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from data import SavedTable, Store
from tables.registry import ChannelTaken, TableRegistry
from tables.shards import Shards


@dataclass
class FakeTable:
    channel_id: int
    moves: int = 0
    thread_id: int | None = None

    @property
    def table_id(self) -> str:
        return f"t{self.place_id}"

    @property
    def place_id(self) -> int:
        return self.channel_id if self.thread_id is None else self.thread_id

    def snapshot(self) -> SavedTable:
        return SavedTable(
            table_id=self.table_id,
            guild_id=1,
            channel_id=self.channel_id,
            game="toppo",
            state={"moves": self.moves},
            thread_id=self.thread_id,
        )


async def test_one_table_per_channel_or_thread(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        first = FakeTable(10)
        registry.add(first)
        with pytest.raises(ChannelTaken):
            registry.add(FakeTable(10))
        registry.add(FakeTable(10, thread_id=20))
        registry.add(FakeTable(10, thread_id=21))
        with pytest.raises(ChannelTaken):
            registry.add(FakeTable(11, thread_id=21))
        registry.add(FakeTable(11))
        assert len(registry) == 4
        registry.discard(first)
        assert registry.playing_in(10) is None and registry.playing_in(20) is not None
        assert len(registry) == 3


async def test_save_all_keeps_the_latest_state_of_every_table(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        first, second = FakeTable(10), FakeTable(11)
        registry.add(first)
        registry.add(second)
        first.moves = 7
        await registry.save_all()
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        saved = {table.channel_id: table.state for table in await store.load_tables()}
    assert saved == {10: {"moves": 7}, 11: {"moves": 0}}


async def test_save_all_counts_the_tables_a_failing_database_did_not_take(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        registry.add(FakeTable(10))
        registry.add(FakeTable(11))
        with sqlite3.connect(tmp_path / "db.sqlite3") as conn:
            conn.execute(
                "CREATE TRIGGER full BEFORE INSERT ON saved_tables"
                " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
            )

        assert await registry.save_all() == 2

    (line,) = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert line.startswith("2 tables not saved at shutdown (t10, t11)"), line


async def test_resuming_sets_damaged_tables_aside_and_leaves_unknown_games_saved(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        await store.save_table(SavedTable("a1", 1, 10, "assets", {"moves": 1}))
        await store.save_table(SavedTable("t1", 1, 11, "toppo", {"damaged": True}))
        await store.save_table(SavedTable("t2", 1, 12, "toppo", {"moves": 3}))
        registry = TableRegistry(store)
        resumed: list[FakeTable] = []

        def load(saved: SavedTable) -> FakeTable:
            table = ResumableTable(saved.channel_id, saved.state["moves"])  # KeyError when damaged
            resumed.append(table)
            return table

        registry.register_loader("toppo", load)

        assert [saved.table_id for saved in await registry.resume_saved()] == ["t1"]
        assert [(t.channel_id, t.moves, t.resumed) for t in resumed] == [(12, 3, True)]
        assert (
            registry.playing_in(12) is resumed[0]
            and registry.playing_in(10) is None
            and registry.playing_in(11) is None
        )
        assert [saved.table_id for saved in await store.load_tables()] == ["a1", "t2"], (
            "the damaged table is set aside, the one without a loader left for later"
        )


@dataclass
class ResumableTable(FakeTable):
    resumed: bool = False
    finished: bool = False

    def resume(self) -> None:
        self.resumed = True


async def test_a_process_resumes_only_the_tables_of_its_shards_servers(tmp_path: Path) -> None:
    """Two processes share the database: each resumes its own servers' tables and leaves the
    others' saved, damaged ones included (their owner sets them aside)."""
    ours, theirs = 0 << 22, 1 << 22  # server ids on shards 0 and 1 of 2
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        await store.save_table(SavedTable("t1", ours, 10, "toppo", {"moves": 1}))
        await store.save_table(SavedTable("t2", theirs, 11, "toppo", {"moves": 2}))
        await store.save_table(SavedTable("t3", theirs, 12, "toppo", {"damaged": True}))
        registry = TableRegistry(store, owns=Shards.of(2, [0]).owns)
        registry.register_loader(
            "toppo", lambda saved: ResumableTable(saved.channel_id, saved.state["moves"])
        )

        assert await registry.resume_saved() == []
        assert registry.playing_in(10) is not None and registry.playing_in(11) is None and len(registry) == 1
        assert [saved.table_id for saved in await store.load_tables()] == ["t1", "t2", "t3"]
