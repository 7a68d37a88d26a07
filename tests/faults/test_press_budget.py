"""One member pressing far faster than a person can (issue 28, item 5): the presses beyond their
budget are answered "slow down" at once, every press is answered, and another player's presses
meanwhile go through as usual. A person pressing after each answer is never slowed down."""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, quick_world, text
from tests.fakediscord import BotProcess

world = pytest.fixture(quick_world)

PRESSES = 60


async def test_a_member_pressing_a_hundred_times_a_second_is_slowed_down(
    world: World, bot: BotProcess
) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    alice, bruno = await open_panel(world.alice, table), await open_panel(world.bruno, table)
    (refresh,) = alice.buttons("refresh")

    async def one_press(delay: float) -> str:
        await asyncio.sleep(delay)
        reply = await world.alice.press(alice.message, custom_id=str(refresh["custom_id"]), as_seen=True)
        slowed = reply.response_type == 4 and reply.message.content == text("error.slow_down")
        return "slowed" if slowed else "answered"

    flood = asyncio.gather(*(one_press(n / 100) for n in range(PRESSES)))
    await asyncio.sleep(0.2)
    await bruno.press("refresh")  # redrawn meanwhile: a "slow down" reply would fail it
    counted = Counter(await flood)

    assert sum(counted.values()) == PRESSES, "every press is answered"
    assert counted["slowed"] >= PRESSES // 2, counted
    for _ in range(PRESSES // 2):  # a person's pace: each press after the answer to the last
        await bruno.press("refresh")
