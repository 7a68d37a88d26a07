"""A Toppo table survives a restart of the bot mid-game: a new process, the same database and
Discord, and panels and table message the new process never saw."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.toppo_play import Panel, open_panel, open_table, public, quick_world

world = pytest.fixture(quick_world)

PATIENCE = 15.0
"""Seconds to wait for play to start (an easy AI restarter takes up to 1.4 s), so a stuck table
fails instead of hanging."""


def saved_moves(database: Path) -> int:
    """How many actions the saved running game holds."""
    with sqlite3.connect(database) as conn:
        ((moves,),) = conn.execute("SELECT count(*) FROM saved_moves").fetchall()
    return int(moves)


async def turn_two_cards(panel: Panel, other: Panel) -> Panel:
    """Turn two cards of ``panel``'s line, the other human restarting play first if it is theirs
    to restart (the AI restarts by itself)."""
    if other.status == "restart":
        await other.press("turn")
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if len(panel.line) >= 2:
            return panel
        panel = await panel.press("refresh" if panel.status == "waiting" else "turn")
    raise AssertionError(f"two cards were not turned in {PATIENCE} s (status {panel.status!r})")


async def test_the_table_its_panels_and_its_ai_carry_on_after_a_restart(world: World, database: Path) -> None:
    first = BotProcess(world.fake, database)
    await first.start()
    table = await open_table(world, [world.alice, world.bruno], ["easy"])
    alice, bruno = await open_panel(world.alice, table), await open_panel(world.bruno, table)
    before = await turn_two_cards(alice, bruno)
    assert await first.stop() == 0
    assert_bot_healthy(first)
    moves = saved_moves(database)
    assert moves >= 2

    second = BotProcess(world.fake, database)
    await second.start()
    try:
        after = await before.press("refresh")
        bruno = await open_panel(world.bruno, table)
        await world.fake.wait_for(
            lambda: saved_moves(database) > moves + 3, timeout=15, what="the AI to play on"
        )
    finally:
        code = await second.stop()

    assert code == 0
    assert_bot_healthy(second)
    assert after.message.id == before.message.id, "the old panel's button redrew the old panel"
    assert after.message.card["title"] == "Your line, game 1"
    assert after.left == before.left, "only alice's own moves change her cards"
    assert bruno.message.card["title"] == "Tu fila, partida 1"
    tables = [m.id for m in public(world) if m.title]  # a turn ping may have come meanwhile
    assert tables == [table.id], "the table message is edited, never posted again"
    assert world.fake.stats.natural_429s == []
