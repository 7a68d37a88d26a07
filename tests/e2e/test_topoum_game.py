"""Topoum through the real bot and the stand-in, from the lobby to the recorded result: the host
picks the battle deck (a deck that breaks the category rule is refused, saying why), an AI seat
joins, and an absent player is warned and then passed; and a game against an AI, played through
the panel's menus, ends with its results shown and saved."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from engine.topoum.cards import CardType, Farmer
from engine.topoum.state import Position
from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.topoum_play import Panel, open_panel, public, seed_table, table_message, text, wait_public
from tests.e2e.toppo_play import game_buttons, quick_world, recorded_games

world = pytest.fixture(quick_world)

C = CardType
NO_SPECIAL = ["bayonet", "grenade", "patrol", "panic_attack", "build_base", "new_recruit"]
DECK = ["bayonet", "grenade", "patrol", "panic_attack", "build_base", "new_recruit", "decoration"]


async def test_a_picked_deck_an_ai_seat_and_an_absent_player_timed_out_then_stood_in(
    world: World, database: Path
) -> None:
    bot = BotProcess(world.fake, database, env={"TURN_SECONDS": "3"})
    await bot.start()
    try:
        lobby = (await world.alice.slash("topoum start")).message
        assert lobby.card["title"] == "Topoum: a table is open"
        assert text("topoum.lobby.deck_random") in lobby.text
        bad = await world.alice.choose(lobby, NO_SPECIAL)
        stranger = await world.bruno.choose(lobby, DECK)
        await world.alice.choose(lobby, DECK)
        picked = await wait_public(world, lambda m: m.id == lobby.id and "Decoration (Special)" in m.text)
        await world.alice.press(picked, label=text("lobby.add_ai", level=text("ai.level.hard")))
        await wait_public(world, lambda m: m.id == lobby.id and "(2/4)" in m.text)
        await world.alice.press(picked, label=text("lobby.start"))

        table = await wait_public(world, lambda m: m.id == lobby.id and bool(m.attachments))
        assert "Bayonet (Combat)" in table.text and "Decoration (Special)" in table.text
        assert "Short Range" not in table.text
        warned = text("topoum.notice.hurry", player="**Alice**", seconds=1)
        await wait_public(world, lambda m: m.id == lobby.id and warned in m.text, timeout=20)
        timed_out = text("topoum.notice.timed_out", player="**Alice**")
        await wait_public(world, lambda m: m.id == lobby.id and timed_out in m.text, timeout=20)
        # Her second turn timed out in a row: an AI keeps her seat, and nobody is left playing.
        away = text("seats.notice.seat_absent", player="**Alice**")
        gone = text("seats.nobody_left")
        await wait_public(world, lambda m: m.id == lobby.id and away in m.text and gone in m.text, timeout=40)
    finally:
        code = await bot.stop()

    assert code == 0
    assert_bot_healthy(bot)
    assert bad.message.ephemeral
    assert bad.message.content == " ".join(
        [
            text("topoum.lobby.bad_count", picked=6),
            text("topoum.lobby.bad_categories", categories="Special"),
            text("topoum.lobby.deck_kept"),
        ]
    )
    assert stranger.message.content == text("refused.host_only", "es-ES")
    assert world.fake.stats.natural_429s == []


LATE_GAME = Position(
    board="G7:0n G6:0@0 F7:0@0 H6:1@1 H7:1 I7:1@1",
    hands=((C.SHORT_RANGE, C.PATROL), (C.GRENADE, C.BUILD_BASE)),
    line=(C.BAYONET, C.PATROL, C.NEW_RECRUIT, C.MORTAR, C.DECORATION),
    deck=(C.LONG_RANGE, C.FARMER, C.PATROL, C.SHORT_RANGE, C.BUILD_BASE, C.PEACE, C.GRENADE, C.MORTAR),
    farmer=Farmer.ROCK,
)
"""A game near its end: Peace lies sixth in the deck, so it comes within a few rounds."""
PATIENCE = 45.0


def is_my_turn(panel: Panel) -> bool:
    locale = panel.actor.locale
    mine = (text("topoum.panel.your_turn", locale), text("topoum.panel.your_setup", locale))
    return panel.description.startswith(mine)


async def play_first_choices(panel: Panel) -> Panel:
    """Play the whole turn by taking the first choice on every menu, confirming each step."""
    for _ in range(40):
        if not is_my_turn(panel):
            return panel
        labels = [button.get("label") for button in panel.message.buttons() if not button.get("disabled")]
        confirm, back = (text(f"topoum.panel.{key}", panel.actor.locale) for key in ("confirm", "back"))
        if confirm in labels:
            panel = await panel.press(confirm)
        elif panel.message.selects():
            panel = await panel.choose(str(panel.message.selects()[0]["options"][0]["label"]))
        else:
            moves = [
                str(button["label"])
                for button in panel.message.buttons()
                if str(button["custom_id"]).split(":")[2] in ("step", "go")
                and not button.get("disabled")
                and button["label"] != back
            ]
            panel = await panel.press(moves[0])
    raise AssertionError(f"the turn did not end: {panel.description}")


async def test_a_game_against_an_ai_through_the_menus_ends_shown_and_saved(
    world: World, database: Path
) -> None:
    table_id = await seed_table(database, world, [world.alice, "normal"], LATE_GAME)
    bot = BotProcess(world.fake, database)
    await bot.start()
    over = text("topoum.table.over_title")
    try:
        table = await table_message(world)
        panel = await open_panel(world.alice, table)
        turns = 0
        deadline = time.monotonic() + PATIENCE
        while not any(m.title == over for m in public(world)):
            assert time.monotonic() < deadline, f"the game did not end in {PATIENCE} s"
            if is_my_turn(panel):
                panel = await play_first_choices(panel)
                turns += 1
                continue
            await asyncio.sleep(0.3)
            panel = Panel(world.alice, world.alice.current(panel.message))  # it follows the table
            if not panel.message.buttons():  # the game ended meanwhile: the panel says so
                break
        results = await wait_public(world, lambda m: m.title == over and bool(m.attachments))
    finally:
        code = await bot.stop()

    assert code == 0
    assert_bot_healthy(bot)
    assert turns >= 2
    assert results.id == table.id
    assert game_buttons(results) == [text("seats.again", pressed=0, asked=1)]
    [(key, seats)] = recorded_games(database)
    assert key == f"topoum:{table_id}:1"
    assert [seat[1] for seat in seats] == [world.alice.id, None] and seats[1][2] == "normal"
    names = ["**Alice**", "**AI 1 (normal)**"]
    for seat, _, _, badges, _ in seats:
        standing = text("topoum.table.standing", name=names[seat], badges=badges, bases=0)
        assert standing.split(",")[0] in results.text, "the badges shown are the scores saved"
    winners = [seat for seat, *_, won in seats if won]
    best = max(badges for *_, badges, _ in seats)
    assert winners and all(seats[seat][3] == best for seat in winners)
    assert world.fake.stats.natural_429s == []
