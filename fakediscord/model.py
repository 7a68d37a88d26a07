"""What the stand-in knows: the application, guilds, channels, members, messages and interactions.

These are plain objects the REST and gateway sides share. Each one renders itself the way Discord
would send it (``to_dict``), so the bot's discord.py builds its cache from the same shapes it gets
from Discord, and a missing field shows up as a discord.py error instead of passing quietly.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
import re
import secrets
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .events import ScheduledEvent

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
MUTE_MEMBERS = 1 << 22
MOVE_MEMBERS = 1 << 24
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_EVENTS = 1 << 33
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
CREATE_EVENTS = 1 << 44
ALL_PERMISSIONS = (1 << 51) - 1
EVERYONE_DEFAULT = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)

# Channel types.
GUILD_TEXT = 0
GUILD_VOICE = 2
GUILD_STAGE_VOICE = 13
GUILD_ANNOUNCEMENT = 5
PUBLIC_THREAD = 11
GUILD_FORUM = 15
GUILD_MEDIA = 16
THREAD_TYPES = frozenset({10, PUBLIC_THREAD, 12})
ARCHIVE_DURATIONS = frozenset({60, 1440, 4320, 10080})

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_COMPONENTS_V2 = 1 << 15

# Gateway intents this model cares about.
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
INTENT_GUILD_SCHEDULED_EVENTS = 1 << 16
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
APPLICATION_COMMAND_AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

ACK_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0


@dataclass(frozen=True)
class ClockReading:
    """Where a :class:`Clock` stood when its world was saved, to carry on from in another process."""

    advanced: float
    """Seconds the clock had been moved forward."""
    ahead: float
    """``now()`` minus ``wall()``: monotonic readings (interactions' creation, tokens' expiry)
    are kept against this, so a saved world's tokens age with real time across a restart."""


class Clock:
    """Seconds that a test can move forward.

    Deadlines (3-second acknowledgement, 15-minute tokens, rate-limit windows) are read from this
    clock, so a test shows an expired token by advancing it instead of waiting 15 minutes.
    """

    def __init__(self) -> None:
        self._offset = 0.0
        # What moves monotonic readings onto the timeline of a world saved by another process.
        self._rebase = 0.0

    def now(self) -> float:
        """Monotonic seconds, plus whatever the test advanced."""
        return time.monotonic() + self._rebase + self._offset

    def wall(self) -> float:
        """Unix time, plus whatever the test advanced (for timestamps and snowflakes)."""
        return time.time() + self._offset

    def advance(self, seconds: float) -> None:
        self._offset += seconds

    def reading(self) -> ClockReading:
        return ClockReading(self._offset, self.now() - self.wall())

    def resume(self, reading: ClockReading) -> None:
        """Carry on from ``reading``, taken by another process: the time between counts as it
        passed on the wall clock, so a token saved 10 minutes before has 5 left."""
        self._offset = reading.advanced
        self._rebase = reading.ahead - (time.monotonic() - time.time())


class Snowflakes:
    """Discord ids: increasing, and carrying their creation time like the real ones."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self.counter = 0
        """How many ids were made: their increment field (saved with the world)."""

    def next(self) -> int:
        ms = int(self._clock.wall() * 1000) - DISCORD_EPOCH_MS
        self.counter += 1
        return (ms << 22) | (1 << 17) | ((self.counter - 1) & 0xFFF)


def walk_components(components: Sequence[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if key in component:
                yield from walk_components([component[key]])


SELECT_TYPES = (3, 5, 6, 7, 8)
MEDIA_ATTACHMENT = "attachment://"
"""How a layout names a file uploaded with its message."""


def command_path(data: JSON) -> str:
    """A command's name as a message shows who used it: with its subcommand group and
    subcommand ("toppo start"), as Discord's ``interaction.name`` gives it."""
    words, options = [str(data.get("name", ""))], data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # a subcommand, or a group of them
        words.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(words)


def numbered(components: Sequence[JSON], attachments: Sequence[Attachment] = ()) -> list[JSON]:
    """The components as Discord answers them: each with an ``id``, numbered depth first from 1
    where the sender gave none (skipping the ids it did give), a select menu's defaults (one
    value, at least one) and a container's and a gallery item's filled in, and each picture's
    address resolved (``attachment://<name>`` to the attachment's own)."""
    taken = {c["id"] for c in walk_components(components) if "id" in c}
    free = (n for n in itertools.count(1) if n not in taken)
    by_name = {a.filename: a for a in attachments}

    def media(item: JSON) -> JSON:
        url = str(item.get("url", ""))
        found = by_name.get(url.removeprefix(MEDIA_ATTACHMENT)) if url.startswith(MEDIA_ATTACHMENT) else None
        if found is None:
            return {"id": "0", "url": url, "proxy_url": url, "width": None, "height": None}
        return {
            "id": str(found.id),
            "url": found.url,
            "proxy_url": found.url,
            "width": found.width,
            "height": found.height,
            "content_type": found.content_type,
            "attachment_id": str(found.id),
        }

    def number(component: JSON) -> JSON:
        copy = {**component}
        copy.setdefault("id", next(free))
        kind = copy.get("type")
        if "emoji" in copy:
            copy["emoji"] = answered_emoji(copy["emoji"])
        if kind in SELECT_TYPES:
            copy.setdefault("min_values", 1)
            copy.setdefault("max_values", 1)
            if "options" in copy:
                copy["options"] = [
                    {**option, "emoji": answered_emoji(option["emoji"])} if "emoji" in option else option
                    for option in copy["options"]
                ]
        elif kind == 17:
            copy.setdefault("accent_color", None)
            copy.setdefault("spoiler", False)
        elif kind == 12:
            copy["items"] = [
                {"description": None, "spoiler": False, **item, "media": media(item.get("media") or {})}
                for item in copy.get("items") or []
            ]
        if "components" in copy:
            copy["components"] = [number(c) for c in copy["components"]]
        for key in ("accessory", "component"):
            if key in copy:
                copy[key] = number(copy[key])
        return copy

    return [number(c) for c in components]


def answered_emoji(emoji: JSON) -> JSON:
    """A component's emoji as Discord answers it: a custom one's id as a string (a client may send
    it as a number) and whether it is animated; a Unicode emoji by its name alone."""
    if emoji.get("id") is None:
        return {"name": emoji.get("name")}
    return {"id": str(emoji["id"]), "name": emoji.get("name"), "animated": bool(emoji.get("animated"))}


def media_named(components: Sequence[JSON]) -> Iterator[tuple[list[str | int], str]]:
    """Every picture address a layout names (gallery items, thumbnails, files), with where, for
    checking that each ``attachment://<name>`` names an attachment of the message."""

    def walk(component: JSON, path: list[str | int]) -> Iterator[tuple[list[str | int], str]]:
        kind = component.get("type")
        if kind == 12:
            for i, item in enumerate(component.get("items") or []):
                yield [*path, "items", i, "media", "url"], str((item.get("media") or {}).get("url", ""))
        elif kind in (11, 13):
            key = "media" if kind == 11 else "file"
            yield [*path, key, "url"], str((component.get(key) or {}).get("url", ""))
        for i, child in enumerate(component.get("components") or []):
            yield from walk(child, [*path, "components", i])
        if "accessory" in component:
            yield from walk(component["accessory"], [*path, "accessory"])

    for i, component in enumerate(components):
        yield from walk(component, [i])


def iso(ts: float) -> str:
    return datetime.datetime.fromtimestamp(ts, datetime.UTC).isoformat()


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    locale: str = "en-US"

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": None if self.bot else self.username.title(),
            "discriminator": "0001" if self.bot else "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }

    def to_private_dict(self) -> JSON:
        """``GET /users/@me``: the user as they see themselves (with what only they may read)."""
        return {**self.to_dict(), "mfa_enabled": False, "locale": "en-US", "verified": True}


@dataclass
class AppEmoji:
    """One of the application's own emojis (not a server's): usable by its bot anywhere, in
    messages and on components. ``image`` is the uploaded file."""

    id: int
    name: str
    image: bytes
    user: User
    """Who uploaded it (the bot, for the emojis its code creates)."""

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "roles": [],
            "user": self.user.to_dict(),
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }


@dataclass
class Application:
    """The bot's application. Commands and the application's emojis belong here, so they survive
    a restart of the bot process."""

    id: int
    name: str
    bot: User
    owner: User
    token: str = field(default_factory=lambda: "fake." + secrets.token_urlsafe(24))
    flags: int = 0
    global_commands: list[JSON] = field(default_factory=list)
    guild_commands: dict[int, list[JSON]] = field(default_factory=dict)
    emojis: dict[int, AppEmoji] = field(default_factory=dict)
    """By id, in the order they were created."""

    def emoji_named(self, name: str) -> AppEmoji | None:
        return next((emoji for emoji in self.emojis.values() if emoji.name == name), None)

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.to_dict(),
            "team": None,
            "flags": self.flags,
            "bot": self.bot.to_dict(),
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": 1,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "flags_new": str(self.flags),
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def to_dict(self) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class Member:
    user: User
    guild: Guild
    roles: list[int] = field(default_factory=list)
    joined: float = field(default_factory=time.time)

    def to_dict(self, *, with_user: bool = True) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in self.roles],
            "nick": None,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.to_dict()
        return data

    def base_permissions(self) -> int:
        """Guild-wide permissions: @everyone plus the member's roles; owner and admins get all."""
        if self.user.id == self.guild.owner_id:
            return ALL_PERMISSIONS
        perms = self.guild.roles[self.guild.id].permissions
        for role_id in self.roles:
            perms |= self.guild.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def top_position(self) -> int:
        """The position of the member's highest role (0, @everyone's, if they have none): they
        may manage only roles below it, as Discord's role hierarchy says."""
        return max((self.guild.roles[role_id].position for role_id in self.roles), default=0)

    def permissions_in(self, channel: Channel) -> int:
        """Channel permissions, applying overwrites in Discord's order (everyone, roles, member);
        a thread's are its parent channel's."""
        if channel.parent is not None:
            channel = channel.parent
        perms = self.base_permissions()
        if perms == ALL_PERMISSIONS:
            return perms
        by_target = {o.target_id: o for o in channel.overwrites}
        everyone = by_target.get(self.guild.id)
        if everyone:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in self.roles:
            overwrite = by_target.get(role_id)
            if overwrite:
                allow |= overwrite.allow
                deny |= overwrite.deny
        perms = (perms & ~deny) | allow
        own = by_target.get(self.user.id)
        if own:
            perms = (perms & ~own.deny) | own.allow
        return perms


@dataclass
class Overwrite:
    target_id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def to_dict(self) -> JSON:
        return {
            "id": str(self.target_id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass
class Attachment:
    id: int
    filename: str
    content_type: str | None
    data: bytes
    url: str
    description: str | None = None
    width: int | None = None
    height: int | None = None

    def to_dict(self, *, ephemeral: bool) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": ephemeral,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.width is not None:
            data["width"], data["height"] = self.width, self.height
        return data


@dataclass
class Channel:
    """A server's channel (text by default), a thread in one (``parent``: the channel it was
    started in; its members, whether it is archived), or (``dm``) a member's direct messages with
    the bot: those keep the server the member was met in only for the stand-in's bookkeeping, and
    tell the bot none."""

    id: int
    guild: Guild
    name: str
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    messages: dict[int, Message] = field(default_factory=dict)
    dm: bool = False
    type: int = GUILD_TEXT
    parent: Channel | None = None
    owner_id: int | None = None
    thread_members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_changed: float = 0.0
    # Messages ever sent in a thread (deleted ones included), as Discord counts them.
    total_sent: int = 0
    recipient: User | None = None
    """A direct-message channel's member."""

    def __setstate__(self, state: JSON) -> None:
        """A channel as a local world saved before channels knew their DM's member."""
        self.__dict__.update({"recipient": None, **state})

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def message_intent(self) -> int:
        """The intent a session needs to hear of this channel's messages (Discord's Direct
        Messages one for a DM: a bot without it, as bot.py is, gets no news of its own DMs)."""
        return INTENT_DIRECT_MESSAGES if self.dm else INTENT_GUILD_MESSAGES

    def to_dict(self) -> JSON:
        if self.dm:
            recipients = [] if self.recipient is None else [self.recipient.to_dict()]
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": recipients,
            }
        if self.parent is not None:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "parent_id": str(self.parent.id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": None,
                "rate_limit_per_user": 0,
                "flags": 0,
                "member_count": min(len(self.thread_members), 50),
                "message_count": sum(1 for m in self.messages.values() if not m.ephemeral),
                "total_message_sent": self.total_sent,
                "thread_metadata": {
                    "archived": self.archived,
                    "archive_timestamp": iso(self.archive_changed),
                    "auto_archive_duration": self.auto_archive_duration,
                    "locked": self.locked,
                    "create_timestamp": iso(self.archive_changed),
                },
            }
        shown: JSON = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.to_dict() for o in self.overwrites],
            "topic": None,
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }
        if self.type in (GUILD_VOICE, GUILD_STAGE_VOICE):  # what a voice channel has besides
            shown |= {"bitrate": 64000, "user_limit": 0, "rtc_region": None, "video_quality_mode": 1}
        return shown


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    threads: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    scheduled_events: dict[int, ScheduledEvent] = field(default_factory=dict)

    def __setstate__(self, state: JSON) -> None:
        """A server as a local world saved before it had scheduled events: it has none."""
        self.__dict__.update({"scheduled_events": {}, **state})

    def to_dict(self, *, bot_id: int, all_members: bool) -> JSON:
        """GUILD_CREATE as Discord sends it: without the members intent only the bot's own member;
        the scheduled events whatever the intents (those only bring their news)."""
        members = [m for m in self.members.values() if all_members or m.user.id == bot_id]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "max_presences": None,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "home_header": None,
            "region": "deprecated",
            "widget_enabled": False,
            "widget_channel_id": None,
            "nsfw": False,
            "incidents_data": None,
            "features": [],
            "roles": [r.to_dict() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "channels": [c.to_dict() for c in self.channels.values()],
            "threads": [t.to_dict() for t in self.threads.values() if not t.archived],
            "members": [m.to_dict() for m in members],
            "member_count": len(self.members),
            "large": False,
            "unavailable": False,
            "joined_at": iso(time.time()),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [e.to_dict() for e in self.scheduled_events.values()],
            "soundboard_sounds": [],
            "application_id": None,
        }


@dataclass
class Message:
    id: int
    channel: Channel
    author: User
    created: float
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    # The one user who sees an ephemeral message; None for a public message.
    visible_to: int | None = None
    interaction: Interaction | None = None
    type: int = 0
    edited: float | None = None

    @property
    def ephemeral(self) -> bool:
        return self.visible_to is not None

    def to_dict(self, *, gateway: bool = False) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "type": self.type,
            "author": self.author.to_dict(),
            "content": self.content,
            "timestamp": iso(self.created),
            "edited_timestamp": None if self.edited is None else iso(self.edited),
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_dict(ephemeral=self.ephemeral) for a in self.attachments],
            "embeds": self.embeds,
            "components": numbered(self.components, self.attachments),
            "pinned": False,
            "flags": self.flags,
        }
        if self.interaction is not None:
            rec = self.interaction
            data["webhook_id"] = str(rec.application_id)
            data["application_id"] = str(rec.application_id)
            data["interaction_metadata"] = rec.metadata()
            data["interaction"] = {
                "id": str(rec.id),
                "type": rec.type,
                "name": command_path(rec.data),
                "user": rec.member.user.to_dict(),
            }
        if gateway and not self.channel.dm:
            data["guild_id"] = str(self.channel.guild.id)
            member = self.channel.guild.members.get(self.author.id)
            if member is not None:
                data["member"] = member.to_dict(with_user=False)
        return data


@dataclass
class Ping:
    """A notification Discord gave ``user`` for a message that mentioned them (only a new
    channel message notifies; an edit never does). A ping whose message was deleted leaves the
    notification pointing at nothing: a "ghost ping"."""

    user: int
    message_id: int
    channel_id: int
    at: float
    deleted: bool = False


MENTION: Final = re.compile(r"<@!?(\d+)>")


def mentioned(content: str, allowed: Any) -> list[int]:
    """The users a new message with ``content`` notifies, as ``allowed_mentions`` lets it
    (none given: every mention notifies)."""
    users = [int(found) for found in MENTION.findall(content)]
    if allowed is None:
        return users
    if "users" in (allowed.get("parse") or []):
        return users
    listed = {int(user) for user in allowed.get("users") or []}
    return [user for user in users if user in listed]


@dataclass
class Interaction:
    """One interaction, from the user's action to the bot's answers, with its token's deadlines."""

    id: int
    application_id: int
    token: str
    type: int
    member: Member
    channel: Channel
    locale: str
    data: JSON
    created: float
    # The message whose component was used (component interactions, and modals opened from one).
    message: Message | None = None
    # The interaction whose answer opened the modal (modal submits).
    triggered_by: Interaction | None = None
    response_type: int | None = None
    # The "@original" message: the reply (types 4, 5) or the component's message (types 6, 7).
    original: Message | None = None
    loading: bool = False
    followups: list[Message] = field(default_factory=list)
    modal: JSON | None = None
    # The choices an autocomplete interaction was answered with (response type 8).
    choices: list[JSON] | None = None
    failed: bool = False
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    # When the bot's interaction response arrived (clock seconds), for latency benchmarks.
    answered_at: float | None = None
    # When a callback request for it reached the stand-in, before its body was read.
    callback_arrived: float | None = None
    # Callback requests for it that reached the stand-in, answered or refused.
    callbacks: int = 0
    # When what the user asked for was first shown (clock seconds): the interaction response,
    # or after a deferral the first edit or follow-up that fills it in. For latency benchmarks.
    shown_at: float | None = None

    def metadata(self) -> JSON:
        """What a message this interaction made says of it (``interaction_metadata``)."""
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "user": self.member.user.to_dict(),
            "authorizing_integration_owners": self.owners(),
        }
        if self.type == MESSAGE_COMPONENT and self.message is not None:
            data["interacted_message_id"] = str(self.message.id)
        if self.triggered_by is not None:
            data["triggering_interaction_metadata"] = self.triggered_by.metadata()
        return data

    def owners(self) -> JSON:
        """``authorizing_integration_owners`` of an app installed to a server: the server, or
        "0" in direct messages with the bot."""
        return {"0": "0" if self.channel.dm else str(self.channel.guild.id)}

    def payload(self, bot_member: Member) -> JSON:
        """INTERACTION_CREATE's data, with every field discord.py reads: in direct messages,
        the user in place of a server and its member."""
        guild = self.channel.guild
        member = self.member.to_dict()
        member["permissions"] = str(self.member.permissions_in(self.channel))
        channel = self.channel.to_dict()
        channel["permissions"] = member["permissions"]
        data: JSON = {
            "id": str(self.id),
            "application_id": str(self.application_id),
            "type": self.type,
            "data": self.data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
            "channel": channel,
            "channel_id": str(self.channel.id),
            "member": member,
            "token": self.token,
            "version": 1,
            "locale": self.locale,
            "guild_locale": guild.preferred_locale,
            "app_permissions": str(bot_member.permissions_in(self.channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self.owners(),
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if self.channel.dm:
            for key in ("guild_id", "guild", "member", "guild_locale"):
                del data[key]
            data.update(user=self.member.user.to_dict(), context=1)
            data["channel"] = {**self.channel.to_dict(), "recipients": [data["user"]]}
        if self.message is not None:
            data["message"] = self.message.to_dict()
        return data
