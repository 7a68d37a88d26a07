"""Turn timers: a warning, then the table acts for the seat; a new moment starts over; a
stopped or unwatched timer stays silent."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Hashable
from typing import Any

import pytest

from tables.turns import TurnLimits, TurnTimer
from tests.tables.manual_clock import ManualClock


class Recorder:
    """The table's side: what it was asked to do, and when."""

    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.calls: list[tuple[str, int, Hashable, float]] = []
        self.tasks: set[asyncio.Task[None]] = set()

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def warn(self, seat: int, moment: Hashable) -> None:
        self.calls.append(("warn", seat, moment, self.clock.now()))

    async def act(self, seat: int, moment: Hashable) -> None:
        self.calls.append(("act", seat, moment, self.clock.now()))


def timer_for(clock: ManualClock, recorder: Recorder) -> TurnTimer:
    return TurnTimer(clock, recorder.spawn, TurnLimits(60, 90), warn=recorder.warn, act=recorder.act)


async def test_a_seat_that_does_not_act_is_warned_then_acted_for(clock: ManualClock) -> None:
    recorder = Recorder(clock)
    timer = timer_for(clock, recorder)

    timer.watch(2, "turn 1")
    assert timer.deadline == 90
    await clock.advance(100)

    assert recorder.calls == [("warn", 2, "turn 1", 60), ("act", 2, "turn 1", 90)]


async def test_a_new_moment_starts_the_time_over_and_the_same_moment_does_not(clock: ManualClock) -> None:
    recorder = Recorder(clock)
    timer = timer_for(clock, recorder)
    timer.watch(0, "turn 1")
    await clock.advance(50)
    timer.watch(0, "turn 1")  # a change that did not move the turn on (someone else's panel)
    await clock.advance(20)
    assert recorder.calls == [("warn", 0, "turn 1", 60)]

    timer.watch(1, "turn 2")
    await clock.advance(80)

    assert recorder.calls[1:] == [("warn", 1, "turn 2", 130)]
    assert timer.deadline == 160


async def test_nobody_to_wait_for_or_a_stopped_timer_stays_silent(clock: ManualClock) -> None:
    recorder = Recorder(clock)
    timer = timer_for(clock, recorder)
    timer.watch(0, "turn 1")
    timer.watch(None, "an AI's turn")
    await clock.advance(200)
    timer.watch(1, "turn 3")
    timer.stop()
    await clock.advance(200)

    assert recorder.calls == [] and timer.deadline is None and clock.pending == 0


def test_the_warning_must_come_before_the_timeout() -> None:
    with pytest.raises(ValueError, match="before its timeout"):
        TurnLimits(90, 60)


async def test_a_wait_that_began_earlier_keeps_its_deadline_when_watched_again(clock: ManualClock) -> None:
    """An idle racer's wait, interrupted by a wait for someone else, is watched again from when
    it began: its warning and its end come at the same moments as if never interrupted."""
    recorder = Recorder(clock)
    timer = timer_for(clock, recorder)
    timer.watch(0, "idle 0", since=0)
    await clock.advance(40)
    timer.watch(1, "restart")  # the table waits for another seat a moment
    await clock.advance(10)
    timer.watch(0, "idle 0", since=0)
    assert timer.deadline == 90
    await clock.advance(50)
    assert recorder.calls == [("warn", 0, "idle 0", 60), ("act", 0, "idle 0", 90)]
