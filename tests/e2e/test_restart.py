"""A button keeps working across a restart of the bot: a new process, the same database, the same
Discord, and a message the new process never saw."""

from __future__ import annotations

from pathlib import Path

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy

SYNC = "PUT /applications/{application_id}/commands"


async def test_refresh_works_on_a_message_from_the_previous_process(world: World, database: Path) -> None:
    first = BotProcess(world.fake, database)
    await first.start()
    reply = await world.alice.slash("about")
    assert await first.stop() == 0
    assert_bot_healthy(first)

    second = BotProcess(world.fake, database)
    await second.start()
    try:
        pressed = await world.alice.press(reply.message, label="Refresh")
    finally:
        code = await second.stop()

    assert code == 0
    assert_bot_healthy(second)
    assert pressed.response_type == 7
    assert pressed.message.id == reply.message.id
    assert pressed.message.card["title"] == "Game Night"
    assert world.fake.gateway.identifies == 2
    assert world.fake.stats.count(SYNC) == 1, "unchanged commands must not be synced again"
