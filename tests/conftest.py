"""Shared fixtures: the Discord stand-in with one server, and the real bot connected to it.

Before anything is collected, the tests' own game, Tally (tests/fixture_game/), is registered
beside the bot's games, and the bot processes the tests start play it too (``python -m
tests.fixture_game``): every test that goes through the registry covers it.

``world`` is a started stand-in with the server "Game Night" (en-US) holding #games and #lounge,
and members alice (en-US), bruno (es-ES), carla (es-419) and mod (with a Moderator role that has
Manage Server); its application already has every card's emoji as the bot uploads them (a bot
started against it lists them and uploads nothing, as on every start after its first). ``bot``
runs ``python bot.py`` against it with a fresh database. At teardown every problem the stand-in
recorded (an HTTP error Discord would have given, an unknown route, an interaction that failed)
fails the test, and so does a traceback in the bot's output.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from fakediscord import Actor, BotProcess, Channel, FakeDiscord, Guild, Role
from fakediscord.model import MANAGE_GUILD
from render.glyphs import BY_NAME, glyph_pngs
from tests.fixture_game import register_tally


def pytest_configure(config: pytest.Config) -> None:
    register_tally()
    BotProcess.command = ("-m", "tests.fixture_game")


@dataclass
class World:
    fake: FakeDiscord
    guild: Guild
    games: Channel
    lounge: Channel
    moderator: Role
    alice: Actor
    bruno: Actor
    carla: Actor
    mod: Actor


@functools.cache
def card_glyphs() -> dict[str, bytes]:
    """Every card's glyph as the bot uploads it, drawn once a session."""
    return glyph_pngs(BY_NAME)


def build_world(fake: FakeDiscord) -> World:
    for name, image in card_glyphs().items():  # as the bot's first start uploads them
        fake.add_application_emoji(name, image)
    guild = fake.add_guild("Game Night", preferred_locale="en-US")
    games = fake.add_channel(guild, "games")
    lounge = fake.add_channel(guild, "lounge")
    moderator = fake.add_role(guild, "Moderator", MANAGE_GUILD)
    return World(
        fake=fake,
        guild=guild,
        games=games,
        lounge=lounge,
        moderator=moderator,
        alice=fake.actor(fake.add_member(guild, "alice", locale="en-US"), games),
        bruno=fake.actor(fake.add_member(guild, "bruno", locale="es-ES"), games),
        carla=fake.actor(fake.add_member(guild, "carla", locale="es-419"), games),
        mod=fake.actor(fake.add_member(guild, "mod", roles=[moderator]), games),
    )


@pytest.fixture
async def world() -> AsyncIterator[World]:
    fake = FakeDiscord()
    built = build_world(fake)
    await fake.start()
    try:
        yield built
    finally:
        await fake.stop()
    problems = fake.take_problems()
    assert not problems, "the stand-in saw problems:\n" + "\n".join(problems)


@pytest.fixture
def fake(world: World) -> FakeDiscord:
    return world.fake


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "gamenight.sqlite3"


def assert_bot_healthy(bot: BotProcess) -> None:
    """No problems at the stand-in and no traceback in the bot's output."""
    problems = bot.fake.take_problems()
    assert not problems, (
        "the stand-in saw problems:\n" + "\n".join(problems) + "\n--- bot output ---\n" + bot.output
    )
    assert "Traceback" not in bot.output, "the bot printed a traceback:\n" + bot.output


@contextlib.asynccontextmanager
async def running(process: BotProcess) -> AsyncIterator[BotProcess]:
    """``process`` started, then stopped: it must exit cleanly, with no problem at the
    stand-in and no traceback."""
    await process.start()
    try:
        yield process
    finally:
        code = await process.stop()
    assert code == 0, f"bot exited with {code}:\n{process.output}"
    assert_bot_healthy(process)


@pytest.fixture
async def bot(world: World, database: Path) -> AsyncIterator[BotProcess]:
    """bot.py, connected and quiet, against ``world``."""
    async with running(BotProcess(world.fake, database)) as process:
        yield process
