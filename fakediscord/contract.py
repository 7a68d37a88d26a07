"""Discord's own API description holds the stand-in and the bot to what Discord accepts and answers.

``spec/openapi.json`` is Discord's OpenAPI 3.1 description of API v10 (MIT, see ``spec/``). Every
REST request the bot makes is checked against its operation's request schema and every answer of
the stand-in against the response schema for its status; the gateway payloads the stand-in sends
against the object schemas the description has. A mismatch becomes a stand-in problem naming the
operation and the JSON path of the offending field, which fails the test at teardown.

The description is not Discord itself: where it is known to be looser or stricter, the mismatch
is allowed in :data:`ALLOWED`, one entry each with its reason.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, relevance
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("spec") / "openapi.json"
BASE_URI = "urn:discord-api-spec"


@dataclass(frozen=True)
class Allowance:
    """A mismatch the description shows but Discord accepts (or sends): ``where`` are operation
    ids or object schema names, ``path`` a regular expression over the JSON path of
    the field, ``message`` one searched in the validator's message (which starts with the value)."""

    where: tuple[str, ...]
    path: str
    message: str
    reason: str

    def covers(self, where: str, path: str, message: str) -> bool:
        return (
            (where in self.where or self.where == ("*",))
            and re.fullmatch(self.path, path) is not None
            and re.search(self.message, message) is not None
        )


SENDS_A_MESSAGE = (
    "create_message",
    "update_message",
    "execute_webhook",
    "update_original_webhook_message",
    "update_webhook_message",
    "create_interaction_response",
)

ALLOWED: tuple[Allowance, ...] = (
    Allowance(
        ("*",),
        r"\$\.errors(\..+|\['.+'\])*\['_errors'\]\[\d+\]\.code",
        r"^'[A-Z0-9_]+' is not of type 'integer'$",
        "A 50035 answer's field errors carry string codes (BASE_TYPE_MAX_LENGTH), as Discord's own "
        "error documentation shows; the description reuses its integer-coded Error for them.",
    ),
    Allowance(
        ("bulk_set_application_commands", "bulk_set_guild_application_commands"),
        r"\$\[\d+\]\.default_member_permissions",
        r"^'\d+' is not of type 'integer', 'null'$",
        "Discord documents default_member_permissions as a string bit set and discord.py sends it "
        "so ('32'); the description types it as an integer.",
    ),
    Allowance(
        SENDS_A_MESSAGE,
        r"\$(\.data)?\.attachments\[\d+\]\.id",
        r"^\d+ is not of type 'string'$",
        "discord.py numbers the attachments it uploads as integers (0, 1...), and Discord takes "
        "them: in a request such an id only points at files[n], while the description types every "
        "id as a snowflake string.",
    ),
    Allowance(
        SENDS_A_MESSAGE,
        r"\$(\.data)?\.allowed_mentions\.(users|roles)\[\d+\]",
        r"^\d+ is not valid under any of the given schemas$",
        "discord.py sends the ids of AllowedMentions(users=...) as JSON integers and Discord reads "
        "them as snowflakes (the issue's 'snowflakes sent as integers'); the description allows "
        "strings only.",
    ),
    Allowance(
        SENDS_A_MESSAGE,
        r"\$(\.data)?\.components\[\d+\](\.\w+(\[\d+\])?)*\.emoji\.id",
        r"^\d+ is not valid under any of the given schemas$",
        "discord.py sends a custom emoji's id on a button or a menu option as a JSON integer "
        "(PartialEmoji.to_dict), which Discord reads as a snowflake; the description allows "
        "strings only.",
    ),
    Allowance(
        ("create_dm",),
        r"\$\.recipient_id",
        r"^\d+ is not valid under any of the given schemas$",
        "discord.py opens a member's direct messages with the member's id as a JSON integer "
        "(User.create_dm), which Discord reads as a snowflake; the description allows strings only.",
    ),
    Allowance(
        ("create_guild_scheduled_event", "update_guild_scheduled_event"),
        r"\$\.channel_id",
        r"^\d+ is not valid under any of the given schemas$",
        "discord.py names a stage or voice event's channel by its id as a JSON integer "
        "(Guild.create_scheduled_event, ScheduledEvent.edit), which Discord reads as a snowflake; "
        "the description allows strings only.",
    ),
)
"""Every mismatch the checks let through, and why."""


@dataclass(frozen=True)
class Operation:
    """One method of one path of the description, with the schemas to check against."""

    operation_id: str
    pointer: str
    request: str | None
    """The JSON pointer of the application/json request schema, if the operation takes a body."""
    responses: dict[str, str | None]
    """Status ("200", "4XX") -> the JSON pointer of its application/json schema (None: no body)."""

    def response_pointer(self, status: int) -> str | bool | None:
        """The schema of an answer with ``status``; False if the description has no such answer."""
        for key in (str(status), f"{str(status)[0]}XX", "default"):
            if key in self.responses:
                return self.responses[key]
        return False


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


_PARAMETER = re.compile(r"\{[^}]+\}")


def _template_key(method: str, template: str) -> str:
    """``POST /channels/{}/messages``: a path template with its parameters' names left out, so
    discord.py's names ({webhook_id}) and the description's ({interaction_id}) meet."""
    return method.upper() + " " + _PARAMETER.sub("{}", template)


class Contract:
    """The description, indexed for the stand-in's routes."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        resource = DRAFT202012.create_resource(spec)
        self.registry: Registry[Any] = Registry().with_resource(BASE_URI, resource)
        self._operations: dict[str, Operation] = {}
        self._validators: dict[str, Draft202012Validator] = {}
        for path, item in spec["paths"].items():
            for method, op in item.items():
                if method not in ("get", "put", "post", "patch", "delete"):
                    continue
                pointer = f"/paths/{_escape(path)}/{method}"
                body = op.get("requestBody", {}).get("content", {})
                request = (
                    f"{pointer}/requestBody/content/application~1json/schema"
                    if "application/json" in body
                    else None
                )
                responses = {
                    status: self._body_schema(f"{pointer}/responses/{status}", answer)
                    for status, answer in op["responses"].items()
                }
                self._operations[_template_key(method, path)] = Operation(
                    op["operationId"], pointer, request, responses
                )

    def _body_schema(self, pointer: str, answer: dict[str, Any]) -> str | None:
        """The JSON pointer of an answer's application/json schema, through a shared answer
        (``components/responses``); None if it has no body."""
        if "$ref" in answer:
            pointer = answer["$ref"].removeprefix("#")
            name = pointer.rsplit("/", 1)[1]
            answer = self.spec["components"]["responses"][name]
        if "application/json" not in answer.get("content", {}):
            return None
        return f"{pointer}/content/application~1json/schema"

    def operation(self, method: str, template: str) -> Operation | None:
        return self._operations.get(_template_key(method, template))

    def check_request(self, method: str, template: str, payload: Any) -> list[str]:
        """Problems of a request to the stand-in's route ``template``; an unknown route is one."""
        operation = self.operation(method, template)
        if operation is None:
            return [f"{method} {template}: no such operation in Discord's API description"]
        if payload is None:
            return []
        if operation.request is None:
            return [f"{operation.operation_id}: Discord's API description takes no body here"]
        return self._check(operation.operation_id, "request", operation.request, payload)

    def check_response(self, method: str, template: str, status: int, body: Any) -> list[str]:
        """Problems of the stand-in's answer ``status``/``body`` to a request of ``template``."""
        operation = self.operation(method, template)
        if operation is None:
            return []  # reported with the request
        if status >= 500:
            return []  # the description has no server errors; Discord's 5xx bodies vary
        pointer = operation.response_pointer(status)
        if pointer is False:
            return [f"{operation.operation_id}: Discord's API description has no {status} answer"]
        if pointer is None:
            return [] if body is None else [f"{operation.operation_id}: a {status} answer has no body"]
        assert isinstance(pointer, str)
        return self._check(operation.operation_id, f"{status} answer", pointer, body)

    def check_object(self, schema: str, value: Any, what: str) -> list[str]:
        """Problems of a gateway payload's object against ``components/schemas/<schema>``."""
        return self._check(schema, what, f"/components/schemas/{schema}", value)

    def check_event(self, event: str, data: Any) -> list[str]:
        """Problems of the objects in a gateway event that the description has schemas for (it
        describes REST only, so the event's own envelope is not checked)."""
        return [
            problem
            for schema, value, what in _event_objects(event, data)
            for problem in self.check_object(schema, value, what)
        ]

    def _check(self, where: str, what: str, pointer: str, value: Any) -> list[str]:
        validator = self._validators.get(pointer)
        if validator is None:
            schema = {"$ref": f"{BASE_URI}#{quote(pointer, safe='/~')}"}
            validator = self._validators[pointer] = Draft202012Validator(schema, registry=self.registry)
        problems: dict[str, None] = {}  # in order, once each
        for error in _leaves(validator.iter_errors(value)):
            path = error.json_path
            if not any(allowed.covers(where, path, error.message) for allowed in ALLOWED):
                problems[f"{where}: {what} {path}: {_short(error.message)}"] = None
        return list(problems)


def _short(message: str, limit: int = 300) -> str:
    return message if len(message) <= limit else message[:limit] + "..."


def _leaves(errors: Iterator[ValidationError]) -> Iterator[ValidationError]:
    """The most telling error under each failing ``anyOf``/``oneOf``, so a problem names the
    field that is wrong, not the union around it."""
    for error in errors:
        while error.context and (deeper := _telling(error.context)) is not None:
            error = deeper
        yield error


UNIONS = ("anyOf", "oneOf")


def _telling(context: list[ValidationError]) -> ValidationError | None:
    """The error to report among a union's: Discord's unions are told apart by a ``type`` field
    (an interaction callback, a component), so the branches whose ``type`` does not match are set
    aside, then the branch with the fewest errors is the one meant (jsonschema's best match alone
    often blames the ``type`` of the wrong branch), and its most relevant error is taken without
    looking into it (:func:`_leaves` goes deeper, a union at a time: jsonschema's best match would
    dive into a nested union's branches, a component in a container, and blame a wrong one).
    None when no branch is for this kind of value: the union's own error says so best."""
    branches: dict[object, list[ValidationError]] = {}
    for error in context:
        branches.setdefault(error.relative_schema_path[0], []).append(error)
    meant = [errors for errors in branches.values() if not any(_other_kind(e) for e in errors)]
    if not meant:
        return None
    # Of branches as near, one that names a field beats one that is itself a union.
    shortest = min(meant, key=lambda errors: (len(errors), sum(e.validator in UNIONS for e in errors)))
    return max(shortest, key=relevance)


def _event_objects(event: str, data: Any) -> Iterator[tuple[str, Any, str]]:
    """(schema, object, where) for each object of ``event`` that REST also answers with."""
    if event == "READY":
        yield "UserResponse", data["user"], "READY.user"
    elif event == "GUILD_CREATE":
        yield "GuildResponse", data, "GUILD_CREATE"
        listed = (
            ("channels", "GuildChannelResponse"),
            ("threads", "ThreadResponse"),
            ("members", "GuildMemberResponse"),
        )
        for kind, schema in listed:
            for n, value in enumerate(data.get(kind, [])):
                yield schema, value, f"GUILD_CREATE.{kind}[{n}]"
        for n, value in enumerate(data.get("guild_scheduled_events", [])):
            yield _scheduled_event_schema(value), value, f"GUILD_CREATE.guild_scheduled_events[{n}]"
    elif event in ("THREAD_CREATE", "THREAD_UPDATE"):
        yield "ThreadResponse", data, event
    elif event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
        yield "MessageResponse", data, event
    elif event.startswith("GUILD_SCHEDULED_EVENT_"):
        yield _scheduled_event_schema(data), data, event
    elif event == "GUILD_MEMBER_UPDATE":
        yield "GuildMemberResponse", {k: v for k, v in data.items() if k != "guild_id"}, event
    elif event == "INTERACTION_CREATE":
        if "member" in data:
            yield "GuildMemberResponse", data["member"], "INTERACTION_CREATE.member"
        if "message" in data:
            yield "MessageResponse", data["message"], "INTERACTION_CREATE.message"


SCHEDULED_EVENT_KINDS = {
    1: "StageScheduledEventResponse",
    2: "VoiceScheduledEventResponse",
    3: "ExternalScheduledEventResponse",
}
"""The description's schema of a scheduled event by its ``entity_type``: the ones its REST
answers are held to, which say what each kind must carry (an external event its location)."""


def _scheduled_event_schema(data: Any) -> str:
    """The schema for a scheduled event in a gateway event; the loose shared one, which refuses
    the unknown type itself, for a kind the description does not have."""
    return SCHEDULED_EVENT_KINDS.get(data.get("entity_type"), "ScheduledEventResponse")


def _other_kind(error: ValidationError) -> bool:
    """Whether ``error`` says its union branch is for another kind of value altogether: another
    ``type`` of callback or component, another JSON type (null where an object was sent), or an
    object whose fields the branch does not have at all (an error answer's field errors, where
    its nested fields are taken for a leaf's)."""
    path = list(error.relative_path)
    other_type_field = path == ["type"] and error.validator in ("enum", "const")
    return other_type_field or (not path and error.validator in ("type", "additionalProperties"))


@cache
def contract() -> Contract:
    """The vendored description, loaded once per test session."""
    return Contract(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
