"""The AI seats on their own, at a table of Tally: which seats an AI plays and at which level,
a move made for a person counted for the record, and a stand-in's move refused once its person
is back."""

from __future__ import annotations

from engine.ai import Level
from tables.lobby import Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.stand_ins import Why
from tests.fixture_game.engine import Add
from tests.fixture_game.tables import TallyTable
from tests.tables.stacked import seated_table
from tests.tables.tally_table import ANA, play_to_the_end, started


async def test_ai_seats_and_stood_in_seats_are_the_ais_while_a_game_is_played(
    registry: TableRegistry,
) -> None:
    table = await started(registry, ANA, ai="hard")
    ai = table.ai
    assert ai.ai_seats() == [2] and ai.level(2) is Level.HARD
    await table.change(lambda: table.seating.stand_in(1, Why.ABSENT))
    assert ai.ai_seats() == [1, 2] and ai.level(1) is Level.HARD, "a stand-in plays at the table's level"
    await play_to_the_end(table)
    assert table.phase is Phase.RESULTS and ai.ai_seats() == [], "no AI acts between games"


async def test_a_move_made_for_a_person_is_counted_and_refused_once_they_are_back(
    registry: TableRegistry,
) -> None:
    table = await started(registry, ANA)
    seat = table.require_state().current
    user = table.seats[seat].user_id
    assert user is not None
    await table.change(lambda: table.seating.stand_in(seat, Why.ABSENT))
    assert await table.ai.ai_act(seat, Add(seat, 1))
    assert table.seating.stood_in == {seat: 1}
    nxt = table.require_state().current
    other = table.seats[nxt].user_id
    assert other is not None
    await table.change(lambda: table.seating.stand_in(nxt, Why.ABSENT))
    await table.seating.back(other)
    assert not await table.ai.ai_act(nxt, Add(nxt, 1)), "its person is back"
    assert table.require_state().total == 1


def test_each_seat_has_its_own_random_stream(registry: TableRegistry) -> None:
    table = seated_table(TallyTable, registry, [Seat(ANA, "Ana"), Seat(None, "", "easy")])
    assert table.ai.rng(1) is table.ai.rng(1) and table.ai.rng(1) is not table.ai.rng(0)
