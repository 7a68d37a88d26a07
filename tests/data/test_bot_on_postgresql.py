"""The whole bot on PostgreSQL: ``bot.py`` with ``DATABASE_URL`` set, driven through the Discord
stand-in, keeps a league there, sees what another process records in it, and never touches the
SQLite file it would use otherwise."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

from data import GameRecord, SeatResult, Store
from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.data.conftest import Databases


async def test_the_bot_keeps_a_league_on_postgresql(
    world: World, postgresql: Databases, tmp_path: Path
) -> None:
    url = str(await postgresql.new())
    unused = tmp_path / "gamenight.sqlite3"
    bot = BotProcess(world.fake, unused, env={"DATABASE_URL": url})
    await bot.start()
    try:
        await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
        started = await world.mod.slash("league season start")
        assert started.message.content.startswith("Season 1 of **Friday**")
        finished = datetime.now(UTC)
        seats = (
            SeatResult(0, world.alice.id, "Alice", None, 0, 1, won=True),
            SeatResult(1, world.bruno.id, "Bruno", None, 12, 2, won=False),
        )
        record = GameRecord(
            world.guild.id,
            world.games.id,
            "toppo",
            "toppo:t1:1",
            {},
            finished - timedelta(minutes=5),
            finished,
            seats,
        )
        async with await Store.open(url) as another_process:
            await another_process.record_game(record)
        shown = (await world.bruno.slash("league standings")).message
        (picture,) = shown.attachments
        assert picture.description is not None
        assert picture.description.splitlines() == ["1. Alice: 0 (1 game)", "2. Bruno: 12 (1 game)"]
    finally:
        code = await bot.stop()
    assert code == 0, bot.output
    assert_bot_healthy(bot)
    assert not unused.exists(), "DATABASE_URL wins over DATABASE_PATH"
