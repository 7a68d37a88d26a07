"""PostgreSQL going away and coming back while people play (issue 28, item 6): the bot logs one
line when the database goes and one when it is back (no driver tracebacks), tells a person whose
press could not be saved, and shows on the table's message that AI moves could not be saved and
the table went back; once the database is back, play goes on.

The server is this test's own (:class:`tests.postgres.Cluster`), so it can be taken down."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from fakediscord import BotProcess, Reply, SeenMessage
from tests.conftest import World, running
from tests.e2e.toppo_play import open_panel, public, quick_world, text, wait_public
from tests.postgres import Cluster

world = pytest.fixture(quick_world)


def logged(bot: BotProcess) -> tuple[int, int]:
    """The lines saying the database went away, and came back."""
    lines = bot.output.splitlines()
    down = [line for line in lines if "unreachable, nothing is saved until it is back" in line]
    return len(down), len([line for line in lines if line.endswith(" is back")])


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    server = Cluster()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def bot(world: World, cluster: Cluster, tmp_path: Path) -> AsyncIterator[BotProcess]:
    conn = await asyncpg.connect(cluster.url)
    try:
        await conn.execute('CREATE DATABASE "gamenight"')
    finally:
        await conn.close()
    url = urlunsplit(urlsplit(cluster.url)._replace(path="/gamenight"))
    process = BotProcess(world.fake, tmp_path / "unused.sqlite3", env={"DATABASE_URL": url})
    async with running(process):
        yield process


def said(reply: Reply) -> list[str]:
    """What the presser was told privately: the reply, or follow-ups after an acknowledgement."""
    shown = [reply.message] if reply.response_type == 4 else reply.followups
    return [message.content for message in shown if message.ephemeral]


def went_back(message: SeenMessage) -> bool:
    return text("saving.went_back") in message.text


async def test_an_outage_is_said_once_in_the_log_and_to_each_person_it_affects(
    world: World, cluster: Cluster, bot: BotProcess
) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    for _ in range(2):
        await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.hard")))

    cluster.halt()
    refused = await world.alice.press(lobby, label=text("lobby.start"))
    assert said(refused) == [text("refused.not_saved")]
    assert text("lobby.start") in str(world.alice.current(lobby).buttons()), "still a lobby"

    cluster.resume()
    await asyncio.sleep(1)  # a person's pace: a second press within a double click's is the same press
    await world.alice.press(lobby, label=text("lobby.start"))
    table = await wait_public(world, lambda m: m.id == lobby.id and bool(m.attachments))
    await world.fake.wait_for(lambda: logged(bot) == (1, 1), timeout=10, what="the database back")
    panel = await open_panel(world.alice, table)
    if panel.status == "restart":  # the AIs wait for alice's first card
        await panel.press("turn")

    cluster.halt()  # while the AIs play: their moves are saved in batches
    await wait_public(world, went_back, timeout=20)
    cluster.resume()
    await world.fake.wait_for(lambda: not went_back(public(world)[-1]), timeout=30, what="saves again")

    assert logged(bot) == (2, 2), bot.output
    assert "asyncpg" not in bot.output, "the driver's own retries are not logged"
