"""The waits on their own, at a table of Tally (turn-based): whom the game waits for, whom the
timer watches and whom the call mentions, the warning and the timeout move made for a person,
and after two timeouts in a row an AI keeping their seat until they press."""

from __future__ import annotations

from tables.game_hooks import Wait
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.stand_ins import StandIn, Why
from tests.tables.manual_clock import ManualClock
from tests.tables.tally_table import ANA, HOST, play_to_the_end, started
from words.common import Notice


async def test_the_person_whose_turn_it_is_is_timed_and_called_an_ai_seat_never(
    registry: TableRegistry,
) -> None:
    table = await started(registry, ai="easy")
    state = table.require_state()
    waits = table.waits
    if state.current == 0:
        assert waits.game_wait() == waits.timed() == Wait(0, table.stamp())
        assert waits.called() == (HOST, table.stamp()) and waits.deadline is not None
    else:
        assert waits.game_wait() is None and waits.timed() is None and waits.called() is None


async def test_a_person_who_lets_the_time_run_out_is_warned_then_moved_for_and_then_stood_in_for(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table = await started(registry, ANA)
    limits = table.waits.timer.limits
    seat = table.require_state().current
    await clock.advance(limits.warn_after + 0.1, table.settle)
    hurry = Notice("hurry", seat, {"seconds": table.waits.seconds_left_at_warning()})
    assert table.notices[-1] == hurry
    await clock.advance(limits.act_after - limits.warn_after, table.settle)
    assert Notice("timed_out", seat) in table.notices and table.seating.stood_in == {seat: 1}
    assert table.seating.timed_in_row == {seat: 1} and table.seating.stand_ins == {}
    await clock.advance(limits.act_after + 0.1, table.settle)  # the other seat's turn, timed out once
    await clock.advance(limits.act_after + 0.1, table.settle)  # theirs again: twice in a row
    assert table.seating.stand_ins == {seat: StandIn(Why.ABSENT, "normal")}, "an AI keeps the seat"
    await clock.advance(limits.act_after + 0.1, table.settle)  # the other's second: nobody plays
    assert table.phase is Phase.OVER and table.message.nobody_left


async def test_a_move_made_in_time_lets_the_timer_go_and_between_games_nobody_is_called(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table = await started(registry, ANA)
    before = table.waits.timed()
    await play_to_the_end(table)
    assert table.waits.timed() != before and table.waits.called() is None
    await clock.advance(table.waits.timer.limits.act_after + 1, table.settle)
    assert table.phase is Phase.RESULTS and table.seating.stood_in == {}, "nobody was moved for"
