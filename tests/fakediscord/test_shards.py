"""Gateway sharding: two bot "processes" of two shards each out of 4 against one stand-in, each
session getting only its own guilds and their events, and the refusals Discord gives (4010 for an
invalid shard, 4011 when a session would hold too many guilds)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord.ext import commands

from fakediscord import FakeDiscord, Guild, Member
from fakediscord.gateway import Session, shard_of
from fakediscord.model import Interaction

from .conftest import RawApi

SHARDS = 4
INTENTS = 513  # GUILDS | GUILD_MESSAGES


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A stand-in recommending 4 shards, with 8 guilds, two owned by each shard (replaces the
    one-guild world of conftest for this module, ``api`` and ``pointed`` included)."""
    fake = FakeDiscord(shards=SHARDS)
    for n in range(8):
        guild = fake.add_guild(f"guild {n}", shard=(n % SHARDS, SHARDS))
        fake.add_channel(guild, "games")
        fake.add_member(guild, f"member{n}")
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()
    problems = fake.take_problems()
    assert not problems, "the stand-in saw problems:\n" + "\n".join(problems)


def guild_of_shard(fake: FakeDiscord, shard_id: int) -> Guild:
    return next(g for g in fake.guilds.values() if shard_of(g.id, SHARDS) == shard_id)


def member_of(fake: FakeDiscord, guild: Guild) -> Member:
    """The guild's one ordinary member (neither the bot nor the owner)."""
    bot, owner = fake.application.bot, fake.application.owner
    return next(m for m in guild.members.values() if m.user not in (bot, owner))


def identify(fake: FakeDiscord, shard: Any = None) -> dict[str, Any]:
    """IDENTIFY's data, with ``shard`` unless it is None."""
    data: dict[str, Any] = {"token": fake.application.token, "intents": INTENTS, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    return data


class RawShard:
    """One hand-driven gateway connection (plain JSON, no compression)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.ready: dict[str, Any] = {}
        self.guild_creates: list[dict[str, Any]] = []

    async def receive(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.TEXT, message
        decoded: dict[str, Any] = json.loads(message.data)
        return decoded

    async def send(self, op: int, data: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": data}))

    async def identify(self, fake: FakeDiscord, shard: Any = None) -> None:
        """IDENTIFY (with ``shard`` unless None) and read READY and its GUILD_CREATEs."""
        assert (await self.receive())["op"] == 10
        await self.send(2, identify(fake, shard))
        ready = await self.receive()
        assert ready["t"] == "READY", ready
        self.ready = ready["d"]
        for _ in self.ready["guilds"]:
            created = await self.receive()
            assert created["t"] == "GUILD_CREATE", created
            self.guild_creates.append(created["d"])

    async def closed_with(self) -> int:
        message = await self.ws.receive(timeout=5)
        assert message.type is aiohttp.WSMsgType.CLOSE, message
        code: int = message.data
        return code

    async def next_dispatch_before_ack(self) -> dict[str, Any] | None:
        """The next event already sent to this connection, or None if there is none: a heartbeat
        is sent and everything up to its ACK read (the stand-in writes events in order, and the
        ACK after them), so no waiting on the clock decides it."""
        await self.send(1, None)
        while True:
            message = await self.receive()
            if message["op"] == 11:
                return None
            if message["op"] == 0:
                return message

    @property
    def guild_ids(self) -> list[int]:
        return [int(g["id"]) for g in self.ready["guilds"]]


async def connect(http: aiohttp.ClientSession, fake: FakeDiscord, path: str = "/gateway") -> RawShard:
    url = fake.base_url.replace("http", "ws", 1) + path + "?v=10&encoding=json"
    return RawShard(await http.ws_connect(url))


async def identified(http: aiohttp.ClientSession, fake: FakeDiscord, shards: Iterable[int]) -> list[RawShard]:
    raws = []
    for shard_id in shards:
        raw = await connect(http, fake)
        await raw.identify(fake, [shard_id, SHARDS])
        raws.append(raw)
    return raws


def interaction(fake: FakeDiscord, guild: Guild) -> Interaction:
    """A slash command in ``guild``, as a user's client would send it (not answered here)."""
    channel = next(iter(guild.channels.values()))
    data = {"id": "1", "name": "where", "type": 1}
    return fake.new_interaction(member_of(fake, guild), channel, 2, data, "en-US", None)


async def test_gateway_bot_recommends_the_configured_shard_count(api: RawApi) -> None:
    status, body, _ = await api.request("GET", "/gateway/bot")
    assert status == 200
    assert body["shards"] == SHARDS
    assert body["session_start_limit"]["max_concurrency"] == 1


def test_guilds_can_be_placed_on_a_shard(fake: FakeDiscord) -> None:
    by_shard = sorted(shard_of(g.id, SHARDS) for g in fake.guilds.values())
    assert by_shard == [0, 0, 1, 1, 2, 2, 3, 3]
    assert len(set(fake.guilds)) == 8
    with pytest.raises(ValueError):
        fake.add_guild("nowhere", shard=(4, 4))


async def test_two_processes_of_two_shards_get_disjoint_guilds_covering_all(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        process_a = await identified(http, fake, [0, 1])
        process_b = await identified(http, fake, [2, 3])
        unsharded = await connect(http, fake)
        await unsharded.identify(fake)

        for shard_id, raw in enumerate(process_a + process_b):
            assert raw.ready["shard"] == [shard_id, SHARDS]
            assert len(raw.guild_ids) == 2
            assert all(shard_of(g, SHARDS) == shard_id for g in raw.guild_ids)
            assert [int(g["id"]) for g in raw.guild_creates] == raw.guild_ids
        seen_a = {g for raw in process_a for g in raw.guild_ids}
        seen_b = {g for raw in process_b for g in raw.guild_ids}
        assert not seen_a & seen_b
        assert seen_a | seen_b == set(fake.guilds)
        # Without "shard", a session is shard [0, 1]: every guild, and READY carries no shard.
        assert "shard" not in unsharded.ready
        assert sorted(unsharded.guild_ids) == sorted(fake.guilds)
        assert fake.gateway.ready_shards(SHARDS) == {0, 1, 2, 3}
        assert fake.gateway.ready_sessions == 5


async def test_events_reach_only_the_session_owning_their_guild(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        raws = await identified(http, fake, range(SHARDS))
        sessions = {s.shard[0]: s for s in fake.gateway.live}
        guild = guild_of_shard(fake, 2)

        record = interaction(fake, guild)
        assert await fake.deliver(record) == [sessions[2]]
        assert fake.interaction_sessions[record.id] == [sessions[2]]
        got = await raws[2].next_dispatch_before_ack()
        assert got is not None and got["t"] == "INTERACTION_CREATE"
        assert got["d"]["guild_id"] == str(guild.id)
        for shard_id in (0, 1, 3):
            assert await raws[shard_id].next_dispatch_before_ack() is None

        # A message in a guild of shard 1 (MESSAGE_DELETE goes the same way).
        channel = next(iter(guild_of_shard(fake, 1).channels.values()))
        data = {"id": "5", "channel_id": str(channel.id), "guild_id": str(channel.guild.id)}
        assert await fake.gateway.dispatch("MESSAGE_DELETE", data, intent=INTENTS) == [sessions[1]]
        got = await raws[1].next_dispatch_before_ack()
        assert got is not None and got["t"] == "MESSAGE_DELETE"

        # An event of no guild goes to shard 0, as Discord sends DMs there.
        user = fake.application.bot.to_dict()
        assert await fake.gateway.dispatch("USER_UPDATE", user) == [sessions[0]]
        for shard_id, raw in enumerate(raws):
            got = await raw.next_dispatch_before_ack()
            assert (got and got["t"]) == ("USER_UPDATE" if shard_id == 0 else None)


@pytest.mark.parametrize(
    "shard",
    [[4, 4], [5, 4], [-1, 4], [0, 0], [0, -2], [0], [0, 4, 1], "0,4", [0, "4"], [True, 4], [0.0, 4]],
)
async def test_an_invalid_shard_is_closed_4010(fake: FakeDiscord, shard: Any) -> None:
    async with aiohttp.ClientSession() as http:
        raw = await connect(http, fake)
        assert (await raw.receive())["op"] == 10
        await raw.send(2, identify(fake, shard))
        assert await raw.closed_with() == 4010
    assert fake.gateway.sessions == {}


async def test_a_session_with_too_many_guilds_is_closed_4011(fake: FakeDiscord) -> None:
    fake.gateway.max_session_guilds = 2
    async with aiohttp.ClientSession() as http:
        unsharded = await connect(http, fake)
        assert (await unsharded.receive())["op"] == 10
        await unsharded.send(2, identify(fake))
        assert await unsharded.closed_with() == 4011
        # Two shards would hold 4 guilds each: too few.
        halves = await connect(http, fake)
        assert (await halves.receive())["op"] == 10
        await halves.send(2, identify(fake, [1, 2]))
        assert await halves.closed_with() == 4011
        # Four hold 2 each.
        (quarter,) = await identified(http, fake, [3])
        assert len(quarter.guild_ids) == 2
    assert [s.shard for s in fake.gateway.sessions.values()] == [(3, SHARDS)]


async def test_resume_keeps_the_shard(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http:
        (raw,) = await identified(http, fake, [1])
        await fake.gateway.drop()
        assert await raw.closed_with() == 4000

        # Missed while disconnected: a guild of shard 1 is kept for the resume, one of shard 0 not.
        missed = interaction(fake, guild_of_shard(fake, 1))
        assert len(await fake.deliver(missed)) == 1
        assert await fake.deliver(interaction(fake, guild_of_shard(fake, 0))) == []

        resumed = await connect(http, fake, "/gateway/resume")
        assert (await resumed.receive())["op"] == 10
        seq = 1 + len(raw.guild_creates)
        token, session_id = fake.application.token, raw.ready["session_id"]
        await resumed.send(6, {"token": token, "session_id": session_id, "seq": seq})
        replayed = await resumed.receive()
        assert (replayed["t"], replayed["d"]["id"]) == ("INTERACTION_CREATE", str(missed.id))
        assert (await resumed.receive())["t"] == "RESUMED"

        later = interaction(fake, guild_of_shard(fake, 1))
        (session,) = await fake.deliver(later)
        assert session.shard == (1, SHARDS) and session.id == raw.ready["session_id"]
        got = await resumed.next_dispatch_before_ack()
        assert got is not None and got["d"]["id"] == str(later.id)
        assert await fake.deliver(interaction(fake, guild_of_shard(fake, 2))) == []
    assert fake.gateway.resumes == 1


class Process(commands.AutoShardedBot):
    """One bot process running some of the 4 shards, answering /where with its name and shard."""

    def __init__(self, name: str, shard_ids: list[int] | None) -> None:
        # discord.py takes shard_ids as absent or a list, never None (its own default).
        sharding: dict[str, Any] = (
            {} if shard_ids is None else {"shard_ids": shard_ids, "shard_count": SHARDS}
        )
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            guild_ready_timeout=0.05,
            **sharding,
        )

        @self.tree.command(description="Which process and shard answer")
        async def where(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            await interaction.response.send_message(f"{name} shard {interaction.guild.shard_id}")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """discord.py waits 5 s before each IDENTIFY but the first (max_concurrency 1); the stand-in
        does not limit IDENTIFYs, so the test does not wait."""


Launch = Callable[[str, "list[int] | None", Iterable[int]], Awaitable[Process]]


@pytest.fixture
async def launch(fake: FakeDiscord, pointed: None) -> AsyncIterator[Launch]:
    """Start a Process (``name``, its ``shard_ids`` of 4, or None for discord.py's own choice) and
    wait until the stand-in has READY sessions for the shards ``ready``; every process started is
    closed at teardown, also after a failure."""
    running: list[tuple[Process, asyncio.Task[None]]] = []

    async def start(name: str, shard_ids: list[int] | None, ready: Iterable[int]) -> Process:
        bot = Process(name, shard_ids)
        await bot.login(fake.application.token)
        task = asyncio.create_task(bot.connect())
        running.append((bot, task))
        wanted = set(ready)
        await fake.wait_for(
            lambda: wanted <= fake.gateway.ready_shards(SHARDS) or task.done(),
            timeout=10,
            what=f"{name}'s shards {sorted(wanted)} to be READY",
        )
        if task.done():
            task.result()
            raise AssertionError(f"{name} stopped before its shards were READY")
        # The stand-in has sent the GUILD_CREATEs; wait until discord.py has read them all.
        sessions = [s for s in fake.gateway.live if s.shard[1] == SHARDS and s.shard[0] in wanted]
        sent = sum(1 for s in sessions for payload in s.sent if payload["t"] == "GUILD_CREATE")
        await fake.wait_for(lambda: len(bot.guilds) >= sent, what=f"{name} to read {sent} GUILD_CREATEs")
        return bot

    yield start
    await asyncio.gather(*(bot.close() for bot, _ in running))
    for _, task in running:
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(task, timeout=5)


async def test_two_discord_py_processes_each_answer_their_own_guilds(
    fake: FakeDiscord, launch: Launch
) -> None:
    # Given shard_count, AutoShardedClient skips GET /gateway/bot and connects to DEFAULT_GATEWAY
    # (which bot.py sets from /gateway/bot at start).
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    a = await launch("A", [0, 1], [0, 1])
    b = await launch("B", [2, 3], [2, 3])
    assert {g.id for g in a.guilds} == {g for g in fake.guilds if shard_of(g, SHARDS) in (0, 1)}
    assert {g.id for g in b.guilds} == {g for g in fake.guilds if shard_of(g, SHARDS) in (2, 3)}
    await a.tree.sync()
    for shard_id, process in [(0, "A"), (1, "A"), (2, "B"), (3, "B")]:
        guild = guild_of_shard(fake, shard_id)
        channel = next(iter(guild.channels.values()))
        reply = await fake.actor(member_of(fake, guild), channel).slash("where")
        assert reply.message.content == f"{process} shard {shard_id}"
        (session,) = fake.interaction_sessions[reply.record.id]
        assert session.shard == (shard_id, SHARDS)

    await asyncio.gather(a.close(), b.close())
    # Closed with 1000: the sessions are over, not waiting for a resume.
    assert not any(s.resumable for s in fake.gateway.sessions.values())


async def test_discord_py_without_a_shard_count_takes_the_recommended_one(
    fake: FakeDiscord, launch: Launch
) -> None:
    bot = await launch("all", None, range(SHARDS))
    assert bot.shard_count == SHARDS
    assert sorted(bot.shards) == [0, 1, 2, 3]
    assert {g.id for g in bot.guilds} == set(fake.guilds)


def test_sessions_are_shard_0_of_1_by_default() -> None:
    session = Session(id="x", intents=0)
    assert session.shard == (0, 1)
    assert session.owns(None) and session.owns(1 << 22) and session.owns(3 << 22)
    sharded = Session(id="y", intents=0, shard=(1, 2))
    assert sharded.owns(3 << 22) and not sharded.owns(2 << 22) and not sharded.owns(None)
