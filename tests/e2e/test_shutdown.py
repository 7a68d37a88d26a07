"""Shutdown: a service manager's SIGTERM (like Ctrl-C) stops the bot cleanly, database closed,
and a press on its way is answered."""

from __future__ import annotations

import asyncio
import re
import signal
from pathlib import Path

from data import Store
from fakediscord import BotProcess
from locales import catalog
from tests.conftest import World, assert_bot_healthy
from tests.e2e.toppo_play import text

CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"


async def test_sigterm_stops_cleanly_and_closes_the_database(world: World, database: Path) -> None:
    bot = BotProcess(world.fake, database)
    await bot.start()
    await world.alice.slash("about")

    code = await bot.stop(sig=signal.SIGTERM)

    assert code == 0
    assert_bot_healthy(bot)
    assert "stopped cleanly" in bot.output
    # SQLite removes the write-ahead log when the last connection closes properly.
    assert not database.with_name(database.name + "-wal").exists()
    assert database.exists()


async def test_a_press_on_its_way_while_the_bot_stops_is_answered_and_one_after_is_told(
    world: World, database: Path
) -> None:
    """Finding 9 of issue 42: a press whose answer was on its way when the bot stopped was lost
    with the run's only traceback (the connection closed under it). Now the bot answers the
    presses it is answering before its connection goes, and one arriving meanwhile is told it
    is restarting; nothing is lost, nothing is printed."""
    bot = BotProcess(world.fake, database)
    await bot.start()
    lobby = (await world.alice.slash("toppo start")).message
    released = world.fake.ratelimits.hold(CALLBACK)
    joining = asyncio.create_task(world.bruno.press(lobby, label=text("lobby.join")))
    await asyncio.sleep(0.5)  # the bot has joined Bruno and its answer is held on the way
    stopping = asyncio.create_task(bot.stop(sig=signal.SIGTERM))
    await asyncio.sleep(0.5)
    late = asyncio.create_task(world.carla.press(lobby, label=text("lobby.join")))
    await asyncio.sleep(0.5)
    released.set()

    joined, told = await joining, await late
    code = await stopping

    assert joined.response_type is not None, "the press on its way was answered"
    assert told.message.ephemeral and told.message.content == catalog().text("error.restarting", "es-419")
    assert code == 0 and "Traceback" not in bot.output, bot.output
    assert_bot_healthy(bot)
    async with await Store.open(database) as store:
        [saved] = await store.load_tables()
    assert [seat["name"] for seat in saved.state["lobby"]["seats"]] == ["Alice", "Bruno"]


async def test_a_stop_while_discord_is_unreachable_ends_soon_after_saving(
    world: World, database: Path
) -> None:
    """Issue 48: the tables were saved first, but the process then waited out discord.py's pause
    between reconnects (8 minutes for a bot cut off for 10): a service manager would kill it.
    Now it lets go 10 s after saving. The outage lasts until discord.py pauses past that."""
    bot = BotProcess(world.fake, database)
    await bot.start()
    await world.alice.slash("toppo start")  # a table to save
    world.fake.gateway.refusing = True
    await world.fake.gateway.drop()
    await world.fake.wait_for(lambda: long_pause(bot.output), timeout=120, what="a pause past 10 s")

    code = await bot.stop(timeout=40, sig=signal.SIGTERM)

    assert code == 0, bot.output
    assert "stopped anyway" in bot.output and "stopped cleanly" in bot.output
    async with await Store.open(database) as store:
        assert len(await store.load_tables()) == 1, "the table was saved first"


def long_pause(output: str) -> bool:
    """Whether discord.py has said it waits more than 11 s before its next reconnect."""
    return any(
        float(found) > 11 for found in re.findall(r"Attempting a reconnect\b.*? in ([0-9.]+)s", output)
    )
