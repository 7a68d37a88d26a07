"""Tables started together (issue 43): twenty members pressing ``/toppo start`` in one channel at
once, through the real bot and the stand-in, on SQLite and on PostgreSQL. In threads (the bot's
default) each gets their table and its thread, beside a table already played in the channel
itself; in channel mode the channel takes one table and the others are told so. Nobody is told
that the storage failed: that is only for a store that fails."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fakediscord import Actor, BotProcess, Reply, SeenMessage
from locales import catalog
from tests.conftest import World, assert_bot_healthy
from tests.data.conftest import Databases

STARTERS = 20


def starters(world: World) -> list[Actor]:
    """Twenty members of the server, each in the games channel."""
    members = [world.fake.add_member(world.guild, f"starter{n:02}") for n in range(STARTERS)]
    return [world.fake.actor(member, world.games) for member in members]


def bot_on(world: World, database: str | Path, tmp_path: Path, *, threads: bool) -> BotProcess:
    """The bot on ``database``: an SQLite file, or a PostgreSQL URL."""
    if isinstance(database, Path):
        return BotProcess(world.fake, database, threads=threads)
    return BotProcess(
        world.fake, tmp_path / "unused.sqlite3", env={"DATABASE_URL": database}, threads=threads
    )


def lobby_shown(reply: Reply) -> bool:
    return catalog().text("lobby.start", "en-US") in [b.get("label") for b in reply.message.buttons()]


def never_storage(messages: list[SeenMessage]) -> None:
    failing = catalog().text("refused.not_saved", "en-US")
    assert not [m for m in messages if failing in m.text], "a conflict told as a storage failure"


async def test_twenty_tables_started_at_once_in_threads_all_open_beside_one_played_in_the_channel(
    world: World, databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    people = starters(world)
    bot = bot_on(world, database, tmp_path, threads=False)
    await bot.start()
    try:
        assert lobby_shown(await world.alice.slash("toppo start")), "a table played in the channel"
    finally:
        assert await bot.stop() == 0, bot.output
    bot = bot_on(world, database, tmp_path, threads=True)
    await bot.start()
    try:
        replies = list(await asyncio.gather(*(person.slash("toppo start") for person in people)))
        never_storage([reply.message for reply in replies])
        assert all(lobby_shown(reply) and not reply.message.ephemeral for reply in replies)
        await world.fake.wait_for(
            lambda: all(world.fake.thread_of(reply.message) is not None for reply in replies),
            timeout=30,
            what="every lobby's thread",
        )
        threads = {getattr(world.fake.thread_of(reply.message), "id", None) for reply in replies}
        assert len(threads) == STARTERS, "a thread each"
        await world.fake.settle(quiet=1.0, timeout=30)
        never_storage([person.current(reply.message) for person, reply in zip(people, replies, strict=True)])
    finally:
        code = await bot.stop()
    assert code == 0, bot.output
    assert_bot_healthy(bot)


async def test_twenty_tables_started_at_once_in_channel_mode_one_opens_the_others_are_told(
    world: World, databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    people = starters(world)
    bot = bot_on(world, database, tmp_path, threads=False)
    await bot.start()
    try:
        replies = list(await asyncio.gather(*(person.slash("toppo start") for person in people)))
        never_storage([reply.message for reply in replies])
        opened = [reply for reply in replies if lobby_shown(reply)]
        told = [reply for reply in replies if reply.message.ephemeral]
        assert len(opened) == 1 and len(told) == STARTERS - 1
        taken = catalog().text("lobby.channel_taken", "en-US")
        assert all(reply.message.content == taken for reply in told)
    finally:
        code = await bot.stop()
    assert code == 0, bot.output
    assert_bot_healthy(bot)
