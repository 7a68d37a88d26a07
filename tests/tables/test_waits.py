"""The waits on their own, at a table of Tally (turn-based): whom the game waits for, whom the
timer watches and whom the call mentions, the warning and the timeout move made for a person,
and after two timeouts in a row an AI keeping their seat until they press."""

from __future__ import annotations

from data import Store
from tables.game_hooks import Wait
from tables.lobby import Seat
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.stand_ins import StandIn, Why
from tests.engine.spit import spit_table
from tests.tables.manual_clock import ManualClock
from tests.tables.stacked import stacked_spit_table
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


async def test_in_a_race_a_person_pressing_is_never_threatened_and_the_ai_comes_after_their_absence(
    store: Store, clock: ManualClock
) -> None:
    """Ana is the only one who can play (her 6 on the 7): the table times her. While she presses
    her panel every second, thinking, the card does not threaten her with an AI and no AI comes;
    once she has been away for the grace (20 s, the warning's moment of 30) the card says when
    the AI plays for her, and it does 30 s after her last press."""
    registry = TableRegistry(store, clock, absent_seconds=30)
    match = spit_table("2c", "6c | 3c 3d", centre="7s | Kd")
    table = stacked_spit_table(registry, [Seat(HOST, "Host"), Seat(ANA, "Ana")], match)
    registry.add(table)
    table.resume()
    assert (timed := table.waits.timed()) is not None and timed.seat == 1
    for _ in range(45):
        table.seating.pressed_by(ANA)
        table.waits.pressed(ANA)
        await clock.advance(1, table.settle)
        assert not table.waits.shows_takeover(), "she is playing"
    assert table.seating.stand_ins == {}
    last_press = clock.now() - 1
    await clock.advance(18, table.settle)
    assert not table.waits.shows_takeover()
    await clock.advance(1, table.settle)
    assert table.waits.shows_takeover() and table.waits.absent_since() == last_press
    await clock.advance(9.9, table.settle)
    assert table.seating.stand_ins == {}
    await clock.advance(0.2, table.settle)
    assert list(table.seating.stand_ins) == [1]
    await registry.shutdown()
