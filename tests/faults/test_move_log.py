"""The move log saved incrementally (issue 19, item 14): a save writes the new moves only, a new
game's log replaces the last one, and logs saved inside the state by older versions move out."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import data.store
from data import SavedTable, Store
from tables.registry import TableRegistry
from tests.faults.older import database_at
from tests.tables.test_table import Series


def move(number: int) -> dict[str, object]:
    return {"type": "turn", "seat": number % 4, "n": number}


async def test_a_save_serialises_only_the_moves_made_since_the_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        long_game = tuple(move(n) for n in range(20_000))
        await store.save_table(SavedTable("t1", 1, 10, "toppo", {"dealt": "x"}, moves=long_game))
        dumped: list[object] = []
        plain = json.dumps
        monkeypatch.setattr(
            data.store.json, "dumps", lambda value, **kw: dumped.append(value) or plain(value)
        )

        one_more = SavedTable("t1", 1, 10, "toppo", {"dealt": "x"}, moves=(*long_game, move(20_000)))
        await store.save_table(one_more, moves_written=len(long_game))

        assert dumped == [move(20_000), {"dealt": "x"}], "the one new move and the state, nothing else"
        monkeypatch.undo()
        (loaded,) = await store.load_tables()
    assert loaded.moves == one_more.moves


async def test_a_table_saves_new_moves_and_a_new_games_log_replaces_the_old(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        table = Series(registry)
        registry.add(table)
        await table.change(lambda: table.moves.extend([move(0), move(1)]))
        await table.change(lambda: table.moves.append(move(2)))
        (saved,) = await store.load_tables()
        assert saved.moves == (move(0), move(1), move(2))

        await table.change(lambda: table.start_move_log([move(100)]))  # the next game, dealt
        (saved,) = await store.load_tables()
        assert saved.moves == (move(100),)


async def test_logs_inside_older_saved_states_move_to_their_own_rows(tmp_path: Path) -> None:
    path = await database_at(tmp_path, 4)
    states = {
        "toppo": {"phase": "playing", "series": {"dealt": {"d": 1}, "moves": [move(0), move(1)]}},
        "spit": {"phase": "playing", "match": {"number": 1, "dealt": {"d": 2}, "moves": [move(5)]}},
        "topoum": {"phase": "playing", "game": {"seed": 3, "log": [move(7), move(8), move(9)]}},
        "assets": {"phase": "lobby", "match": None},
    }
    with sqlite3.connect(path) as conn:
        for number, (game, state) in enumerate(states.items()):
            conn.execute(
                "INSERT INTO saved_tables (table_id, guild_id, channel_id, game, state, updated_at)"
                " VALUES (?, 1, ?, ?, ?, 'x')",
                (game, number, game, json.dumps(state)),
            )

    async with await Store.open(path) as store:
        loaded = {saved.table_id: saved for saved in await store.load_tables()}

    assert loaded["toppo"].moves == (move(0), move(1))
    assert loaded["toppo"].state["series"] == {"dealt": {"d": 1}}
    assert loaded["spit"].moves == (move(5),) and "moves" not in loaded["spit"].state["match"]
    assert (
        loaded["topoum"].moves == (move(7), move(8), move(9)) and "log" not in loaded["topoum"].state["game"]
    )
    assert loaded["assets"].moves == () and loaded["assets"].state == states["assets"]
