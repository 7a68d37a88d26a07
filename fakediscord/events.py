"""Guild Scheduled Events, as Discord has them (a game night announces itself with one).

The routes discord.py uses (list, create, get, modify, delete under
``/guilds/{guild_id}/scheduled-events``) and the ``GUILD_SCHEDULED_EVENT_CREATE/UPDATE/DELETE``
events, for sessions that asked for the Guild Scheduled Events intent. Discord's rules, as its
documentation states them:

- Creating one needs Create Events or Manage Events; changing or deleting one the bot created
  needs either, anyone else's Manage Events (403, 50013 without).
- An external event (entity type 3) needs ``entity_metadata.location`` and an end; a stage or
  voice one (1, 2) a channel of that kind. A start in the past is refused (50035).
- Its status moves Scheduled -> Active or Canceled, and Active -> Completed, nothing else; an
  event Completed or Canceled is over and cannot change.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .limits import MISSING_PERMISSIONS, FormErrors, fail, json_error
from .model import CREATE_EVENTS, INTENT_GUILD_SCHEDULED_EVENTS, JSON, MANAGE_EVENTS, Guild, User, iso

if TYPE_CHECKING:
    from .rest import Call, Rest

STAGE, VOICE, EXTERNAL = 1, 2, 3
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
MOVES: Final = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}
"""The status changes Discord allows, from each status that may change."""
GUILD_STAGE_VOICE, GUILD_VOICE = 13, 2
UNKNOWN_EVENT = (404, 10070, "Unknown Guild Scheduled Event")


@dataclass
class ScheduledEvent:
    """One event of a server."""

    id: int
    guild: Guild
    creator: User
    name: str
    start: float
    end: float | None
    entity_type: int
    privacy_level: int = 2
    description: str | None = None
    channel_id: int | None = None
    location: str | None = None
    status: int = SCHEDULED

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild.id),
            "name": self.name,
            "description": self.description,
            "channel_id": None if self.channel_id is None else str(self.channel_id),
            "creator_id": str(self.creator.id),
            "creator": self.creator.to_dict(),
            "image": None,
            "scheduled_start_time": iso(self.start),
            "scheduled_end_time": None if self.end is None else iso(self.end),
            "status": self.status,
            "entity_type": self.entity_type,
            "entity_id": None,
            "recurrence_rule": None,
            "user_count": 0,
            "privacy_level": self.privacy_level,
            "user_rsvp": None,
            "guild_scheduled_event_exceptions": [],
            "entity_metadata": {"location": self.location} if self.entity_type == EXTERNAL else None,
        }


def _time(errors: FormErrors, field: str, value: Any) -> float | None:
    if value is None:
        return None
    try:
        return datetime.datetime.fromisoformat(str(value)).timestamp()
    except ValueError:
        errors.add([field], "DATE_TIME_TYPE_INVALID", "Could not parse date-time.")
        return None


class EventRoutes:
    """The scheduled events' routes, for :class:`~fakediscord.rest.Rest` to serve."""

    def __init__(self, rest: Rest) -> None:
        self.rest = rest
        self.fake = rest.fake

    def register(self) -> None:
        add = self.rest._add
        add("GET", "/guilds/{guild_id}/scheduled-events", self.list_events)
        add("POST", "/guilds/{guild_id}/scheduled-events", self.create_event)
        add("GET", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}", self.get_event)
        add("PATCH", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}", self.modify_event)
        add("DELETE", "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}", self.delete_event)

    def _allowed(self, guild: Guild, event: ScheduledEvent | None = None) -> None:
        """Create Events or Manage Events; someone else's event, Manage Events."""
        permissions = guild.members[self.fake.application.bot.id].base_permissions()
        mine = event is None or event.creator.id == self.fake.application.bot.id
        if not permissions & MANAGE_EVENTS and not (mine and permissions & CREATE_EVENTS):
            raise fail(MISSING_PERMISSIONS)

    def _event(self, call: Call) -> tuple[Guild, ScheduledEvent]:
        guild = self.rest._guild(call)
        event = guild.scheduled_events.get(call.snowflake("guild_scheduled_event_id"))
        if event is None:
            raise json_error(*UNKNOWN_EVENT)
        return guild, event

    def _check_place(self, errors: FormErrors, guild: Guild, event: ScheduledEvent) -> None:
        if event.entity_type == EXTERNAL:
            if not event.location:
                errors.add(["entity_metadata", "location"], "BASE_TYPE_REQUIRED", "This field is required")
            if event.end is None:
                errors.add(["scheduled_end_time"], "BASE_TYPE_REQUIRED", "This field is required")
        elif event.entity_type in (STAGE, VOICE):
            wanted = GUILD_STAGE_VOICE if event.entity_type == STAGE else GUILD_VOICE
            channel = guild.channels.get(event.channel_id or 0)
            if channel is None or channel.type != wanted:
                errors.add(["channel_id"], "CHANNEL_TYPE_INVALID", "Channel is not of the event's kind.")
        else:
            errors.add(
                ["entity_type"],
                "BASE_TYPE_CHOICES",
                f"Value must be one of {{{STAGE}, {VOICE}, {EXTERNAL}}}.",
            )
        if event.end is not None and event.end <= event.start:
            errors.add(
                ["scheduled_end_time"],
                "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                "Cannot end before it starts.",
            )

    async def _tell(self, name: str, event: ScheduledEvent) -> None:
        data = {**event.to_dict(), "guild_id": str(event.guild.id)}
        await self.fake.gateway.dispatch(name, data, intent=INTENT_GUILD_SCHEDULED_EVENTS)

    async def list_events(self, call: Call) -> tuple[int, Any]:
        guild = self.rest._guild(call)
        return 200, [event.to_dict() for event in guild.scheduled_events.values()]

    async def get_event(self, call: Call) -> tuple[int, Any]:
        return 200, self._event(call)[1].to_dict()

    async def create_event(self, call: Call) -> tuple[int, Any]:
        guild = self.rest._guild(call)
        self._allowed(guild)
        body = call.json_payload()
        errors = FormErrors()
        errors.length(["name"], body.get("name"), 1, 100, required=True)
        start = _time(errors, "scheduled_start_time", body.get("scheduled_start_time"))
        if start is None:
            errors.add(["scheduled_start_time"], "BASE_TYPE_REQUIRED", "This field is required")
        elif start < self.fake.clock.wall():
            errors.add(
                ["scheduled_start_time"],
                "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                "Cannot schedule event in the past.",
            )
        errors.raise_if_any()
        assert start is not None
        metadata = body.get("entity_metadata") or {}
        event = ScheduledEvent(
            id=self.fake.ids.next(),
            guild=guild,
            creator=self.fake.application.bot,
            name=str(body["name"]),
            start=start,
            end=_time(errors, "scheduled_end_time", body.get("scheduled_end_time")),
            entity_type=int(body.get("entity_type", 0)),
            privacy_level=int(body.get("privacy_level", 2)),
            description=body.get("description"),
            channel_id=None if body.get("channel_id") is None else int(body["channel_id"]),
            location=metadata.get("location"),
        )
        self._check_place(errors, guild, event)
        errors.raise_if_any()
        guild.scheduled_events[event.id] = event
        await self._tell("GUILD_SCHEDULED_EVENT_CREATE", event)
        return 200, event.to_dict()

    async def modify_event(self, call: Call) -> tuple[int, Any]:
        guild, event = self._event(call)
        self._allowed(guild, event)
        body = call.json_payload()
        errors = FormErrors()
        if event.status not in MOVES:
            errors.add(["status"], "GUILD_SCHEDULED_EVENT_INVALID_STATUS", "Cannot change a finished event.")
        status = body.get("status", event.status)
        if status != event.status and status not in MOVES.get(event.status, set()):
            errors.add(
                ["status"], "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION", "Invalid status transition."
            )
        errors.raise_if_any()
        changed = ScheduledEvent(**{**event.__dict__})
        if "name" in body:
            errors.length(["name"], body["name"], 1, 100, required=True)
            changed.name = str(body["name"])
        if "description" in body:
            changed.description = body["description"]
        if "scheduled_start_time" in body:
            changed.start = _time(errors, "scheduled_start_time", body["scheduled_start_time"]) or event.start
            if event.status == SCHEDULED and changed.start < self.fake.clock.wall():
                errors.add(
                    ["scheduled_start_time"],
                    "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                    "Cannot schedule event in the past.",
                )
        if "scheduled_end_time" in body:
            changed.end = _time(errors, "scheduled_end_time", body["scheduled_end_time"])
        if "entity_metadata" in body:
            changed.location = (body["entity_metadata"] or {}).get("location")
        changed.status = int(status)
        self._check_place(errors, guild, changed)
        errors.raise_if_any()
        guild.scheduled_events[event.id] = changed
        await self._tell("GUILD_SCHEDULED_EVENT_UPDATE", changed)
        return 200, changed.to_dict()

    async def delete_event(self, call: Call) -> tuple[int, Any]:
        guild, event = self._event(call)
        self._allowed(guild, event)
        del guild.scheduled_events[event.id]
        await self._tell("GUILD_SCHEDULED_EVENT_DELETE", event)
        return 204, None
