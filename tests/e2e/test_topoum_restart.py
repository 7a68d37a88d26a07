"""A Topoum table survives a restart of the bot in the middle of a turn: a new process, the same
database and Discord, a panel the new process never drew whose next button still plays, and an
AI seat that plays on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.test_topoum_game import is_my_turn, play_first_choices
from tests.e2e.topoum_play import (
    POSITION,
    Panel,
    open_panel,
    public,
    seed_table,
    table_message,
    text,
    wait_public,
)
from tests.e2e.toppo_play import quick_world

world = pytest.fixture(quick_world)


def saved_steps(database: Path) -> int:
    """How many steps the saved game has taken."""
    with sqlite3.connect(database) as conn:
        ((steps,),) = conn.execute("SELECT count(*) FROM saved_moves").fetchall()
    return int(steps)


async def test_a_turn_half_played_carries_on_after_a_restart(world: World, database: Path) -> None:
    await seed_table(database, world, [world.alice, "hard"], POSITION)
    first = BotProcess(world.fake, database)
    await first.start()
    table = await table_message(world)
    before = await open_panel(world.alice, table)
    before = await before.pick("Move moles", "G6", "G7", "Change the base", "Confirm")
    assert text("topoum.prompt.move_select_or_stop") in before.description
    assert await first.stop() == 0
    assert_bot_healthy(first)
    steps = saved_steps(database)
    assert steps == 4, "the step confirmed before the restart was saved"

    second = BotProcess(world.fake, database)
    await second.start()
    try:
        after = await before.press("Stop moving")
        next_turn = text("topoum.table.title", turn=3)
        await wait_public(world, lambda m: m.title == next_turn, timeout=30)
    finally:
        code = await second.stop()

    assert code == 0
    assert_bot_healthy(second)
    assert after.message.id == before.message.id, "the old panel's button redrew the old panel"
    assert after.note == "Played: stop moving"
    assert saved_steps(database) > steps + 1, "the AI played its turn"
    tables = [m.id for m in public(world) if m.title]  # a turn ping may have come meanwhile
    assert tables == [table.id], "the table message is edited, never posted again"
    assert world.fake.stats.natural_429s == []


async def test_a_panel_opened_before_a_restart_follows_the_table_after_it(
    world: World, database: Path
) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    first = BotProcess(world.fake, database)
    await first.start()
    table = await table_message(world)
    alice = await play_first_choices(await open_panel(world.alice, table))
    assert not is_my_turn(alice), "bruno's turn now"
    assert await first.stop() == 0
    assert_bot_healthy(first)

    second = BotProcess(world.fake, database)
    await second.start()
    try:
        await play_first_choices(await open_panel(world.bruno, table))

        def followed() -> bool:
            return is_my_turn(Panel(world.alice, world.alice.current(alice.message)))

        await world.fake.wait_for(followed, timeout=20, what="alice's panel from before the restart redrawn")
    finally:
        assert await second.stop() == 0
    assert_bot_healthy(second)
    assert "aW50ZXJhY3Rpb24" not in second.output + first.output, "no interaction token is logged"
