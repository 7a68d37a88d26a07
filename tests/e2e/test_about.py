"""/about through the real bot process and the stand-in: synced with its translations, answered
privately in the user's language, and refreshed in place by its button."""

from __future__ import annotations

import asyncio

import pytest

from fakediscord import BotProcess, UserActionError
from locales import catalog
from tests.conftest import World

MESSAGES = catalog()

EXPECTED = {
    "en-US": ("Game Night", ["Version", "Up for", "Tables running", "Games", "New tables play"], "Refresh"),
    "es-ES": (
        "Noche de Juegos",
        ["Versión", "En marcha desde hace", "Mesas en juego", "Juegos", "Las mesas nuevas se juegan"],
        "Actualizar",
    ),
    "es-419": (
        "Noche de Juegos",
        ["Versión", "En marcha desde hace", "Mesas en juego", "Juegos", "Las mesas nuevas se juegan"],
        "Actualizar",
    ),
}


async def test_about_is_synced_with_spanish_names(world: World, bot: BotProcess) -> None:
    (about,) = [c for c in world.fake.application.global_commands if c["name"] == "about"]

    assert about["name_localizations"]["es-ES"] == about["name_localizations"]["es-419"] == "acerca-de"
    assert about["options"] == []
    assert world.fake.stats.count("PUT /applications/{application_id}/commands") == 1


@pytest.mark.parametrize("who", ["alice", "bruno", "carla"])
async def test_about_answers_privately_in_the_users_language(world: World, bot: BotProcess, who: str) -> None:
    actor = getattr(world, who)
    title, field_names, refresh = EXPECTED[actor.locale]

    reply = await actor.slash("about")

    message = reply.message
    assert reply.response_type == 4
    assert message.ephemeral
    assert message.card["title"] == title
    assert [f["name"] for f in message.card["fields"]] == field_names
    assert "Toppo" in message.text and "Topoum" in message.text
    assert message.card["fields"][2]["value"] == "0"
    assert message.card["fields"][4]["value"] == MESSAGES.text("about.place_channels", actor.locale)
    assert message.button(label=refresh)["custom_id"] == "about:refresh"
    assert world.fake.public_messages(world.games) == []
    others = [a for a in (world.alice, world.bruno, world.carla) if a is not actor]
    assert all(other.sees() == [] for other in others)


async def test_refresh_edits_the_same_message_with_fresh_figures(world: World, bot: BotProcess) -> None:
    reply = await world.alice.slash("about")
    before = reply.message
    await asyncio.sleep(1.1)  # uptime is shown to the second

    pressed = await world.alice.press(before, label="Refresh")

    after = pressed.message
    assert pressed.response_type == 7
    assert after.id == before.id and after.ephemeral and after.edited
    assert after.card["fields"][1]["value"] != before.card["fields"][1]["value"]
    assert len(world.alice.sees()) == 1
    with pytest.raises(UserActionError, match="cannot see"):
        await world.bruno.press(after, label="Refresh")


async def test_a_burst_of_about_presses_causes_no_429(world: World, bot: BotProcess) -> None:
    replies = await asyncio.gather(
        *(a.slash("about") for a in (world.alice, world.bruno, world.carla, world.mod))
    )
    await asyncio.gather(
        *(
            a.press(r.message, custom_id="about:refresh")
            for a, r in zip((world.alice, world.bruno, world.carla, world.mod), replies, strict=True)
        )
    )

    assert world.fake.stats.rate_limited == []
    assert world.fake.stats.count("POST /interactions/{webhook_id}/{webhook_token}/callback") == 8
