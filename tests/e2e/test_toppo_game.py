"""A whole game of Toppo through the real bot and the stand-in: /toppo start, a lobby, two humans
racing an AI on their private panels, the result saved, and the next game chosen and dealt."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import (
    game_buttons,
    open_panel,
    open_table,
    play_until_over,
    public,
    quick_world,
    recorded_games,
    text,
    wait_public,
)

world = pytest.fixture(quick_world)


async def test_two_humans_and_an_ai_play_a_game_to_its_saved_result(
    world: World, bot: BotProcess, database: Path
) -> None:
    table = await open_table(world, [world.alice, world.bruno], ["easy"])
    assert table.card["title"] == "Toppo, game 1"
    assert table.image().size[0] == 1000

    alice, bruno = await open_panel(world.alice, table), await open_panel(world.bruno, table)
    assert bruno.message.card["title"] == "Tu fila, partida 1", "private panels follow the user's language"
    alice, bruno = await asyncio.gather(play_until_over(alice), play_until_over(bruno))

    results = await wait_public(world, lambda m: m.id == table.id and "Next game" in m.text)
    assert results.card["title"] == "Toppo, game 1 is over"
    assert results.image().size[0] == 1000
    (key, seats), *others = recorded_games(database)
    assert others == [] and key.startswith("toppo:") and key.endswith(":1")
    assert [seat[1] for seat in seats] == [world.alice.id, world.bruno.id, None]
    assert seats[2][2] == "easy"
    winners = [seat for seat in seats if seat[4]]
    assert len(winners) == 1 and winners[0][3] == 0, "the toppo caller wins with 0 points"
    assert all(score > 0 for _, _, _, score, won in seats if not won)
    names = ["Alice", "Bruno", "AI 1 (easy)"]
    assert f"**{names[winners[0][0]]}** called Toppo" in results.text

    await world.alice.press(results, label="Next game")
    # The highest running total chooses (the earliest seat on a tie); an AI chooses by itself, so
    # the table may go straight to game 2 without ever being drawn as choosing.
    highest = max(range(3), key=lambda seat: (seats[seat][3], -seat))
    if highest < 2:
        choosing = await wait_public(world, lambda m: m.id == table.id and "chooses the size" in m.text)
        assert not any(b.get("label") == "4 cards" for b in choosing.buttons()), "sizes are on the panel"
        chooser = (world.alice, world.bruno)[highest]
        locale = chooser.locale
        panel = (await chooser.press(choosing, label=text("toppo.table.panel", locale))).message
        assert panel.ephemeral and text("toppo.panel.choose", locale) in panel.text
        await chooser.press(panel, label=text("toppo.results.choice", locale, value=4))
    game2 = await wait_public(world, lambda m: m.title == "Toppo, game 2")
    assert game2.id != table.id
    await wait_public(world, lambda m: m.id == table.id and not game_buttons(m))
    panel = await open_panel(world.alice, game2)
    if highest < 2:
        assert len(panel.display) == 4
    assert len(recorded_games(database)) == 1
    assert text(
        "toppo.notice.game_started", number=2, player=f"**{names[highest]}**", size=len(panel.display)
    ) in (game2.text + "".join(m.text for m in public(world)))
    assert world.fake.stats.natural_429s == []


async def test_the_lobby_seats_people_and_refuses_what_only_the_host_may_do(
    world: World, bot: BotProcess
) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    assert lobby.card["title"] == "Toppo: a table is open" and "1. Alice" in lobby.text

    joined = await world.bruno.press(lobby, label="Join")
    start = await world.bruno.press(lobby, label="Start")
    again = await world.alice.press(lobby, label="Join")
    taken = await world.carla.slash("toppo start")

    assert joined.response_type == 6, "a lobby press is acknowledged at once; the lobby is redrawn for all"
    assert start.followups == [] and start.message.ephemeral
    assert start.message.content == text("refused.host_only", "es-ES")
    assert again.message.content == text("refused.already_seated")
    assert taken.message.ephemeral and taken.message.content == text("lobby.channel_taken", "es-419")
    await world.alice.press(lobby, label="Add AI: normal")
    await world.bruno.press(lobby, label="Leave")
    shown = await wait_public(world, lambda m: m.id == lobby.id and "2. AI 1 (normal)" in m.text)
    assert "Bruno" not in shown.text and "Seats (2/8)" in shown.text
    await world.alice.press(lobby, label="Remove an AI")
    await wait_public(world, lambda m: m.id == lobby.id and "Seats (1/8)" in m.text)
    alone = await world.alice.press(lobby, label="Start")
    assert alone.message.content == text("refused.too_few")
