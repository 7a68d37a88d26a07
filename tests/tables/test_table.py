"""The shared table: a finished table's result is recorded before its saved state is deleted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from data import SavedTable, Store
from tables.registry import TableRegistry
from tables.table import Table


async def nothing(table: Table) -> None:
    """Publishing draws nothing here."""


class Finishing(Table):
    """A table whose one change finishes it; it notes what the store holds when it records."""

    game = "toppo"

    def __init__(self, registry: TableRegistry) -> None:
        super().__init__(registry, table_id="f1", guild_id=1, channel_id=10, publish=nothing)
        self.over = False
        self.saved_when_recorded: list[SavedTable] | None = None

    @property
    def finished(self) -> bool:
        return self.over

    def to_json(self) -> dict[str, Any]:
        return {"over": self.over}

    def idle_timeout(self) -> float | None:
        return None

    async def expire(self) -> None:
        """Never idle."""

    def after_change(self) -> None:
        """No AI seats."""

    async def after_save(self) -> None:
        if self.over:
            self.saved_when_recorded = await self.registry.store.load_tables()

    def stop_game(self) -> None:
        """Nothing runs on its own."""


async def test_a_finished_tables_result_is_recorded_while_it_is_still_saved(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        table = Finishing(registry)
        registry.add(table)
        await table.change(lambda: None)

        def finish() -> None:
            table.over = True

        await table.change(finish)

        assert [saved.table_id for saved in table.saved_when_recorded or []] == ["f1"]
        assert await store.load_tables() == [] and registry.get(10) is None
