"""Toppo's penalised calls, races and refusals through the real bot and the stand-in.

Each test saves a table dealt from a stacked position before the bot starts (the bot resumes it
as after a restart), so the cards are known: alice and bruno, display ``R~ Y+ Wo``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.toppo.cards import parse_cards
from engine.toppo.state import Position
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import (
    Panel,
    game_buttons,
    open_panel,
    quick_world,
    recorded_games,
    seed_table,
    text,
    wait_public,
)

world = pytest.fixture(quick_world)

STOCK = "R# Y# W# G~ B~ R- Y- W- G+ B+ Ro Yo Go Bo R+ Y~ G- B+ W+ R~"


def position(alice: str, bruno: str, *, start: int = 0, filler: int = 12) -> Position:
    """Alice's and bruno's decks begin with these cards, then ``filler`` blue squares."""
    blue = " B#" * filler
    return Position(
        display=parse_cards("R~ Y+ Wo"),
        decks=(parse_cards(alice + blue), parse_cards(bruno + " B#" * 12)),
        stock=parse_cards(STOCK),
        start_player=start,
    )


def dealt(*args: Position) -> pytest.MarkDecorator:
    """The position the ``seeded`` table is dealt from."""
    return pytest.mark.parametrize("seeded", args, indirect=True)


@pytest.fixture
async def seeded(world: World, database: Path, request: pytest.FixtureRequest) -> AsyncIterator[BotProcess]:
    """The bot, resuming a table of alice and bruno dealt from the test's position (``dealt``)."""
    await seed_table(database, world, [world.alice, world.bruno], request.param)
    process = BotProcess(world.fake, database)
    await process.start()
    try:
        yield process
    finally:
        assert await process.stop() == 0, process.output
    assert "Traceback" not in process.output, process.output


async def table_message(world: World) -> Panel:
    """The resumed table's public message (posted afresh: the seeded table had none), and alice's panel."""
    table = await wait_public(world, lambda m: m.title == "Toppo, game 1")
    return await open_panel(world.alice, table)


async def turn(panel: Panel, times: int) -> Panel:
    for _ in range(times):
        panel = await panel.press("turn")
    return panel


async def notice(world: World, words: str) -> None:
    await wait_public(world, lambda m: words in m.text)


@dealt(position("G# B- Bo", "R- Y- W-"))
async def test_a_wrong_top_costs_five_cards_and_the_channel_says_why(
    world: World, seeded: BotProcess
) -> None:
    alice = await turn(await table_message(world), 3)
    assert alice.line == list(parse_cards("G# B- Bo")) and alice.left == 15

    alice = await alice.press("top")

    said = text("toppo.notice.wrong_top", player="**Alice**", cards=5)
    assert alice.note == said
    assert alice.left == 20 and alice.line == [] and alice.status == "restart"
    await notice(world, said)


@dealt(position("G# B- Bo", "R- Y- W-"))
async def test_a_wrong_match_costs_five_cards(world: World, seeded: BotProcess) -> None:
    alice = await turn(await table_message(world), 3)

    alice = await alice.match(parse_cards("Bo")[0])  # blue circle: alike white circle, not identical

    said = text("toppo.notice.wrong_match", player="**Alice**", card="blue circle", slot="C", cards=5)
    assert alice.note == said
    assert alice.left == 20 and alice.display == list(parse_cards("R~ Y+ Wo"))
    await notice(world, said)


@dealt(position("G# B- Bo", "R- Y- W-"))
async def test_a_false_toppo_costs_five_cards(world: World, seeded: BotProcess) -> None:
    alice = await table_message(world)

    alice = await alice.press("toppo")

    said = text("toppo.notice.false_toppo", player="**Alice**", left=15, cards=5)
    assert alice.note == said
    assert alice.left == 20 and alice.status == "restart"
    await notice(world, said)


@dealt(position("G# B- Bo", "R- Y- W-", start=1))
async def test_turn_waits_for_the_restart_and_a_forged_press_is_refused(
    world: World, seeded: BotProcess
) -> None:
    alice = await table_message(world)
    assert alice.status == "waiting"
    (turn,) = alice.buttons("turn")
    assert turn.get("disabled") and turn["label"] == text("toppo.panel.wait_start", name="Bruno")

    reply = await alice.actor.press_anyway(alice.message, custom_id=str(turn["custom_id"]))

    after = Panel.read(alice.actor, reply.message)
    assert after.note == text("toppo.wait_restart", name="**Bruno**")
    assert (after.left, after.line, after.status) == (alice.left, [], "waiting"), "no false start"


@dealt(position("Ro Yo Wo", "R- Y- W-"))
async def test_two_tops_at_the_same_moment_one_wins_the_other_is_told(
    world: World, seeded: BotProcess
) -> None:
    table = await wait_public(world, lambda m: m.title == "Toppo, game 1")
    alice = await turn(await open_panel(world.alice, table), 3)
    bruno = await turn(await open_panel(world.bruno, table), 3)

    alice, bruno = await asyncio.gather(alice.press("top"), bruno.press("top"))

    won = [panel for panel in (alice, bruno) if panel.status == "restart"]
    lost = [panel for panel in (alice, bruno) if panel.status == "waiting"]
    assert len(won) == 1 and len(lost) == 1
    assert won[0].left == 12 and lost[0].left == 15, "the loser keeps their cards and pays nothing"
    too_late = text("toppo.too_late", lost[0].actor.locale)
    assert lost[0].note == too_late
    assert won[0].display == list(parse_cards("Ro Yo Wo" if won[0] is alice else "R- Y- W-"))
    final = await wait_public(world, lambda m: "topped the display" in m.text)
    assert final.text.count("topped the display") == 1


@dealt(position("Ro Yo Wo", "R- Y- W-"))
async def test_a_stale_top_after_the_display_changed_is_refused_not_penalised(
    world: World, seeded: BotProcess
) -> None:
    table = await wait_public(world, lambda m: m.title == "Toppo, game 1")
    alice = await turn(await open_panel(world.alice, table), 3)
    bruno = await turn(await open_panel(world.bruno, table), 3)
    await bruno.press("top")  # the display changes
    (old_top,) = alice.buttons("top")
    await world.fake.wait_for(  # her panel follows the table: the Top she saw is gone from it
        lambda: old_top not in world.alice.current(alice.message).buttons(), what="alice's panel redrawn"
    )

    # Her click on the old Top was on its way: Discord delivers it with the message as it is now,
    # which no longer has that button, and the bot still answers it.
    alice = await alice.press("top", as_seen=True)

    assert alice.note == text("toppo.too_late")
    assert alice.left == 15, "a stale call is refused, not penalised"
    assert alice.status == "waiting" and alice.display == list(parse_cards("R- Y- W-"))
    await notice(world, text("toppo.notice.topped", player="**Bruno**"))


@dealt(position("Ro Yo Wo", "R- Y- W-"))
async def test_someone_not_seated_is_refused_privately(world: World, seeded: BotProcess) -> None:
    table = await wait_public(world, lambda m: m.title == "Toppo, game 1")

    reply = await world.carla.press(table, label=text("toppo.table.panel"))

    assert reply.message.ephemeral
    assert reply.message.content == text("reason.not_seated", "es-419")
    assert world.alice.sees()[-1].id != reply.message.id


@dealt(position("Ro Yo Wo", "R- Y- W-", filler=5))
async def test_toppo_ends_the_game_then_the_series_ends_with_standings(
    world: World, seeded: BotProcess, database: Path
) -> None:
    alice = await turn(await table_message(world), 1)  # alice restarts play
    table = await wait_public(world, lambda m: m.title == "Toppo, game 1")
    bruno = await turn(await open_panel(world.bruno, table), 3)

    alice = await alice.press("toppo")
    bruno = await bruno.press("top", as_seen=True)  # bruno's top was on its way

    assert alice.status == "over" and alice.message.buttons() == []
    assert bruno.status == "over" and bruno.note == text("reason.game_over", "es-ES")
    assert bruno.message.buttons() == [], "a panel of a finished game shows how it ended"
    results = await wait_public(world, lambda m: "Next game" in m.text)
    assert results.card["title"] == "Toppo, game 1 is over"
    [(key, seats)] = recorded_games(database)
    assert key == "toppo:5eeded0000:1"
    assert seats == [(0, world.alice.id, None, 0, 1), (1, world.bruno.id, None, 15, 0)]

    asked = await world.alice.press(results, label="End series")  # the host: a confirmation, then over
    await world.alice.press(asked.message, label=text("end.yes"))

    final = await wait_public(world, lambda m: m.id == results.id and "series is over" in m.text)
    assert text("toppo.results.winner", names="**Alice**", points=0, count=1) in final.text
    assert game_buttons(final) == [text("seats.again", pressed=0, asked=2)]
    assert final.image().size[0] == 1000
    assert len(recorded_games(database)) == 1
    again = await world.alice.slash("toppo start")
    assert again.message.card["title"] == "Toppo: a table is open", "a new table ends Play again's offer"
    await wait_public(world, lambda m: m.id == results.id and not game_buttons(m))
