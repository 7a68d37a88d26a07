"""A database as an older version of the bot left it, to test what a migration does to it."""

from __future__ import annotations

import shutil
from pathlib import Path

from data import Store
from data.migrate import MIGRATIONS


async def database_at(tmp_path: Path, version: int) -> Path:
    """A new database migrated up to ``version`` only (``tmp_path/db.sqlite3``)."""
    path, before = tmp_path / "db.sqlite3", tmp_path / f"migrations-{version}"
    before.mkdir()
    for migration in sorted(MIGRATIONS["sqlite"].glob("*.sql"))[:version]:
        shutil.copy(migration, before)
    async with await Store.open(path, migrations_dir=before):
        pass
    return path
