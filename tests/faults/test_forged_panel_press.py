"""A panel button forged onto the public table message (issue 19, item 13): the bot answers
with a private panel and never edits a message anyone else can see."""

from __future__ import annotations

import pytest

from fakediscord import BotProcess, SeenMessage
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, public, quick_world

world = pytest.fixture(quick_world)


def plant_button(message: SeenMessage, button: dict[str, object], world: World) -> None:
    """Put a panel's button on a public message, as a client that forges interactions can make
    Discord believe it is there (discord.py answers only buttons the message carries)."""
    stored = world.fake.find_channel(message.channel_id).messages[message.id]  # type: ignore[union-attr]
    stored.components = [*stored.components, {"type": 1, "components": [button]}]


async def test_a_panel_button_pressed_on_the_table_message_leaves_it_alone(
    world: World, bot: BotProcess
) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    panel = await open_panel(world.alice, table)
    (refresh,) = panel.buttons("refresh")
    before = public(world)[-1]

    plant_button(before, refresh, world)
    reply = await world.alice.press(before, custom_id=str(refresh["custom_id"]))

    assert reply.response_type == 4, "a new reply, not an edit of the message pressed"
    assert reply.message.ephemeral and reply.message.card["title"] == panel.message.card["title"]
    after = public(world)[-1]
    assert (after.id, after.card, after.attachments) == (before.id, before.card, before.attachments)
