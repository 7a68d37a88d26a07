"""Every menu of a Topoum panel through the real bot and the stand-in: two people play three
turns of a stacked game, each through other menus (the action, where to enter, a card, its
target, Back and Confirm; a ransom, a mole, where it steps, changing the base; a card played
after a step, Panic Attack's direction, stopping); and panels drawn earlier are pressed out of
turn and after the turn moved on, which changes nothing and says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord import BotProcess, SeenMessage
from tests.conftest import World, assert_bot_healthy
from tests.e2e.topoum_play import (
    POSITION,
    Panel,
    open_panel,
    public,
    seed_table,
    table_message,
    text,
    wait_public,
)
from tests.e2e.toppo_play import quick_world

world = pytest.fixture(quick_world)

ES = "es-ES"


def es(key: str, **values: object) -> str:
    return text(key, ES, **values)


def table_now(world: World) -> SeenMessage:
    """The table's message as it is now."""
    return [m for m in public(world) if m.title.startswith("Topoum")][-1]


async def turn_is(world: World, number: int) -> None:
    """Wait until the table message shows turn ``number``."""
    title = text("topoum.table.title", turn=number)
    await wait_public(world, lambda m: m.title == title)


async def test_each_menu_path_plays_a_turn_and_old_panels_change_nothing(
    world: World, database: Path
) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        table = await table_message(world)
        assert table.card["title"] == text("topoum.table.title", turn=1)
        assert "**Alice** to play" in table.text
        alice = await open_panel(world.alice, table)
        early = await open_panel(world.alice, table)
        earlier = await open_panel(world.alice, table)
        bruno = await open_panel(world.bruno, table)
        assert bruno.description.startswith(es("topoum.panel.waiting", name="**Alice**"))
        assert es("topoum.panel.ransom", name="Alice") in bruno.labels()
        assert bruno.button(es("topoum.panel.ransom", name="Alice")).get("disabled"), "not on Alice's turn"

        # Turn 1, Alice: enter combat on I7 and shoot Bruno's mole on H7 from the hand, with a
        # change of mind on the way.
        assert alice.labels() == ["Enter combat", "Move moles", "Refresh"]
        alice = await alice.pick("Enter combat", "I7", "Short Range")
        assert alice.description.endswith(text("topoum.prompt.target", card="Short Range"))
        assert sorted(alice.labels()) == sorted(["H7", "I6", "Back", "Refresh"])
        alice = await alice.pick("I6")
        assert (
            "Your choices: Enter combat → base on I7 → Short Range from your hand → on I6"
            in alice.description
        )
        alice = await alice.pick("Back", "H7")
        assert alice.labels() == ["Confirm", "Back", "Refresh"]
        alice = await alice.press("Confirm")
        assert alice.note == "Played: Enter combat → base on I7 → Short Range from your hand → on H7"
        assert alice.description.startswith(text("topoum.panel.waiting", name="**Bruno**"))
        await turn_is(world, 2)
        shown = table_now(world).text
        assert "**Alice** played Short Range from their hand." in shown
        assert "**Bruno** lost a mole on H7: shot." in shown

        # Out of turn: an earlier panel of Alice's, pressed on Bruno's turn.
        early = await early.press("Move moles")
        assert early.note == text("topoum.panel.note_turn", name="**Bruno**")
        assert early.labels() == ["Refresh"]

        # Turn 2, Bruno (in Spanish): ransom a mole, then step from I6 onto his base on H6 and
        # turn it over instead of playing a card.
        bruno = await bruno.press("Actualizar")
        assert es("topoum.prompt.start") in bruno.description
        bruno = await bruno.press(es("topoum.panel.ransom", name="Alice"))
        assert bruno.note == es("topoum.panel.note_done", steps=es("topoum.step.ransom", name="Alice"))
        assert es("topoum.panel.ransom", name="Alice") not in bruno.labels(), "no prisoner left"
        bruno = await bruno.pick(es("topoum.panel.move"), "I6")
        assert sorted(label for label in bruno.labels() if len(label) <= 3) == ["H6", "H7", "I7"]
        bruno = await bruno.pick("H6")
        assert es("topoum.prompt.card_or_change", hex="H6") in bruno.description
        bruno = await bruno.pick(es("topoum.panel.change"), es("topoum.panel.confirm"))
        await turn_is(world, 3)

        # After the turn moved on: the earliest panel, from turn 1, is out of date, and says so.
        stale = await earlier.press("Enter combat")
        assert stale.note == text("topoum.panel.note_stale")
        assert text("topoum.prompt.start") in stale.description
        assert "Your choices" not in stale.description, "the stale choice was not taken"

        # Turn 3, Alice: step from G6 onto the centre, play Panic Attack from there towards
        # Bruno's mole on H6, confirm, then stop moving the others.
        alice = await alice.press("Refresh")
        alice = await alice.pick("Move moles", "G6", "G7", "Panic Attack")
        assert alice.description.endswith(text("topoum.prompt.direction", card="Panic Attack"))
        assert "↗ towards H6" in alice.labels() and "↘ towards H7" in alice.labels()
        alice = await alice.pick("↗ towards H6", "Confirm")
        assert text("topoum.prompt.move_select_or_stop") in alice.description
        assert "F7" in alice.labels() and "Stop moving" in alice.labels()
        alice = await alice.press("Stop moving")
        assert alice.note == "Played: stop moving"
        await turn_is(world, 4)
        assert "**Bruno** lost a mole on H6: lost in action." in table_now(world).text
    finally:
        code = await bot.stop()
    assert code == 0
    assert_bot_healthy(bot)
    tables = [m.id for m in public(world) if m.title.startswith("Topoum")]
    assert tables == [table.id], "the table message is edited, never posted again"
    assert len(public(world)) == 1 and world.fake.pings == [], "who plays at once is never mentioned"
    assert world.fake.stats.natural_429s == []


async def test_a_panel_is_private_and_refused_to_someone_not_seated(world: World, database: Path) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        table = await table_message(world)
        carla = await world.carla.press(table, label=text("topoum.table.panel"))
        alice = await open_panel(world.alice, table)
    finally:
        await bot.stop()
    assert carla.message.ephemeral and carla.message.content == text("reason.not_seated", "es-419")
    assert isinstance(alice, Panel) and alice.message.image().size[0] > 0
    assert_bot_healthy(bot)
