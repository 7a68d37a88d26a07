"""A game night's Discord Scheduled Event (issue 45): made when the night is planned, moved with
it, started when it starts, completed when it ends, cancelled with it.

A text channel cannot be an event's place (Discord takes only voice and stage channels), so the
event is an external one whose location is the channel's link, which opens the channel. Its end
is required for such an event: the night's start plus how long it should last. Someone may
delete the event in Discord meanwhile: the night goes on without it, and a change that cannot
reach it is logged, never a fault.
"""

import logging
from datetime import datetime, timedelta
from typing import Any, Final

import discord

from data import Night
from tables.night_plan import NightSettings

log = logging.getLogger(__name__)

ROUND_MINUTES: Final = 25
"""How long a round of a night is expected to take, for its event's end."""
DESCRIPTION_LIMIT: Final = 1000
"""Discord's limit on an event's description."""


def expected_end(night: Night) -> datetime:
    """When the night should be over: its rounds at :data:`ROUND_MINUTES` each, or the arena's length."""
    settings = NightSettings.from_json(night.settings)
    minutes = settings.rounds * ROUND_MINUTES if night.format == "rounds" else settings.minutes
    return night.starts_at + timedelta(minutes=minutes)


def location(night: Night) -> str:
    return f"https://discord.com/channels/{night.guild_id}/{night.channel_id}"


async def create_event(client: discord.Client, night: Night, name: str, description: str) -> int:
    """The night's event; its id. Discord's refusal is the caller's to handle."""
    guild = client.get_guild(night.guild_id) or await client.fetch_guild(night.guild_id)
    event = await guild.create_scheduled_event(
        name=name[:100],
        start_time=night.starts_at,
        end_time=expected_end(night),
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location=location(night),
        description=description[:DESCRIPTION_LIMIT],
        reason="game night planned",
    )
    return event.id


async def change_event(client: discord.Client, night: Night, **changes: Any) -> None:
    """Edit the night's event (its times, its status); logged if it cannot be."""
    if night.event_id is None:
        return
    try:
        guild = client.get_guild(night.guild_id) or await client.fetch_guild(night.guild_id)
        event = await guild.fetch_scheduled_event(night.event_id)
        await event.edit(**changes)
    except discord.HTTPException as error:
        log.warning("night %d's event %d not changed (%s): %s", night.id, night.event_id, changes, error)


async def moved(client: discord.Client, night: Night) -> None:
    await change_event(client, night, start_time=night.starts_at, end_time=expected_end(night))


async def started(client: discord.Client, night: Night) -> None:
    await change_event(client, night, status=discord.EventStatus.active)


async def completed(client: discord.Client, night: Night) -> None:
    await change_event(client, night, status=discord.EventStatus.completed)


async def cancelled(client: discord.Client, night: Night) -> None:
    await change_event(client, night, status=discord.EventStatus.cancelled)
