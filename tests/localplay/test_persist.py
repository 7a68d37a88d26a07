"""The local world's file: what a second start resumes (the server, its messages and files, the
application's commands and emojis, live interactions with the time their tokens had left, the
ids), and a file of another version set aside for a fresh world."""

from __future__ import annotations

import pickle
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import MESSAGE_COMPONENT, FakeDiscord
from fakediscord.model import TOKEN_LIFETIME, Attachment, Message
from localplay.persist import Autosave, WorldFile
from localplay.world import people, seed, the_guild


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()


async def resumed(file: WorldFile) -> FakeDiscord:
    """A new stand-in (another port, another clock) carrying on with the world saved in ``file``."""
    fake = FakeDiscord()
    await fake.start()
    loaded = file.load()
    assert loaded.state is not None and loaded.note is None
    fake.resume(loaded.state)
    return fake


async def test_the_world_saved_is_the_world_resumed(fake: FakeDiscord, tmp_path: Path) -> None:
    guild = seed(fake)
    channel = next(iter(guild.channels.values()))
    ana = people(fake, guild)[0]
    fake.add_application_emoji("spit_4s", b"\x89PNG fake")
    fake.application.global_commands.append({"id": "1", "name": "about", "type": 1})
    attachment_id = fake.ids.next()
    picture = Attachment(
        attachment_id,
        "table.png",
        "image/png",
        b"\x89PNG picture",
        f"{fake.base_url}/attachments/{channel.id}/{attachment_id}/table.png",
    )
    message = Message(
        fake.ids.next(), channel, fake.application.bot, fake.clock.wall(), attachments=[picture]
    )
    channel.messages[message.id] = message
    pressed = fake.new_interaction(ana, channel, MESSAGE_COMPONENT, {"custom_id": "x"}, "en-US", message)
    pressed.acknowledged.set()
    fake.clock.advance(60)  # a minute passes on the stand-in's clock before the save
    age = fake.clock.now() - pressed.created
    last_id = fake.ids.next()
    file = WorldFile(tmp_path / "local-discord.pickle")
    file.save(fake)

    again = await resumed(file)
    try:
        guild_again = the_guild(again)
        assert guild_again.name == "Game Night"
        assert [c.name for c in guild_again.channels.values()] == ["game-night", "partidas"]
        assert [m.user.username for m in people(again, guild_again)] == ["ana", "ben", "carla", "dani"]
        assert again.application.token == fake.application.token
        assert again.application.emoji_named("spit_4s") is not None
        assert again.application.global_commands == fake.application.global_commands
        kept = guild_again.channels[channel.id].messages[message.id]
        assert kept.attachments[0].data == b"\x89PNG picture"
        assert kept.attachments[0].url.startswith(again.base_url + f"/attachments/{channel.id}/")
        assert again.base_url != fake.base_url
        # The interaction's token lives on with what it had left, counted as time passed.
        token = again.interactions_by_token[pressed.token]
        assert token.acknowledged.is_set() and token.message is kept
        assert age <= again.clock.now() - token.created < age + 60
        again.clock.advance(TOKEN_LIFETIME - age - 30)
        assert again.clock.now() < token.created + TOKEN_LIFETIME
        again.clock.advance(60)
        assert again.clock.now() > token.created + TOKEN_LIFETIME
        # Ids go on increasing from where they stood.
        assert again.ids.next() > last_id
    finally:
        await again.stop()


async def test_expired_interactions_are_not_kept(fake: FakeDiscord, tmp_path: Path) -> None:
    guild = seed(fake)
    channel = next(iter(guild.channels.values()))
    old = fake.new_interaction(people(fake, guild)[0], channel, MESSAGE_COMPONENT, {}, "en-US", None)
    fake.clock.advance(TOKEN_LIFETIME + 1)
    file = WorldFile(tmp_path / "local-discord.pickle")
    file.save(fake)

    again = await resumed(file)
    try:
        assert old.token not in again.interactions_by_token
    finally:
        await again.stop()


def test_a_file_of_another_version_is_set_aside_for_a_fresh_world(tmp_path: Path) -> None:
    path = tmp_path / "local-discord.pickle"
    path.write_bytes(pickle.dumps({"format": "gamenight-local-discord", "version": 0, "state": None}))

    loaded = WorldFile(path).load()

    assert loaded.state is None
    assert loaded.note is not None and "another version" in loaded.note and "fresh" in loaded.note
    assert not path.exists()
    assert (tmp_path / "local-discord.pickle.old").exists()


def test_a_damaged_file_is_set_aside_too(tmp_path: Path) -> None:
    path = tmp_path / "local-discord.pickle"
    path.write_bytes(b"not a pickle")

    assert WorldFile(path).load().state is None
    assert (tmp_path / "local-discord.pickle.old").read_bytes() == b"not a pickle"


async def test_autosave_writes_the_world_after_a_change_and_on_stop(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    seed(fake)
    file = WorldFile(tmp_path / "local-discord.pickle")
    autosave = Autosave(fake, file, every=0.05)
    autosave.start()
    fake.revision += 1  # as a request of the bot does

    await fake.wait_for(file.path.exists, what="the world saved")
    guild = the_guild(fake)
    fake.add_channel(guild, "later")
    await autosave.stop()

    assert file.load().state is not None
    assert [p.name for p in tmp_path.iterdir()] == ["local-discord.pickle"], "no temporary file left"
    again = await resumed(file)
    try:
        assert "later" in [c.name for c in the_guild(again).channels.values()]
    finally:
        await again.stop()
