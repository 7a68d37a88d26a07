"""SIGTERM while tables open and close (issue 19, item 3): the registry's stop-and-save loops
must not trip over the tables that come and go while they await."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from data import SavedTable, Store
from tables.registry import TableRegistry


@dataclass
class BusyTable:
    """A table whose stop takes a moment, during which the game around it goes on."""

    channel_id: int
    registry: TableRegistry
    on_stop: list[BusyTable | int] = field(default_factory=list)
    """Tables opening (a table) or channels whose table finishes (an id) while this one stops."""
    stopped: bool = False

    @property
    def table_id(self) -> str:
        return f"t{self.channel_id}"

    @property
    def place_id(self) -> int:
        return self.channel_id

    def snapshot(self) -> SavedTable:
        return SavedTable(f"t{self.channel_id}", 1, self.channel_id, "toppo", {"stopped": self.stopped})

    def resume(self) -> None:
        pass

    async def stop(self) -> None:
        await asyncio.sleep(0)
        for change in self.on_stop:
            if isinstance(change, int):
                finished = self.registry.playing_in(change)
                assert finished is not None
                self.registry.discard(finished)
            else:
                self.registry.add(change)
        self.stopped = True


async def test_tables_opening_and_closing_during_shutdown_are_all_stopped_and_saved(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        late = BusyTable(30, registry)
        registry.add(BusyTable(10, registry, on_stop=[late]))  # a lobby starts
        registry.add(BusyTable(11, registry, on_stop=[11]))  # a game ends
        registry.add(BusyTable(12, registry))

        await registry.shutdown()

        saved = {table.channel_id: table.state for table in await store.load_tables()}
    assert saved == {10: {"stopped": True}, 12: {"stopped": True}, 30: {"stopped": True}}
