"""Spit and Speed through the real bot and the stand-in: /spit start with the variant and options
chosen in the lobby, a match against an AI to its saved result and a rematch, and the refusals
people meet (the host's options, a stranger's panel)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.spit import SpitState
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.spit_play import Panel, dealt, open_panel, seeded_bot, table_message
from tests.e2e.toppo_play import game_buttons, quick_world, recorded_games, text, wait_public
from tests.engine.spit import spit_table

world = pytest.fixture(quick_world)
seeded = pytest.fixture(seeded_bot)

PATIENCE = 15.0
"""Seconds to wait for an AI seat to call (a hard AI calls within 0.7 s), so a stuck table
fails instead of hanging."""


async def refresh_until(panel: Panel, what: str, *done: str) -> Panel:
    """Refresh ``panel`` until its status is one of the catalogue's ``done`` (bounded by PATIENCE)."""
    deadline = time.monotonic() + PATIENCE
    while not any(panel.says(key) for key in done):
        assert time.monotonic() < deadline, f"{what}: still {panel.status!r} after {PATIENCE} s"
        panel = await panel.press("refresh")
    return panel


def short_deal() -> SpitState:
    """Alice's last three cards climb the left pile (7♠ 8♥ 9♥ 10♥); nothing the AI holds ever fits
    there before she is done, so however fast it plays on the right she wins."""
    return spit_table("8h | 9h | Th", "Qc | Jc | 2c 3c", spit=("", "4c 5c"), centre="7s | Kd")


@dealt(short_deal, "alice", "hard")
async def test_a_match_against_an_ai_to_its_saved_result_then_a_rematch(
    world: World, seeded: BotProcess, database: Path
) -> None:
    table = await table_message(world)
    alice = await open_panel(world.alice, table)
    assert alice.says("spit.status.play")

    for pile in range(3):
        alice = await alice.play(pile, 0)

    assert alice.says("spit.status.over", name="**Alice**") and alice.message.buttons() == []
    results = await wait_public(world, lambda m: m.title == "Spit, match 1 is over")
    assert text("spit.results.winner", name="**Alice**") in results.text and results.image().size[0] == 1000
    [(key, seats)] = recorded_games(database)
    assert key == "spit:5eeded0000:1"
    assert seats[0] == (0, world.alice.id, None, 0, 1)
    assert seats[1][1:3] == (None, "hard") and seats[1][3] >= 4 and seats[1][4] == 0

    await world.alice.press(results, label=text("spit.results.next"))

    second = await table_message(world, 2)
    assert second.id != table.id
    alice = await open_panel(world.alice, second)
    assert alice.says("spit.status.start")
    alice = await alice.press("spit")
    alice = await refresh_until(alice, "both called spit", "spit.status.play", "spit.status.stalemate")
    assert text("spit.panel.nothing") not in alice.lines[0], "both spit piles are turned"
    await wait_public(world, lambda m: m.id == table.id and not game_buttons(m))
    assert len(recorded_games(database)) == 1
    assert world.fake.stats.natural_429s == []


async def test_the_host_chooses_speed_and_its_options_in_the_lobby_then_flips_against_an_ai(
    world: World, bot: BotProcess
) -> None:
    lobby = (await world.alice.slash("spit start")).message
    assert lobby.card["title"] == "Spit and Speed: a table is open"
    assert "Game: Spit" in lobby.text and "Stock piles: 5" in lobby.text

    refused = await world.bruno.press(lobby, label="Game: Spit")
    assert refused.message.ephemeral and refused.message.content == text("refused.host_only", "es-ES")
    await world.alice.press(lobby, label="Game: Spit")
    lobby = await wait_public(world, lambda m: m.id == lobby.id and "Game: Speed" in m.text)
    assert "Side piles: 10 cards" in lobby.text and "Stock piles" not in lobby.text
    await world.alice.press(lobby, label="Play to: one deal")
    await world.alice.press(lobby, label="Add AI: hard")
    lobby = await wait_public(world, lambda m: m.id == lobby.id and "Play to: 10 points" in m.text)
    assert "(2/2)" in lobby.text
    await world.alice.press(lobby, label="Start")

    table = await wait_public(world, lambda m: m.title == "Speed, match 1" and bool(m.attachments))
    stranger = await world.carla.press(table, label=text("spit.table.panel"))
    assert stranger.message.ephemeral and stranger.message.content == text("reason.not_seated", "es-419")
    alice = await open_panel(world.alice, table)
    assert alice.says("spit.status.start_speed") and len(alice.message.buttons()) == 13, (
        "5 left, 5 right, flip, refresh, leave game"
    )

    alice = await alice.press("flip")
    alice = await refresh_until(alice, "both flipped", "spit.status.play", "spit.status.stuck")
    left = [button for button in alice.message.buttons() if str(button["custom_id"]).endswith(".0")]
    assert len(left) == 5 and all(str(button["label"]).startswith("◀") for button in left)
