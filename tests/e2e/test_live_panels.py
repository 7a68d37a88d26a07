"""Private panels follow the table (issue 14, item 1): redrawn through their interaction's token
without their owner pressing anything; a panel whose token is about to lapse says so, stops, and
comes back with a press, and no edit is ever sent with a lapsed token."""

from __future__ import annotations

import pytest

from fakediscord import BotProcess
from fakediscord.model import TOKEN_LIFETIME
from tests.conftest import World
from tests.e2e.toppo_play import Panel, open_panel, open_table, quick_world, text

world = pytest.fixture(quick_world)


def now(panel: Panel) -> Panel:
    """The panel as its player sees it now."""
    return Panel.read(panel.actor, panel.actor.current(panel.message))


async def test_a_panel_changes_when_another_player_moves(world: World, bot: BotProcess) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    panels = [await open_panel(world.alice, table), await open_panel(world.bruno, table)]
    (waiting,) = [panel for panel in panels if panel.status == "waiting"]
    (restarter,) = [panel for panel in panels if panel.status == "restart"]

    await restarter.press("turn")

    await world.fake.wait_for(lambda: now(waiting).status == "play", what="the waiting panel to open play")
    assert now(waiting).message.id == waiting.message.id, "the same message, edited"
    # Every picture says what it shows, in its viewer's language (bruno plays in Spanish).
    opening = {world.alice.id: "Picture of your line", world.bruno.id: "Imagen de tu fila"}
    (picture,) = now(waiting).message.attachments
    assert (picture.description or "").startswith(opening[waiting.actor.id])
    assert world.fake.stats.natural_429s == []


async def test_a_panel_about_to_lapse_says_so_and_a_press_brings_it_back(
    world: World, bot: BotProcess
) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    almost = TOKEN_LIFETIME - 30
    world.fake.clock.advance(-almost)  # the panels' interactions were created 14.5 minutes ago
    panels = [await open_panel(world.alice, table), await open_panel(world.bruno, table)]
    world.fake.clock.advance(almost)
    (waiting,) = [panel for panel in panels if panel.status == "waiting"]
    (restarter,) = [panel for panel in panels if panel.status == "restart"]

    last_call = text("panel.last_call", waiting.actor.locale)
    await world.fake.wait_for(lambda: now(waiting).note == last_call, what="the last call on the panel")
    assert now(waiting).has("refresh"), "its Refresh button brings it back"

    await restarter.press("turn")  # play opens; the old panel no longer follows
    await world.fake.settle(quiet=0.5)
    assert now(waiting).status == "waiting"

    back = await waiting.press("refresh")
    assert back.status == "play" and back.note is None
