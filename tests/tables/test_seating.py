"""Seating on its own: who plays each seat, stand-ins for people who drift away, the host's
offer of a seat, and its part of the saved table. Its requests go through the table's change,
here a plain stand-in that applies them at once."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from engine.errors import IllegalAction, Reason
from tables.errors import Refusal, Refused
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.seating import Seating
from tables.stand_ins import SeatOffer, StandIn, Why
from words.common import Notice

T = TypeVar("T")

HOST, ANA, BEN = 10, 11, 12


class Around:
    """What a seating is given by its table: a phase, a clock, and what it tells back."""

    def __init__(self, seats: list[Seat]) -> None:
        self.phase = Phase.PLAYING
        self.now = 100.0
        self.stood = 0
        self.emptied = 0
        self.changes: list[bool] = []
        self.notices: deque[Notice] = deque()
        self.seating = Seating(
            Lobby(HOST, 2, 4, seats),
            self.notices,
            change=self.change,
            phase=lambda: self.phase,
            now=lambda: self.now,
            stood=self._stood,
            emptied=self._emptied,
        )

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T:
        result = apply()
        self.changes.append(shown)
        return result

    def _stood(self) -> None:
        self.stood += 1

    def _emptied(self) -> None:
        self.emptied += 1


def seated(*seats: Seat) -> Around:
    return Around(list(seats or (Seat(HOST, "Host"), Seat(ANA, "Ana"), Seat(None, "", "hard"))))


async def test_a_person_who_leaves_is_stood_in_for_at_the_tables_hardest_level_and_counts_as_gone() -> None:
    around = seated()
    seating = around.seating
    await seating.leave_game(ANA)
    assert seating.stand_ins == {1: StandIn(Why.LEFT, "hard")} and around.stood == 1
    assert seating.seat_of(ANA) is None and seating.left(1) and seating.plays_for(1)
    assert seating.people() == {HOST} and seating.playing() == {HOST}
    assert list(around.notices) == [Notice("seat_left", 1, {"name": "Ana"})]
    assert around.emptied == 0, "the host still plays"
    await seating.leave_game(HOST)
    assert around.emptied == 1, "nobody left playing ends the table"


async def test_leaving_is_for_a_running_game_and_a_seated_person() -> None:
    around = seated()
    with pytest.raises(IllegalAction) as caught:
        await around.seating.leave_game(BEN)
    assert caught.value.reason is Reason.NOT_SEATED
    around.phase = Phase.LOBBY
    with pytest.raises(IllegalAction) as caught:
        await around.seating.leave_game(ANA)
    assert caught.value.reason is Reason.NOT_STARTED
    around.phase = Phase.OVER
    with pytest.raises(IllegalAction) as caught:
        await around.seating.leave_game(ANA)
    assert caught.value.reason is Reason.GAME_OVER
    assert around.seating.stand_ins == {} and not around.notices, "a refusal changes nothing"


async def test_an_absent_person_gets_their_seat_back_by_pressing() -> None:
    around = seated()
    seating = around.seating
    seating.stand_in(1, Why.ABSENT)
    seating.timed_in_row[0] = 1
    assert seating.pressed_by(ANA), "an AI stands in for her: the table must give her seat back"
    assert seating.pressed_at[ANA] == 100.0 and ANA in seating.acted
    await seating.back(ANA)
    assert seating.stand_ins == {} and around.notices[-1] == Notice("seat_back", 1, {"name": "Ana"})
    assert "seat_absent" not in [notice.code for notice in around.notices], "she is not away any more"
    assert not seating.pressed_by(HOST) and 0 not in seating.timed_in_row, "a press counts timed turns afresh"


async def test_the_host_offers_a_stood_in_seat_and_only_the_member_offered_takes_it() -> None:
    around = seated()
    seating = around.seating
    await seating.leave_game(ANA)
    with pytest.raises(Refused) as refused:
        await seating.offer_seat(ANA, 1, BEN)
    assert refused.value.refusal is Refusal.HOST_ONLY
    await seating.offer_seat(HOST, 1, BEN)
    assert seating.offer == SeatOffer(1, BEN) and around.changes[-1] is False, "an offer redraws nothing"
    with pytest.raises(IllegalAction):
        await seating.take_seat(ANA, "Ana", 1)
    await seating.take_seat(BEN, "Ben", 1)
    assert seating.seats[1] == Seat(BEN, "Ben") and seating.stand_ins == {} and seating.offer is None
    assert around.notices[-1] == Notice("seat_taken_over", 1, {"name": "Ben", "counted": "Ana"})
    assert seating.counted(1) == Seat(ANA, "Ana") and seating.away(1), "the game still counts for Ana"
    seating.new_game()
    assert seating.counted(1) == Seat(BEN, "Ben") and not seating.away(1), "the next is Ben's"


async def test_a_seat_played_by_a_person_cannot_be_offered_nor_a_seated_member_offered_another() -> None:
    around = seated()
    with pytest.raises(IllegalAction):
        await around.seating.offer_seat(HOST, 1, BEN)
    with pytest.raises(Refused) as refused:
        await around.seating.offer_seat(HOST, 2, ANA)
    assert refused.value.refusal is Refusal.ALREADY_SEATED
    assert around.seating.handable() == [2]
    around.phase = Phase.AGAIN
    assert around.seating.handable() == [], "nothing is handed once the series is over"


def test_the_person_who_pressed_longest_ago_is_found_and_a_person_not_seen_counts_from_now() -> None:
    around = seated()
    seating = around.seating
    assert seating.oldest_press() == (100.0, 0)
    around.now = 130.0
    seating.pressed_by(HOST)
    assert seating.oldest_press() == (100.0, 1)


def test_moves_made_for_a_person_and_their_timed_turns_are_counted_but_not_an_ai_seats() -> None:
    seating = seated().seating
    seating.moved_for(1)
    seating.moved_for(2)
    assert seating.timed_out(1) == 1 and seating.timed_out(1) == 2
    assert seating.stood_in == {1: 3}
    seating.new_game()
    assert seating.stood_in == {} and seating.acted == set()


def test_its_saved_part_comes_back_and_a_table_saved_before_it_had_one_loads_empty() -> None:
    seating = seated().seating
    seating.stand_in(1, Why.LEFT)
    seating.moved_for(1)
    seating.pressed_by(HOST)
    seating.offer = SeatOffer(1, BEN)
    saved: dict[str, Any] = seating.to_json()
    again = seated().seating
    again.load(saved)
    assert (again.stand_ins, again.stood_in, again.acted, again.offer) == (
        {1: StandIn(Why.LEFT, "hard")},
        {1: 1},
        {HOST},
        SeatOffer(1, BEN),
    )
    old = seated().seating
    old.load({})
    assert (old.stand_ins, old.stood_in, old.timed_in_row, old.acted, old.offer) == ({}, {}, {}, set(), None)
