"""Fixtures of the cogs' tests that draw drafts."""

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from cogs.painter import PAINTER
from data import Store
from tables.registry import TableRegistry


@pytest.fixture(autouse=True, scope="module")
def painter() -> Iterator[None]:
    """The drafts draw their pictures in the painter's process; stop it when a module is done,
    as the bot does when it stops."""
    yield
    PAINTER.stop()


@pytest.fixture
async def registry(tmp_path: Path) -> AsyncIterator[TableRegistry]:
    """A table registry on a fresh store."""
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        yield TableRegistry(store)
