"""Emoji drawn from pictures the page serves itself (issue 44): a machine without an emoji font
showed the bot's ⏳, 🤖 or ⏩ as empty boxes, where Discord draws every emoji from Twemoji's
images. Every emoji the bot can send has its picture, found by Twemoji's file name."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from fakediscord import FakeDiscord
from localplay.page import Page
from localplay.twemoji import name
from localplay.world import seed
from tests.localplay.emoji_used import emoji_used

Client = TestClient[web.Request, web.Application]


@pytest.fixture
async def client() -> AsyncIterator[Client]:
    """The page of a seeded offline server (no bot: pictures need none)."""
    fake = FakeDiscord()
    await fake.start()
    client: Client = TestClient(TestServer(Page(fake, seed(fake)).app()))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()
        await fake.stop()


async def picture(client: Client, emoji: str) -> bytes | None:
    """The SVG the page serves for ``emoji``, or None if it serves none."""
    async with client.get(f"/twemoji/{name(emoji)}.svg") as response:
        if response.status != 200 or response.content_type != "image/svg+xml":
            return None
        return await response.read()


async def test_every_emoji_the_bot_can_send_has_a_picture_the_page_serves(client: Client) -> None:
    used = emoji_used()
    assert {"⏳", "🤖", "📈", "🏆", "⏮", "⏭", "⏩"} <= used.keys(), "the emoji the issue saw as boxes"
    missing = [
        f"{emoji} ({name(emoji)}), used in {', '.join(where)}"
        for emoji, where in used.items()
        if not (svg := await picture(client, emoji)) or not svg.startswith(b"<svg")
    ]
    assert not missing, "emoji with no picture:\n" + "\n".join(missing)


def test_twemoji_names_an_emoji_by_its_code_points_without_vs16_unless_joined() -> None:
    assert name("⏮") == name("⏮️") == "23ee"
    assert name("❤️‍🔥") == "2764-fe0f-200d-1f525", "a ZWJ sequence keeps its VS16"
    assert name("👩🏽‍💻") == "1f469-1f3fd-200d-1f4bb", "a skin tone is a code point of its own"
    assert name("🇪🇸") == "1f1ea-1f1f8"
    assert name("#️⃣") == "23-20e3"


async def test_an_emoji_twemoji_files_without_its_vs16_is_found_and_an_unknown_one_is_not(
    client: Client,
) -> None:
    assert name("👁️‍🗨️") == "1f441-fe0f-200d-1f5e8-fe0f"
    assert await picture(client, "👁️‍🗨️"), "filed as 1f441-200d-1f5e8"
    assert await picture(client, "❤️‍🔥") and await picture(client, "👩🏽‍💻")
    for wanted in ("10ffff", "23f3-", "-23f3", "23f3--23f3", "1234567"):
        async with client.get(f"/twemoji/{wanted}.svg") as response:
            assert response.status == 404, wanted
