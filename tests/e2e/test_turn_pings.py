"""Turn pings (issue 14, item 4): one public message mentions whom a turn-based table waits for,
taken back when the turn moves on; /pings lets a member turn theirs off."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import World, assert_bot_healthy
from tests.e2e.test_topoum_game import play_first_choices
from tests.e2e.topoum_play import POSITION, open_panel, public, seed_table, table_message, text
from tests.e2e.toppo_play import quick_world
from tests.fakediscord import BotProcess

world = pytest.fixture(quick_world)


def pings(world: World) -> list[str]:
    return [m.content for m in public(world) if m.content.startswith("🔔")]


async def test_a_turn_ping_is_posted_then_taken_back_and_can_be_turned_off(
    world: World, database: Path
) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        table = await table_message(world)
        alice_turn = text("ping.waiting", mention=f"<@{world.alice.id}>", game="Topoum")
        await world.fake.wait_for(lambda: pings(world) == [alice_turn], what="alice's turn ping")

        off = await world.bruno.slash("pings", {"on": False})
        assert off.message.ephemeral and off.message.content == text("pings.off", "es-ES")

        await play_first_choices(await open_panel(world.alice, table))
        await world.fake.wait_for(lambda: pings(world) == [], what="alice's ping to be taken back")
        await world.fake.settle(quiet=0.5)
        assert pings(world) == [], "bruno turned his pings off: none for his turn"

        on = await world.bruno.slash("pings", {"on": True})
        assert on.message.content == text("pings.on", "es-ES")
    finally:
        assert await bot.stop() == 0
    assert_bot_healthy(bot)
