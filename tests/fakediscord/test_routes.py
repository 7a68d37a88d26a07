"""The read and delete routes a bot may call besides sending, through discord.py's own parsers
(which fail on a missing field), and the interaction webhook's @original."""

from __future__ import annotations

import io

import discord

from tests.conftest import World

from .conftest import ProbeBot, RawApi, png


async def test_channel_guild_and_user_routes_parse_in_discord_py(world: World, probe: ProbeBot) -> None:
    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    blue = png((0, 0, 255))
    sent = await channel.send("first", file=discord.File(io.BytesIO(blue), "blue.png"))
    await channel.send("second")

    # MESSAGE_CREATE reached the bot's cache (it has the guild messages intent).
    await world.fake.wait_for(
        lambda: any(m.id == sent.id for m in probe.cached_messages), what="MESSAGE_CREATE"
    )
    fetched = await channel.fetch_message(sent.id)
    history = [m.content async for m in channel.history(limit=10)]
    picture = await fetched.attachments[0].read()
    await sent.delete()
    await world.fake.wait_for(
        lambda: all(m.id != sent.id for m in probe.cached_messages), what="MESSAGE_DELETE"
    )

    assert fetched.content == "first" and fetched.attachments[0].width == 8
    assert picture == blue
    assert history == ["second", "first"]
    assert [m.content for m in world.fake.public_messages(world.games)] == ["second"]
    fetched_channel = await probe.fetch_channel(world.games.id)
    assert isinstance(fetched_channel, discord.TextChannel) and fetched_channel.name == "games"
    guild = await probe.fetch_guild(world.guild.id)
    assert guild.name == "Game Night"
    assert [c.name for c in await guild.fetch_channels()] == ["games", "lounge"]
    member = await guild.fetch_member(world.bruno.id)
    assert member.name == "bruno"
    assert (await probe.fetch_user(world.alice.id)).name == "alice"


async def test_original_response_can_be_read_and_deleted(world: World, probe: ProbeBot, api: RawApi) -> None:
    reply = await world.alice.slash("secret")
    original = f"/webhooks/{world.fake.application.id}/{reply.record.token}/messages/@original"

    status, body, _ = await api.request("GET", original, auth=False)
    assert status == 200
    assert body["id"] == str(reply.message.id) and body["flags"] & 64
    status, _, _ = await api.request("DELETE", original, auth=False)
    assert status == 204
    assert world.alice.sees() == []

    status, body, _ = await api.request("GET", original, auth=False)
    assert (status, body) == (404, {"message": "Unknown Message", "code": 10008})
    world.fake.take_problems()


async def test_followup_before_any_response_is_refused(world: World, api: RawApi) -> None:
    record = world.fake.new_interaction(world.alice.member, world.games, 2, {"name": "x"}, "en-US", None)

    status, body, _ = await api.request(
        "POST", f"/webhooks/{world.fake.application.id}/{record.token}", json={"content": "early"}, auth=False
    )

    assert (status, body) == (404, {"message": "Unknown Webhook", "code": 10015})
    world.fake.take_problems()


async def test_edits_keep_or_replace_attachments(world: World, probe: ProbeBot) -> None:
    """A table picture is replaced by editing the message: the new file in, the old one out."""
    channel = probe.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("table", file=discord.File(io.BytesIO(png((255, 0, 0))), "table.png"))

    await sent.edit(content="table, turn 2")
    (kept,) = world.fake.public_messages(world.games)
    await sent.edit(attachments=[discord.File(io.BytesIO(png((0, 255, 0))), "table.png")])
    (replaced,) = world.fake.public_messages(world.games)

    assert kept.content == "table, turn 2" and kept.image().getpixel((0, 0)) == (255, 0, 0)
    assert len(replaced.attachments) == 1 and replaced.image().getpixel((0, 0)) == (0, 255, 0)
