"""A whole round of Cover Your Assets through the real bot and the stand-in: two people (alice
in English, bruno in Spanish) pair, take the discard, discard, fight a challenge with wilds, and
press buttons from panels the table has moved on from; the round's result is saved and the next
round dealt.

The table is saved before the bot starts, dealt from a stacked position, so the cards are known:
alice ``PB PB HM SI CC``, bruno ``JW JW HM HM GO``, the discard ``JW``, two Stocks to draw.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from engine.assets.cards import Asset
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.assets_play import Panel, bold, callout, notice, open_hand, said, seed_assets, table_message
from tests.e2e.toppo_play import game_buttons, quick_world, recorded_games, text, wait_public
from tests.engine.assets import table

world = pytest.fixture(quick_world)

ALICE, BRUNO = bold("Alice"), bold("Bruno")


@pytest.fixture
async def seeded(world: World, database: Path) -> AsyncIterator[BotProcess]:
    """The bot, resuming the stacked table of alice and bruno."""
    await seed_assets(
        database,
        world,
        [world.alice, world.bruno],
        table("PB PB HM SI CC", "JW JW HM HM GO", draw="ST ST", discard="JW"),
    )
    process = BotProcess(world.fake, database)
    await process.start()
    for player in (world.alice, world.bruno):  # called out as soon as a challenge waits for them
        await player.slash("pings", {"on": True, "after": 0})
    try:
        yield process
    finally:
        assert await process.stop() == 0, process.output
    assert "Traceback" not in process.output, process.output


def refused(panel: Panel, reason: str) -> None:
    assert panel.note == text(f"reason.{reason}", panel.actor.locale), panel.message.text


async def test_a_whole_round_with_a_challenge_and_refused_presses(
    world: World, seeded: BotProcess, database: Path
) -> None:
    round_one = await table_message(world)
    assert round_one.image().size[0] == 1000
    assert text("assets.status.turn", name=ALICE) in round_one.text
    alice, out_of_turn, not_held = [await open_hand(world.alice, round_one) for _ in range(3)]
    assert alice.status == text("assets.status.your_turn")
    assert alice.hand == [
        Asset.PIGGY_BANK,
        Asset.PIGGY_BANK,
        Asset.COIN_COLLECTION,
        Asset.HOME,
        Asset.SILVER,
    ]
    assert alice.moves("pair") == ["pb.pb", "pb.si", "cc.si", "hm.si"]
    assert alice.moves("chal") == [] and alice.moves("take") == ["si"]

    alice = await alice.move("pair", "pb.pb")
    paired = said(
        "paired", player=ALICE, asset="Piggy Bank", cards="Piggy Bank + Piggy Bank", value="$10,000"
    )
    assert alice.note == f"{paired} {said('draw_empty')}"
    assert alice.status == text("assets.status.not_your_turn", name=BRUNO) and alice.moves("disc") == []

    out_of_turn = await out_of_turn.move("disc", "cc")  # a panel from before her move
    refused(out_of_turn, "not_your_turn")
    bruno = await open_hand(world.bruno, round_one)
    assert bruno.status == text("assets.status.your_turn", "es-ES")
    bruno = await bruno.move("take", "jw")
    alice = await alice.refresh()
    assert Asset.COIN_COLLECTION in alice.hand

    not_held = await not_held.move("pair", "pb.pb")  # the Piggy Banks lie on her stack now
    refused(not_held, "no_such_card")
    alice = await alice.move("disc", "cc")
    bruno = await (await bruno.refresh()).move("pair", "hm.hm")

    alice, later = await alice.refresh(), await open_hand(world.alice, round_one)
    assert alice.moves("chal") == ["1.hm", "1.si"] == later.moves("chal")
    alice = await alice.move("chal", "1.si")
    called = await callout(world, world.bruno)
    mention = f"<@{world.bruno.id}>"
    assert called.content == text(
        "assets.call.answer", mention=mention, other=ALICE, card="Silver", asset="Home"
    )
    await notice(
        world, said("challenged", player=ALICE, target=BRUNO, asset="Home", value="$40,000", card="Silver")
    )
    bruno = await bruno.refresh()
    assert bruno.moves("ans") == ["go"] and bruno.moves("give") == [""]
    bruno = await bruno.move("ans", "go")
    answered = await callout(world, world.alice)

    def current(message_id: int) -> str:
        return world.fake.content_of(world.games, message_id)

    await world.fake.wait_for(
        lambda: current(called.id).startswith("✔️"), timeout=10, what="the callout edited"
    )
    assert "<@" not in current(called.id), "the answered callout says what happened, mentioning nobody"
    alice = await alice.refresh()
    assert alice.moves("ans") == ["hm"]
    alice = await alice.move("ans", "hm")
    assert said("no_answer", player=BRUNO, asset="Home") in (alice.note or "")
    won = said("stolen", player=ALICE, other=BRUNO, asset="Home", count=5, value="$135,000")
    assert won in (alice.note or "")
    await notice(world, won)
    await world.fake.wait_for(lambda: current(answered.id).startswith("✔️"), timeout=10, what="the outcome")
    assert "<@" not in current(answered.id)
    assert not any(ping.deleted for ping in world.fake.pings), "no message that mentioned someone is deleted"

    bruno = await bruno.refresh()
    assert bruno.moves("disc") == ["jw"] and bruno.moves("chal") == []
    bruno = await bruno.move("disc", "jw")
    later = await later.move("chal", "1.hm")  # Bruno's only set is his first: it is safe
    refused(later, "bad_target")
    alice = await (await alice.refresh()).move("pair", "st.st")
    assert alice.status == text("assets.status.round_over", number=1)

    results = await wait_public(
        world, lambda m: m.id == round_one.id and text("assets.results.next") in m.text
    )
    assert results.card["title"] == text("assets.results.title", number=1)
    assert results.image().size[0] == 1000
    assert recorded_games(database) == [], "a round is a chapter of the match, which is what is rated"

    await world.bruno.press(results, label=text("assets.results.next"))
    round_two = await table_message(world, 2)
    assert round_two.id != round_one.id
    retired = await wait_public(world, lambda m: m.id == round_one.id and not game_buttons(m))
    assert retired.card == results.card, "its words and its picture's place and alt text kept"
    assert retired.image().tobytes() == results.image().tobytes()
    assert recorded_games(database) == []
    assert world.fake.stats.natural_429s == []
