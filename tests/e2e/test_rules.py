"""/rules through the real bot and the stand-in: offered per game, answered privately in the
user's language, from the catalogue's text of docs/rules.md."""

from __future__ import annotations

import pytest

from engine.games import names
from fakediscord import BotProcess
from tests.conftest import World


async def test_rules_is_synced_with_spanish_names_and_a_game_choice(world: World, bot: BotProcess) -> None:
    (rules,) = [c for c in world.fake.application.global_commands if c["name"] == "rules"]
    assert rules["name_localizations"]["es-ES"] == "reglas"
    (game,) = rules["options"]
    assert game["name"] == "game" and game["name_localizations"]["es-419"] == "juego"
    assert [choice["value"] for choice in game["choices"]] == list(names())
    spit = next(choice for choice in game["choices"] if choice["value"] == "spit")
    assert spit["name"] == "Spit and Speed" and spit["name_localizations"]["es-ES"] == "Spit y Speed"


@pytest.mark.parametrize(
    ("who", "title", "section"),
    [("alice", "Toppo: the rules", "Playing on Discord"), ("bruno", "Toppo: las reglas", "Jugar en Discord")],
)
async def test_rules_of_toppo_are_private_and_in_the_users_language(
    world: World, bot: BotProcess, who: str, title: str, section: str
) -> None:
    actor = getattr(world, who)

    reply = await actor.slash("rules", {"game": "toppo"})

    message = reply.message
    assert message.ephemeral and message.card["title"] == title
    names = [field["name"] for field in message.card["fields"]]
    assert len(names) == 7 and names[-1] == section
    assert "33" in message.text and "10" in message.text, "decks of 33, toppo under 10 cards"
    assert world.fake.public_messages(world.games) == []


@pytest.mark.parametrize(
    ("who", "title", "section", "start"),
    [
        ("alice", "Spit and Speed: the rules", "Playing on Discord", "/spit start"),
        ("bruno", "Spit y Speed: las reglas", "Jugar en Discord", "/spit empezar"),
    ],
)
async def test_rules_of_spit_and_speed_are_private_and_in_the_users_language(
    world: World, bot: BotProcess, who: str, title: str, section: str, start: str
) -> None:
    actor = getattr(world, who)

    reply = await actor.slash("rules", {"game": "spit"})

    message = reply.message
    assert message.ephemeral and message.card["title"] == title
    names = [field["name"] for field in message.card["fields"]]
    assert len(names) == 8 and names[-2] == "Speed" and names[-1] == section
    assert "26" in message.text and "15" in message.text, "26 cards each; 15 in Speed, or a short layout"
    assert start in message.text
    assert world.fake.public_messages(world.games) == []


@pytest.mark.parametrize(
    ("who", "title", "section", "goal"),
    [
        ("alice", "Cover Your Assets: the rules", "Playing on Discord", "$1,000,000"),
        ("bruno", "Cover Your Assets: las reglas", "Jugar en Discord", "1.000.000\u00a0$"),
    ],
)
async def test_rules_of_cover_your_assets_are_private_and_in_the_users_language(
    world: World, bot: BotProcess, who: str, title: str, section: str, goal: str
) -> None:
    actor = getattr(world, who)

    reply = await actor.slash("rules", {"game": "assets"})

    message = reply.message
    assert message.ephemeral and message.card["title"] == title
    names = [field["name"] for field in message.card["fields"]]
    assert len(names) == 8 and names[-1] == section
    assert goal in message.text and "110" in message.text, "the goal and the deck's size"
    assert world.fake.public_messages(world.games) == []


@pytest.mark.parametrize(
    ("who", "title", "section"),
    [
        ("alice", "Topoum: the rules", "Playing on Discord"),
        ("bruno", "Topoum: las reglas", "Jugar en Discord"),
    ],
)
async def test_rules_of_topoum_are_private_and_in_the_users_language(
    world: World, bot: BotProcess, who: str, title: str, section: str
) -> None:
    actor = getattr(world, who)

    reply = await actor.slash("rules", {"game": "topoum"})

    message = reply.message
    assert message.ephemeral and message.card["title"] == title
    names = [field["name"] for field in message.card["fields"]]
    assert len(names) == 10 and names[-1] == section
    assert "127" in message.text and "−3" in message.text, "the board's 127 hexes, the line's costs"
    assert world.fake.public_messages(world.games) == []
