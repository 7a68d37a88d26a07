"""Each enforced Discord limit, violated on purpose over plain HTTP: the answer must be Discord's
status and error body, pointing at the offending field, and the violation is recorded so a bot
that swallowed the error would still fail its test."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from fakediscord import FakeDiscord
from tests.conftest import World

from .conftest import RawApi

ROW = {"type": 1, "components": [{"type": 2, "style": 1, "label": "ok", "custom_id": "ok"}]}


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(children)}


def select(options: int) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": "pick",
        "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(options)],
    }


def text_display(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(children)}


def gallery(url: str, alt: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"media": {"url": url}}
    if alt is not None:
        item["description"] = alt
    return {"type": 12, "items": [item]}


def embed(**fields: Any) -> dict[str, Any]:
    return {"title": "t", **fields}


def many_fields(n: int, name: str = "n", value: str = "v") -> list[dict[str, Any]]:
    return [{"name": name, "value": value} for _ in range(n)]


# (payload, path to the error inside "errors", Discord's error code)
MESSAGE_VIOLATIONS = {
    "content over 2000": ({"content": "x" * 2001}, ["content"], "BASE_TYPE_MAX_LENGTH"),
    "custom_id over 100": (
        {"components": [row(button("x" * 101))]},
        ["components", "0", "components", "0", "custom_id"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "custom_id empty": (
        {"components": [row(button(""))]},
        ["components", "0", "components", "0", "custom_id"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "custom_id duplicated": (
        {"components": [row(button("same"), button("same"))]},
        ["components", "0", "components", "1", "custom_id"],
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    "six action rows": (
        {"components": [row(button(f"r{i}")) for i in range(6)]},
        ["components"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "six buttons in a row": (
        {"components": [row(*(button(f"b{i}") for i in range(6)))]},
        ["components", "0", "components"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "button label over 80": (
        {"components": [row(button("b", "x" * 81))]},
        ["components", "0", "components", "0", "label"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "select without options": (
        {"components": [row(select(0))]},
        ["components", "0", "components", "0", "options"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "select with 26 options": (
        {"components": [row(select(26))]},
        ["components", "0", "components", "0", "options"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "select beside a button": (
        {"components": [row(select(2), button("b"))]},
        ["components", "0", "components"],
        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    ),
    "embed title over 256": (
        {"embeds": [embed(title="x" * 257)]},
        ["embeds", "0", "title"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "embed description over 4096": (
        {"embeds": [embed(description="x" * 4097)]},
        ["embeds", "0", "description"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "26 embed fields": (
        {"embeds": [embed(fields=many_fields(26))]},
        ["embeds", "0", "fields"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "field name over 256": (
        {"embeds": [embed(fields=many_fields(1, name="x" * 257))]},
        ["embeds", "0", "fields", "0", "name"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "field value over 1024": (
        {"embeds": [embed(fields=many_fields(1, value="x" * 1025))]},
        ["embeds", "0", "fields", "0", "value"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "footer over 2048": (
        {"embeds": [embed(footer={"text": "x" * 2049})]},
        ["embeds", "0", "footer", "text"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "author over 256": (
        {"embeds": [embed(author={"name": "x" * 257})]},
        ["embeds", "0", "author", "name"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "embeds over 6000 in total": (
        {"embeds": [embed(description="x" * 4000), embed(description="y" * 2000)]},
        ["embeds"],
        "MAX_EMBED_SIZE_EXCEEDED",
    ),
    "eleven embeds": ({"embeds": [embed() for _ in range(11)]}, ["embeds"], "BASE_TYPE_MAX_LENGTH"),
    "components v2 with content": (
        {"flags": 1 << 15, "content": "hi", "components": [{"type": 10, "content": "x"}]},
        ["content"],
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    ),
    "components v2 with an embed": (
        {"flags": 1 << 15, "embeds": [embed()], "components": [text_display("x")]},
        ["embeds"],
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    ),
    "41 components (a container and 40 texts)": (
        {"flags": 1 << 15, "components": [container(*(text_display("x") for _ in range(40)))]},
        ["components"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "text displays over 4000 in all": (
        {"flags": 1 << 15, "components": [container(text_display("x" * 2000), text_display("y" * 2001))]},
        ["components"],
        "MAX_TEXT_DISPLAY_LENGTH",
    ),
    "a picture that is not attached": (
        {"flags": 1 << 15, "components": [container(gallery("attachment://table.png"))]},
        ["components", "0", "components", "0", "items", "0", "media", "url"],
        "ATTACHMENT_NOT_FOUND",
    ),
    "alt text over 1024": (
        {"flags": 1 << 15, "components": [gallery("https://example.com/a.png", "x" * 1025)]},
        ["components", "0", "items", "0", "description"],
        "BASE_TYPE_BAD_LENGTH",
    ),
}


def error_at(body: dict[str, Any], path: list[str]) -> list[str]:
    node = body["errors"]
    for key in path:
        node = node[key]
    return [e["code"] for e in node["_errors"]]


@pytest.mark.parametrize(
    ("payload", "path", "code"), MESSAGE_VIOLATIONS.values(), ids=MESSAGE_VIOLATIONS.keys()
)
async def test_channel_message_limits(
    world: World, api: RawApi, payload: dict[str, Any], path: list[str], code: str
) -> None:
    status, body, _ = await api.request("POST", f"/channels/{world.games.id}/messages", json=payload)

    assert status == 400
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert code in error_at(body, path)
    assert world.games.messages == {}
    problems = world.fake.take_problems()
    refused = [p for p in problems if " -> 400 " in p]
    described = [p for p in problems if p.startswith("create_message: request ")]
    assert len(refused) == 1 and sorted(problems) == sorted(refused + described)
    # Where Discord's API description states the limit too, it blames the same field.
    field = "$" + "".join(f"[{key}]" if key.isdigit() else f".{key}" for key in path)
    assert all(p.startswith(f"create_message: request {field}") for p in described), described


async def test_the_same_payloads_within_limits_are_accepted(world: World, api: RawApi) -> None:
    """The boundaries themselves are allowed, so the violations above are not refused by accident."""
    world.fake.ratelimits.enabled = False  # six messages in a row; the channel bucket is tested elsewhere
    fields = many_fields(25, name="n" * 100, value="v" * 100)
    payloads = [
        {"content": "x" * 2000},
        {"components": [row(*(button(f"{r}{b}" + "x" * 98, "l" * 80) for b in range(5))) for r in range(5)]},
        {"components": [row(select(25))]},
        {
            "embeds": [
                embed(title="x" * 256, description="d" * 500, fields=fields, footer={"text": "f" * 200})
            ]
        },
        {"embeds": [embed() for _ in range(10)]},
        {"flags": 1 << 15, "components": [{"type": 10, "content": "v2"}, row(button("v2"))]},
        {
            "flags": 1 << 15,
            "components": [
                container(
                    *(text_display("x" * 100) for _ in range(37)),
                    gallery("https://example.com/a.png", "a" * 1024),
                ),
                text_display("y" * 300),
            ],
        },
    ]
    for payload in payloads:
        status, body, _ = await api.request("POST", f"/channels/{world.games.id}/messages", json=payload)
        assert status == 200, body


async def test_empty_message_is_refused(world: World, api: RawApi) -> None:
    status, body, _ = await api.request("POST", f"/channels/{world.games.id}/messages", json={"content": ""})

    assert (status, body) == (400, {"message": "Cannot send an empty message", "code": 50006})
    world.fake.take_problems()


async def test_ephemeral_flag_on_a_channel_message_is_ignored(world: World, api: RawApi) -> None:
    """Discord ignores EPHEMERAL outside interaction replies: the message is public, so a bot that
    relies on it leaks private information, which a test can see."""
    status, body, _ = await api.request(
        "POST", f"/channels/{world.games.id}/messages", json={"content": "my hand", "flags": 64}
    )

    assert status == 200
    assert body["flags"] & 64 == 0
    assert [m.content for m in world.bruno.sees()] == ["my hand"]


def files_form(sizes: list[int]) -> aiohttp.FormData:
    form = aiohttp.FormData(quote_fields=False)
    attachments = [{"id": i, "filename": f"f{i}.bin"} for i in range(len(sizes))]
    form.add_field("payload_json", json.dumps({"attachments": attachments}), content_type="application/json")
    for i, size in enumerate(sizes):
        form.add_field(
            f"files[{i}]", b"\0" * size, filename=f"f{i}.bin", content_type="application/octet-stream"
        )
    return form


async def test_attachment_over_10_mib_is_refused(world: World, api: RawApi) -> None:
    path = f"/channels/{world.games.id}/messages"
    status, body, _ = await api.request("POST", path, form=files_form([10 * 1024 * 1024 + 1]))

    assert (status, body) == (413, {"message": "Request entity too large", "code": 40005})
    status, body, _ = await api.request("POST", path, form=files_form([10 * 1024 * 1024]))
    assert status == 200
    assert body["attachments"][0]["size"] == 10 * 1024 * 1024
    world.fake.take_problems()


async def test_more_than_ten_files_are_refused(world: World, api: RawApi) -> None:
    status, body, _ = await api.request(
        "POST", f"/channels/{world.games.id}/messages", form=files_form([1] * 11)
    )

    assert status == 400
    assert "BASE_TYPE_MAX_LENGTH" in error_at(body, ["attachments"])
    world.fake.take_problems()


async def test_unknown_route_is_404_and_a_problem(fake: FakeDiscord, api: RawApi) -> None:
    status, body, _ = await api.request("POST", "/channels/1/crosspost")

    assert (status, body) == (404, {"message": "404: Not Found", "code": 0})
    assert fake.take_problems() == [
        "unknown route: POST /channels/1/crosspost (the stand-in does not implement it)"
    ]


async def test_unknown_token_is_unauthorized(fake: FakeDiscord, api: RawApi) -> None:
    status, body, _ = await api.request("GET", "/users/@me", token="not-a-token")

    assert (status, body) == (401, {"message": "401: Unauthorized", "code": 0})
    assert len(fake.take_problems()) == 1


async def test_bot_without_send_permission_is_forbidden(world: World, api: RawApi) -> None:
    from fakediscord.model import SEND_MESSAGES

    world.fake.set_overwrite(world.games, world.fake.bot_member(world.guild), deny=SEND_MESSAGES)
    status, body, _ = await api.request(
        "POST", f"/channels/{world.games.id}/messages", json={"content": "hi"}
    )

    assert (status, body) == (403, {"message": "Missing Permissions", "code": 50013})
    world.fake.take_problems()


async def test_ephemeral_messages_are_not_reachable_through_channel_routes(world: World, api: RawApi) -> None:
    record = world.fake.new_interaction(world.alice.member, world.games, 2, {"name": "x"}, "en-US", None)
    callback = f"/interactions/{record.id}/{record.token}/callback"
    status, body, _ = await api.request(
        "POST", callback, json={"type": 4, "data": {"content": "secret", "flags": 64}}, auth=False
    )
    assert status == 204
    (message,) = world.alice.sees()

    status, body, _ = await api.request(
        "PATCH", f"/channels/{world.games.id}/messages/{message.id}", json={"content": "x"}
    )

    assert (status, body) == (404, {"message": "Unknown Message", "code": 10008})
    world.fake.take_problems()


INTERACTION_VIOLATIONS = {
    "modal title over 45": (
        {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "x" * 46,
                "components": [row({"type": 4, "custom_id": "a", "style": 1, "label": "A"})],
            },
        },
        ["data", "title"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "modal with six inputs": (
        {
            "type": 9,
            "data": {
                "custom_id": "m",
                "title": "t",
                "components": [
                    row({"type": 4, "custom_id": f"a{i}", "style": 1, "label": "A"}) for i in range(6)
                ],
            },
        },
        ["data", "components"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "reply content over 2000": (
        {"type": 4, "data": {"content": "x" * 2001}},
        ["data", "content"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "reply custom_id over 100": (
        {"type": 4, "data": {"components": [row(button("x" * 101))]}},
        ["data", "components", "0", "components", "0", "custom_id"],
        "BASE_TYPE_BAD_LENGTH",
    ),
    "update for a slash command": ({"type": 7, "data": {"content": "x"}}, ["type"], "BASE_TYPE_CHOICES"),
    "components v2 on a defer (it goes on the follow-up)": (
        {"type": 5, "data": {"flags": 1 << 15}},
        ["data", "flags"],
        "MESSAGE_FLAGS_INVALID",
    ),
}


@pytest.mark.parametrize(
    ("body", "path", "code"), INTERACTION_VIOLATIONS.values(), ids=INTERACTION_VIOLATIONS.keys()
)
async def test_interaction_response_limits(
    world: World, api: RawApi, body: dict[str, Any], path: list[str], code: str
) -> None:
    record = world.fake.new_interaction(world.alice.member, world.games, 2, {"name": "x"}, "en-US", None)
    status, answer, _ = await api.request(
        "POST", f"/interactions/{record.id}/{record.token}/callback", json=body, auth=False
    )

    assert status == 400
    assert answer["code"] == 50035
    assert code in error_at(answer, path)
    assert not record.acknowledged.is_set()
    world.fake.take_problems()


COMMAND_VIOLATIONS = {
    "upper-case name": (
        [{"name": "About", "description": "d"}],
        ["0", "name"],
        "APPLICATION_COMMAND_INVALID_NAME",
    ),
    "name over 32": ([{"name": "x" * 33, "description": "d"}], ["0", "name"], "BASE_TYPE_BAD_LENGTH"),
    "no description": ([{"name": "about"}], ["0", "description"], "BASE_TYPE_REQUIRED"),
    "duplicate names": (
        [{"name": "a", "description": "d"}] * 2,
        ["1", "name"],
        "APPLICATION_COMMANDS_DUPLICATE_NAME",
    ),
    "bad locale": (
        [{"name": "a", "description": "d", "name_localizations": {"xx": "a"}}],
        ["0", "name_localizations", "xx"],
        "LOCALE_INVALID",
    ),
    "26 choices": (
        [
            {
                "name": "a",
                "description": "d",
                "options": [
                    {
                        "type": 3,
                        "name": "o",
                        "description": "d",
                        "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                    }
                ],
            }
        ],
        ["0", "options", "0", "choices"],
        "BASE_TYPE_MAX_LENGTH",
    ),
    "required after optional": (
        [
            {
                "name": "a",
                "description": "d",
                "options": [
                    {"type": 3, "name": "o", "description": "d"},
                    {"type": 3, "name": "p", "description": "d", "required": True},
                ],
            }
        ],
        ["0", "options", "1", "required"],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ),
}


@pytest.mark.parametrize(
    ("commands", "path", "code"), COMMAND_VIOLATIONS.values(), ids=COMMAND_VIOLATIONS.keys()
)
async def test_command_sync_limits(
    fake: FakeDiscord, api: RawApi, commands: list[Any], path: list[str], code: str
) -> None:
    status, body, _ = await api.request("PUT", f"/applications/{fake.application.id}/commands", json=commands)

    assert status == 400
    assert code in error_at(body, path)
    assert fake.application.global_commands == []
    fake.take_problems()


async def test_command_sync_keeps_ids_and_is_readable(world: World, api: RawApi) -> None:
    path = f"/applications/{world.fake.application.id}/guilds/{world.guild.id}/commands"
    command = {"name": "about", "description": "d", "name_localizations": {"es-ES": "acerca-de"}}
    status, first, _ = await api.request("PUT", path, json=[command])
    assert status == 200
    status, second, _ = await api.request("PUT", path, json=[command, {"name": "rules", "description": "d"}])
    status, listed, _ = await api.request("GET", path)

    assert first[0]["id"] == second[0]["id"]
    assert [c["name"] for c in listed] == ["about", "rules"]
    assert listed[0]["guild_id"] == str(world.guild.id)
