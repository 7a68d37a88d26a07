"""Spit's races and refusals through the real bot and the stand-in, alice (English) against bruno
(Spanish) on stacked tables: a stalemate spat out of, the slap race for a new layout, two plays
onto one pile at the same moment, a misplay, and a press from an older panel for a card played already."""

from __future__ import annotations

import asyncio

import pytest

from engine.spit import SpitState
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.spit_play import Panel, dealt, open_panel, seeded_bot, table_message
from tests.e2e.toppo_play import quick_world, text, wait_public
from tests.engine.spit import spit_table

world = pytest.fixture(quick_world)
seeded = pytest.fixture(seeded_bot)

SPITS = "Ah 2h 3h 4h 5h 6h 7h 9h Th Jh Qh Kh As 2s 3s 4s"
"""Sixteen spit cards: enough for alice's layout after a slap still to have some."""


def stalemate() -> SpitState:
    """Nothing fits 7♠ or 7♦; the next spit cards, A♣ and J♣, let both play again."""
    return spit_table("Kd | 2s", "Qd | 3h", spit=("Ac 4d", "Jc 5d"), centre="7s | 7d")


def race() -> SpitState:
    """Alice's 8♥ and bruno's 6♣ both fit the left pile's 7♠."""
    return spit_table("8h | 2c 2d", "6c | 3c 3d", spit=("4c", "4d"), centre="7s | Kd")


def last_card() -> SpitState:
    """Alice's last stock card, 8♥, fits the left pile: then the piles are slapped for."""
    return spit_table("8h", "6c | 3c 3d", spit=(SPITS, "4d 5d"), centre="7s | Kd")


async def panels(world: World) -> tuple[Panel, Panel]:
    table = await table_message(world)
    return await open_panel(world.alice, table), await open_panel(world.bruno, table)


@dealt(stalemate)
async def test_a_stalemate_both_call_spit_and_play_goes_on(world: World, seeded: BotProcess) -> None:
    alice, bruno = await panels(world)
    assert alice.says("spit.status.stalemate") and bruno.says("spit.status.stalemate")

    alice = await alice.press("spit")
    assert alice.says("spit.status.called", name="**Bruno**")
    bruno = await bruno.press("spit")

    assert bruno.says("spit.status.play")
    assert text("spit.panel.centre", "es-ES", left="A♣", left_size=2, right="J♣", right_size=2) in bruno.lines
    alice = await alice.press("spit", as_seen=True)  # from her panel of the stalemate
    assert alice.note == text("spit.note.not_stalemate") and alice.says("spit.status.play")
    alice = await alice.play(0, 0)  # K♦ on A♣: the ranks turn the corner
    assert text("spit.panel.centre", left="K♦", left_size=3, right="J♣", right_size=2) in alice.lines


@dealt(last_card)
async def test_the_slap_race_the_first_slap_takes_its_pile_the_other_is_told(
    world: World, seeded: BotProcess
) -> None:
    alice, bruno = await panels(world)
    alice = await alice.play(0, 0)  # her last stock card
    assert alice.says("spit.status.slap")
    await wait_public(world, lambda m: text("spit.notice.emptied_slap", player="**Alice**") in m.text)
    await world.fake.wait_for(  # nobody pressed anything on bruno's panel: it follows the table
        lambda: bruno.now().says("spit.status.slap"), what="bruno's panel to show the slap race"
    )
    bruno = bruno.now()

    alice, bruno = await asyncio.gather(alice.press("slap", ".0"), bruno.press("slap", ".0"))

    won, lost = (alice, bruno) if alice.note is None else (bruno, alice)
    assert won.note is None and won.says("spit.status.start"), "the winner's new layout waits for spit"
    winner = "**Alice**" if won is alice else "**Bruno**"
    pile = text("spit.pile.left", lost.actor.locale)
    assert lost.note == text("spit.note.slap_lost", lost.actor.locale, player=winner, pile=pile)
    shown = await wait_public(world, lambda m: "slapped the left pile first" in m.text)
    assert shown.text.count("slapped the left pile first") == 1
    assert text("spit.notice.dealt", number=2) in shown.text


@dealt(race)
async def test_two_plays_onto_one_pile_at_once_the_first_stands_the_other_keeps_their_card(
    world: World, seeded: BotProcess
) -> None:
    alice, bruno = await panels(world)

    alice, bruno = await asyncio.gather(alice.play(0, 0), bruno.play(0, 0))

    won, lost = (alice, bruno) if alice.note is None else (bruno, alice)
    card, other = ("8♥", "6♣") if won is alice else ("6♣", "8♥")
    pile = text("spit.pile.left", lost.actor.locale)
    assert lost.note == text("spit.note.too_late", lost.actor.locale, pile=pile, top=card, card=other)
    assert text("spit.panel.pile", lost.actor.locale, number=1, top=other, size=1) in lost.lines[-2]
    assert text("spit.panel.empty_pile", won.actor.locale, number=1) in won.lines[-2]

    never = alice.button("play", ".1.1")  # 2♣ on K♦: it never fitted
    assert never.get("disabled"), "a play that does not fit is not offered"
    reply = await alice.actor.press_anyway(alice.message, custom_id=str(never["custom_id"]))
    alice = Panel.read(alice.actor, reply.message)

    assert alice.note == text("spit.note.no_fit", card="2♣", top="K♦"), "a forged press is refused"
    assert text("spit.panel.pile", number=2, top="2♣", size=2) in alice.lines[-2]


@dealt(race)
async def test_a_press_for_a_card_played_already_plays_nothing_says_so_and_shows_the_table(
    world: World, seeded: BotProcess
) -> None:
    table = await table_message(world)
    old = await open_panel(world.alice, table)
    new = await open_panel(world.alice, table)
    new = await new.play(0, 0)  # 8♥ on 7♠
    new = await new.press("move", ".1.0")  # 2♣ into the space 8♥ left

    old = await old.play(0, 0)

    assert old.note == text("spit.note.card_gone")
    assert old.message.id != new.message.id and old.lines == new.lines, "redrawn as it is now"
    assert text("spit.panel.centre", left="8♥", left_size=2, right="K♦", right_size=1) in old.lines
