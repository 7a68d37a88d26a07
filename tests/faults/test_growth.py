"""Growth and abuse (issue 19, item 14): what a long-running bot keeps, and what one member or
server may open."""

from __future__ import annotations

import asyncio

from tables.pacing import CHANNEL_LIMIT, GLOBAL_LIMIT, ChannelPacing
from tests.tables.manual_clock import ManualClock


async def test_pacing_keeps_only_the_channels_written_to_lately() -> None:
    clock = ManualClock()
    pacing = ChannelPacing(clock)
    for channel in range(GLOBAL_LIMIT[0]):  # tables in many channels, each long over
        await pacing.wait(channel)
    await clock.advance(CHANNEL_LIMIT[1])
    await pacing.wait(5000)
    assert list(pacing._channels) == [5000]


async def test_a_busy_channel_keeps_its_window_while_others_come_and_go() -> None:
    clock = ManualClock()
    pacing = ChannelPacing(clock)
    limit, per = CHANNEL_LIMIT
    for _ in range(limit):
        await pacing.wait(1)
    waiting = asyncio.ensure_future(pacing.wait(1))  # the busy channel's next edit must wait
    await asyncio.sleep(0)
    await pacing.wait(2)  # another channel arriving sweeps the idle ones, not this one
    assert not waiting.done()
    await clock.advance(per)
    await waiting
    assert clock.now() >= per
