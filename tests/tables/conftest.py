"""What the table tests share: a store in a temporary file, a clock moved by hand, and a
registry on both (Topoum's tests stop theirs with its AI threads; see their own fixture)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store
from tables.registry import TableRegistry
from tables.table import Table
from tests.tables.manual_clock import ManualClock


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await Store.open(tmp_path / "db.sqlite3") as opened:
        yield opened


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def registry(store: Store, clock: ManualClock) -> TableRegistry:
    return TableRegistry(store, clock)


async def published(clock: ManualClock, table: Table) -> None:
    """Wait until the table's publisher has drawn every change so far. Its edits are paced on
    the hand-moved clock, so time moves on while it waits (a bare ``flush`` could wait forever
    for a pacing slot that only a moving clock opens)."""
    flushed = asyncio.ensure_future(table.publisher.flush())
    while not flushed.done():
        await clock.advance(1, table.settle)
    await flushed
