"""Double clicks (issue 19, item 9): two presses made on the same view of a message apply once,
while presses on a redrawn view all count."""

from __future__ import annotations

import asyncio

import pytest

from cogs.presses import REPEAT_WINDOW, RecentPresses
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, quick_world, text, wait_public

world = pytest.fixture(quick_world)


def test_a_repeat_counts_only_on_the_same_view_and_within_the_window() -> None:
    presses = RecentPresses()
    press = (7, (100, None), "tp:ab:turn:", None)
    assert not presses.is_repeat(press, 0.0)
    assert presses.is_repeat(press, 0.3)
    assert not presses.is_repeat((7, (100, "edited"), "tp:ab:turn:", None), 0.4), "a redrawn view"
    assert not presses.is_repeat((8, (100, None), "tp:ab:turn:", None), 0.4), "someone else"
    assert not presses.is_repeat(press, REPEAT_WINDOW + 0.1), "a deliberate press later"


async def test_add_ai_double_clicked_adds_one_ai(world: World, bot: BotProcess) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    label = text("lobby.add_ai", level=text("ai.level.easy"))
    await asyncio.gather(world.alice.press(lobby, label=label), world.alice.press(lobby, label=label))
    await wait_public(world, lambda m: m.id == lobby.id and "(2/8)" in m.text)
    await world.alice.press(lobby, label=label)  # a deliberate third press, on the redrawn lobby
    await wait_public(world, lambda m: m.id == lobby.id and "(3/8)" in m.text)


async def test_turn_card_double_clicked_turns_one_card(world: World, bot: BotProcess) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    panels = [await open_panel(world.alice, table), await open_panel(world.bruno, table)]
    (restarter,) = [panel for panel in panels if panel.status == "restart"]
    (turn,) = restarter.buttons("turn")
    actor, custom_id = restarter.actor, str(turn["custom_id"])
    await asyncio.gather(*(actor.press(restarter.message, custom_id=custom_id) for _ in range(2)))

    after = await restarter.press("refresh")
    assert len(after.line) == 1, "one card turned, not two"
