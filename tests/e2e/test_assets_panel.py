"""``/assets start`` and the private panel through the real bot and the stand-in: a lobby, a
person joining, an AI seat, the table message with its picture, a private hand for each player and
none for a stranger; and a move chosen from a select menu, where a kind of move has more than five
choices."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.assets_play import bold, notice, open_hand, said, seed_assets, table_message
from tests.e2e.toppo_play import quick_world, text, wait_public
from tests.engine.assets import table

world = pytest.fixture(quick_world)


async def test_a_lobby_starts_a_match_with_a_hand_for_each_player(world: World, bot: BotProcess) -> None:
    lobby = (await world.alice.slash("assets start")).message
    assert lobby.card["title"] == text("lobby.title", game=text("games.assets"))
    await world.bruno.press(lobby, label=text("lobby.join"))
    await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.hard")))
    await wait_public(world, lambda m: m.id == lobby.id and "(3/6)" in m.text)

    await world.alice.press(lobby, label=text("lobby.start"))

    table = await table_message(world)
    assert table.id == lobby.id and table.image().size[0] == 1000
    alice, bruno = await open_hand(world.alice, table), await open_hand(world.bruno, table)
    assert len(alice.hand) == len(bruno.hand) == 5, "three players hold five cards each"
    assert bruno.message.card["title"] == text("assets.panel.title", "es-ES", number=1)
    stranger = await world.carla.press(table, label=text("assets.table.panel"))
    assert stranger.message.ephemeral and stranger.message.content == text("reason.not_seated", "es-419")


async def test_a_move_from_a_select_menu_is_made_like_a_button(world: World, database: Path) -> None:
    await seed_assets(database, world, [world.alice, world.bruno], table("PB BC HM SI GO", "JW JW HM HM ST"))
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        alice = await open_hand(world.alice, await table_message(world))
        assert alice.moves("pair") == ["pb.si", "pb.go", "bc.si", "bc.go", "hm.si", "hm.go"]
        assert [str(menu["custom_id"]).split(":")[2] for menu in alice.message.selects()] == ["pair"]

        alice = await alice.move("pair", "bc.go")

        cards = "Baseball Cards + Gold"
        placed = said("paired", player=bold("Alice"), asset="Baseball Cards", cards=cards, value="$55,000")
        assert alice.note == placed
        await notice(world, placed)
    finally:
        assert await bot.stop() == 0, bot.output
    assert_bot_healthy(bot)
