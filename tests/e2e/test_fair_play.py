"""Fair play on Discord (issue 30): leaving from the panel, the host handing a seat to a member
who accepts, aborting a game nobody has really started, and Play again, through the real bot."""

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
async def test_a_player_leaves_and_the_host_hands_the_seat_to_a_member_who_accepts(
    world: World, seeded: BotProcess
) -> None:
    table = await table_message(world)
    bruno = await open_panel(world.bruno, table)
    asked = await world.bruno.press(bruno.message, custom_id=str(bruno.button("quit")["custom_id"]))
    assert asked.message.ephemeral and asked.message.content == text("seats.leave_confirm", "es-ES")
    left = await world.bruno.press(asked.message, label=text("seats.leave_yes", "es-ES"))
    assert left.message.content == text("seats.left", "es-ES")
    gone = text("seats.no_seat", "es-ES")
    await world.fake.wait_for(
        lambda: (
            world.bruno.current(bruno.message).text == gone
            and not world.bruno.current(bruno.message).attachments
        ),
        what="the leaver's panel without cards",
    )
    stood_in = text("seats.played_for", name="Bruno")
    table = await wait_public(world, lambda m: m.id == table.id and stood_in in m.text)

    stranger = await world.bruno.press(table, label=text("seats.button"))
    assert stranger.message.content == text("refused.host_only", "es-ES")
    menu = await world.alice.press(table, label=text("seats.button"))
    assert menu.message.ephemeral and text("seats.menu") in menu.message.content
    chosen = await world.alice.press(menu.message, label=text("seats.hand", name=stood_in))
    assert chosen.message.content == text("seats.hand_to", name=f"**{stood_in}**")
    first = await world.alice.choose_member(chosen.message, world.bruno)  # anyone not seated...
    assert first.message.content == text(
        "seats.offered", mention=f"<@{world.bruno.id}>", name=f"**{stood_in}**"
    )
    to_bruno = await wait_public(world, lambda m: f"<@{world.bruno.id}>" in m.text and bool(m.buttons()))
    menu = await world.alice.press(table, label=text("seats.button"))
    chosen = await world.alice.press(menu.message, label=text("seats.hand", name=stood_in))
    offered = await world.alice.choose_member(chosen.message, world.carla)  # ...the last offer holds
    assert offered.message.content == text(
        "seats.offered", mention=f"<@{world.carla.id}>", name=f"**{stood_in}**"
    )

    offer = await wait_public(world, lambda m: f"<@{world.carla.id}>" in m.text and bool(m.buttons()))
    pings = [ping for ping in world.fake.pings if ping.user == world.carla.id]
    assert len(pings) == 1 and not pings[0].deleted, "one mention, never deleted"
    replaced = text("seats.offer_replaced", mention=f"<@{world.bruno.id}>")
    withdrawn = await wait_public(world, lambda m: replaced in m.text)  # issue 48: no live Accept left
    assert withdrawn.id == to_bruno.id and not withdrawn.buttons()
    not_yours = await world.bruno.press(offer, label=text("seats.accept"))
    assert not_yours.message.content == text("seats.not_yours", "es-ES")
    stale = await world.bruno.press(to_bruno, label=text("seats.accept"), as_seen=True)  # on its way
    assert stale.message.ephemeral and stale.message.content == text("reason.stale", "es-ES")
    taken = await world.carla.press(offer, label=text("seats.accept"))
    assert taken.message.ephemeral and taken.message.attachments, "the seat's panel, its cards drawn"
    await wait_public(
        world,
        lambda m: (
            m.id == offer.id
            and not m.buttons()
            and text("seats.taken", member="**Carla**", name=f"**{stood_in}**") in m.text
        ),
    )
    await wait_public(world, lambda m: m.id == table.id and "Carla" in m.text and stood_in not in m.text)


@dealt(short_deal, "alice", "bruno")
async def test_the_host_aborts_a_game_nobody_has_really_started(world: World, seeded: BotProcess) -> None:
    table = await table_message(world)
    menu = await world.alice.press(table, label=text("seats.button"))
    assert text("seats.menu_none") in menu.message.content
    aborted = await world.alice.press(menu.message, label=text("seats.abort"))
    assert aborted.message.content == text("seats.aborted")
    lobby = await wait_public(world, lambda m: text("lobby.start") in [b["label"] for b in m.buttons()])
    assert "Alice" in lobby.text and "Bruno" in lobby.text, "the same seats, in the lobby again"
    old = await wait_public(world, lambda m: m.id == table.id and not m.buttons())
    assert text("table.retired.aborted") in old.text, "the aborted game's message says so"
    await world.alice.press(lobby, label=text("lobby.start"))
    await wait_public(
        world, lambda m: m.id == lobby.id and m.title == text("spit.table.title", variant="Spit", number=1)
    )


@dealt(short_deal, "alice", "bruno")
async def test_play_again_deals_a_new_match_once_both_pressed(world: World, seeded: BotProcess) -> None:
    alice = await open_panel(world.alice, await table_message(world))
    for pile in range(3):
        alice = await alice.play(pile, 0)
    results = await wait_public(world, lambda m: m.title == "Spit, match 1 is over")
    asked = await world.alice.press(results, label=text("spit.results.end"))
    await world.alice.press(asked.message, label=text("end.yes"))
    first = text("seats.again", pressed=0, asked=2)
    results = await wait_public(
        world, lambda m: m.id == results.id and first in [b["label"] for b in m.buttons()]
    )

    waiting = text("seats.again_line").split("{")[0]
    assert waiting in results.text, "whom Play again waits for, until when"
    stranger = await world.carla.press(results, label=first)
    assert stranger.message.content == text("reason.not_seated", "es-419")
    await world.alice.press(results, label=first)
    one = text("seats.again", pressed=1, asked=2)
    results = await wait_public(
        world, lambda m: m.id == results.id and one in [b["label"] for b in m.buttons()]
    )
    await world.bruno.press(results, label=one)
    again = await table_message(world)
    assert again.id != results.id
    old = await wait_public(world, lambda m: m.id == results.id and not game_buttons(m))
    assert waiting not in old.text, "Play again's line ended with it"
    await open_panel(world.bruno, again)


@dealt(short_deal, "alice", "bruno")
async def test_a_new_table_where_play_again_is_offered_ends_the_offer(
    world: World, seeded: BotProcess
) -> None:
    alice = await open_panel(world.alice, await table_message(world))
    for pile in range(3):
        alice = await alice.play(pile, 0)
    results = await wait_public(world, lambda m: m.title == "Spit, match 1 is over")
    asked = await world.alice.press(results, label=text("spit.results.end"))
    await world.alice.press(asked.message, label=text("end.yes"))
    again = text("seats.again", pressed=0, asked=2)
    await wait_public(world, lambda m: m.id == results.id and again in [b["label"] for b in m.buttons()])

    lobby = (await world.carla.slash("spit start")).message
    assert not lobby.ephemeral and text("lobby.start") in [b["label"] for b in lobby.buttons()]
    await wait_public(world, lambda m: m.id == results.id and not game_buttons(m))
