"""A finished game kept with its result, and rebuilt from its log (issue 31): a replay ends in
exactly the stored result, for every game, over seeded games played by scripted people and AI
seats; its steps are the moments the channel saw."""

from __future__ import annotations

import asyncio
import importlib
import random
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Search
from hypothesis import strategies as st

from data import KeptGame, Store
from engine.games import game_of, names
from tables.registry import TableRegistry
from tables.replays import Replay
from tables.seated import Phase, SeatedTable
from tables.table import Table
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import LIMIT, STEP, Person, Seated, seated

FORMER = "a former player"


def table_class(game: str) -> type[Seated]:
    return importlib.import_module(game_of(game).module("cogs")).KIND.table_class


async def shown(table: Table) -> None:
    """The table message drawn: what the real publisher does first (cogs.seated.public_draft)."""
    assert isinstance(table, SeatedTable)
    table.mark_shown()


async def kept_game(game: str, seed: int, folder: Path) -> tuple[KeptGame, Store]:
    """The first game of a table of two scripted people and, where the game takes more seats,
    AI seats up to four, from ``seed``, as the store kept it (the store is left open)."""
    cls = table_class(game)
    with mock.patch("secrets.randbits", random.Random(seed).getrandbits):
        store = await Store.open(folder / f"{game}-{seed}.sqlite3")
        clock = ManualClock()
        registry = TableRegistry(store, clock)
        ai_seats = min(cls.seats_allowed[1], 4) - 2
        table = await seated(cls, registry, 2, ai_seats, publish=shown)
        people = [Person(table, seat, clock) for seat in range(2)]
        table.followers.extend(person.driver.changed for person in people)
        while table.phase is Phase.PLAYING and clock.now() < LIMIT:
            for person in people:
                person.driver.changed()
            await clock.advance(STEP, table.settle)
        assert table.phase is not Phase.PLAYING, "the game ends"
        for person in people:
            person.driver.stop()
        await registry.shutdown()
    games, _ = await store.history(1, 0)
    kept = await store.kept_game(1, games[0].game_id)
    assert kept is not None
    return kept, store


def outcome(seats: Any) -> list[tuple[Any, ...]]:
    return [(s.seat, s.user_id, s.ai_level, s.score, s.rank, s.won, s.stood_in, s.absent) for s in seats]


@pytest.mark.parametrize("game", names())
@settings(
    max_examples=2,
    deadline=None,
    phases=[Search.explicit, Search.generate],  # a whole game is too long to shrink
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32))
def test_a_replay_ends_in_the_stored_result(game: str, seed: int) -> None:
    async def check() -> None:
        with tempfile.TemporaryDirectory() as folder:
            kept, store = await kept_game(game, seed, Path(folder))
            try:
                replay = Replay(TableRegistry(store, ManualClock()), table_class(game), kept, FORMER)
                steps = replay.steps
                assert steps[0] == 0 and steps[-1] == len(kept.log.moves)
                assert 2 < len(steps) <= len(kept.log.moves) + 1
                end = replay.table_at(len(replay) - 1)
                assert outcome(end.result_record().seats) == outcome(kept.finished.seats)
                # Stepping forward gives the same tables as rebuilding each step afresh.
                middle = len(replay) // 2
                stepped = list(replay.tables([0, middle]))[-1]
                assert stepped.to_json() == replay.table_at(middle).to_json()
                assert replay.turn_starts()[0] == 0 and len(replay.turn_starts()) > 1
            finally:
                await store.close()

    asyncio.run(check())


async def test_a_forgotten_member_is_a_former_player_in_a_replay(tmp_path: Path) -> None:
    kept, store = await kept_game("tally", 7, tmp_path)
    try:
        await store.forget_member(1, 2)
        forgotten = await store.kept_game(1, kept.finished.game_id)
        assert forgotten is not None and forgotten.forgotten == {2}
        replay = Replay(TableRegistry(store, ManualClock()), table_class("tally"), forgotten, FORMER)
        table = replay.table_at(0)
        assert [seat.name for seat in table.seats][:2] == ["P1", FORMER]
    finally:
        await store.close()
