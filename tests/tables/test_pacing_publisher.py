"""Pacing and the coalescing publisher: under Discord's limits, one edit in flight, latest state wins."""

from __future__ import annotations

import asyncio

from tables.pacing import CHANNEL_LIMIT, ChannelPacing, Pacer
from tables.publisher import Publisher
from tests.tables.manual_clock import ManualClock


async def test_a_pacer_spreads_a_burst_evenly_and_starts_at_once_after_a_quiet_spell() -> None:
    clock = ManualClock()
    pacer = Pacer(clock, 4, 5.2)
    starts: list[float] = []

    async def start() -> None:
        await pacer.wait()
        starts.append(round(clock.now(), 6))

    tasks = [asyncio.create_task(start()) for _ in range(10)]
    await clock.advance(20)
    assert all(task.done() for task in tasks)
    assert starts == [round(1.3 * n, 6) for n in range(10)], "one every 5.2 / 4 seconds, no burst"

    await clock.advance(30)  # quiet
    quiet = clock.now()
    await start()
    assert starts[-1] == round(quiet, 6), "the first write after a quiet spell goes at once"


async def test_channel_writes_stay_under_five_per_five_seconds_in_any_window() -> None:
    clock = ManualClock()
    pacing = ChannelPacing(clock)
    starts: list[float] = []
    tasks = []

    async def write() -> None:
        await pacing.wait(42)
        starts.append(clock.now())

    for _ in range(30):
        tasks.append(asyncio.create_task(write()))
    await clock.advance(60)

    assert len(starts) == 30
    assert CHANNEL_LIMIT[0] < 5
    assert all(sum(1 for t in starts if begin <= t < begin + 5.0) <= 4 for begin in starts)


async def test_a_burst_of_changes_is_one_edit_in_flight_and_the_latest_state_wins() -> None:
    clock = ManualClock()
    state = {"value": 0, "in_flight": 0, "most_in_flight": 0}
    shown: list[int] = []

    async def publish() -> None:
        state["in_flight"] += 1
        state["most_in_flight"] = max(state["most_in_flight"], state["in_flight"])
        seen = state["value"]
        await clock.sleep(0.3)  # the edit's round trip
        shown.append(seen)
        state["in_flight"] -= 1

    publisher = Publisher(lambda: 7, ChannelPacing(clock), publish, what="table 7")
    for value in range(1, 51):  # 8 players pressing at once, several times each
        state["value"] = value
        publisher.notify()
        await asyncio.sleep(0)
    await clock.advance(0.1)
    state["value"] = 99
    publisher.notify()
    await clock.advance(10)

    assert shown[-1] == 99, "the last edit shows the latest state"
    assert len(shown) <= 3, f"50 changes were coalesced into {len(shown)} edits"
    assert state["most_in_flight"] == 1


async def test_a_failed_edit_is_logged_and_the_next_change_publishes_again() -> None:
    clock = ManualClock()
    calls: list[int] = []

    async def publish() -> None:
        calls.append(len(calls))
        if len(calls) == 1:
            raise RuntimeError("Discord said no")

    publisher = Publisher(lambda: 7, ChannelPacing(clock), publish, what="table 7")
    publisher.notify()
    await clock.advance(1)
    publisher.notify()
    await clock.advance(10)
    await publisher.flush()

    assert calls == [0, 1]


async def test_a_publish_cut_short_by_stopping_has_ended_once_stopped_returns() -> None:
    """The bot closes its connection after the tables stop: no request may still be under way."""
    clock = ManualClock()
    began, seen = asyncio.Event(), []

    async def publish() -> None:
        began.set()
        try:
            await clock.sleep(0.3)  # the edit's round trip, cut short
        finally:
            await asyncio.sleep(0)  # what a request does as it is cancelled takes a step or two
            seen.append("ended")

    publisher = Publisher(lambda: 7, ChannelPacing(clock), publish, what="table 7")
    publisher.notify()
    await began.wait()
    publisher.stop()
    await publisher.stopped()
    assert seen == ["ended"], "stopped() returned before the publish had ended"
    await publisher.stopped()  # again, with nothing running: at once
