"""A lobby that could not be posted leaves no table (issue 28, item 1): not in memory (the next
start in that channel opens a lobby, the host's table slot is free) and not in the store after a
clean stop."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from fakediscord import BotProcess
from fakediscord.model import APPLICATION_COMMAND
from tests.conftest import World, assert_bot_healthy
from tests.e2e.toppo_play import text

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
DISCORD_PY_TRIES = 5
"""discord.py tries an interaction's answer five times before it gives up on server errors."""


def saved_tables(database: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as conn:
        return conn.execute("SELECT table_id, game FROM saved_tables").fetchall()


async def start_refused(world: World, bot: BotProcess, how: str) -> None:
    """``/spit start`` whose answer Discord refuses: delivered after its 3 s (Unknown
    interaction), or answered with server errors past discord.py's retries."""
    if how == "late":
        data = world.alice.command_data("spit start")
        record = world.fake.new_interaction(
            world.alice.member, world.games, APPLICATION_COMMAND, data, "en-US", None
        )
        record.created -= 3.5
        await world.fake.deliver(record)
        await world.fake.wait_for(
            lambda: any("Unknown interaction" in problem for problem in world.fake.problems),
            timeout=10,
            what="the bot's refused answer",
        )
    else:
        world.fake.ratelimits.inject_error(CALLBACK, status=503, times=DISCORD_PY_TRIES)
        with pytest.raises(AssertionError):
            await world.alice.slash("spit start")
        # discord.py waits longer and longer between its tries, and after the last one (about 25 s)
        await world.fake.wait_for(
            lambda: "could not be posted" in bot.output, timeout=40, what="it to give up"
        )
    await world.fake.settle(quiet=0.5, timeout=10)
    world.fake.take_problems()  # the refused answer, which this test is about


@pytest.mark.parametrize("how", ["late", "server errors"])
async def test_a_start_whose_lobby_was_refused_leaves_no_table(
    world: World, database: Path, how: str
) -> None:
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        await start_refused(world, bot, how)
        assert world.fake.public_messages(world.games) == []

        reply = await world.alice.slash("spit start")

        assert not reply.message.content, reply.message.content
        assert reply.message.card["title"] == text("lobby.title", game="Spit and Speed")
    finally:
        assert await bot.stop() == 0
    assert_bot_healthy(bot)
    assert [game for _, game in saved_tables(database)] == ["spit"], "the lobby that was posted, once"


async def test_a_refused_start_is_not_saved_at_shutdown(world: World, database: Path) -> None:
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        await start_refused(world, bot, "late")
    finally:
        assert await bot.stop() == 0
    assert_bot_healthy(bot)
    assert saved_tables(database) == []
