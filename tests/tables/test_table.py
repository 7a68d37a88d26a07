"""The shared table: a game's result is written in the same transaction as the table's state
that shows it ended (issue 19, item 5), whether the table goes on or is deleted."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from data import Store
from data.records import GameRecord, SeatResult
from tables.errors import Refusal, Refused
from tables.registry import TableRegistry
from tables.table import Table


async def nothing(table: Table) -> None:
    """Publishing draws nothing here."""


class Series(Table):
    """A table whose games end when told; it ends itself after ``last`` games."""

    game = "toppo"

    def __init__(self, registry: TableRegistry, last: int = 3) -> None:
        super().__init__(registry, table_id="f1", guild_id=1, channel_id=10, publish=nothing)
        self.games_ended = 0
        self.last = last
        self.recorded_up_to = 0

    @property
    def finished(self) -> bool:
        return self.games_ended >= self.last

    @property
    def host_id(self) -> int:
        return 7

    def to_json(self) -> dict[str, Any]:
        return {"games_ended": self.games_ended}

    def idle_timeout(self) -> float | None:
        return None

    async def expire(self) -> None:
        """Never idle."""

    def after_change(self) -> None:
        """No AI seats."""

    async def after_save(self) -> None:
        """Nothing to follow a save."""

    def stop_game(self) -> None:
        """Nothing runs on its own."""

    def pending_record(self) -> GameRecord | None:
        if self.recorded_up_to == self.games_ended:
            return None
        now = datetime.now(UTC)
        seat = SeatResult(0, 7, "Alice", None, score=self.games_ended, rank=1, won=True)
        return GameRecord(1, 10, "toppo", f"f1:{self.games_ended}", {}, now, now, (seat,))

    async def record_written(self, record: GameRecord) -> None:
        self.recorded_up_to = int(record.result_key.split(":")[1])

    def end_game(self) -> None:
        self.games_ended += 1


def stored(database: Path) -> tuple[list[str], list[int]]:
    """The recorded result keys, and the games ended in the saved table (if any)."""
    with sqlite3.connect(database) as conn:
        keys = [key for (key,) in conn.execute("SELECT result_key FROM games ORDER BY id")]
        states = [state for (state,) in conn.execute("SELECT state FROM saved_tables")]
    return keys, [int(state.split(":")[1].strip(" }")) for state in states]


async def test_an_ai_move_that_ends_a_game_is_saved_with_its_result_at_once(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    async with await Store.open(database) as store:
        registry = TableRegistry(store)
        table = Series(registry)
        registry.add(table)
        await table.change(lambda: None, by_ai=True)
        assert stored(database) == ([], []), "an ordinary AI move waits to share a write"

        await table.change(table.end_game, by_ai=True)

        assert stored(database) == (["f1:1"], [1]), "the ended game and its result, together, now"


async def test_the_last_game_is_recorded_as_its_table_is_deleted(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    async with await Store.open(database) as store:
        registry = TableRegistry(store)
        table = Series(registry, last=1)
        registry.add(table)
        await table.change(lambda: None)
        await table.change(table.end_game)
        assert stored(database) == (["f1:1"], [])
        assert registry.playing_in(10) is None


async def test_a_result_is_not_stored_when_its_table_cannot_be(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    async with await Store.open(database) as store:
        registry = TableRegistry(store)
        table = Series(registry, last=1)
        registry.add(table)
        await table.change(lambda: None)
        with sqlite3.connect(database) as conn:  # the deletion fails, as on a damaged disk
            conn.execute(
                "CREATE TRIGGER refuse BEFORE DELETE ON saved_tables BEGIN SELECT RAISE(ABORT, 'disk'); END"
            )

        with pytest.raises(Refused) as refused:
            await table.change(table.end_game)

        assert refused.value.refusal is Refusal.NOT_SAVED
        assert stored(database) == ([], [0]), "neither the result nor the deletion was written"
