"""Ending play early (issue 14, item 5): "End" asks for a confirmation; the host stops the table
at once, anyone else counts towards a majority of the people seated, a stranger is refused."""

from __future__ import annotations

import pytest

from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.spit_play import dealt, open_panel, seeded_bot, table_message
from tests.e2e.test_spit_game import short_deal
from tests.e2e.toppo_play import game_buttons, quick_world, text, wait_public

world = pytest.fixture(quick_world)
seeded = pytest.fixture(seeded_bot)


@dealt(short_deal, "alice", "bruno")
async def test_ending_needs_the_host_or_most_players_and_a_confirmation(
    world: World, seeded: BotProcess
) -> None:
    alice = await open_panel(world.alice, await table_message(world))
    for pile in range(3):
        alice = await alice.play(pile, 0)
    results = await wait_public(world, lambda m: m.title == "Spit, match 1 is over")
    end = text("spit.results.end")

    stranger = await world.carla.press(results, label=end)
    assert stranger.message.ephemeral and stranger.message.content == text("reason.not_seated", "es-419")

    asked = await world.bruno.press(results, label=end)  # bruno is not the host: one of two
    question = text("end.confirm_vote", "es-ES", needed=2, people=2)
    assert asked.message.ephemeral and asked.message.content == question
    kept = await world.bruno.press(asked.message, label=text("end.no", "es-ES"))
    assert kept.message.content == text("end.kept", "es-ES") and not kept.message.buttons()

    asked = await world.bruno.press(results, label=end)
    voted = await world.bruno.press(asked.message, label=text("end.yes", "es-ES"))
    assert voted.message.content == text("end.voted", "es-ES", votes=1, needed=2)
    assert any(button["label"] == end for button in world.alice.current(results).buttons()), "play goes on"

    asked = await world.alice.press(results, label=end)  # the host
    assert asked.message.content == text("end.confirm_host")
    done = await world.alice.press(asked.message, label=text("end.yes"))
    assert done.message.content == text("end.ended")
    again = text("seats.again", pressed=0, asked=2)
    await wait_public(world, lambda m: m.id == results.id and game_buttons(m) == [again])
