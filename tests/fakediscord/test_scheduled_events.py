"""Guild Scheduled Events as Discord has them, through discord.py's own client: an external event
made, moved, started and completed; what Discord refuses (a start in the past, an end before the
start, a status it cannot move to, no Create Events) refused the same way; and every
answer and event held to Discord's API description."""

from __future__ import annotations

import datetime

import discord
import pytest

from fakediscord.model import CREATE_EVENTS, INTENT_GUILD_SCHEDULED_EVENTS
from tests.conftest import World

from .conftest import ProbeBot, start_client

LATER = datetime.timedelta(hours=2)


def soon(world: World, after: datetime.timedelta = LATER) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(world.fake.clock.wall(), datetime.UTC) + after


async def made(world: World, probe: ProbeBot) -> discord.ScheduledEvent:
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    return await guild.create_scheduled_event(
        name="Toppo night",
        start_time=soon(world),
        end_time=soon(world, 2 * LATER),
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location="https://discord.com/channels/1/2",
        description="Sign up in #games",
    )


async def test_an_external_event_is_made_moved_started_and_completed(world: World, probe: ProbeBot) -> None:
    event = await made(world, probe)
    [stored] = world.guild.scheduled_events.values()
    assert (stored.id, stored.location, stored.status) == (event.id, "https://discord.com/channels/1/2", 1)
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
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
    assert over.value.code == 50035, "a finished event cannot change"
    world.fake.take_problems()  # the refusal, which this test is about
    assert [e.id for e in await guild.fetch_scheduled_events()] == [event.id]
    await done.delete()
    assert world.guild.scheduled_events == {}


@pytest.mark.parametrize("why", ["past", "ends before it starts", "scheduled to completed", "no permission"])
async def test_what_discord_refuses_is_refused(world: World, probe: ProbeBot, why: str) -> None:
    guild = probe.get_guild(world.guild.id)
    assert guild is not None
    if why == "no permission":
        bot_role = world.guild.roles[world.guild.members[world.fake.application.bot.id].roles[0]]
        bot_role.permissions &= ~CREATE_EVENTS
    with pytest.raises(discord.HTTPException) as refused:
        if why == "scheduled to completed":
            await (await made(world, probe)).edit(status=discord.EventStatus.completed)
        else:
            await guild.create_scheduled_event(
                name="Toppo night",
                start_time=soon(world, -LATER if why == "past" else LATER),
                end_time=soon(world, LATER / 2 if why == "ends before it starts" else 2 * LATER),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location="#games",
            )
    assert refused.value.code == (50013 if why == "no permission" else 50035), refused.value.text
    assert len(world.guild.scheduled_events) == (1 if why == "scheduled to completed" else 0)
    world.fake.take_problems()  # the refusal, which this test is about


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
