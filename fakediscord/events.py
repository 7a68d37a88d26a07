"""Guild Scheduled Events, as Discord has them (a game night announces itself with one).

The routes discord.py uses (list, create, get, modify, delete under
``/guilds/{guild_id}/scheduled-events``) and the ``GUILD_SCHEDULED_EVENT_CREATE/UPDATE/DELETE``
events, for sessions that asked for the Guild Scheduled Events intent. Discord's rules, as its
documentation states them:

- Creating one needs Create Events or Manage Events; changing or deleting one the bot created
  needs either, anyone else's Manage Events (403, 50013 without). For a stage or voice event
  those are computed in its channel, which must also let the bot in (View Channel and Connect
  for voice; Manage Channels, Mute Members and Move Members for a stage); an external event's
  in the server.
- An external event (entity type 3) has no channel, and needs ``entity_metadata.location``
  (1-100 characters) and an end; a stage or voice one (1, 2) a channel of that kind, and keeps no
  metadata. A change to another kind must say all that of the new kind (an external one's
  ``channel_id`` given as null). A start in the past, or an end before the start, is refused
  (50035), as are names over 100 characters, descriptions over 1000, and any privacy level but
  guild only.
- Its status moves Scheduled -> Active or Canceled, and Active -> Completed, nothing else (50035
  on ``status``); an event Completed or Canceled is over and cannot change (180000).
- A server has at most 100 events Scheduled or Active (30038 for the 101st).
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from .limits import MISSING_PERMISSIONS, FormErrors, fail, json_error
from .model import (
    CONNECT,
    CREATE_EVENTS,
    GUILD_STAGE_VOICE,
    GUILD_VOICE,
    INTENT_GUILD_SCHEDULED_EVENTS,
    JSON,
    MANAGE_CHANNELS,
    MANAGE_EVENTS,
    MOVE_MEMBERS,
    MUTE_MEMBERS,
    VIEW_CHANNEL,
    Channel,
    Guild,
    User,
    iso,
)

if TYPE_CHECKING:
    from .rest import Call, Rest

STAGE, VOICE, EXTERNAL = 1, 2, 3
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
GUILD_ONLY = 2
"""The one privacy level Discord offers."""
MOVES: Final = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}
"""The status changes Discord allows, from each status that may change."""
CHANNEL_KINDS: Final = {STAGE: GUILD_STAGE_VOICE, VOICE: GUILD_VOICE}
"""The kind of channel an event of each kind takes place in (an external one has none)."""
CHANNEL_NEEDS: Final = {STAGE: MANAGE_CHANNELS | MUTE_MEMBERS | MOVE_MEMBERS, VOICE: VIEW_CHANNEL | CONNECT}
"""What the bot needs in that channel, besides Create or Manage Events, to make or change one."""
REQUIRED: Final = ("name", "privacy_level", "scheduled_start_time", "entity_type")
"""What a new event must be given."""
MAX_UNFINISHED = 100
UNKNOWN_EVENT = (404, 10070, "Unknown Guild Scheduled Event")
FINISHED_EVENT = (400, 180000, "Cannot update a finished event")
TOO_MANY_EVENTS = (400, 30038, "Maximum number of uncompleted guild scheduled events reached (100)")


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
            "privacy_level": GUILD_ONLY,
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


def _snowflake(value: Any) -> int | None:
    return None if value is None else int(value)


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

    def _channel(self, event: ScheduledEvent) -> Channel | None:
        """The stage or voice channel ``event`` takes place in, if it names one of that kind."""
        channel = event.guild.channels.get(event.channel_id or 0)
        wanted = CHANNEL_KINDS.get(event.entity_type)
        return channel if channel is not None and channel.type == wanted else None

    def _allowed(self, event: ScheduledEvent) -> None:
        """Refuse (50013) unless the bot may make, change or delete ``event`` as it is (or would
        be): Create Events or Manage Events for its own, Manage Events for anyone else's, with
        what a stage or voice event's channel needs, all computed in that channel (in the server
        for an external event, or a channel the place check refuses)."""
        bot = event.guild.members[self.fake.application.bot.id]
        channel = self._channel(event)
        permissions = bot.base_permissions() if channel is None else bot.permissions_in(channel)
        mine = event.creator.id == bot.user.id
        events = permissions & MANAGE_EVENTS or (mine and permissions & CREATE_EVENTS)
        needs = 0 if channel is None else CHANNEL_NEEDS[event.entity_type]
        if not events or permissions & needs != needs:
            raise fail(MISSING_PERMISSIONS)

    def _event(self, call: Call) -> ScheduledEvent:
        event = self.rest._guild(call).scheduled_events.get(call.snowflake("guild_scheduled_event_id"))
        if event is None:
            raise json_error(*UNKNOWN_EVENT)
        return event

    def _changed(self, event: ScheduledEvent, body: JSON, errors: FormErrors) -> ScheduledEvent:
        """``event`` with the fields ``body`` gives (a new event's, or a change's), what Discord
        refuses of them in ``errors``; a stage or voice event's metadata is dropped, as Discord
        silently does."""
        changed = dataclasses.replace(event)
        if body.get("name") is not None:
            errors.length(["name"], body["name"], 1, 100)
            changed.name = str(body["name"])
        if "description" in body:
            errors.length(["description"], body["description"], 1, 1000)
            changed.description = body["description"]
        if body.get("privacy_level") is not None:
            errors.choice(["privacy_level"], body["privacy_level"], [GUILD_ONLY])
        start = _time(errors, "scheduled_start_time", body.get("scheduled_start_time"))
        if start is not None:
            changed.start = start
            if changed.status == SCHEDULED and start < self.fake.clock.wall():
                errors.add(
                    ["scheduled_start_time"],
                    "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                    "Cannot schedule event in the past.",
                )
        if "scheduled_end_time" in body:
            changed.end = _time(errors, "scheduled_end_time", body["scheduled_end_time"])
        if body.get("entity_type") is not None:
            changed.entity_type = int(body["entity_type"])
        if "channel_id" in body:
            changed.channel_id = _snowflake(body["channel_id"])
        if "entity_metadata" in body:
            changed.location = (body["entity_metadata"] or {}).get("location")
        if changed.entity_type != EXTERNAL:
            changed.location = None
        return changed

    def _check_place(self, errors: FormErrors, event: ScheduledEvent) -> None:
        """Discord's field requirements by entity type, and an end after the start."""
        if event.entity_type == EXTERNAL:
            if event.channel_id is not None:
                errors.add(["channel_id"], "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL", "Must be null.")
            errors.length(["entity_metadata", "location"], event.location, 1, 100, required=True)
            if event.end is None:
                errors.add(["scheduled_end_time"], "BASE_TYPE_REQUIRED", "This field is required")
        elif event.entity_type in CHANNEL_KINDS:
            if self._channel(event) is None:
                errors.add(["channel_id"], "CHANNEL_TYPE_INVALID", "Channel is not of the event's kind.")
        else:
            errors.choice(["entity_type"], event.entity_type, [STAGE, VOICE, EXTERNAL])
        if event.end is not None and event.end <= event.start:
            errors.add(
                ["scheduled_end_time"],
                "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                "Cannot end before it starts.",
            )

    def _check_status(self, errors: FormErrors, event: ScheduledEvent, body: JSON) -> int:
        """The status ``body`` moves ``event`` to, if Discord allows that move."""
        if event.status not in MOVES:
            raise fail(FINISHED_EVENT)
        status = body.get("status")
        if status is None or status == event.status:
            return event.status
        if status not in MOVES[event.status]:
            errors.add(
                ["status"], "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION", "Invalid status transition."
            )
            return event.status
        return int(status)

    async def _tell(self, name: str, event: ScheduledEvent) -> None:
        await self.fake.gateway.dispatch(name, event.to_dict(), intent=INTENT_GUILD_SCHEDULED_EVENTS)

    async def list_events(self, call: Call) -> tuple[int, Any]:
        guild = self.rest._guild(call)
        return 200, [event.to_dict() for event in guild.scheduled_events.values()]

    async def get_event(self, call: Call) -> tuple[int, Any]:
        return 200, self._event(call).to_dict()

    async def create_event(self, call: Call) -> tuple[int, Any]:
        guild = self.rest._guild(call)
        body = call.json_payload()
        errors = FormErrors()
        for field in REQUIRED:
            if body.get(field) is None:
                errors.add([field], "BASE_TYPE_REQUIRED", "This field is required")
        errors.raise_if_any()  # the form's shape first, then what its values mean
        blank = ScheduledEvent(self.fake.ids.next(), guild, self.fake.application.bot, "", 0.0, None, 0)
        event = self._changed(blank, body, errors)
        self._allowed(event)
        self._check_place(errors, event)
        errors.raise_if_any()
        unfinished = [e for e in guild.scheduled_events.values() if e.status in (SCHEDULED, ACTIVE)]
        if len(unfinished) >= MAX_UNFINISHED:
            raise fail(TOO_MANY_EVENTS)
        guild.scheduled_events[event.id] = event
        await self._tell("GUILD_SCHEDULED_EVENT_CREATE", event)
        return 200, event.to_dict()

    async def modify_event(self, call: Call) -> tuple[int, Any]:
        event = self._event(call)
        self._allowed(event)
        body = call.json_payload()
        errors = FormErrors()
        status = self._check_status(errors, event, body)
        changed = self._changed(event, body, errors)
        changed.status = status
        self._allowed(changed)
        self._check_place(errors, changed)
        errors.raise_if_any()
        event.guild.scheduled_events[event.id] = changed
        await self._tell("GUILD_SCHEDULED_EVENT_UPDATE", changed)
        return 200, changed.to_dict()

    async def delete_event(self, call: Call) -> tuple[int, Any]:
        event = self._event(call)
        self._allowed(event)
        del event.guild.scheduled_events[event.id]
        await self._tell("GUILD_SCHEDULED_EVENT_DELETE", event)
        return 204, None
