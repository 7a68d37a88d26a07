"""The gateway as discord.py uses it: compression, identify/ready, heartbeats, resume after a drop,
and the refusals Discord gives (bad token, privileged intents, unknown session)."""

from __future__ import annotations

import json
import zlib
from typing import Any

import aiohttp
import discord
import pytest

from fakediscord import FakeDiscord
from fakediscord.gateway import _zstd_compressor
from fakediscord.model import PRIVILEGED_INTENTS
from tests.conftest import World

from .conftest import ProbeBot, start_client

SYNC_FLUSH = b"\x00\x00\xff\xff"


async def test_discord_py_connects_with_zlib_stream_and_caches_the_guild(
    world: World, probe: ProbeBot
) -> None:
    (connection,) = world.fake.gateway.connections
    assert (
        connection.compression == discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE == "zlib-stream"
    )
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    assert [c.name for c in guild.text_channels] == ["games", "lounge"]
    assert {r.name for r in guild.roles} == {"@everyone", "GameNight", "Moderator"}
    assert guild.me is not None and guild.me.id == world.fake.application.bot.id
    assert guild.owner_id == world.fake.application.owner.id
    assert guild.preferred_locale is discord.Locale.american_english
    # Without the privileged members intent, Discord sends only the bot's own member.
    assert [m.id for m in guild.members] == [world.fake.application.bot.id]


class RawGateway:
    """A hand-driven gateway client that checks the transport compression frame by frame."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj()

    async def receive(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.BINARY, message
        assert message.data.endswith(SYNC_FLUSH), "every message must end with a Z_SYNC_FLUSH"
        decoded: dict[str, Any] = json.loads(self.inflate.decompress(message.data))
        return decoded

    async def send(self, op: int, data: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": data}))


async def test_zlib_stream_flushes_each_message_on_one_shared_stream(fake: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(fake.gateway_url + "?v=10&encoding=json&compress=zlib-stream") as ws,
    ):
        raw = RawGateway(ws)
        hello = await raw.receive()
        assert hello == {"op": 10, "d": {"heartbeat_interval": 41250}}
        await raw.send(1, None)
        assert await raw.receive() == {"op": 11}
        await raw.send(2, {"token": fake.application.token, "intents": 513, "properties": {}})
        ready = await raw.receive()
        guild_create = await raw.receive()

    assert (ready["t"], ready["s"]) == ("READY", 1)
    assert ready["d"]["application"]["id"] == str(fake.application.id)
    assert ready["d"]["resume_gateway_url"].endswith("/gateway/resume")
    assert (guild_create["t"], guild_create["s"]) == ("GUILD_CREATE", 2)


async def test_zstd_stream_is_served_only_with_a_codec(fake: FakeDiscord) -> None:
    url = fake.gateway_url + "?v=10&encoding=json&compress=zstd-stream"
    async with aiohttp.ClientSession() as session:
        if _zstd_compressor() is None:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(url)
            assert refused.value.status == 400
            (problem,) = fake.take_problems()
            assert "zstd-stream was asked for, but neither zstandard nor compression.zstd" in problem
        else:
            async with session.ws_connect(url) as ws:
                message = await ws.receive(timeout=5)
                assert message.type is aiohttp.WSMsgType.BINARY
                text = discord.utils._ActiveDecompressionContext().decompress(message.data)
                assert text is not None and json.loads(text)["op"] == 10


async def test_heartbeats_are_acknowledged(world: World, pointed: None) -> None:
    world.fake.gateway.heartbeat_interval_ms = 50
    client = discord.Client(intents=discord.Intents.default())
    task = await start_client(world.fake, client)
    try:
        await world.fake.wait_for(lambda: world.fake.gateway.heartbeats >= 4, what="heartbeats")
        assert client.latency < 1.0, "discord.py measured latency from our HEARTBEAT_ACKs"
    finally:
        await client.close()
        await task


async def test_dropped_connection_resumes_and_replays_missed_events(world: World, probe: ProbeBot) -> None:
    gateway = world.fake.gateway

    await gateway.drop()
    # Sent while the bot is disconnected: Discord keeps it for the session and replays it on RESUME.
    reply = await world.alice.slash("echo", {"text": "still here"})

    assert reply.message.content == "still here"
    assert (gateway.identifies, gateway.resumes) == (1, 1)
    assert gateway.replayed == ["INTERACTION_CREATE"]
    assert [c.path for c in gateway.connections] == ["/gateway", "/gateway/resume"]


async def test_unknown_session_cannot_resume(fake: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws,
    ):
        assert (await ws.receive_json(timeout=5))["op"] == 10
        await ws.send_json({"op": 6, "d": {"token": fake.application.token, "session_id": "nope", "seq": 3}})
        assert await ws.receive_json(timeout=5) == {"op": 9, "d": False}


async def test_identify_with_a_wrong_token_is_closed_4004(fake: FakeDiscord) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws,
    ):
        await ws.receive_json(timeout=5)
        await ws.send_json({"op": 2, "d": {"token": "wrong", "intents": 513, "properties": {}}})
        closed = await ws.receive(timeout=5)
    assert (closed.type, closed.data) == (aiohttp.WSMsgType.CLOSE, 4004)


async def test_privileged_intents_need_enabling(world: World, pointed: None) -> None:
    client = discord.Client(intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        await start_client(world.fake, client)
    await client.close()

    world.fake.privileged_intents_enabled = PRIVILEGED_INTENTS
    client = discord.Client(intents=discord.Intents.all(), guild_ready_timeout=0.1)
    task = await start_client(world.fake, client)
    try:
        guild = client.get_guild(world.guild.id)
        assert guild is not None and len(guild.members) == len(world.guild.members)
    finally:
        await client.close()
        await task
