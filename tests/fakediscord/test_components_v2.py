"""Discord's rules for a Components V2 message (the ``IS_COMPONENTS_V2`` flag), over plain HTTP:
a picture shows only where a component names it, the flag turns an older message into a card
only once its content and embeds are cleared, it is never taken off again, it is set on a
deferred reply's follow-up and not on the defer, and the answer carries what Discord adds (ids,
the picture's own address)."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from tests.conftest import World

from .conftest import RawApi, png
from .test_limits import container, gallery, text_display

V2 = 1 << 15


def card_form(payload: dict[str, Any], filename: str = "table.png") -> aiohttp.FormData:
    """A message with one PNG attached as ``filename``, as discord.py uploads it."""
    form = aiohttp.FormData(quote_fields=False)
    body = {**payload, "attachments": [{"id": 0, "filename": filename}]}
    form.add_field("payload_json", json.dumps(body), content_type="application/json")
    form.add_field("files[0]", png((200, 30, 30)), filename=filename, content_type="image/png")
    return form


def card(url: str = "attachment://table.png") -> dict[str, Any]:
    return {"flags": V2, "components": [container(text_display("## Toppo"), gallery(url, "A table"))]}


async def test_a_card_shows_its_attached_picture_with_the_ids_discord_adds(world: World, api: RawApi) -> None:
    status, body, _ = await api.request(
        "POST", f"/channels/{world.games.id}/messages", form=card_form(card())
    )

    assert status == 200, body
    (attachment,) = body["attachments"]
    box = body["components"][0]
    item = box["components"][1]["items"][0]
    assert [box["id"], box["components"][0]["id"], box["components"][1]["id"]] == [1, 2, 3]
    assert item["media"]["url"] == attachment["url"] and item["media"]["attachment_id"] == attachment["id"]
    assert item["description"] == "A table"
    assert world.fake.take_problems() == []


async def test_a_picture_no_component_names_is_a_problem(world: World, api: RawApi) -> None:
    """Discord takes the file but shows it to nobody: the stand-in says so."""
    payload = {"flags": V2, "components": [container(text_display("## Toppo"))]}
    status, _, _ = await api.request("POST", f"/channels/{world.games.id}/messages", form=card_form(payload))

    assert status == 200
    assert world.fake.take_problems() == [
        "table.png is attached to a Components V2 message that shows it nowhere"
    ]


async def test_a_picture_named_under_another_file_name_is_refused(world: World, api: RawApi) -> None:
    form = card_form(card("attachment://other.png"))
    status, body, _ = await api.request("POST", f"/channels/{world.games.id}/messages", form=form)

    assert status == 400
    assert body["errors"]["components"]["0"]["components"]["1"]["items"]["0"]["media"]["url"]["_errors"][0][
        "code"
    ] == ("ATTACHMENT_NOT_FOUND")
    assert world.games.messages == {}
    world.fake.take_problems()


async def test_an_embed_message_becomes_a_card_only_with_its_embeds_cleared(
    world: World, api: RawApi
) -> None:
    channel = f"/channels/{world.games.id}/messages"
    _, old, _ = await api.request("POST", channel, json={"embeds": [{"title": "Toppo, game 1"}]})
    upgrade = {"flags": V2, "components": [container(text_display("## Toppo, game 1"))]}

    status, body, _ = await api.request("PATCH", f"{channel}/{old['id']}", json=upgrade)
    assert status == 400 and "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in json.dumps(body)

    cleared = {**upgrade, "content": None, "embeds": []}
    status, body, _ = await api.request("PATCH", f"{channel}/{old['id']}", json=cleared)
    assert status == 200 and body["flags"] & V2 and body["embeds"] == []
    world.fake.take_problems()


async def test_a_card_stays_a_card(world: World, api: RawApi) -> None:
    """The flag is never taken off: content on a card is refused, and a card without components
    is empty even with its picture still attached."""
    channel = f"/channels/{world.games.id}/messages"
    _, made, _ = await api.request("POST", channel, form=card_form(card()))

    status, body, _ = await api.request("PATCH", f"{channel}/{made['id']}", json={"flags": 0, "content": "x"})
    assert status == 400 and "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2" in json.dumps(body)

    status, body, _ = await api.request("PATCH", f"{channel}/{made['id']}", json={"components": []})
    assert (status, body) == (400, {"message": "Cannot send an empty message", "code": 50006})
    world.fake.take_problems()


async def test_a_deferred_reply_becomes_a_card_on_its_follow_up(world: World, api: RawApi) -> None:
    record = world.fake.new_interaction(world.alice.member, world.games, 2, {"name": "x"}, "en-US", None)
    callback = f"/interactions/{record.id}/{record.token}/callback"
    status, _, _ = await api.request("POST", callback, json={"type": 5, "data": {"flags": 64}}, auth=False)
    assert status == 204

    hook = f"/webhooks/{world.fake.application.id}/{record.token}"
    status, body, _ = await api.request(
        "POST", hook, form=card_form(card()), auth=False, params={"wait": "1"}
    )

    assert status == 200, body
    assert body["flags"] & V2 and body["flags"] & 64, "a private card"
    (seen,) = world.alice.sees()
    assert seen.card["title"] == "Toppo" and seen.card["image"]["description"] == "A table"
    assert world.fake.take_problems() == []
