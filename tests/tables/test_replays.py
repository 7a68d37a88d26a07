"""A finished game kept with its result, and rebuilt from its log (issue 31): a replay ends in
exactly the stored result, for every game, over seeded games played by scripted people and AI
seats; its steps are the moments the channel saw."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as Search
from hypothesis import strategies as st

from engine.games import names
from tables.registry import TableRegistry
from tables.replays import Replay
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, table_class

FORMER = "a former player"


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
            kept, store = await finished_game(game, seed, Path(folder))
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
    kept, store = await finished_game("tally", 7, tmp_path)
    try:
        await store.forget_member(1, 2)
        forgotten = await store.kept_game(1, kept.finished.game_id)
        assert forgotten is not None and forgotten.forgotten == {2}
        replay = Replay(TableRegistry(store, ManualClock()), table_class("tally"), forgotten, FORMER)
        table = replay.table_at(0)
        assert [seat.name for seat in table.seats][:2] == ["P1", FORMER]
        # Whom the game counts for is renamed alike: the name is nowhere in the rebuilt table,
        # and the seat is not taken for another member's (away) by the renaming.
        end = replay.table_at(len(replay) - 1)
        assert [end.seating.counted(seat).name for seat in range(2)] == ["P1", FORMER]
        assert not end.seating.away(1)
        assert "P2" not in str(end.to_json())
    finally:
        await store.close()


async def test_a_replay_names_a_seat_an_ai_played_for_its_person_from_when_it_did(tmp_path: Path) -> None:
    kept, store = await finished_game("toppo", 3, tmp_path, leaves_at=40)
    try:
        replay = Replay(TableRegistry(store, ManualClock()), table_class("toppo"), kept, FORMER)
        stood = [1 in table.seating.stand_ins for table in replay.tables(range(len(replay)))]
        assert not stood[0] and stood[-1], "played by its person first, by an AI at the end"
        assert stood == sorted(stood), "from the step the channel first saw it on"
        assert (
            1 in replay.table_at(len(replay) - 1).seating.stand_ins
            and 1 not in replay.table_at(0).seating.stand_ins
        )
    finally:
        await store.close()


async def test_the_results_say_how_the_game_moved_each_persons_rating(tmp_path: Path) -> None:
    kept, store = await finished_game("tally", 5, tmp_path)
    try:
        changes = await store.rating_changes(1, kept.result_key)
        assert [change.seat for change in changes] == [0, 1, 2, 3], "every seat is rated, AI seats too"
        assert all(change.before == 1500 for change in changes), "everyone's first game"
        winners = {seat.seat for seat in kept.finished.seats if seat.won}
        assert all((change.after > 1500) == (change.seat in winners) for change in changes)
    finally:
        await store.close()
