"""Damaged saved tables at start-up (issue 19, items 6 and 7): each is set aside (kept, logged
once, its channel freed and told) or, saved as finished, deleted; everything else starts."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from fakediscord import BotProcess, Channel
from tests.conftest import World, assert_bot_healthy
from tests.e2e.toppo_play import open_table, public, quick_world, text

world = pytest.fixture(quick_world)


def copy_row(database: Path, source: Channel, channel: Channel, table_id: str, change: str) -> None:
    """Save a copy of ``source``'s saved table for ``channel``, its state damaged by ``change``."""
    with sqlite3.connect(database) as conn:
        guild_id, game, state, updated_at = conn.execute(
            "SELECT guild_id, game, state, updated_at FROM saved_tables WHERE channel_id = ?", (source.id,)
        ).fetchone()
        if change == "cut":
            state = state[: len(state) // 2]
        elif change == "unknown_ai":
            state = state.replace('"ai_level": "easy"', '"ai_level": "grandmaster"')
            assert "grandmaster" in state
        elif change == "finished":
            loaded = json.loads(state)
            loaded["phase"] = "over"
            state = json.dumps(loaded)
        conn.execute(
            "INSERT INTO saved_tables (table_id, guild_id, channel_id, game, state, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, channel.id, game, state, updated_at),
        )


async def test_damaged_tables_are_set_aside_and_the_rest_resumes(world: World, database: Path) -> None:
    fake = world.fake
    cut, unknown, finished = (fake.add_channel(world.guild, name) for name in ("cut", "unknown", "finished"))
    first = BotProcess(fake, database)
    await first.start()
    await open_table(world, [world.alice], ["easy"])
    assert await first.stop() == 0
    copy_row(database, world.games, cut, "cut1", "cut")
    copy_row(database, world.games, unknown, "unknown1", "unknown_ai")
    copy_row(database, world.games, finished, "finished1", "finished")

    second = BotProcess(fake, database)
    await second.start()
    try:
        told = text("faults.table.set_aside")
        assert [m.text for m in fake.public_messages(cut)] == [told]
        assert [m.text for m in fake.public_messages(unknown)] == [told]
        assert fake.public_messages(finished) == [], "a finished table is simply gone"
        # The channels are free: a new table opens in one of them.
        reply = await world.bruno.slash("toppo start", channel=cut)
        assert not reply.message.ephemeral
        await fake.wait_for(  # the good table plays on
            lambda: bool(public(world)) and len(public(world)) >= 1, timeout=5, what="the table in #games"
        )
    finally:
        assert await second.stop() == 0

    with sqlite3.connect(database) as conn:
        kept = dict(conn.execute("SELECT table_id, reason FROM set_aside_tables").fetchall())
        saved = {row[0] for row in conn.execute("SELECT channel_id FROM saved_tables")}
    assert set(kept) == {"cut1", "unknown1"}
    assert "grandmaster" in kept["unknown1"]
    assert world.games.id in saved and finished.id not in saved
    output = second.output
    assert output.count("cut1 in channel") == 1 and output.count("unknown1 in channel") == 1, output
    assert_bot_healthy(second)
