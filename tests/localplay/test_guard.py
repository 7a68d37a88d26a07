"""Other websites cannot drive the local page (issue 43): a request naming another host (DNS
rebinding), an action or the live socket from another origin, an action whose body is not JSON,
and malformed input are refused, each with its reason, never a 500; a page open to the network
needs the key printed in its address."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from fakediscord import FakeDiscord
from localplay.page import Page
from localplay.world import seed

Client = TestClient[web.Request, web.Application]
EVIL = "http://evil.example"


@pytest.fixture
async def page() -> AsyncIterator[tuple[Client, dict[str, str]]]:
    """The page of a seeded offline server (no bot: nothing here reaches one), and an action's
    member and channel."""
    fake = FakeDiscord()
    await fake.start()
    guild = seed(fake)
    client: Client = TestClient(TestServer(Page(fake, guild).app()))
    await client.start_server()
    try:
        world = await (await client.get("/api/world")).json()
        who = {"member": world["members"][0]["id"], "channel": world["channels"][0]["id"]}
        yield client, who
    finally:
        await client.close()
        await fake.stop()


async def answer(response: aiohttp.ClientResponse) -> tuple[int, Any]:
    return response.status, await response.json()


async def test_a_request_naming_another_host_is_refused(page: tuple[Client, dict[str, str]]) -> None:
    client, _ = page
    status, body = await answer(await client.get("/api/world", headers={"Host": "evil.example"}))
    assert status == 403 and body["ok"] is False and "address" in body["error"]
    port = client.server.port
    status, _ = await answer(await client.get("/api/world", headers={"Host": f"evil.example:{port}"}))
    assert status == 403, "a rebinding name on the right port"
    assert (await client.get("/api/world", headers={"Host": f"localhost:{port}"})).status == 200


async def test_an_action_or_the_live_socket_from_another_website_is_refused(
    page: tuple[Client, dict[str, str]],
) -> None:
    client, who = page
    body = json.dumps({**who, "command": "about"})
    json_type = {"Content-Type": "application/json"}
    status, said = await answer(
        await client.post("/api/command", data=body, headers={**json_type, "Origin": EVIL})
    )
    assert status == 403 and "another website" in said["error"]
    status, said = await answer(
        await client.post("/api/command", data=body, headers={"Content-Type": "text/plain"})
    )
    assert status == 415 and "JSON" in said["error"], "a form or a simple fetch from elsewhere"
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect("/api/live", params={"member": who["member"]}, headers={"Origin": EVIL})
    assert refused.value.status == 403
    own = f"http://{client.server.host}:{client.server.port}"
    socket = await client.ws_connect("/api/live", params={"member": who["member"]}, headers={"Origin": own})
    await socket.close()


@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,
        "not json",
        "[1, 2]",
        '{"member": "MEMBER", "channel": "' + "9" * 5000 + '", "command": "about"}',
        '{"member": "MEMBER", "channel": "¹²³", "command": "about"}',
    ],
    ids=["nested", "not-json", "array", "5000-digit-channel", "superscript-channel"],
)
async def test_malformed_actions_get_a_400_with_a_reason(
    page: tuple[Client, dict[str, str]], body: str
) -> None:
    client, who = page
    body = body.replace("MEMBER", who["member"])
    response = await client.post("/api/command", data=body, headers={"Content-Type": "application/json"})
    status, said = await answer(response)
    assert status == 400 and said["ok"] is False and said["error"]


async def test_malformed_ids_in_reads_are_refused_never_a_500(page: tuple[Client, dict[str, str]]) -> None:
    client, who = page
    press = {**who, "message": "9" * 5000, "custom_id": "x"}
    response = await client.post(
        "/api/press", data=json.dumps(press), headers={"Content-Type": "application/json"}
    )
    assert response.status == 400
    assert (await client.get(f"/emojis/{'9' * 72}.png")).status == 404
    assert (await client.get(f"/attachments/{'9' * 5000}/1/a.png")).status == 404
    messages = await client.get("/api/messages", params={"member": who["member"], "channel": "9" * 5000})
    assert messages.status == 400
