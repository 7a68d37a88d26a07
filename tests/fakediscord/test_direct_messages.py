"""Direct messages as Discord has them, through discord.py's own client: the bot opens a member's
DM channel (the same one each time) and writes there; a member who accepts no direct message
from the bot refuses it with 50007; a server's permissions do not reach a DM; news of a DM's
messages names no server and goes only to sessions with the Direct Messages intent; every
answer held to Discord's API description."""

from __future__ import annotations

import asyncio

import discord
import pytest

from fakediscord.model import SEND_MESSAGES
from tests.conftest import World

from .conftest import ProbeBot, start_client

MESSAGE_NEWS = ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE")


async def test_a_direct_message_reaches_the_member_and_a_refusal_is_discords(
    world: World, probe: ProbeBot
) -> None:
    alice = world.guild.members[world.alice.id].user
    user = await probe.fetch_user(alice.id)
    await user.send("Your move in Toppo")
    await user.send("Still your move")
    assert [m.content for m in world.fake.dms_of(alice)] == ["Your move in Toppo", "Still your move"]
    assert len(world.fake.dms) == 1, "one DM channel per member"
    assert world.fake.take_problems() == []

    world.fake.refuse_dms(alice)
    with pytest.raises(discord.Forbidden) as refused:
        await user.send("Are you there?")
    assert refused.value.code == 50007
    assert len(world.fake.dms_of(alice)) == 2
    world.fake.take_problems()  # the refusal, which this test is about


async def test_a_servers_permissions_do_not_reach_a_dm(world: World, probe: ProbeBot) -> None:
    world.guild.roles[world.guild.id].permissions &= ~SEND_MESSAGES
    for role_id in world.fake.bot_member(world.guild).roles:
        world.guild.roles[role_id].permissions &= ~SEND_MESSAGES
    games = probe.get_channel(world.games.id)
    assert isinstance(games, discord.TextChannel)
    with pytest.raises(discord.Forbidden):
        await games.send("refused in the server")
    world.fake.take_problems()  # the refusal, which shows the server's permissions bite
    await (await probe.fetch_user(world.alice.id)).send("but not in a DM")
    assert [m.content for m in world.fake.dms_of(world.alice.member.user)] == ["but not in a DM"]


async def test_news_of_a_dm_names_no_server_and_needs_the_direct_messages_intent(
    world: World, probe: ProbeBot
) -> None:
    """As bot.py's client has it (no message intents), a session without Direct Messages hears
    nothing of its DMs; one with it hears them as DMs (no guild_id), as discord.py reads them."""
    intents = discord.Intents.default()
    intents.dm_messages = False
    late = discord.Client(intents=intents)
    task = await start_client(world.fake, late)
    try:
        received: asyncio.Future[discord.Message] = asyncio.get_running_loop().create_future()

        async def hear(message: discord.Message) -> None:
            if not received.done():
                received.set_result(message)

        probe.add_listener(hear, "on_message")
        sent = await (await probe.fetch_user(world.alice.id)).send("Your move")
        heard = await asyncio.wait_for(received, timeout=5)
        assert heard.guild is None and isinstance(heard.channel, discord.DMChannel)
        await (await sent.edit(content="Your move, still")).delete()
    finally:
        await late.close()
        await task
    news = {
        session.intents & discord.Intents(dm_messages=True).value: [
            (p["t"], "guild_id" in p["d"]) for p in session.sent if p["t"] in MESSAGE_NEWS
        ]
        for session in world.fake.gateway.sessions.values()
    }
    assert news == {
        discord.Intents(dm_messages=True).value: [(t, False) for t in MESSAGE_NEWS],
        0: [],
    }
