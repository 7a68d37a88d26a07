"""The REST routes the bot uses, with Discord's answers, limits and error bodies.

Routes are declared with the same path templates discord.py's ``Route`` uses, so the stand-in's
request counts, faults and rate-limit buckets are keyed exactly like discord.py's own buckets
("POST /channels/{channel_id}/messages"). A request to any other route is answered 404 and
recorded as a problem: the test fails at teardown instead of passing on a silent 200.
"""

from __future__ import annotations

import io
import json
import mimetypes
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web
from PIL import Image

from .events import EventRoutes
from .limits import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_DM,
    EMPTY_MESSAGE,
    ENTITY_TOO_LARGE,
    INVALID_CHANNEL_TYPE,
    INVALID_WEBHOOK_TOKEN,
    MAX_APPLICATION_EMOJIS,
    MAX_EMOJIS,
    MAX_FILE_BYTES,
    MAX_FILES,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    THREAD_ALREADY_CREATED,
    THREAD_ARCHIVED,
    UNAUTHORIZED,
    UNKNOWN_APPLICATION,
    UNKNOWN_CHANNEL,
    UNKNOWN_EMOJI,
    UNKNOWN_GUILD,
    UNKNOWN_INTERACTION,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    UNKNOWN_WEBHOOK,
    ApiError,
    FormErrors,
    check_choices,
    check_commands,
    check_emoji_name,
    check_message,
    check_modal,
    emoji_image,
    fail,
)
from .model import (
    ACK_DEADLINE,
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    ARCHIVE_DURATIONS,
    ATTACH_FILES,
    CREATE_PUBLIC_THREADS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    INTENT_GUILD_MEMBERS,
    JSON,
    MANAGE_ROLES,
    MANAGE_THREADS,
    MEDIA_ATTACHMENT,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PUBLIC_THREAD,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    TOKEN_LIFETIME,
    VIEW_CHANNEL,
    AppEmoji,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Member,
    Message,
    Ping,
    Role,
    iso,
    media_named,
    mentioned,
)

if TYPE_CHECKING:
    from .server import FakeDiscord

CHANNEL_FLAGS = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2
INTERACTION_FLAGS = CHANNEL_FLAGS | FLAG_EPHEMERAL
MESSAGE_TYPE_CHAT_INPUT_COMMAND = 20

NOT_FOUND = {"message": "404: Not Found", "code": 0}
GUILD_CREATE_ONLY = (
    "channels",
    "members",
    "threads",
    "voice_states",
    "presences",
    "joined_at",
    "guild_scheduled_events",
)
"""What GUILD_CREATE tells of a server and ``GET /guilds/{guild_id}`` does not."""


def stored_embed(embed: JSON) -> JSON:
    """An embed as Discord keeps and answers it: a rich embed, each field saying if it is inline."""
    if "fields" in embed:
        embed = {**embed, "fields": [{"inline": False, **f} for f in embed["fields"]]}
    return {"type": "rich", **embed}


def focused_type(data: JSON) -> int:
    """The type of the option an autocomplete interaction is about (the one marked focused)."""
    options = data.get("options") or []
    while options:
        focused = next((o for o in options if o.get("focused")), None)
        if focused is not None:
            return int(focused["type"])
        options = options[0].get("options") or []
    raise AssertionError("an autocomplete interaction without a focused option")


# Which callback types each interaction type accepts (types 6 and 7 need a message to act on).
CALLBACK_TYPES = {
    APPLICATION_COMMAND: (4, 5, 9),
    MESSAGE_COMPONENT: (4, 5, 6, 7, 9),
    APPLICATION_COMMAND_AUTOCOMPLETE: (8,),
    MODAL_SUBMIT: (4, 5),
}


@dataclass
class Upload:
    index: int
    filename: str
    data: bytes


@dataclass
class Call:
    """One request, parsed: its route key, path parameters, JSON payload and uploaded files."""

    request: web.Request
    route: str
    params: dict[str, str]
    arrived: float
    """When the request reached the stand-in (clock seconds), before its body was read: Discord
    times an interaction's acknowledgement from there, however long the body takes to parse."""
    payload: Any = None
    uploads: list[Upload] = field(default_factory=list)

    def snowflake(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise ApiError(
                400, {"message": f'Value "{self.params[name]}" is not snowflake.', "code": 50035}
            ) from None

    def json_payload(self) -> JSON:
        if not isinstance(self.payload, dict):
            raise ApiError(400, {"message": "400: Bad Request", "code": 0})
        return self.payload


Handler = Callable[[Call], Awaitable["tuple[int, Any]"]]


@dataclass(frozen=True)
class RouteSpec:
    method: str
    template: str
    handler: Handler
    bot_auth: bool
    pattern: re.Pattern[str]

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"


def json_response(body: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type: discord.py only decodes "application/json" (no charset)."""
    return web.Response(
        body=json.dumps(body).encode(), status=status, headers=headers, content_type="application/json"
    )


def _compile(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{\w+\})", template)
    regex = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(regex + "$")


class Rest:
    """The API under ``/api/v10``."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[RouteSpec] = []
        r = self._add
        r("GET", "/gateway/bot", self.get_gateway)
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.create_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/{application_id}/commands", self.get_commands)
        r("PUT", "/applications/{application_id}/commands", self.put_commands)
        r("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands)
        r("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands)
        r("GET", "/applications/{application_id}/emojis", self.list_emojis)
        r("POST", "/applications/{application_id}/emojis", self.create_emoji)
        r("GET", "/applications/{application_id}/emojis/{emoji_id}", self.get_emoji)
        r("PATCH", "/applications/{application_id}/emojis/{emoji_id}", self.edit_emoji)
        r("DELETE", "/applications/{application_id}/emojis/{emoji_id}", self.delete_emoji)
        r("POST", "/interactions/{webhook_id}/{webhook_token}/callback", self.callback, bot_auth=False)
        r("POST", "/webhooks/{webhook_id}/{webhook_token}", self.followup, bot_auth=False)
        for suffix in ("@original", "{message_id}"):
            path = "/webhooks/{webhook_id}/{webhook_token}/messages/" + suffix
            r("GET", path, self.get_webhook_message, bot_auth=False)
            r("PATCH", path, self.edit_webhook_message, bot_auth=False)
            r("DELETE", path, self.delete_webhook_message, bot_auth=False)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.modify_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.start_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        r("GET", "/channels/{channel_id}/messages", self.get_history)
        r("POST", "/channels/{channel_id}/messages", self.create_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        r("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_member_role)
        r("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.remove_member_role)
        EventRoutes(self).register()
        self.route_keys = frozenset(spec.key for spec in self.routes)

    def _add(self, method: str, template: str, handler: Handler, *, bot_auth: bool = True) -> None:
        self.routes.append(RouteSpec(method, template, handler, bot_auth, _compile(template)))

    # Plumbing.

    async def handle(self, request: web.Request) -> web.StreamResponse:
        fake = self.fake
        arrived = fake.clock.now()
        fake.begin_request()
        path = "/" + request.match_info["tail"]
        try:
            status, body, headers = await self._answer(request, path, arrived)
        finally:
            fake.end_request()
        if status == 404 and body == NOT_FOUND:
            fake.problem(f"unknown route: {request.method} {path} (the stand-in does not implement it)")
        elif 400 <= status < 500 and status != 429:
            fake.problem(f"{request.method} {request.path_qs} -> {status} {json.dumps(body)}")
        if body is None:
            return web.Response(status=status, headers=headers)
        return json_response(body, status=status, headers=headers)

    async def _answer(
        self, request: web.Request, path: str, arrived: float
    ) -> tuple[int, Any, dict[str, str]]:
        matches = [(spec, m) for spec in self.routes if (m := spec.pattern.match(path))]
        if not matches:
            return 404, NOT_FOUND, {}
        chosen = next(((s, m) for s, m in matches if s.method == request.method), None)
        if chosen is None:
            return 405, {"message": "405: Method Not Allowed", "code": 0}, {}
        spec, match = chosen
        headers: dict[str, str] = {}
        try:
            if spec.bot_auth and request.headers.get("Authorization") != f"Bot {self.fake.application.token}":
                raise fail(UNAUTHORIZED)
            await self.fake.ratelimits.wait_if_held(spec.key)
            headers = self.fake.ratelimits.admit(spec.key, match.groupdict(), bot_token=spec.bot_auth)
            call = Call(request, spec.key, match.groupdict(), arrived)
            if spec.handler == self.callback:
                self.fake.callback_arrived(call.params["webhook_id"], arrived)
            await self._read_body(call)
            if self.fake.contract is not None:
                for problem in self.fake.contract.check_request(spec.method, spec.template, call.payload):
                    self.fake.problem(problem)
            status, body = await spec.handler(call)
            await self.fake.ratelimits.wait_if_held(spec.key, done=True)
        except ApiError as error:
            status, body, headers = error.status, error.body, {**headers, **error.headers}
            if spec.handler == self.callback:
                self.fake.callback_arrived(match["webhook_id"], None)
        if self.fake.contract is not None:
            for problem in self.fake.contract.check_response(spec.method, spec.template, status, body):
                self.fake.problem(problem)
        return status, body, headers

    async def _read_body(self, call: Call) -> None:
        request = call.request
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                assert isinstance(part, BodyPartReader), "discord.py never nests multipart bodies"
                name = part.name or ""
                file_match = re.fullmatch(r"files\[(\d+)\]", name)
                if name == "payload_json":
                    call.payload = json.loads(await part.text())
                elif file_match:
                    data = await part.read()
                    call.uploads.append(Upload(int(file_match[1]), part.filename or "unknown", bytes(data)))
                else:
                    raise ApiError(400, {"message": f"Unknown multipart field {name!r}", "code": 50035})
            return
        if request.can_read_body:
            try:
                call.payload = await request.json()
            except ValueError:
                raise ApiError(
                    400, {"message": "The request body contains invalid JSON.", "code": 50109}
                ) from None

    # Meta and identity.

    async def get_gateway(self, call: Call) -> tuple[int, Any]:
        limit = {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}
        return 200, {"url": self.fake.gateway_url, "shards": self.fake.shards, "session_start_limit": limit}

    async def get_me(self, call: Call) -> tuple[int, Any]:
        return 200, self.fake.application.bot.to_private_dict()

    async def get_user(self, call: Call) -> tuple[int, Any]:
        user = self.fake.users.get(call.snowflake("user_id"))
        if user is None:
            raise fail(UNKNOWN_USER)
        return 200, user.to_dict()

    async def get_application(self, call: Call) -> tuple[int, Any]:
        return 200, self.fake.application.to_dict()

    # Commands.

    def _command_list(self, call: Call) -> tuple[list[JSON], Guild | None]:
        app = self.fake.application
        if call.snowflake("application_id") != app.id:
            raise fail(UNKNOWN_APPLICATION)
        if "guild_id" not in call.params:
            return app.global_commands, None
        guild = self.fake.guilds.get(call.snowflake("guild_id"))
        if guild is None or app.bot.id not in guild.members:
            raise fail(MISSING_ACCESS)
        return app.guild_commands.setdefault(guild.id, []), guild

    async def get_commands(self, call: Call) -> tuple[int, Any]:
        commands, _ = self._command_list(call)
        return 200, commands

    async def put_commands(self, call: Call) -> tuple[int, Any]:
        old, guild = self._command_list(call)
        errors = FormErrors()
        check_commands(errors, call.payload)
        errors.raise_if_any()
        ids = {(c["type"], c["name"]): c["id"] for c in old}
        stored = []
        for command in call.payload:
            kind = command.get("type", 1)
            entry = {
                "id": ids.get((kind, command["name"])) or str(self.fake.ids.next()),
                "application_id": str(self.fake.application.id),
                "version": str(self.fake.ids.next()),
                "type": kind,
                "name": command["name"],
                "name_localizations": command.get("name_localizations"),
                "description": command.get("description", ""),
                "description_localizations": command.get("description_localizations"),
                "options": command.get("options") or [],
                "default_member_permissions": command.get("default_member_permissions"),
                "dm_permission": command.get("dm_permission", True),
                "nsfw": command.get("nsfw", False),
                "contexts": command.get("contexts"),
                "integration_types": command.get("integration_types") or [0],
            }
            if guild is not None:
                entry["guild_id"] = str(guild.id)
            stored.append(entry)
        old[:] = stored
        self.fake.observers.commands_changed()
        return 200, stored

    # The application's emojis.

    def _emojis(self, call: Call) -> dict[int, AppEmoji]:
        app = self.fake.application
        if call.snowflake("application_id") != app.id:
            raise fail(UNKNOWN_APPLICATION)
        return app.emojis

    def _emoji(self, call: Call) -> AppEmoji:
        emoji = self._emojis(call).get(call.snowflake("emoji_id"))
        if emoji is None:
            raise fail(UNKNOWN_EMOJI)
        return emoji

    async def list_emojis(self, call: Call) -> tuple[int, Any]:
        return 200, {"items": [emoji.to_dict() for emoji in self._emojis(call).values()]}

    async def get_emoji(self, call: Call) -> tuple[int, Any]:
        return 200, self._emoji(call).to_dict()

    async def create_emoji(self, call: Call) -> tuple[int, Any]:
        """Upload an emoji of the application: a unique name, an image of at most 256 KiB, and
        at most 2,000 of them."""
        emojis, payload = self._emojis(call), call.json_payload()
        errors = FormErrors()
        check_emoji_name(errors, payload.get("name"), {emoji.name for emoji in emojis.values()})
        image = emoji_image(errors, payload.get("image"))
        errors.raise_if_any()
        if len(emojis) >= MAX_APPLICATION_EMOJIS:
            raise fail(MAX_EMOJIS)
        emoji = AppEmoji(self.fake.ids.next(), payload["name"], image, self.fake.application.bot)
        emojis[emoji.id] = emoji
        return 201, emoji.to_dict()

    async def edit_emoji(self, call: Call) -> tuple[int, Any]:
        """Rename an emoji of the application (its image cannot change)."""
        emoji, payload = self._emoji(call), call.json_payload()
        if "name" in payload:
            errors = FormErrors()
            others = {other.name for other in self._emojis(call).values() if other is not emoji}
            check_emoji_name(errors, payload["name"], others)
            errors.raise_if_any()
            emoji.name = payload["name"]
        return 200, emoji.to_dict()

    async def delete_emoji(self, call: Call) -> tuple[int, Any]:
        del self._emojis(call)[self._emoji(call).id]
        return 204, None

    # Interactions.

    def _interaction(self, call: Call) -> Interaction:
        rec = self.fake.interactions.get(call.snowflake("webhook_id"))
        if rec is None or rec.token != call.params["webhook_token"]:
            raise fail(UNKNOWN_INTERACTION)
        if rec.failed or call.arrived > rec.created + ACK_DEADLINE:
            rec.failed = True
            raise fail(UNKNOWN_INTERACTION)
        return rec

    async def callback(self, call: Call) -> tuple[int, Any]:
        """The interaction response. Types: 4 message, 5 deferred message ("thinking"), 6 deferred
        update, 7 update the component's message, 8 autocomplete choices, 9 modal."""
        arrived = call.arrived
        rec = self._interaction(call)
        if rec.response_type is not None:
            raise fail(ALREADY_ACKNOWLEDGED)
        body = call.json_payload()
        kind, data = body.get("type"), body.get("data") or {}
        errors = FormErrors()
        allowed = CALLBACK_TYPES[rec.type]
        if rec.message is None:
            allowed = tuple(t for t in allowed if t not in (6, 7))
        if not errors.choice(["type"], kind, allowed):
            errors.raise_if_any()
        fake = self.fake
        if kind == 4:
            check_message(
                errors, ["data"], data, allowed_flags=INTERACTION_FLAGS, emojis=self.fake.application.emojis
            )
            errors.raise_if_any()
            msg_type = MESSAGE_TYPE_CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else 0
            rec.original = self._new_message(call, rec.channel, data, interaction=rec, msg_type=msg_type)
        elif kind == 5:
            if (data.get("flags") or 0) & ~FLAG_EPHEMERAL:  # IS_COMPONENTS_V2 goes on the follow-up
                errors.add(["data", "flags"], "MESSAGE_FLAGS_INVALID", "Invalid flags for this message.")
                errors.raise_if_any()
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg_type = MESSAGE_TYPE_CHAT_INPUT_COMMAND if rec.type == APPLICATION_COMMAND else 0
            rec.original = self._store(rec.channel, {"flags": flags}, [], interaction=rec, msg_type=msg_type)
            rec.loading = True
        elif kind == 6:
            rec.original = rec.message
        elif kind == 7:
            assert rec.message is not None
            self._edit(call, rec.message, data, path=["data"])
            rec.original = rec.message
        elif kind == 8:
            check_choices(errors, ["data"], data, focused_type(rec.data))
            errors.raise_if_any()
            rec.choices = data["choices"]
        else:
            check_modal(errors, ["data"], data)
            errors.raise_if_any()
            rec.modal = data
        rec.response_type = kind
        rec.answered_at = arrived
        if kind not in (5, 6):
            rec.shown_at = arrived
        rec.acknowledged.set()
        original = rec.original
        if original is not None and kind in (4, 5, 7):
            await fake.announce("MESSAGE_CREATE" if kind in (4, 5) else "MESSAGE_UPDATE", original)
        if call.request.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        answer: JSON = {"interaction": {"id": str(rec.id), "type": rec.type}}
        if kind in (4, 5, 7) and original is not None:
            answer["interaction"].update(
                response_message_id=str(original.id),
                response_message_loading=rec.loading,
                response_message_ephemeral=original.ephemeral,
            )
            if kind in (4, 7):  # the description's resource: the message made, not a loading one
                answer["resource"] = {"type": kind, "message": original.to_dict()}
        return 200, answer

    def _webhook_interaction(self, call: Call) -> Interaction:
        """The interaction behind an application webhook token, while the token lives (15 min)."""
        if call.snowflake("webhook_id") != self.fake.application.id:
            raise fail(UNKNOWN_WEBHOOK)
        rec = self.fake.interactions_by_token.get(call.params["webhook_token"])
        if rec is None or self.fake.clock.now() > rec.created + TOKEN_LIFETIME:
            raise fail(INVALID_WEBHOOK_TOKEN)
        if rec.response_type is None:
            raise fail(UNKNOWN_WEBHOOK)
        return rec

    async def followup(self, call: Call) -> tuple[int, Any]:
        """A follow-up. After a "thinking" defer the first one fills in the deferred message (and
        keeps the defer's ephemerality), as Discord does."""
        rec = self._webhook_interaction(call)
        payload = call.json_payload()
        rec.shown_at = rec.shown_at or call.arrived
        if rec.loading and rec.original is not None:
            message = rec.original
            # It keeps the defer's ephemerality; IS_COMPONENTS_V2 may be set only now.
            flags = (payload.get("flags") or 0) & FLAG_COMPONENTS_V2
            self._edit(call, message, {**payload, "flags": flags}, path=[])
            await self.fake.announce("MESSAGE_UPDATE", message)
        else:
            errors = FormErrors()
            check_message(
                errors, [], payload, allowed_flags=INTERACTION_FLAGS, emojis=self.fake.application.emojis
            )
            errors.raise_if_any()
            message = self._new_message(call, rec.channel, payload, interaction=rec, msg_type=0)
            rec.followups.append(message)
            await self.fake.announce("MESSAGE_CREATE", message)
        wait = call.request.query.get("wait") in ("1", "true", "True")
        return (200, message.to_dict()) if wait else (204, None)

    def _webhook_message(self, call: Call, rec: Interaction) -> Message:
        if call.route.endswith("@original"):
            message = rec.original
        else:
            wanted = call.snowflake("message_id")
            candidates = [rec.original, *rec.followups]
            message = next((m for m in candidates if m is not None and m.id == wanted), None)
        if message is None or message.id not in message.channel.messages:
            raise fail(UNKNOWN_MESSAGE)
        return message

    async def get_webhook_message(self, call: Call) -> tuple[int, Any]:
        rec = self._webhook_interaction(call)
        return 200, self._webhook_message(call, rec).to_dict()

    async def edit_webhook_message(self, call: Call) -> tuple[int, Any]:
        rec = self._webhook_interaction(call)
        message = self._webhook_message(call, rec)
        rec.shown_at = rec.shown_at or call.arrived
        self._edit(call, message, call.json_payload(), path=[])
        await self.fake.announce("MESSAGE_UPDATE", message)
        return 200, message.to_dict()

    async def delete_webhook_message(self, call: Call) -> tuple[int, Any]:
        rec = self._webhook_interaction(call)
        message = self._webhook_message(call, rec)
        if message is rec.original:
            rec.loading = False
        await self._delete(message)
        return 204, None

    # Channels and messages.

    def _channel(self, call: Call, *needed: int) -> Channel:
        """The channel a route names, if the bot sees it and has ``needed`` there."""
        channel = self.fake.find_channel(call.snowflake("channel_id"))
        if channel is None:
            raise fail(UNKNOWN_CHANNEL)
        if channel.dm:  # no server's roles or overwrites reach a DM
            return channel
        perms = channel.guild.members[self.fake.application.bot.id].permissions_in(channel)
        if not perms & VIEW_CHANNEL:
            raise fail(MISSING_ACCESS)
        if any(not perms & p for p in needed):
            raise fail(MISSING_PERMISSIONS)
        return channel

    def _public_message(self, call: Call, channel: Channel) -> Message:
        """Channel routes see public messages only: an ephemeral reply is reachable through its
        interaction token and nothing else."""
        message = channel.messages.get(call.snowflake("message_id"))
        if message is None or message.ephemeral:
            raise fail(UNKNOWN_MESSAGE)
        return message

    async def get_channel(self, call: Call) -> tuple[int, Any]:
        return 200, self._channel(call).to_dict()

    async def get_history(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call, READ_MESSAGE_HISTORY)
        query = call.request.query
        limit = int(query.get("limit", 50))
        if not 1 <= limit <= 100:
            errors = FormErrors()
            errors.add(["limit"], "NUMBER_TYPE_MAX", "int value should be less than or equal to 100.")
            errors.raise_if_any()
        public = [m for m in channel.messages.values() if not m.ephemeral]
        if "before" in query:
            public = [m for m in public if m.id < int(query["before"])]
        if "after" in query:
            public = [m for m in public if m.id > int(query["after"])][:limit]
        return 200, [m.to_dict() for m in reversed(public[-limit:])]

    async def get_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call, READ_MESSAGE_HISTORY)
        return 200, self._public_message(call, channel).to_dict()

    async def create_dm(self, call: Call) -> tuple[int, Any]:
        """The bot's direct messages with a member of one of its servers (the same each time)."""
        user_id = int(call.json_payload().get("recipient_id", 0))
        member = next((g.members[user_id] for g in self.fake.guilds.values() if user_id in g.members), None)
        if member is None:
            raise fail(UNKNOWN_USER)
        return 200, self.fake.open_dm(member).to_dict()

    async def create_message(self, call: Call) -> tuple[int, Any]:
        """A channel message. EPHEMERAL is ignored here, as on Discord: the message is public. In
        a thread it takes Send Messages in Threads, and unarchives it unless it is locked. A
        member who accepts no direct message from the bot refuses one (50007)."""
        channel = self._channel(call)
        if channel.dm and channel.recipient is not None and channel.recipient.id in self.fake.refusing_dms:
            raise fail(CANNOT_DM)
        send = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        channel = self._channel(call, send, *([ATTACH_FILES] if call.uploads else []))
        if channel.archived:
            if channel.locked:
                raise fail(THREAD_ARCHIVED)
            await self.fake.set_archived(channel, False)
        payload = dict(call.json_payload())
        payload["flags"] = (payload.get("flags") or 0) & ~FLAG_EPHEMERAL
        errors = FormErrors()
        check_message(errors, [], payload, allowed_flags=CHANNEL_FLAGS, emojis=self.fake.application.emojis)
        errors.raise_if_any()
        message = self._new_message(call, channel, payload, interaction=None, msg_type=0)
        for user in mentioned(str(payload.get("content") or ""), payload.get("allowed_mentions")):
            self.fake.pings.append(Ping(user, message.id, channel.id, time.monotonic()))
        await self.fake.announce("MESSAGE_CREATE", message)
        return 200, message.to_dict()

    async def edit_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        message = self._public_message(call, channel)
        if channel.archived:  # only deleting a message is allowed in an archived thread
            raise fail(THREAD_ARCHIVED)
        self._edit(call, message, call.json_payload(), path=[])
        await self.fake.announce("MESSAGE_UPDATE", message)
        return 200, message.to_dict()

    async def delete_message(self, call: Call) -> tuple[int, Any]:
        channel = self._channel(call)
        await self._delete(self._public_message(call, channel))
        return 204, None

    # Threads.

    async def start_thread(self, call: Call) -> tuple[int, Any]:
        """A public thread started from a message of a text or announcement channel: it shares
        the message's id, takes its parent's permissions, and has its creator as first member."""
        channel = self._channel(call, CREATE_PUBLIC_THREADS, READ_MESSAGE_HISTORY)
        if channel.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
            raise fail(INVALID_CHANNEL_TYPE)
        message = self._public_message(call, channel)
        if message.id in channel.guild.threads:
            raise fail(THREAD_ALREADY_CREATED)
        payload = call.json_payload()
        errors = FormErrors()
        name = str(payload.get("name") or "")
        if not 1 <= len(name) <= 100:
            errors.add(["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        duration = payload.get("auto_archive_duration", 1440)
        if duration not in ARCHIVE_DURATIONS:
            errors.add(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                f"Value must be one of {sorted(ARCHIVE_DURATIONS)}.",
            )
        errors.raise_if_any()
        bot = self.fake.application.bot.id
        thread = Channel(
            message.id,
            channel.guild,
            name,
            type=PUBLIC_THREAD,
            parent=channel,
            owner_id=bot,
            thread_members={bot},
            auto_archive_duration=duration,
            archive_changed=self.fake.clock.wall(),
        )
        channel.guild.threads[thread.id] = thread
        self.fake.observers.channels_changed(channel.guild)
        await self.fake.gateway.dispatch("THREAD_CREATE", {**thread.to_dict(), "newly_created": True})
        return 201, thread.to_dict()

    def _thread(self, call: Call) -> Channel:
        thread = self._channel(call)
        if not thread.is_thread:
            raise fail(INVALID_CHANNEL_TYPE)
        return thread

    async def add_thread_member(self, call: Call) -> tuple[int, Any]:
        """Add a member of the server to a thread the bot can talk in (not an archived one)."""
        thread = self._thread(call)
        self._channel(call, SEND_MESSAGES_IN_THREADS)
        if thread.archived:
            raise fail(THREAD_ARCHIVED)
        user_id = call.snowflake("user_id")
        member = thread.guild.members.get(user_id)
        if member is None:
            raise fail(UNKNOWN_MEMBER)
        if user_id not in thread.thread_members:
            thread.thread_members.add(user_id)
            added = {
                "id": str(thread.id),
                "user_id": str(user_id),
                "join_timestamp": iso(self.fake.clock.wall()),
                "flags": 0,
                "member": member.to_dict(),
            }
            update = {
                "id": str(thread.id),
                "guild_id": str(thread.guild.id),
                "member_count": min(len(thread.thread_members), 50),
                "added_members": [added],
            }
            await self.fake.gateway.dispatch("THREAD_MEMBERS_UPDATE", update, intent=INTENT_GUILD_MEMBERS)
        return 204, None

    async def modify_thread(self, call: Call) -> tuple[int, Any]:
        """Archive, unarchive, lock or rename a thread: its creator may archive, unarchive and
        rename it; locking, or anything on someone else's thread, takes Manage Threads. (The
        stand-in modifies no other kind of channel.)"""
        thread = self._thread(call)
        payload = call.json_payload()
        bot = self.fake.application.bot.id
        managing = bool(thread.guild.members[bot].permissions_in(thread) & MANAGE_THREADS)
        if "locked" in payload or (thread.owner_id != bot and not managing):
            self._channel(call, MANAGE_THREADS)
        if thread.locked and not managing and payload.get("archived") is False:
            raise fail(MISSING_PERMISSIONS)
        if "name" in payload:
            thread.name = str(payload["name"])
        if "locked" in payload:
            thread.locked = bool(payload["locked"])
        if "auto_archive_duration" in payload:
            thread.auto_archive_duration = int(payload["auto_archive_duration"])
        if "archived" in payload and bool(payload["archived"]) != thread.archived:
            await self.fake.set_archived(thread, bool(payload["archived"]))
        else:
            self.fake.observers.channels_changed(thread.guild)
            await self.fake.gateway.dispatch("THREAD_UPDATE", thread.to_dict())
        return 200, thread.to_dict()

    # Guilds.

    def _guild(self, call: Call) -> Guild:
        guild = self.fake.guilds.get(call.snowflake("guild_id"))
        if guild is None or self.fake.application.bot.id not in guild.members:
            raise fail(UNKNOWN_GUILD)
        return guild

    async def get_guild(self, call: Call) -> tuple[int, Any]:
        data = self._guild(call).to_dict(bot_id=self.fake.application.bot.id, all_members=False)
        for key in GUILD_CREATE_ONLY:
            del data[key]
        return 200, data

    async def get_guild_channels(self, call: Call) -> tuple[int, Any]:
        return 200, [c.to_dict() for c in self._guild(call).channels.values()]

    async def get_member(self, call: Call) -> tuple[int, Any]:
        member = self._guild(call).members.get(call.snowflake("user_id"))
        if member is None:
            raise fail(UNKNOWN_MEMBER)
        return 200, member.to_dict()

    async def add_member_role(self, call: Call) -> tuple[int, Any]:
        member, role = self._role_change(call)
        if role.id not in member.roles:
            member.roles.append(role.id)
            await self._member_updated(member)
        return 204, None

    async def remove_member_role(self, call: Call) -> tuple[int, Any]:
        member, role = self._role_change(call)
        if role.id in member.roles:
            member.roles.remove(role.id)
            await self._member_updated(member)
        return 204, None

    def _role_change(self, call: Call) -> tuple[Member, Role]:
        """The member and the role of a role given or taken, as Discord checks them: the bot
        needs Manage Roles, and may give only a role below its own highest, never a managed one
        (a bot's, a booster's) nor @everyone."""
        guild = self._guild(call)
        member = guild.members.get(call.snowflake("user_id"))
        if member is None:
            raise fail(UNKNOWN_MEMBER)
        role = guild.roles.get(call.snowflake("role_id"))
        if role is None:
            raise fail(UNKNOWN_ROLE)
        bot = guild.members[self.fake.application.bot.id]
        if not bot.base_permissions() & MANAGE_ROLES or role.managed or role.id == guild.id:
            raise fail(MISSING_PERMISSIONS)
        if role.position >= bot.top_position():
            raise fail(MISSING_PERMISSIONS)
        return member, role

    async def _member_updated(self, member: Member) -> None:
        update = {"guild_id": str(member.guild.id), **member.to_dict()}
        await self.fake.gateway.dispatch("GUILD_MEMBER_UPDATE", update, intent=INTENT_GUILD_MEMBERS)

    # Message bodies.

    def _attachments(self, call: Call, listed: Any, keep: list[Attachment]) -> list[Attachment]:
        """The message's attachments: kept ones named in ``attachments`` plus the uploaded files."""
        if len(call.uploads) > MAX_FILES:
            errors = FormErrors()
            errors.add(["attachments"], "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_FILES} or fewer in length.")
            errors.raise_if_any()
        if any(len(u.data) > MAX_FILE_BYTES for u in call.uploads):
            raise fail(ENTITY_TOO_LARGE)
        uploads = {u.index: u for u in call.uploads}
        if listed is None:
            return keep + [self._attachment(call, u, None) for u in uploads.values()]
        result: list[Attachment] = []
        errors = FormErrors()
        for i, item in enumerate(listed):
            wanted = int(item.get("id", -1))
            if wanted in uploads:
                result.append(self._attachment(call, uploads.pop(wanted), item))
            elif kept := next((a for a in keep if a.id == wanted), None):
                result.append(kept)
            else:
                errors.add(["attachments", i, "id"], "ATTACHMENT_NOT_FOUND", "Unknown attachment")
        errors.raise_if_any()
        return result + [self._attachment(call, u, None) for u in uploads.values()]

    def _attachment(self, call: Call, upload: Upload, item: JSON | None) -> Attachment:
        filename = (item or {}).get("filename") or upload.filename
        attachment_id = self.fake.ids.next()
        channel_id = call.params.get("channel_id", "0")
        content_type = mimetypes.guess_type(filename)[0]
        width = height = None
        if content_type and content_type.startswith("image/"):
            try:
                with Image.open(io.BytesIO(upload.data)) as image:
                    width, height = image.size
            except OSError:
                pass
        return Attachment(
            id=attachment_id,
            filename=filename,
            content_type=content_type,
            data=upload.data,
            url=f"{self.fake.base_url}/attachments/{channel_id}/{attachment_id}/{filename}",
            description=(item or {}).get("description"),
            width=width,
            height=height,
        )

    def _new_message(
        self, call: Call, channel: Channel, payload: JSON, *, interaction: Interaction | None, msg_type: int
    ) -> Message:
        attachments = self._attachments(call, payload.get("attachments"), [])
        if not (payload.get("content") or payload.get("embeds") or payload.get("components") or attachments):
            raise fail(EMPTY_MESSAGE)
        self._check_layout(payload.get("flags") or 0, payload.get("components") or [], attachments)
        return self._store(channel, payload, attachments, interaction=interaction, msg_type=msg_type)

    def _store(
        self,
        channel: Channel,
        payload: JSON,
        attachments: list[Attachment],
        *,
        interaction: Interaction | None,
        msg_type: int,
    ) -> Message:
        flags = payload.get("flags") or 0
        visible_to = (
            interaction.member.user.id if interaction is not None and flags & FLAG_EPHEMERAL else None
        )
        message = Message(
            id=self.fake.ids.next(),
            channel=channel,
            author=self.fake.application.bot,
            created=self.fake.clock.wall(),
            content=payload.get("content") or "",
            embeds=[stored_embed(e) for e in payload.get("embeds") or []],
            components=payload.get("components") or [],
            attachments=attachments,
            flags=flags,
            visible_to=visible_to,
            interaction=interaction,
            type=msg_type,
        )
        channel.messages[message.id] = message
        return message

    def _edit(self, call: Call, message: Message, payload: JSON, *, path: list[str | int]) -> None:
        """Apply an edit after checking the message it would produce, as Discord does."""
        flags = message.flags & ~FLAG_LOADING
        if "flags" in payload:
            flags &= ~FLAG_SUPPRESS_EMBEDS
            flags |= (payload["flags"] or 0) & (FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2)
        merged = {
            "content": payload.get("content", message.content),
            "embeds": payload.get("embeds", message.embeds),
            "components": payload.get("components", message.components),
            "flags": flags,
        }
        if "attachments" in payload:
            merged["attachments"] = payload["attachments"]
        errors = FormErrors()
        check_message(
            errors,
            path,
            merged,
            allowed_flags=INTERACTION_FLAGS | FLAG_LOADING,
            emojis=self.fake.application.emojis,
        )
        errors.raise_if_any()
        attachments = self._attachments(call, payload.get("attachments"), message.attachments)
        if not (merged["content"] or merged["embeds"] or merged["components"] or attachments):
            raise fail(EMPTY_MESSAGE)
        self._check_layout(flags, merged["components"] or [], attachments)
        message.content = merged["content"] or ""
        message.embeds = [stored_embed(e) for e in merged["embeds"] or []]
        message.components = merged["components"] or []
        message.attachments = attachments
        message.flags = flags
        message.edited = self.fake.clock.wall()
        if message.interaction is not None and message is message.interaction.original:
            message.interaction.loading = False

    def _check_layout(self, flags: int, components: list[JSON], attachments: list[Attachment]) -> None:
        """A Components V2 message shows only what its components hold: it needs some, each
        ``attachment://<name>`` must name one of its files, and a file no component names is
        uploaded for nothing (Discord takes it but shows it to nobody: kept as a problem)."""
        if not flags & FLAG_COMPONENTS_V2:
            return
        if not components:
            raise fail(EMPTY_MESSAGE)
        names = {a.filename for a in attachments}
        named = set()
        errors = FormErrors()
        for at, url in media_named(components):
            if url.startswith(MEDIA_ATTACHMENT):
                named.add(url.removeprefix(MEDIA_ATTACHMENT))
                if url.removeprefix(MEDIA_ATTACHMENT) not in names:
                    errors.add(["components", *at], "ATTACHMENT_NOT_FOUND", "Unknown attachment")
        errors.raise_if_any()
        for name in sorted(names - named):
            self.fake.problem(f"{name} is attached to a Components V2 message that shows it nowhere")

    async def _delete(self, message: Message) -> None:
        del message.channel.messages[message.id]
        self.fake.observers.message_deleted(message)
        for ping in self.fake.pings:
            if ping.message_id == message.id:
                ping.deleted = True
        if not message.ephemeral:
            channel = message.channel
            data = {"id": str(message.id), "channel_id": str(channel.id)}
            if not channel.dm:  # a DM's news names no server, and goes to shard 0
                data["guild_id"] = str(channel.guild.id)
            await self.fake.gateway.dispatch("MESSAGE_DELETE", data, intent=channel.message_intent)
