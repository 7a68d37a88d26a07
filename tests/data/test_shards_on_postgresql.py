"""Beyond one process: two bot processes of two shards each, one stand-in, one PostgreSQL.

Each process hears only its shards' servers, so each plays the tables of its own; one is killed
mid-game (``kill -9``, no goodbye) and started again, resumes its table where it was saved, and
the game ends with its result recorded once, while the other process played on. The games are
the tests' own Tally, a host against an AI, played to the end by the host: quick, and waiting
for a person across the kill.
"""

from __future__ import annotations

import signal
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from fakediscord import Actor, BotProcess, FakeDiscord, SeenMessage
from locales import catalog
from tests.conftest import assert_bot_healthy
from tests.data.conftest import Databases
from tests.e2e.whole_game import play_by_menu

SHARDS = 4
PROCESSES = {"first": "0,1", "second": "2,3"}
HOME = {"first": 1, "second": 2}
"""The shard of each process's test server."""


def text(key: str, **values: object) -> str:
    return catalog().text(key, "en-US", **values)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    stand_in = FakeDiscord(shards=SHARDS)
    yield stand_in
    await stand_in.stop()


async def open_table(fake: FakeDiscord, host: Actor) -> SeenMessage:
    """/tally start by ``host``, with an AI, started; the table message once it shows the game."""
    lobby = (await host.slash("tally start")).message
    await host.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await fake.wait_for(lambda: "(2/4)" in host.current(lobby).text, timeout=15, what="an AI seated")
    await host.press(lobby, label=text("lobby.start"))
    await fake.wait_for(lambda: bool(host.current(lobby).attachments), timeout=15, what="the game's picture")
    return host.current(lobby)


async def recorded(url: str) -> dict[int, list[str]]:
    """The result keys recorded in each server."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT guild_id, result_key FROM games ORDER BY id")
    finally:
        await conn.close()
    found: dict[int, list[str]] = {}
    for row in rows:
        found.setdefault(int(row["guild_id"]), []).append(str(row["result_key"]))
    return found


async def test_two_processes_share_the_servers_and_one_survives_a_kill_mid_game(
    fake: FakeDiscord, postgresql: Databases, tmp_path: Path
) -> None:
    url = str(await postgresql.new())
    guilds = {name: fake.add_guild(name, shard=(HOME[name], SHARDS)) for name in PROCESSES}
    hosts = {
        name: fake.actor(fake.add_member(guild, f"host-{name}"), fake.add_channel(guild, "games"))
        for name, guild in guilds.items()
    }
    await fake.start()

    def process(name: str) -> BotProcess:
        env = {"DATABASE_URL": url, "SHARD_COUNT": str(SHARDS), "SHARD_IDS": PROCESSES[name]}
        return BotProcess(fake, tmp_path / f"{name}.sqlite3", env=env)

    bots = {name: process(name) for name in PROCESSES}
    for bot in bots.values():
        await bot.start()
    await fake.wait_for(
        lambda: fake.gateway.ready_shards(SHARDS) == set(range(SHARDS)), timeout=20, what="4 shards"
    )
    assert "synced" in bots["first"].output and "synced" not in bots["second"].output, (
        "commands are synced by the process running shard 0 only"
    )

    tables = {name: await open_table(fake, host) for name, host in hosts.items()}
    for name, table in tables.items():
        answered_by = fake.interaction_sessions  # which shard's session got each press
        guild = guilds[name]
        assert all(
            session.shard[0] == HOME[name]
            for record in fake.interactions.values()
            if record.channel.guild.id == guild.id
            for session in answered_by[record.id]
        ), f"{name}'s server is heard by its shard only"
        assert table.title == text("tally.table.title", number=1)

    # The second process dies mid-game and comes back: its table is resumed where it was saved.
    killed = bots["second"]
    assert killed.process is not None
    killed.process.send_signal(signal.SIGKILL)
    await killed.wait_exit()
    bots["second"] = process("second")
    await bots["second"].start()
    assert "resumed 1 saved tables" in bots["second"].output

    for name, table in tables.items():
        await play_by_menu(fake, hosts[name], table, "tally")
    for bot in bots.values():
        assert await bot.stop() == 0, bot.output
        assert "Traceback" not in bot.output, bot.output
    found = await recorded(url)
    assert {guild_id: len(keys) for guild_id, keys in found.items()} == {g.id: 1 for g in guilds.values()}, (
        "each game recorded once, in its own server"
    )
    assert_bot_healthy(bots["first"])
