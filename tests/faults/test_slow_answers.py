"""Answers that take longer than Discord's 3 s (issue 28, item 2): a lobby press or a command
whose save waits on a busy database is acknowledged in time, then answered; a save that fails
after the acknowledgement is said in a private follow-up.

Another writer holding the database (as a backup or a second process can) makes the bot's
write wait, on any machine, as load did in the field."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import public, quick_world, text

world = pytest.fixture(quick_world)


@contextlib.contextmanager
def database_busy(database: Path, seconds: float) -> Iterator[None]:
    """Another writer holds ``database`` for ``seconds`` from now (or until the block ends)."""
    conn = sqlite3.connect(database, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    release = asyncio.get_running_loop().call_later(seconds, conn.rollback)
    try:
        yield
    finally:
        release.cancel()
        conn.rollback()
        conn.close()


async def test_a_lobby_press_waiting_on_the_database_is_acknowledged_then_applied_once(
    world: World, bot: BotProcess, database: Path
) -> None:
    lobby = (await world.alice.slash("toppo start")).message

    with database_busy(database, 3.5):
        reply = await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))

    assert reply.response_type == 6, "acknowledged, the lobby kept for its redraw"
    await world.fake.wait_for(lambda: "(2/8)" in world.alice.current(lobby).text, what="the AI seated")
    assert reply.followups == [] and len(public(world)) == 1


async def test_a_command_waiting_on_the_database_is_acknowledged_then_answered(
    world: World, bot: BotProcess, database: Path
) -> None:
    with database_busy(database, 3.5):
        reply = await world.bruno.slash("pings", {"on": False})

    assert reply.response_type == 5, "a private thinking reply first"
    assert reply.message.ephemeral and reply.message.content == text("pings.off", "es-ES")


async def test_a_save_failing_after_the_acknowledgement_is_said_in_a_follow_up(
    world: World, bot: BotProcess, database: Path
) -> None:
    lobby = (await world.alice.slash("toppo start")).message

    # Held well past the bot's wait for a busy database (5 s a statement) and released as soon as
    # the follow-up is there: a loaded machine's slower save must not see the lock go first.
    with database_busy(database, 15):
        reply = await world.bruno.press(lobby, label=text("lobby.join", "en-US"))
        await world.fake.wait_for(lambda: bool(reply.followups), timeout=20, what="the follow-up")

    assert reply.response_type == 6
    (said,) = reply.followups
    assert said.ephemeral and said.content == text("refused.not_saved", "es-ES")
    assert "(1/8)" in world.alice.current(lobby).text, "bruno is not seated"


async def test_a_refusal_found_after_a_public_acknowledgement_is_said_privately(
    world: World, bot: BotProcess, database: Path
) -> None:
    await world.mod.slash("league create", {"name": "Friday", "game": "toppo"})
    await world.mod.slash("league season start")
    before = public(world)

    with database_busy(database, 3.5):
        reply = await world.mod.slash("league season start")
        await world.fake.wait_for(lambda: bool(reply.followups), what="the refusal")

    assert reply.response_type == 5, "a public thinking reply first, for the announcement"
    (said,) = reply.followups
    assert said.ephemeral and said.content == text("league.error.season_running", number=1)
    assert public(world) == before, "the thinking reply is gone, nothing else was posted"
