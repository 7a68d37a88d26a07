"""The local page's HTTP and WebSocket API: the offline Discord shown to a person, who acts as
any of its members.

It runs in the stand-in's process and event loop, reads the stand-in's model, is told of every
change by the stand-in's observer hook (``fakediscord/observers.py``) rather than polling, and
acts through :class:`fakediscord.Actor`, so a member can do exactly what the Discord client lets
a person do, in their own locale, and the bot's every answer goes through the stand-in's checks.
Ids are strings throughout (JavaScript's numbers lose a snowflake's last digits).

The contract the page's front end (``static/``) keeps to:

``GET /``, ``GET /static/{file}``
    The page: ``static/index.html`` and the files beside it.

``GET /api/world``
    ``{"guild": {"id", "name"}, "members": [{"id", "name", "locale", "moderator": bool}],
    "roles": [{"id", "name"}], "channels": [CHANNEL], "commands": [...], "open_to_network":
    bool, "problems": [str]}``. ``roles``: those a member may pick in a command's option, the
    highest first, @everyone last (a bot's own role is not one).
    A CHANNEL is ``{"id", "name", "kind": "text" | "thread", "parent_id": str | null,
    "archived": bool}`` (text channels in their order, then threads, oldest first).
    ``commands`` are the application's commands as Discord holds them (global ones, then the
    server's), with ``name_localizations``, ``description_localizations``, ``options`` and
    ``choices``. ``problems``: every request refused so far, oldest first.

``GET /api/messages?member=ID&channel=ID``
    ``{"messages": [MESSAGE]}``: what that member sees in that channel, oldest first: its public
    messages and their own ephemeral ones. A MESSAGE is Discord's message object as the stand-in
    sends it (``id``, ``channel_id``, ``author``, ``content``, ``embeds``, ``components`` with
    Components V2, ``attachments``, ``flags`` (``1 << 7``: the bot is still "thinking"),
    ``timestamp``, ``edited_timestamp``, ``interaction_metadata``...) with ``"ephemeral": bool``
    added, and every attachment's address (``attachments[].url``, a gallery item's
    ``media.url``) this page's own ``/attachments/...``.

``GET /api/live?member=ID`` (WebSocket)
    The server sends JSON events as things happen; the page sends nothing.
    ``{"type": "message", "channel_id", "message": MESSAGE}`` (created or edited: replace by id),
    ``{"type": "delete", "channel_id", "id"}``, ``{"type": "channels", "channels": [CHANNEL]}``
    (a thread started, renamed, archived or reopened), ``{"type": "problem", "text"}`` (a request
    the stand-in refused, as Discord would; the session goes on), ``{"type": "commands"}`` (the
    commands changed: fetch ``/api/world`` again). An ephemeral message's events go only to its
    member's sockets.

Actions, each ``POST`` with a JSON object, answered ``{"ok": true}`` once the bot has answered
(what it did arrives on the sockets), ``{"ok": true, "modal": {"custom_id", "title",
"components"}}`` when it answered with a modal, or ``{"ok": false, "error": "<short reason>"}``
for anything refused (bad input, something the client would not let a person do, a bot that did
not answer within 3 s: "This interaction failed"). Members, channels and messages by id:

- ``/api/command`` ``{"member", "channel", "command": "toppo start", "options": {name: value}}``:
  the command by its default (English) names, subcommand group and subcommand after it; a user,
  channel, role or mentionable option's value is an id.
- ``/api/press`` ``{"member", "channel", "message", "custom_id"}``: a button.
- ``/api/choose`` ``{"member", "channel", "message", "custom_id", "values": [str]}``: a string
  select menu's values, or a user select menu's one member id.
- ``/api/modal`` ``{"member", "channel", "custom_id", "values": {input_custom_id: str}}``:
  submits the member's last modal.
- ``/api/autocomplete`` ``{"member", "channel", "command", "options", "focused"}``: the choices
  the bot offers while ``options[focused]`` is being typed, ``{"ok": true, "choices":
  [{"name", "value"}]}``.

``GET /attachments/{channel_id}/{attachment_id}/{filename}``, ``GET /emojis/{emoji_id}.png``
    A message's file, an application emoji's image (a component's ``emoji.id``).

``GET /twemoji/{name}.svg``
    A Unicode emoji's picture, Twemoji's, by Twemoji's file name (``localplay/twemoji.py``):
    the page draws every emoji from these, as Discord does. 404 for a name Twemoji has no
    picture for (the page then shows the emoji as text).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from aiohttp import WSCloseCode, web
from PIL import Image

from fakediscord import (
    MESSAGE_COMPONENT,
    Actor,
    Channel,
    FakeDiscord,
    Guild,
    Member,
    Modal,
    Reply,
    SeenMessage,
)
from fakediscord.model import GUILD_TEXT, JSON, Attachment, Message
from fakediscord.observers import Observer

from .guard import Guard
from .twemoji import graphic
from .world import WAIT_MINUTES, display_name, moderates, people

STATIC = Path(__file__).parent / "static"

MODAL = 9
"""The interaction response that opens a modal."""


class Refused(Exception):
    """An action the page cannot do, said in a few words (``{"ok": false, "error": ...}``)."""


class Malformed(Refused):
    """A request no page of ours would send (not JSON, nested past reason, an id that is no
    id): answered 400, with its reason."""


def snowflake(value: object, what: str) -> int:
    """``value`` as an id: a string of ASCII digits, as Discord's ids are (at most 20);
    :class:`Malformed` for anything else (a 5,000-digit number, superscript digits)."""
    if not isinstance(value, str) or not (value.isascii() and value.isdigit()) or len(value) > 20:
        raise Malformed(f"{what} must be an id (digits)")
    return int(value)


def channel_json(channel: Channel) -> JSON:
    return {
        "id": str(channel.id),
        "name": channel.name,
        "kind": "thread" if channel.is_thread else "text",
        "parent_id": None if channel.parent is None else str(channel.parent.id),
        "archived": channel.archived,
    }


def channels_json(guild: Guild) -> list[JSON]:
    texts = sorted((c for c in guild.channels.values() if c.type == GUILD_TEXT), key=lambda c: c.position)
    threads = sorted(guild.threads.values(), key=lambda t: t.id)
    return [channel_json(c) for c in [*texts, *threads]]


def attachment_address(channel: Channel, attachment_id: int, filename: str) -> str:
    return f"/attachments/{channel.id}/{attachment_id}/{quote(filename)}"


def message_json(message: Message) -> JSON:
    """``message`` as the page shows it: Discord's object, whether it is ephemeral, and its
    files' addresses on this page (the stand-in's own move with its port across restarts)."""
    local = {a.url: attachment_address(message.channel, a.id, a.filename) for a in message.attachments}

    def moved(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: moved(item) for key, item in value.items()}
        if isinstance(value, list):
            return [moved(item) for item in value]
        return local.get(value, value) if isinstance(value, str) else value

    shown: JSON = moved(message.to_dict())
    shown["ephemeral"] = message.ephemeral
    return shown


@dataclass(eq=False)
class Socket:
    """One open page: a member's WebSocket and what is still to be sent on it, in order."""

    member_id: int
    ws: web.WebSocketResponse
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)


KEPT_ATTACHMENTS = 500
"""Attachments of edited messages still served (a Toppo game's pictures for several minutes)."""


class Live(Observer):
    """Every open page, told of the server's changes as the stand-in makes them."""

    def __init__(self, guild: Guild) -> None:
        self.guild = guild
        self.sockets: set[Socket] = set()
        self.attachments: OrderedDict[tuple[int, int], Attachment] = OrderedDict()
        """The attachments messages have shown, by channel and id, the latest kept: Discord's
        attachment addresses stay valid once their message is edited, so a page still drawing
        the previous picture (or a replay's) never shows it broken."""

    def _send(self, event: JSON, *, only: int | None = None) -> None:
        text = json.dumps(event)
        for socket in self.sockets:
            if only is None or socket.member_id == only:
                socket.queue.put_nowait(text)

    def _shown(self, message: Message) -> bool:
        channel = message.channel
        return channel.guild is self.guild and not channel.dm

    def message_changed(self, message: Message) -> None:
        for attachment in message.attachments:
            self.attachments[(message.channel.id, attachment.id)] = attachment
            self.attachments.move_to_end((message.channel.id, attachment.id))
        while len(self.attachments) > KEPT_ATTACHMENTS:
            self.attachments.popitem(last=False)
        if self._shown(message):
            event = {
                "type": "message",
                "channel_id": str(message.channel.id),
                "message": message_json(message),
            }
            self._send(event, only=message.visible_to)

    def message_deleted(self, message: Message) -> None:
        if self._shown(message):
            event = {"type": "delete", "channel_id": str(message.channel.id), "id": str(message.id)}
            self._send(event, only=message.visible_to)

    def channels_changed(self, guild: Guild) -> None:
        if guild is self.guild:
            self._send({"type": "channels", "channels": channels_json(guild)})

    def commands_changed(self) -> None:
        self._send({"type": "commands"})

    def problem(self, text: str) -> None:
        self._send({"type": "problem", "text": text})


Action = Callable[["Body"], Awaitable[JSON]]


class Body:
    """An action's JSON object, read field by field; anything missing or of the wrong kind is
    :class:`Refused`."""

    def __init__(self, page: Page, data: Any) -> None:
        if not isinstance(data, dict):
            raise Malformed("the body must be a JSON object")
        self.page = page
        self.data = data

    def text(self, name: str) -> str:
        value = self.data.get(name)
        if not isinstance(value, str) or not value:
            raise Refused(f"{name} must be a non-empty string")
        return value

    def mapping(self, name: str) -> dict[str, Any]:
        value = self.data.get(name, {})
        if not isinstance(value, dict):
            raise Refused(f"{name} must be a JSON object")
        return value

    def member(self) -> Member:
        return self.page.member(self.data.get("member"))

    def actor(self) -> Actor:
        """The member acting, in the channel named, with their own client's locale."""
        member = self.member()
        channel = self.page.channel(self.data.get("channel"))
        return Actor(self.page.fake, member, channel, member.user.locale, settle=False)

    def message(self, actor: Actor) -> SeenMessage:
        message_id = self.text("message")
        stored = actor.channel.messages.get(snowflake(message_id, "message"))
        if stored is None or stored.visible_to not in (None, actor.id):
            raise Refused(f"no message {message_id} in that channel")
        return SeenMessage.of(stored)


class Page:
    """The page of one local server."""

    def __init__(
        self, fake: FakeDiscord, guild: Guild, *, host: str = "127.0.0.1", key: str | None = None
    ) -> None:
        """``host``: the address it listens on; ``key``: the secret its address carries when it
        is open to the network (:mod:`localplay.guard`)."""
        self.fake = fake
        self.guild = guild
        self.host = host
        self.key = key
        self.open_to_network = key is not None
        self.live = Live(guild)
        self.modals: dict[int, Modal] = {}
        """Each member's last modal, by member id, until they submit it."""

    def app(self) -> web.Application:
        """The aiohttp application serving the page (and telling it of changes while it runs)."""
        app = web.Application(middlewares=[Guard(self.host, key=self.key).check])
        app.router.add_get("/", self.index)
        app.router.add_static("/static", STATIC)
        app.router.add_get("/api/world", self.world)
        app.router.add_get("/api/messages", self.messages)
        app.router.add_get("/api/live", self.socket)
        actions: dict[str, Action] = {
            "command": self.command,
            "press": self.press,
            "choose": self.choose,
            "modal": self.modal,
            "autocomplete": self.autocomplete,
        }
        for name, action in actions.items():
            app.router.add_post(f"/api/{name}", self._answering(action))
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.attachment)
        app.router.add_get(r"/emojis/{emoji_id:[0-9]{1,20}}.png", self.emoji)
        app.router.add_get(r"/twemoji/{name:[0-9a-f-]{1,120}}.svg", self.twemoji)
        app.on_startup.append(self._watch)
        app.on_shutdown.append(self._close_sockets)
        return app

    async def _watch(self, app: web.Application) -> None:
        self.fake.observers.add(self.live)

    async def _close_sockets(self, app: web.Application) -> None:
        self.fake.observers.remove(self.live)
        for socket in list(self.live.sockets):
            await socket.ws.close(code=WSCloseCode.GOING_AWAY, message=b"the offline Discord is stopping")

    # Looking things up.

    def member(self, value: object) -> Member:
        found = next((m for m in people(self.fake, self.guild) if str(m.user.id) == value), None)
        if found is None:
            raise Refused(f"no member {value}")
        return found

    def channel(self, value: object) -> Channel:
        wanted = snowflake(value, "channel")
        found = self.guild.channels.get(wanted) or self.guild.threads.get(wanted)
        if found is None or not (found.type == GUILD_TEXT or found.is_thread):
            raise Refused(f"no channel {value}")
        return found

    # Reading.

    async def index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html")

    async def world(self, request: web.Request) -> web.Response:
        application = self.fake.application
        return web.json_response(
            {
                "guild": {"id": str(self.guild.id), "name": self.guild.name},
                "members": [
                    {
                        "id": str(m.user.id),
                        "name": display_name(m),
                        "locale": m.user.locale,
                        "moderator": moderates(m),
                    }
                    for m in people(self.fake, self.guild)
                ],
                "roles": [
                    {"id": str(role.id), "name": role.name}
                    for role in sorted(self.guild.roles.values(), key=lambda role: -role.position)
                    if not role.managed
                ],
                "channels": channels_json(self.guild),
                "commands": [
                    *application.global_commands,
                    *application.guild_commands.get(self.guild.id, []),
                ],
                "open_to_network": self.open_to_network,
                "wait_minutes": WAIT_MINUTES,
                "problems": self.fake.problems,
            }
        )

    async def messages(self, request: web.Request) -> web.Response:
        try:
            member = self.member(request.query.get("member"))
            channel = self.channel(request.query.get("channel"))
        except Refused as refused:
            return web.json_response({"ok": False, "error": str(refused)}, status=400)
        seen = [m for m in channel.messages.values() if m.visible_to in (None, member.user.id)]
        return web.json_response({"messages": [message_json(m) for m in seen]})

    async def socket(self, request: web.Request) -> web.StreamResponse:
        try:
            member = self.member(request.query.get("member"))
        except Refused as refused:
            return web.json_response({"ok": False, "error": str(refused)}, status=400)
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        socket = Socket(member.user.id, ws)
        self.live.sockets.add(socket)
        sending = asyncio.create_task(self._pump(socket))
        try:
            async for _ in ws:  # the page says nothing: what it does goes through the actions
                pass
        finally:
            self.live.sockets.discard(socket)
            sending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sending
        return ws

    async def _pump(self, socket: Socket) -> None:
        with contextlib.suppress(ConnectionError):
            while True:
                await socket.ws.send_str(await socket.queue.get())

    async def attachment(self, request: web.Request) -> web.Response:
        info = request.match_info
        channel_id, attachment_id = info["channel_id"], info["attachment_id"]
        try:
            channel = self.fake.find_channel(snowflake(channel_id, "channel"))
        except Malformed:
            channel = None
        shown = [a for m in ([] if channel is None else channel.messages.values()) for a in m.attachments]
        number = attachment_id.isdecimal() and len(attachment_id) <= 20
        kept = self.live.attachments.get((channel.id, int(attachment_id))) if channel and number else None
        for attachment in [*shown, *([] if kept is None else [kept])]:
            if str(attachment.id) == attachment_id:
                # An attachment never changes: an edited message gets new ones.
                headers = {"Cache-Control": "max-age=31536000, immutable"}
                return web.Response(
                    body=attachment.data, content_type=attachment.content_type, headers=headers
                )
        raise web.HTTPNotFound()

    async def emoji(self, request: web.Request) -> web.Response:
        emoji = self.fake.application.emojis.get(int(request.match_info["emoji_id"]))
        if emoji is None:
            raise web.HTTPNotFound()
        with Image.open(io.BytesIO(emoji.image)) as image:
            kind = image.get_format_mimetype() or "application/octet-stream"
        return web.Response(body=emoji.image, content_type=kind, headers={"Cache-Control": "max-age=3600"})

    async def twemoji(self, request: web.Request) -> web.FileResponse:
        path = graphic(request.match_info["name"])
        if path is None:
            raise web.HTTPNotFound()
        return web.FileResponse(path, headers={"Cache-Control": "max-age=86400"})

    # Acting.

    def _answering(self, action: Action) -> Callable[[web.Request], Awaitable[web.Response]]:
        """``action`` as a handler: its body read, and whatever it cannot do said in a few words
        (the stand-in's user-facing refusals are AssertionErrors, for tests to fail on)."""

        async def handle(request: web.Request) -> web.Response:
            try:
                data = await request.json()
            except (ValueError, RecursionError):  # not JSON, or nested past what it parses
                return web.json_response({"ok": False, "error": "the body is not JSON"}, status=400)
            try:
                return web.json_response({"ok": True, **await action(Body(self, data))})
            except Malformed as malformed:
                return web.json_response({"ok": False, "error": str(malformed)}, status=400)
            except (Refused, AssertionError) as refused:
                return web.json_response({"ok": False, "error": str(refused).splitlines()[0]})

        return handle

    def _answered(self, actor: Actor, reply: Reply) -> JSON:
        if reply.response_type != MODAL:
            return {}
        modal = reply.modal
        self.modals[actor.id] = modal
        return {"modal": {"custom_id": modal.custom_id, "title": modal.title, "components": modal.components}}

    async def command(self, body: Body) -> JSON:
        actor = body.actor()
        return self._answered(actor, await actor.slash(body.text("command"), body.mapping("options")))

    async def press(self, body: Body) -> JSON:
        """A click. One on a button the message no longer has (the page showed it before the bot
        edited the message) is delivered with its old custom id, as Discord delivers a click
        already on its way: the bot answers it, as it would there."""
        actor = body.actor()
        message, custom_id = body.message(actor), body.text("custom_id")
        if any(button.get("custom_id") == custom_id for button in message.buttons()):
            return self._answered(actor, await actor.press(message, custom_id=custom_id))
        click = {"custom_id": custom_id, "component_type": 2}
        return self._answered(actor, await actor.forge(MESSAGE_COMPONENT, click, message=message))

    async def choose(self, body: Body) -> JSON:
        actor = body.actor()
        message, custom_id = body.message(actor), body.text("custom_id")
        values = body.data.get("values")
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise Refused("values must be a list of strings")
        select = next((s for s in message.selects() if s.get("custom_id") == custom_id), None)
        if select is None:
            raise Refused(f"no select menu {custom_id} on that message")
        if select.get("type") == 5:  # a member select: the client sends the one member chosen
            if len(values) != 1:
                raise Refused("choose one member")
            chosen = self.guild.members.get(snowflake(values[0], "the member chosen"))
            if chosen is None:
                raise Refused(f"no member {values[0]}")
            return self._answered(actor, await actor.choose_member(message, chosen))
        return self._answered(actor, await actor.choose(message, values, custom_id=custom_id))

    async def modal(self, body: Body) -> JSON:
        member = body.member()
        body.actor()  # the channel named must be one of the server's
        modal = self.modals.get(member.user.id)
        if modal is None or modal.custom_id != body.text("custom_id"):
            raise Refused("no such modal is open")
        values = body.mapping("values")
        if not all(isinstance(v, str) for v in values.values()):
            raise Refused("a modal's values are strings")
        actor = Actor(self.fake, member, modal.opened_by.channel, member.user.locale, settle=False)
        try:
            reply = await actor.submit_modal(modal, values)
        finally:
            if modal.opened_by.modal is None:  # submitted (values the client would refuse keep it open)
                del self.modals[member.user.id]
        return self._answered(actor, reply)

    async def autocomplete(self, body: Body) -> JSON:
        actor = body.actor()
        options, focused = dict(body.mapping("options")), body.text("focused")
        typed = options.pop(focused, "")
        choices = await actor.autocomplete(body.text("command"), focused, str(typed), options)
        return {"choices": [{"name": c["name"], "value": c["value"]} for c in choices]}
