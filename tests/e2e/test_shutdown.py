"""Shutdown: a service manager's SIGTERM (like Ctrl-C) stops the bot cleanly, database closed."""

from __future__ import annotations

import signal
from pathlib import Path

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy


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
