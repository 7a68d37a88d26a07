"""The scorebook on its own, at a table of Tally: each game recorded under its own key, the
buttons between games, ending early by the host or by most of the people, Play again, the
host's abort, and its part of the saved table."""

from __future__ import annotations

import pytest

from data import GameRecord
from engine.errors import IllegalAction, Reason
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.stand_ins import Why
from tables.table import Table
from tests.tables.manual_clock import ManualClock
from tests.tables.tally_table import ANA, BEN, HOST, play_to_the_end, started


async def test_each_game_is_recorded_once_under_its_own_key_and_a_new_series_apart(
    registry: TableRegistry,
) -> None:
    table = await started(registry, ANA)
    book = table.book
    await play_to_the_end(table)
    assert table.phase is Phase.RESULTS and book.games_played == 1
    assert book.last_result == f"tally:{table.table_id}:1" and not book.record_pending, "written by the save"
    await book.next_game(ANA, 1)
    await play_to_the_end(table)
    assert book.last_result == f"tally:{table.table_id}:2"
    await book.end_series(HOST, 2)
    assert table.phase is Phase.AGAIN
    await book.play_again(HOST)
    assert table.phase is Phase.AGAIN, "Ana has not pressed yet"
    await book.play_again(ANA)
    assert table.phase is Phase.PLAYING and book.again_count == 1 and book.games_played == 0
    await play_to_the_end(table)
    assert (book.last_result or "").startswith(f"tally:{table.table_id}.1:"), "the new series' keys"


async def test_a_nights_table_is_over_once_its_one_game_is_recorded_and_told(registry: TableRegistry) -> None:
    """A game night's table plays one game (issue 45): once it is recorded the table is over,
    no next game, no Play again; and whoever asked the registry is told of the record once."""
    told: list[tuple[str, str]] = []

    async def count(table: Table, record: GameRecord) -> None:
        told.append((table.table_id, record.result_key))

    registry.on_recorded.append(count)
    table = await started(registry, ANA)
    table.book.one_game = True
    await play_to_the_end(table)
    assert table.phase is Phase.OVER and table.finished
    assert told == [(table.table_id, f"tally:{table.table_id}:1")]
    assert table.book.to_json()["one_game"], "saved with the table"


async def test_a_button_of_an_earlier_game_or_from_a_stranger_is_refused(registry: TableRegistry) -> None:
    table = await started(registry, ANA)
    await play_to_the_end(table)
    for user, number, reason in ((ANA, 2, Reason.STALE), (BEN, 1, Reason.NOT_SEATED)):
        with pytest.raises(IllegalAction) as caught:
            await table.book.next_game(user, number)
        assert caught.value.reason is reason
    assert table.phase is Phase.RESULTS


async def test_the_host_ends_the_series_at_once_anyone_else_with_most_of_the_people(
    registry: TableRegistry,
) -> None:
    table = await started(registry, ANA, BEN)
    book = table.book
    await play_to_the_end(table)
    assert book.end_votes_needed() == 2
    await book.end_series(ANA, 1)
    assert table.phase is Phase.RESULTS and book.end_votes == {ANA}
    await book.end_series(BEN, 1)
    assert table.phase is Phase.AGAIN and book.again_asked() == {HOST, ANA, BEN}


async def test_when_play_again_runs_out_those_who_pressed_sit_in_a_lobby_or_the_table_ends(
    registry: TableRegistry, clock: ManualClock
) -> None:
    for channel, (pressed, phase) in enumerate((((ANA,), Phase.LOBBY), ((), Phase.OVER))):
        table = await started(registry, ANA, BEN, channel_id=channel)
        await play_to_the_end(table)
        await table.book.end_series(HOST, 1)
        for user in pressed:
            await table.book.play_again(user)
        await table.expire()
        assert table.phase is phase
        if phase is Phase.LOBBY:
            assert [seat.user_id for seat in table.seats] == [ANA] and table.book.again_count == 1


async def test_the_host_may_abort_the_first_game_only(registry: TableRegistry) -> None:
    table = await started(registry, ANA)
    assert table.book.may_abort()
    await table.book.abort(HOST)
    assert table.phase is Phase.LOBBY and table.state is None and table.pending_record() is None
    await table.start(HOST)
    await play_to_the_end(table)
    await table.book.next_game(HOST, table.game_number())
    assert not table.book.may_abort(), "a game of the series has ended"
    with pytest.raises(IllegalAction) as caught:
        await table.book.abort(HOST)
    assert caught.value.reason is Reason.NOT_ALLOWED


async def test_a_person_stood_in_for_at_the_end_ranks_last_in_the_record(registry: TableRegistry) -> None:
    table = await started(registry, ANA)
    await table.change(lambda: table.seating.stand_in(0, Why.LEFT))
    await play_to_the_end(table)
    record = table.result_record()
    host = record.seats[0]
    assert host.absent and host.rank == 2 and not host.won and record.seats[1].won


async def test_its_saved_part_comes_back_with_a_shown_result_to_record_again(registry: TableRegistry) -> None:
    table = await started(registry, ANA)
    await play_to_the_end(table)
    book = table.book
    saved = book.to_json()
    other = await started(registry, BEN, channel_id=3)
    other.book.load(saved, Phase.RESULTS)
    assert other.book.to_json() == saved and other.book.record_pending
