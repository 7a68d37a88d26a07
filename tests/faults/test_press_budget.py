"""One member pressing far faster than a person can (issue 28, item 5): the presses beyond their
budget are answered "slow down" at once, every press is answered, and another player's presses
meanwhile go through as usual. A person pressing after each answer is never slowed down."""

from __future__ import annotations

import asyncio

import pytest

from cogs.presses import BURST, REFILL_PER_SECOND
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, quick_world, text

world = pytest.fixture(quick_world)

PRESSES = 60


async def test_a_member_flooding_the_bot_with_presses_is_slowed_down(world: World, bot: BotProcess) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    alice, bruno = await open_panel(world.alice, table), await open_panel(world.bruno, table)
    (refresh,) = alice.buttons("refresh")

    async def one_press(delay: float) -> tuple[float, bool]:
        await asyncio.sleep(delay)
        reply = await world.alice.press(alice.message, custom_id=str(refresh["custom_id"]), as_seen=True)
        slowed = reply.response_type == 4 and reply.message.content == text("error.slow_down")
        return reply.record.created, slowed

    flood = asyncio.gather(*(one_press(n / 1000) for n in range(PRESSES)))  # as fast as it goes
    await asyncio.sleep(0.2)
    await bruno.press("refresh")  # redrawn meanwhile: a "slow down" reply would fail it
    presses = await flood

    span = max(created for created, _ in presses) - min(created for created, _ in presses)
    allowed = BURST + REFILL_PER_SECOND * (span + 0.5)  # half a second for delivery's jitter
    slowed = sum(1 for _, slowed in presses if slowed)
    assert len(presses) == PRESSES, "every press is answered"
    assert 0 < slowed >= PRESSES - allowed, f"{slowed} of {PRESSES} slowed down in {span:.2f} s"
    for _ in range(PRESSES // 2):  # a person's pace: each press after the answer to the last
        await bruno.press("refresh")
