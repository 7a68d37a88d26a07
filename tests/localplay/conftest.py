"""Local play's pieces in the test's process: the offline Discord with the seeded world (saved in
a temporary directory), the page served by aiohttp's test server, and the real bot as a
subprocess, as ``python bot.py --local`` runs it (``localplay.child``, no test game).

Unlike the other end-to-end tests, a problem at the stand-in does not fail a test by itself:
local play shows it on the page and goes on, and one test provokes one on purpose. The others
check there was none.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientWebSocketResponse
from aiohttp.test_utils import TestClient, TestServer

from fakediscord import BotProcess
from localplay.launcher import LocalWorld, Places
from localplay.page import Page

JSON = dict[str, Any]


@dataclass
class Local:
    """One run of local play: the world, its page's client, its bot, and the members by name."""

    world: LocalWorld
    places: Places
    client: TestClient[Any, Any]
    bot: BotProcess
    members: dict[str, str] = field(default_factory=dict)
    """Member ids by display name (Ana, Ben, Carla, Dani)."""
    channels: dict[str, str] = field(default_factory=dict)
    """Channel ids by name."""
    refused: bool = False
    """Set by a test that makes the stand-in refuse the bot on purpose: the bot logs the refusal
    (with its traceback), which otherwise fails the test."""

    async def get(self, path: str, **query: str) -> Any:
        async with self.client.get(path, params=query) as response:
            return await response.json()

    async def post(self, action: str, body: JSON | str) -> JSON:
        """An action's answer: 200, or 400 for a body no page would send."""
        data = body if isinstance(body, str) else json.dumps(body)
        headers = {"Content-Type": "application/json"}
        async with self.client.post(f"/api/{action}", data=data, headers=headers) as response:
            assert response.status in (200, 400)
            answer: JSON = await response.json()
            return answer

    async def act(self, action: str, who: str, channel: str, **fields: Any) -> JSON:
        """An action as ``who`` (a name) in ``channel`` (a name or an id), which must succeed."""
        where = self.channels.get(channel, channel)
        answer = await self.post(action, {"member": self.members[who], "channel": where, **fields})
        assert answer["ok"], answer
        return answer

    async def live(self, who: str) -> Live:
        ws = await self.client.ws_connect("/api/live", params={"member": self.members[who]})
        return Live(ws)


class Live:
    """One member's open page: the events its WebSocket receives."""

    def __init__(self, ws: ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[JSON] = []

    async def wait(self, wanted: Callable[[JSON], bool], *, since: int = 0, timeout: float = 20.0) -> JSON:
        """The first event that is ``wanted``, of those received so far (from the ``since``-th
        on) or next."""
        seen = since
        async with asyncio.timeout(timeout):
            while True:
                for event in self.events[seen:]:
                    if wanted(event):
                        return event
                seen = len(self.events)
                self.events.append(await self.ws.receive_json())


def texts(message: JSON) -> str:
    """Every text display's content, every button's label of a message, one a line."""
    found: list[str] = []

    def walk(components: list[JSON]) -> None:
        for component in components:
            found.extend(str(component[key]) for key in ("content", "label") if key in component)
            walk(component.get("components") or [])
            if "accessory" in component:
                walk([component["accessory"]])

    walk(message.get("components") or [])
    return "\n".join([message.get("content") or "", *found])


def button(message: JSON, label: str) -> str:
    """The custom id of the one button labelled ``label`` on ``message``."""
    found: list[str] = []

    def walk(components: list[JSON]) -> None:
        for component in components:
            if component.get("type") == 2 and component.get("label") == label:
                found.append(component["custom_id"])
            walk(component.get("components") or [])
            if "accessory" in component:
                walk([component["accessory"]])

    walk(message.get("components") or [])
    assert len(found) == 1, f"{len(found)} buttons labelled {label!r}:\n{texts(message)}"
    return found[0]


def message_event(where: str, *words: str) -> Callable[[JSON], bool]:
    """A message event in channel ``where`` (an id) whose texts hold every one of ``words``."""

    def wanted(event: JSON) -> bool:
        shown = texts(event["message"]) if event["type"] == "message" else ""
        return event.get("channel_id") == where and all(w in shown for w in words)

    return wanted


@contextlib.asynccontextmanager
async def opened(places: Places) -> AsyncIterator[Local]:
    """Local play started on ``places`` (resuming the world saved there, if any), then stopped as
    Ctrl-C stops it: the bot first (it must exit cleanly), then the world saved."""
    world = LocalWorld(places.world)
    await world.start()
    page = Page(world.fake, world.guild)
    client: TestClient[Any, Any] = TestClient(TestServer(page.app()))
    await client.start_server()
    bot = world.bot(places)
    local: Local | None = None
    try:
        await bot.start(timeout=60)
        local = Local(world, places, client, bot)
        for member in (await local.get("/api/world"))["members"]:
            local.members[member["name"]] = member["id"]
        for channel in (await local.get("/api/world"))["channels"]:
            local.channels[channel["name"]] = channel["id"]
        yield local
    finally:
        code = await bot.stop(sig=signal.SIGTERM)
        await client.close()
        await world.stop()
    assert local is not None
    assert code == 0, f"bot exited with {code}:\n{bot.output}"
    assert local.refused or "Traceback" not in bot.output, bot.output


@pytest.fixture
def places(tmp_path: Path) -> Places:
    return Places.beside(tmp_path / "gamenight.sqlite3")


@pytest.fixture
async def local(places: Places) -> AsyncIterator[Local]:
    """Local play on a fresh world; no problem at the stand-in by the end."""
    async with opened(places) as running:
        yield running
        problems = running.world.fake.problems
        assert not problems, "the stand-in saw problems:\n" + "\n".join(problems)
