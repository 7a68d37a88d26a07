"""Threads as Discord has them, through discord.py's own client: started from a message (sharing
its id, no notice in the channel), a channel of their own with their own rate-limit bucket,
members, the parent's permissions, archiving (an archived thread refuses edits and is reopened
by a message), and the gateway events that keep discord.py's cache."""

from __future__ import annotations

import discord
import pytest

from fakediscord.model import CREATE_PUBLIC_THREADS, GUILD_FORUM, SEND_MESSAGES_IN_THREADS
from tests.conftest import World

from .conftest import ProbeBot


async def started(world: World, probe: ProbeBot) -> tuple[discord.Message, discord.Thread]:
    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("a table")
    return message, await message.create_thread(name="Toppo", auto_archive_duration=1440)


async def test_a_thread_started_from_a_message_shares_its_id_and_reaches_the_cache(
    world: World, probe: ProbeBot
) -> None:
    message, thread = await started(world, probe)

    assert thread.id == message.id and thread.parent_id == world.games.id
    assert [m.content for m in world.fake.public_messages(world.games)] == ["a table"], "no notice"
    await world.fake.wait_for(lambda: probe.get_channel(thread.id) is not None, what="THREAD_CREATE")
    sent = await thread.send("in the thread")
    stored = world.fake.find_channel(thread.id)
    assert stored is not None and [m.content for m in world.fake.public_messages(stored)] == ["in the thread"]
    assert sent.channel.id == thread.id
    with pytest.raises(discord.HTTPException) as again:
        await message.create_thread(name="again")
    assert again.value.code == 160004
    world.fake.take_problems()  # the refused second thread, which this test is about


async def test_members_are_added_and_a_thread_has_its_own_rate_limit_bucket(
    world: World, probe: ProbeBot
) -> None:
    _, thread = await started(world, probe)
    await thread.add_user(discord.Object(world.alice.id))
    stored = world.fake.find_channel(thread.id)
    assert stored is not None and world.alice.id in stored.thread_members

    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    for n in range(5):
        await thread.send(f"t{n}")
    await channel.send("the channel's own five are untouched")
    assert world.fake.stats.natural_429s == []


async def test_an_archived_thread_refuses_edits_and_a_message_reopens_it(
    world: World, probe: ProbeBot
) -> None:
    _, thread = await started(world, probe)
    shown = await thread.send("the table")
    await thread.edit(archived=True)
    stored = world.fake.find_channel(thread.id)
    assert stored is not None and stored.archived

    with pytest.raises(discord.HTTPException) as refused:
        await shown.edit(content="too late")
    assert refused.value.code == 50083
    world.fake.take_problems()  # the refused edit, which this test is about
    await thread.send("back")
    assert not stored.archived
    await shown.edit(content="edited again")
    await world.fake.set_archived(stored, True)  # Discord archives a quiet thread
    await thread.edit(archived=False)
    assert not stored.archived


async def test_threads_need_their_permissions_and_a_text_channel(world: World, probe: ProbeBot) -> None:
    world.fake.set_overwrite(world.games, world.fake.bot_member(world.guild), deny=CREATE_PUBLIC_THREADS)
    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("a table")
    with pytest.raises(discord.Forbidden):
        await message.create_thread(name="Toppo")
    world.fake.set_overwrite(world.games, world.fake.bot_member(world.guild))

    _, thread = await started(world, probe)
    world.fake.set_overwrite(world.games, world.fake.bot_member(world.guild), deny=SEND_MESSAGES_IN_THREADS)
    with pytest.raises(discord.Forbidden):
        await thread.send("no")
    assert await channel.send("the channel still takes messages")

    forum = world.fake.add_channel(world.guild, "forum", kind=GUILD_FORUM)
    assert forum.to_dict()["type"] == GUILD_FORUM
    world.fake.take_problems()
