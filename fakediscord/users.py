"""Acting as users, and seeing what they see.

An :class:`Actor` is one member of one server with a locale. It can only do what the Discord client
lets a person do: run a command the bot actually synced (with options that match its definition),
press a button or choose from a select menu on a message it can see, and fill in a modal the bot
opened for it. Each action returns a :class:`Reply` once Discord would have shown the result; an
unacknowledged interaction raises :class:`InteractionFailed` ("This interaction failed").
"""

from __future__ import annotations

import copy
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image

from .model import (
    ADMINISTRATOR,
    APPLICATION_COMMAND,
    APPLICATION_COMMAND_AUTOCOMPLETE,
    FLAG_LOADING,
    JSON,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    Interaction,
    Member,
    Message,
    Role,
    walk_components,
)

if TYPE_CHECKING:
    from .server import FakeDiscord


class UserActionError(AssertionError):
    """The Discord client would not let the user do this (unknown command, hidden message,
    disabled button, bad option...). An AssertionError, so the test fails with the reason."""


@dataclass(frozen=True)
class SeenAttachment:
    filename: str
    content_type: str | None
    data: bytes
    description: str | None

    def image(self) -> Image.Image:
        """The attachment decoded by Pillow (raises if it is not an image)."""
        image = Image.open(io.BytesIO(self.data))
        image.load()
        return image


def _text_of(embed: JSON) -> list[str]:
    parts = [embed.get("title") or "", embed.get("description") or ""]
    for f in embed.get("fields") or []:
        parts += [f.get("name") or "", f.get("value") or ""]
    parts += [(embed.get("footer") or {}).get("text") or "", (embed.get("author") or {}).get("name") or ""]
    return parts


LIVE_LINE = 900
"""The component id of the text display the bot's cards keep only while they are live (who is
to choose next: cogs/layout.py's ``LIVE_LINE``)."""


@dataclass(frozen=True)
class SeenMessage:
    """A message as a user sees it at one moment (a snapshot: later edits do not change it)."""

    id: int
    channel_id: int
    content: str
    embeds: list[JSON]
    components: list[JSON]
    attachments: list[SeenAttachment]
    ephemeral: bool
    loading: bool
    edited: bool

    @classmethod
    def of(cls, message: Message) -> SeenMessage:
        return cls(
            id=message.id,
            channel_id=message.channel.id,
            content=message.content,
            embeds=copy.deepcopy(message.embeds),
            components=copy.deepcopy(message.components),
            attachments=[
                SeenAttachment(a.filename, a.content_type, a.data, a.description) for a in message.attachments
            ],
            ephemeral=message.ephemeral,
            loading=bool(message.flags & FLAG_LOADING),
            edited=message.edited is not None,
        )

    @property
    def title(self) -> str:
        """The card's title; empty for a message without one (a plain message, a ping)."""
        if self.embeds or self._container() is not None:
            return str(self.card.get("title", ""))
        return ""

    @property
    def card(self) -> JSON:
        """The message's card as its reader sees it, in an embed's shape (``title``,
        ``description``, ``fields`` of ``name`` and ``value``, ``image``): its only embed, or
        its Components V2 container read back (a ``## `` heading over the description, the
        picture, then a text display per field with its name in bold, and a last line in small
        print, ``-# ``, as the footer; a text display with the id :data:`LIVE_LINE` is the
        card's ``live`` line). Fails for anything else."""
        container = self._container()
        if container is None:
            if len(self.embeds) != 1:
                raise AssertionError(
                    f"expected one embed or a container, message has {len(self.embeds)} embeds"
                )
            return self.embeds[0]
        parts = container.get("components") or []
        live = [str(c["content"]) for c in parts if c.get("type") == 10 and c.get("id") == LIVE_LINE]
        texts = [str(c["content"]) for c in parts if c.get("type") == 10 and c.get("id") != LIVE_LINE]
        if not texts:
            raise AssertionError("a card's container starts with its title or description")
        head, *fields = texts
        card: JSON = {}
        if head.startswith("## "):
            title, _, head = head.partition("\n")
            card["title"] = title.removeprefix("## ")
        if head:
            card["description"] = head
        card["fields"] = []
        if live:
            card["live"] = live[0]
        if fields and fields[-1].startswith("-# "):
            card["footer"] = {"text": fields.pop().removeprefix("-# ")}
        for text in fields:
            name, _, value = text.partition("\n")
            if not (name.startswith("**") and name.endswith("**")):
                raise AssertionError(f"a field's text display starts with its name in bold: {text!r}")
            card["fields"].append({"name": name[2:-2], "value": value})
        for gallery in (c for c in parts if c.get("type") == 12):
            item = gallery["items"][0]
            card["image"] = {"url": item["media"]["url"], "description": item.get("description")}
        return card

    def _container(self) -> JSON | None:
        return next((c for c in self.components if c.get("type") == 17), None)

    @property
    def text(self) -> str:
        """Everything readable: content, embed texts, text displays, button labels; for asserting on words."""
        parts = [self.content]
        for embed in self.embeds:
            parts += _text_of(embed)
        for c in walk_components(self.components):
            parts += [c.get("content") or "", c.get("label") or "", c.get("placeholder") or ""]
        return "\n".join(p for p in parts if p)

    def buttons(self) -> list[JSON]:
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> JSON:
        """The one button with this label and/or custom id."""
        found = [
            b
            for b in self.buttons()
            if (label is None or b.get("label") == label)
            and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if len(found) != 1:
            shown = [(b.get("label"), b.get("custom_id")) for b in self.buttons()]
            raise UserActionError(
                f"{len(found)} buttons match label={label!r} custom_id={custom_id!r}; buttons: {shown}"
            )
        return found[0]

    def selects(self) -> list[JSON]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    def image(self, index: int = 0) -> Image.Image:
        return self.attachments[index].image()


@dataclass(frozen=True)
class Modal:
    """A modal the bot opened for a user (response type 9)."""

    custom_id: str
    title: str
    components: list[JSON]
    opened_by: Interaction

    def inputs(self) -> list[JSON]:
        return [c for c in walk_components(self.components) if c.get("type") in (3, 4)]


class Reply:
    """What became of one interaction: the response message as it stands now, follow-ups, a modal."""

    def __init__(self, fake: FakeDiscord, record: Interaction) -> None:
        self._fake = fake
        self.record = record

    @property
    def response_type(self) -> int:
        assert self.record.response_type is not None
        return self.record.response_type

    @property
    def message(self) -> SeenMessage:
        """The reply (types 4, 5) or the updated component message (6, 7), as it is now."""
        original = self.record.original
        if original is None or original.id not in original.channel.messages:
            raise AssertionError(
                f"interaction answered with type {self.record.response_type}: no message to show"
            )
        return SeenMessage.of(original)

    @property
    def followups(self) -> list[SeenMessage]:
        return [SeenMessage.of(m) for m in self.record.followups if m.id in m.channel.messages]

    @property
    def modal(self) -> Modal:
        modal = self.record.modal
        if modal is None:
            raise AssertionError(f"interaction answered with type {self.record.response_type}, not a modal")
        return Modal(modal["custom_id"], modal["title"], modal["components"], self.record)


def _resolved_member(member: Member, channel: Channel) -> tuple[JSON, JSON]:
    data = member.to_dict(with_user=False)
    data["permissions"] = str(member.permissions_in(channel))
    return member.user.to_dict(), data


def _named(kind: int, value: object, channel: Channel) -> object:
    """A user's, channel's or role's option given by its id, as the client sends it: the member,
    channel or role of the server it names, or ``value`` itself when it names none."""
    if not (kind in (6, 7, 8, 9) and isinstance(value, str) and value.isascii() and value.isdigit()):
        return value
    guild, wanted = channel.guild, int(value)
    if kind in (6, 9) and wanted in guild.members:
        return guild.members[wanted]
    if kind in (8, 9) and wanted in guild.roles:
        return guild.roles[wanted]
    if kind == 7:
        return guild.channels.get(wanted) or guild.threads.get(wanted) or value
    return value


def _in_dms(command: JSON) -> bool:
    """Whether the client offers ``command`` in direct messages with the bot (context 1)."""
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return command.get("dm_permission") is not False


class Actor:
    """One member of one server, with the locale of their Discord client."""

    def __init__(
        self, fake: FakeDiscord, member: Member, channel: Channel, locale: str, *, settle: bool = True
    ) -> None:
        """``settle``: each action returns once the bot has gone quiet after answering, so a test
        reads what it did at once; without it, as soon as the bot has answered (a page that is
        told of every change as it happens needs no more)."""
        self.fake = fake
        self.member = member
        self.channel = channel
        self.locale = locale
        self.settle = settle

    @property
    def id(self) -> int:
        return self.member.user.id

    def __repr__(self) -> str:
        return f"<Actor {self.member.user.username} {self.locale}>"

    # What the user sees.

    def sees(self, channel: Channel | None = None) -> list[SeenMessage]:
        """The channel as this user sees it: public messages and their own ephemeral ones, oldest first."""
        channel = channel or self.channel
        return [SeenMessage.of(m) for m in channel.messages.values() if m.visible_to in (None, self.id)]

    def last_seen(self, channel: Channel | None = None) -> SeenMessage:
        seen = self.sees(channel)
        if not seen:
            raise AssertionError(f"{self} sees no messages")
        return seen[-1]

    # Actions.

    async def slash(
        self, command: str, options: Mapping[str, object] | None = None, *, channel: Channel | None = None
    ) -> Reply:
        """Run ``/command`` ("about", or "toppo start" for a subcommand) with ``options``, by their
        default (English) names, from the commands the bot synced for this server or globally."""
        channel = channel or self.channel
        data = self.command_data(command, options, channel=channel)
        return await self._interact(APPLICATION_COMMAND, data, channel, None)

    async def autocomplete(
        self,
        command: str,
        focused: str,
        typed: str = "",
        options: Mapping[str, object] | None = None,
        *,
        channel: Channel | None = None,
    ) -> list[JSON]:
        """The choices the client shows while this user types ``typed`` into option ``focused``
        of ``/command`` (the other options already filled in as ``options``): the bot's answer to
        an autocomplete interaction, which the client sends only for an option the bot defined
        with autocomplete."""
        channel = channel or self.channel
        data = self.command_data(command, options, channel=channel, typing=True)
        _, _, _, definitions = self._command(command, channel)
        definition = next((d for d in definitions if d["name"] == focused), None)
        if definition is None or not definition.get("autocomplete"):
            raise UserActionError(f"/{command}: option {focused!r} has no autocomplete")
        level = data["options"]
        while level and level[0]["type"] in (1, 2):
            level = level[0]["options"]
        level[:] = [o for o in level if o["name"] != focused]
        level.append({"type": definition["type"], "name": focused, "value": typed, "focused": True})
        reply = await self._interact(APPLICATION_COMMAND_AUTOCOMPLETE, data, channel, None)
        assert reply.record.choices is not None, f"autocomplete answered with type {reply.response_type}"
        return reply.record.choices

    def current(self, message: SeenMessage) -> SeenMessage:
        """``message`` as this user sees it now (the bot may have edited it since it was read)."""
        return SeenMessage.of(self._visible(message))

    async def press(
        self,
        message: SeenMessage,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        as_seen: bool = False,
    ) -> Reply:
        """Press a button on a message this user can see, as it is now; ``as_seen``: as
        ``message`` showed it, even if the bot has edited the message since (a click already on
        its way when the message changed, which Discord delivers with the old custom id)."""
        stored = self._visible(message)
        button = (message if as_seen else SeenMessage.of(stored)).button(label=label, custom_id=custom_id)
        if button.get("disabled"):
            raise UserActionError(f"button {button.get('label')!r} is disabled")
        return await self._click(stored, button)

    async def press_anyway(self, message: SeenMessage, *, custom_id: str) -> Reply:
        """Press a button of ``message`` even if it is disabled, as a modified client can: Discord
        passes the interaction on, so only the bot can refuse it."""
        stored = self._visible(message)
        return await self._click(stored, SeenMessage.of(stored).button(custom_id=custom_id))

    async def forge(
        self,
        kind: int,
        data: JSON,
        *,
        channel: Channel | None = None,
        message: SeenMessage | None = None,
    ) -> Reply:
        """Send an interaction the Discord client would never send, as a modified client can:
        any ``data`` (a choice never offered, a made-up custom id, a server's command in direct
        messages), on any ``message``, even one this user cannot see. Discord passes it on
        unchecked, so only the bot can refuse it."""
        stored = None
        if message is not None:
            found = self.fake.find_channel(message.channel_id)
            stored = found.messages.get(message.id) if found else None
            if stored is None:
                raise UserActionError(f"message {message.id} no longer exists")
        where = channel or (stored.channel if stored is not None else self.channel)
        return await self._interact(kind, data, where, stored)

    async def _click(self, stored: Message, button: JSON) -> Reply:
        if "custom_id" not in button:
            raise UserActionError("a link or premium button does not create an interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(MESSAGE_COMPONENT, data, stored.channel, stored)

    async def choose(
        self, message: SeenMessage, values: Sequence[str], *, custom_id: str | None = None
    ) -> Reply:
        """Choose ``values`` in a string select menu on a message this user can see."""
        stored = self._visible(message)
        selects = [s for s in SeenMessage.of(stored).selects() if custom_id in (None, s.get("custom_id"))]
        if len(selects) != 1:
            raise UserActionError(f"{len(selects)} select menus match custom_id={custom_id!r}")
        select = selects[0]
        if select.get("type") != 3:
            raise UserActionError("only string select menus (type 3) are supported by the stand-in")
        if select.get("disabled"):
            raise UserActionError("select menu is disabled")
        offered = [o["value"] for o in select.get("options", [])]
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if any(v not in offered for v in values) or not low <= len(values) <= high:
            raise UserActionError(f"cannot choose {list(values)} from {offered} (min {low}, max {high})")
        data = {"custom_id": select["custom_id"], "component_type": 3, "values": list(values)}
        return await self._interact(MESSAGE_COMPONENT, data, stored.channel, stored)

    async def choose_member(self, message: SeenMessage, chosen: Actor | Member) -> Reply:
        """Choose one member of the server in the user select menu (type 5) of a message this
        user can see; Discord resolves the member (bot flag included) in the data."""
        stored = self._visible(message)
        selects = [s for s in SeenMessage.of(stored).selects() if s.get("type") == 5]
        if len(selects) != 1:
            raise UserActionError(f"{len(selects)} user select menus on the message")
        if selects[0].get("disabled"):
            raise UserActionError("select menu is disabled")
        member = chosen.member if isinstance(chosen, Actor) else chosen
        user, member_data = _resolved_member(member, stored.channel)
        data = {
            "custom_id": selects[0]["custom_id"],
            "component_type": 5,
            "values": [str(member.user.id)],
            "resolved": {"users": {str(member.user.id): user}, "members": {str(member.user.id): member_data}},
        }
        return await self._interact(MESSAGE_COMPONENT, data, stored.channel, stored)

    async def submit_modal(self, modal: Modal, values: Mapping[str, str | Sequence[str]]) -> Reply:
        """Fill in and submit a modal the bot opened for this user; ``values`` by input custom id."""
        opened = modal.opened_by
        if opened.member.user.id != self.id:
            raise UserActionError("that modal was opened for someone else")
        if opened.modal is None:
            raise UserActionError("that modal was already submitted")
        known = {str(c.get("custom_id")) for c in modal.inputs()}
        if unknown := set(values) - known:
            raise UserActionError(f"modal has no inputs {sorted(unknown)}; it has {sorted(known)}")
        components = [
            self._modal_answer(row, values) for row in modal.components if row.get("type") in (1, 18)
        ]
        opened.modal = None
        data = {"custom_id": modal.custom_id, "components": components}
        return await self._interact(MODAL_SUBMIT, data, opened.channel, opened.message, triggered_by=opened)

    # Helpers.

    async def _interact(
        self,
        kind: int,
        data: JSON,
        channel: Channel,
        message: Message | None,
        *,
        triggered_by: Interaction | None = None,
    ) -> Reply:
        record = self.fake.new_interaction(self.member, channel, kind, data, self.locale, message)
        record.triggered_by = triggered_by
        await self.fake.deliver(record)
        await self.fake.wait_answered(record, settle=self.settle)
        return Reply(self.fake, record)

    def _visible(self, message: SeenMessage) -> Message:
        channel = self.fake.find_channel(message.channel_id)
        stored = channel.messages.get(message.id) if channel else None
        if stored is None:
            raise UserActionError(f"message {message.id} no longer exists")
        if stored.visible_to not in (None, self.id):
            raise UserActionError(f"{self} cannot see message {message.id} (someone else's ephemeral reply)")
        return stored

    def _modal_answer(self, row: JSON, values: Mapping[str, str | Sequence[str]]) -> JSON:
        inner = row["component"] if row["type"] == 18 else row["components"][0]
        cid = inner["custom_id"]
        if inner["type"] == 4:
            value = values.get(cid, inner.get("value") or "")
            assert isinstance(value, str)
            low, high = inner.get("min_length", 0), inner.get("max_length", 4000)
            if (inner.get("required", True) and not value) or (value and not low <= len(value) <= high):
                raise UserActionError(
                    f"input {cid!r} needs {low}-{high} characters (required={inner.get('required', True)})"
                )
            answer: JSON = {"type": 4, "custom_id": cid, "value": value}
        else:
            answer = {"type": inner["type"], "custom_id": cid, "values": list(values.get(cid, []))}
        if row["type"] == 18:
            return {"type": 18, "component": answer}
        return {"type": 1, "components": [answer]}

    def _command(self, command: str, channel: Channel) -> tuple[JSON, bool, list[JSON], list[JSON]]:
        """The synced command ``command`` names ("toppo start") as this user's client shows it:
        its definition, whether it is a server's command, the subcommands on the way, and the
        options of the last one; :class:`UserActionError` if the client would not offer it."""
        path = command.split()
        guild = channel.guild
        if channel.dm:  # the global commands allowed in direct messages with the bot
            visible = [(c, False) for c in self.fake.application.global_commands if _in_dms(c)]
        else:
            visible = [(c, True) for c in self.fake.application.guild_commands.get(guild.id, [])]
            visible += [(c, False) for c in self.fake.application.global_commands]
        found = [(c, g) for c, g in visible if c["type"] == 1 and c["name"] == path[0]]
        if not found:
            names = sorted(c["name"] for c, _ in visible)
            raise UserActionError(f"/{path[0]} is not a synced command here; synced: {names}")
        spec, is_guild = found[0]
        needed = spec.get("default_member_permissions")
        perms = self.member.permissions_in(channel)
        if needed is not None and not perms & ADMINISTRATOR and (perms & int(needed)) != int(needed):
            raise UserActionError(f"/{path[0]} needs permissions {needed}; {self} does not see it")
        definitions, nesting = spec.get("options") or [], []
        for name in path[1:]:
            sub = next((o for o in definitions if o["type"] in (1, 2) and o["name"] == name), None)
            if sub is None:
                raise UserActionError(f"/{' '.join(path)}: no subcommand {name!r}")
            nesting.append(sub)
            definitions = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in definitions):
            raise UserActionError(f"/{' '.join(path)} needs a subcommand")
        return spec, is_guild, nesting, definitions

    def command_data(
        self,
        command: str,
        options: Mapping[str, object] | None = None,
        *,
        channel: Channel | None = None,
        typing: bool = False,
    ) -> JSON:
        """The interaction data Discord would send for this command, or the reason the client
        would not send it (:class:`UserActionError`). While ``typing``, required options may
        still be missing (the client asks for autocomplete choices before the command is sent)."""
        channel = channel or self.channel
        path, given = command.split(), dict(options or {})
        spec, is_guild, nesting, definitions = self._command(command, channel)
        resolved: JSON = {}
        chosen = [
            self._option(d, given.pop(d["name"]), channel, resolved)
            for d in definitions
            if d["name"] in given
        ]
        if given:
            raise UserActionError(f"/{' '.join(path)} has no options {sorted(given)}")
        missing = [
            d["name"]
            for d in definitions
            if d.get("required") and d["name"] not in {o["name"] for o in chosen}
        ]
        if missing and not typing:
            raise UserActionError(f"/{' '.join(path)} requires {missing}")
        for sub in reversed(nesting):
            chosen = [{"type": sub["type"], "name": sub["name"], "options": chosen}]
        data: JSON = {"id": spec["id"], "name": spec["name"], "type": 1, "options": chosen}
        if is_guild:
            data["guild_id"] = str(channel.guild.id)
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(self, definition: JSON, value: object, channel: Channel, resolved: JSON) -> JSON:
        """One option value, typed and range-checked the way the Discord client checks it."""
        kind, name = definition["type"], definition["name"]

        def bad(why: str) -> UserActionError:
            return UserActionError(f"option {name!r}: {why} (got {value!r})")

        value = _named(kind, value, channel)
        out: object = value
        if kind == 3:
            if not isinstance(value, str):
                raise bad("must be a string")
            if not definition.get("min_length", 0) <= len(value) <= definition.get("max_length", 6000):
                raise bad("length out of range")
        elif kind in (4, 10):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or (kind == 4 and not isinstance(value, int))
            ):
                raise bad("must be a number" if kind == 10 else "must be an integer")
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise bad(f"must be within {low}..{high}")
        elif kind == 5:
            if not isinstance(value, bool):
                raise bad("must be a boolean")
        elif kind in (6, 9) and isinstance(value, Actor | Member):
            member = value.member if isinstance(value, Actor) else value
            user, member_data = _resolved_member(member, channel)
            resolved.setdefault("users", {})[str(member.user.id)] = user
            resolved.setdefault("members", {})[str(member.user.id)] = member_data
            out = str(member.user.id)
        elif kind == 7 and isinstance(value, Channel):
            data = value.to_dict()
            data["permissions"] = str(self.member.permissions_in(value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            out = str(value.id)
        elif kind in (8, 9) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_dict()
            out = str(value.id)
        elif kind not in (3, 4, 5, 10):
            raise bad(f"option type {kind} is not supported with this value")
        choices = definition.get("choices")
        if choices and out not in [c["value"] for c in choices]:
            raise bad(f"must be one of {[c['value'] for c in choices]}")
        return {"type": kind, "name": name, "value": out}
