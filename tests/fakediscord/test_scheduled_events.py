"""Guild Scheduled Events as Discord has them, through discord.py's own client: an external event
made, moved, started and completed; an event moved between a voice channel, a stage and a place;
what Discord refuses (a start in the past, an end before the start, a place or description too
long, a status it cannot move to, a finished event changed, a channel of the wrong kind, the
101st unfinished event) refused the same way; the permissions, computed in a stage or voice
event's channel, and Manage Events for someone else's; the events in GUILD_CREATE, and their news
only with the intent; every answer and event held to Discord's API description."""

from __future__ import annotations

import datetime
from typing import Any, Literal

import discord
import pytest

from fakediscord.events import ACTIVE, COMPLETED, EXTERNAL, SCHEDULED, ScheduledEvent
from fakediscord.model import (
    CONNECT,
    CREATE_EVENTS,
    GUILD_STAGE_VOICE,
    GUILD_VOICE,
    INTENT_GUILD_SCHEDULED_EVENTS,
    MANAGE_CHANNELS,
    MANAGE_EVENTS,
    MOVE_MEMBERS,
    MUTE_MEMBERS,
    Channel,
    Role,
)
from tests.conftest import World

from .conftest import ProbeBot, RawApi, start_client

LATER = datetime.timedelta(hours=2)
PLACE = "https://discord.com/channels/1/2"
STAGE_NEEDS = MANAGE_CHANNELS | MUTE_MEMBERS | MOVE_MEMBERS
ChannelKind = Literal[discord.EntityType.stage_instance, discord.EntityType.voice]


def soon(world: World, after: datetime.timedelta = LATER) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(world.fake.clock.wall(), datetime.UTC) + after


def the_guild(world: World, probe: ProbeBot) -> discord.Guild:
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    return guild


def external(world: World, **changes: Any) -> dict[str, Any]:
    """What the bot gives for a night's event, with ``changes`` (times as offsets from now)."""
    fields: dict[str, Any] = {
        "name": "Toppo night",
        "start_time": LATER,
        "end_time": 2 * LATER,
        "entity_type": discord.EntityType.external,
        "privacy_level": discord.PrivacyLevel.guild_only,
        "location": PLACE,
        "description": "Sign up in #games",
    } | changes
    for key in ("start_time", "end_time"):
        fields[key] = soon(world, fields[key])
    return fields


async def made(world: World, probe: ProbeBot) -> discord.ScheduledEvent:
    return await the_guild(world, probe).create_scheduled_event(**external(world))


async def in_channel(
    world: World, probe: ProbeBot, channel: Channel, kind: ChannelKind = discord.EntityType.voice
) -> discord.ScheduledEvent:
    """An event of ``kind`` in ``channel``, as discord.py makes one."""
    return await the_guild(world, probe).create_scheduled_event(
        name="Toppo night",
        start_time=soon(world),
        entity_type=kind,
        channel=discord.Object(channel.id),
        privacy_level=discord.PrivacyLevel.guild_only,
    )


def someone_elses(world: World, name: str, status: int = SCHEDULED) -> ScheduledEvent:
    """An external event a moderator made in Discord's client."""
    start = world.fake.clock.wall() + LATER.total_seconds()
    event = ScheduledEvent(
        world.fake.ids.next(),
        world.guild,
        world.mod.member.user,
        name,
        start,
        start + 3600,
        EXTERNAL,
        location="#lounge",
        status=status,
    )
    world.guild.scheduled_events[event.id] = event
    return event


def grant(world: World, permissions: int) -> Role:
    """Give the bot a role with ``permissions`` besides its own."""
    role = world.fake.add_role(world.guild, "Events", permissions)
    world.fake.bot_member(world.guild).roles.append(role.id)
    return role


def bot_role(world: World) -> Role:
    return world.guild.roles[world.fake.bot_member(world.guild).roles[0]]


async def test_an_external_event_is_made_moved_started_and_completed(world: World, probe: ProbeBot) -> None:
    event = await made(world, probe)
    [stored] = world.guild.scheduled_events.values()
    assert (stored.id, stored.location, stored.status) == (event.id, PLACE, 1)
    guild = the_guild(world, probe)
    await world.fake.wait_for(lambda: guild.get_scheduled_event(event.id) is not None, what="its news")
    moved = await event.edit(start_time=soon(world, 3 * LATER), end_time=soon(world, 4 * LATER))
    assert moved.start_time == soon(world, 3 * LATER).replace(microsecond=moved.start_time.microsecond)
    started = await moved.edit(status=discord.EventStatus.active)
    assert started.status is discord.EventStatus.active
    done = await started.edit(status=discord.EventStatus.completed)
    assert done.status is discord.EventStatus.completed and stored.id in world.guild.scheduled_events
    assert world.fake.take_problems() == [], "every answer and event as Discord's description says"
    with pytest.raises(discord.HTTPException) as over:
        await done.edit(status=discord.EventStatus.active)
    assert (over.value.status, over.value.code) == (400, 180000), "a finished event cannot change"
    world.fake.take_problems()  # the refusal, which this test is about
    assert [e.id for e in await guild.fetch_scheduled_events()] == [event.id]
    await done.delete()
    assert world.guild.scheduled_events == {}


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"start_time": -LATER}, "scheduled_start_time"),
        ({"end_time": LATER / 2}, "scheduled_end_time"),
        ({"location": "x" * 101}, "entity_metadata.location"),
        ({"description": "x" * 1001}, "description"),
        ({"privacy_level": discord.utils.MISSING}, "privacy_level"),
    ],
    ids=["past", "ends before it starts", "place too long", "description too long", "no privacy level"],
)
async def test_a_field_discord_refuses_is_refused_by_name(
    world: World, probe: ProbeBot, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(discord.HTTPException) as refused:
        await the_guild(world, probe).create_scheduled_event(**external(world, **changes))
    assert refused.value.code == 50035 and f"In {field}:" in refused.value.text, refused.value.text
    assert world.guild.scheduled_events == {}
    world.fake.take_problems()  # the refusal, which this test is about


async def test_a_status_moves_only_as_discord_allows(world: World, probe: ProbeBot) -> None:
    event = await made(world, probe)
    with pytest.raises(discord.HTTPException) as refused:
        await event.edit(status=discord.EventStatus.completed)
    assert refused.value.code == 50035 and "In status:" in refused.value.text
    world.fake.take_problems()  # the refusal, which this test is about
    await event.edit(status=discord.EventStatus.cancelled)
    with pytest.raises(discord.HTTPException) as over:
        await event.edit(name="Another night")
    assert over.value.code == 180000, "a cancelled event is over"
    world.fake.take_problems()


async def test_an_event_moves_between_a_voice_channel_a_stage_and_a_place(
    world: World, probe: ProbeBot
) -> None:
    voice = world.fake.add_channel(world.guild, "voice", kind=GUILD_VOICE)
    stage = world.fake.add_channel(world.guild, "stage", kind=GUILD_STAGE_VOICE)
    grant(world, CONNECT | STAGE_NEEDS)
    event = await in_channel(world, probe, voice)
    assert (event.entity_type, event.channel_id, event.location, event.end_time) == (
        discord.EntityType.voice,
        voice.id,
        None,
        None,
    )
    event = await event.edit(entity_type=discord.EntityType.stage_instance, channel=discord.Object(stage.id))
    assert (event.entity_type, event.channel_id) == (discord.EntityType.stage_instance, stage.id)
    event = await event.edit(
        entity_type=discord.EntityType.external, location=PLACE, end_time=soon(world, 2 * LATER)
    )
    stored = world.guild.scheduled_events[event.id]
    assert (stored.entity_type, stored.channel_id, stored.location) == (EXTERNAL, None, PLACE)
    assert world.fake.take_problems() == []


@pytest.mark.parametrize(
    ("kind", "granted", "code"),
    [
        (GUILD_VOICE, CONNECT, None),
        (GUILD_VOICE, 0, 50013),
        (GUILD_STAGE_VOICE, CONNECT | STAGE_NEEDS, None),
        (GUILD_STAGE_VOICE, CONNECT, 50013),
        (0, CONNECT | STAGE_NEEDS, 50035),
    ],
    ids=["voice", "voice without Connect", "stage", "stage without its members' powers", "text channel"],
)
async def test_a_channel_event_takes_what_its_channel_needs(
    world: World, probe: ProbeBot, kind: int, granted: int, code: int | None
) -> None:
    channel = world.fake.add_channel(world.guild, "place", kind=kind)
    grant(world, granted)
    wanted: ChannelKind = (
        discord.EntityType.stage_instance if kind == GUILD_STAGE_VOICE else discord.EntityType.voice
    )
    if code is None:
        event = await in_channel(world, probe, channel, wanted)
        assert world.guild.scheduled_events[event.id].channel_id == channel.id
        return
    with pytest.raises(discord.HTTPException) as refused:
        await in_channel(world, probe, channel, wanted)
    assert refused.value.code == code, refused.value.text
    assert world.guild.scheduled_events == {}
    world.fake.take_problems()  # the refusal, which this test is about


async def test_a_kind_discord_py_leaves_out_is_required(world: World, probe: ProbeBot) -> None:
    """discord.py takes an event's kind from ``channel=discord.Object(id, type=VoiceChannel)``
    but then sends no ``entity_type``, which Discord requires: name the kind."""
    voice = world.fake.add_channel(world.guild, "voice", kind=GUILD_VOICE)
    grant(world, CONNECT)
    with pytest.raises(discord.HTTPException) as refused:
        await the_guild(world, probe).create_scheduled_event(
            name="Toppo night",
            start_time=soon(world),
            channel=discord.Object(voice.id, type=discord.VoiceChannel),
            privacy_level=discord.PrivacyLevel.guild_only,
        )
    expected = (50035, "Invalid Form Body\nIn entity_type: This field is required")
    assert (refused.value.code, refused.value.text) == expected, "said once, the kind being missing"
    world.fake.take_problems()  # the refusal, which this test is about


async def test_create_events_denied_in_the_channel_is_denied_for_its_event(
    world: World, probe: ProbeBot
) -> None:
    voice = world.fake.add_channel(world.guild, "voice", kind=GUILD_VOICE)
    grant(world, CONNECT)
    world.fake.set_overwrite(voice, bot_role(world), deny=CREATE_EVENTS)
    with pytest.raises(discord.Forbidden) as refused:
        await in_channel(world, probe, voice)
    assert refused.value.code == 50013
    world.fake.take_problems()  # the refusal, which this test is about
    assert (await made(world, probe)).location == PLACE, "an external event's are the server's"


async def test_a_move_to_a_place_must_leave_its_channel(world: World, probe: ProbeBot, api: RawApi) -> None:
    """Discord wants ``channel_id`` given as null when an event becomes external (discord.py
    always sends it; another client may not)."""
    voice = world.fake.add_channel(world.guild, "voice", kind=GUILD_VOICE)
    grant(world, CONNECT)
    event = await in_channel(world, probe, voice)
    change = {
        "entity_type": EXTERNAL,
        "entity_metadata": {"location": PLACE},
        "scheduled_end_time": soon(world, 2 * LATER).isoformat(),
    }
    status, body, _ = await api.request(
        "PATCH", f"/guilds/{world.guild.id}/scheduled-events/{event.id}", json=change
    )
    assert (status, body["code"], list(body["errors"])) == (400, 50035, ["channel_id"])
    assert world.guild.scheduled_events[event.id].channel_id == voice.id
    world.fake.take_problems()  # the refusal, which this test is about


@pytest.mark.parametrize("why", ["no Create Events", "Manage Events alone"])
async def test_making_an_event_takes_create_events_or_manage_events(
    world: World, probe: ProbeBot, why: str
) -> None:
    bot_role(world).permissions &= ~CREATE_EVENTS
    if why == "Manage Events alone":
        grant(world, MANAGE_EVENTS)
        assert (await made(world, probe)).location == PLACE
        return
    with pytest.raises(discord.Forbidden) as refused:
        await made(world, probe)
    assert refused.value.code == 50013
    assert world.guild.scheduled_events == {}
    world.fake.take_problems()  # the refusal, which this test is about


async def test_someone_elses_event_takes_manage_events(world: World, probe: ProbeBot) -> None:
    mods = someone_elses(world, "Mod night")
    event = await the_guild(world, probe).fetch_scheduled_event(mods.id)
    with pytest.raises(discord.Forbidden) as edit:
        await event.edit(name="Game night")
    with pytest.raises(discord.Forbidden) as delete:
        await event.delete()
    assert edit.value.code == delete.value.code == 50013, "Create Events covers the bot's own events only"
    assert world.guild.scheduled_events[mods.id].name == "Mod night"
    world.fake.take_problems()  # the refusals, which this test is about
    grant(world, MANAGE_EVENTS)
    await (await event.edit(name="Game night")).delete()
    assert world.guild.scheduled_events == {}


async def test_a_server_holds_at_most_100_unfinished_events(world: World, probe: ProbeBot) -> None:
    held = [someone_elses(world, f"Night {n}", ACTIVE if n % 2 else SCHEDULED) for n in range(100)]
    with pytest.raises(discord.HTTPException) as refused:
        await made(world, probe)
    assert refused.value.code == 30038
    world.fake.take_problems()  # the refusal, which this test is about
    held[-1].status = COMPLETED
    assert (await made(world, probe)).location == PLACE, "a finished event does not count"


async def test_a_client_connecting_later_has_the_events_but_no_news_without_the_intent(
    world: World, probe: ProbeBot
) -> None:
    """GUILD_CREATE lists a server's events whatever the intents; their CREATE/UPDATE/DELETE
    reach only sessions that asked for the Guild Scheduled Events intent."""
    event = await made(world, probe)
    intents = discord.Intents.default()
    intents.guild_scheduled_events = False
    late = discord.Client(intents=intents)
    task = await start_client(world.fake, late)
    try:
        await world.fake.wait_for(lambda: late.get_guild(world.guild.id) is not None, what="GUILD_CREATE")
        guild = late.get_guild(world.guild.id)
        assert guild is not None
        assert [(e.id, e.location) for e in guild.scheduled_events] == [(event.id, event.location)]
        await event.edit(status=discord.EventStatus.active)
        await event.delete()
    finally:
        await late.close()
        await task
    told = {
        session.intents & INTENT_GUILD_SCHEDULED_EVENTS: [
            p["t"] for p in session.sent if p["t"].startswith("GUILD_SCHEDULED_EVENT_")
        ]
        for session in world.fake.gateway.sessions.values()
    }
    assert told == {
        INTENT_GUILD_SCHEDULED_EVENTS: [
            "GUILD_SCHEDULED_EVENT_CREATE",
            "GUILD_SCHEDULED_EVENT_UPDATE",
            "GUILD_SCHEDULED_EVENT_DELETE",
        ],
        0: [],
    }
