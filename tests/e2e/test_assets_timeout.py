"""Cover Your Assets turn timers through the real bot and the stand-in, with a twelve-second turn
(``TURN_SECONDS=12``: the warning after eight, when the player is called out at the latest, in
the message that says how long is left): a challenged player who does not answer is called
out in the channel, then gives up; a player who does not move is called out, then their least
useful card is discarded for them.

The table is saved before the bot starts in the middle of a challenge: alice (``PB PB``) has
just shown a Silver for bruno's top set, a Home pair over his safe first set.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.assets_play import bold, notice, open_hand, said, seed_assets, table_message
from tests.e2e.toppo_play import public, quick_world, text, wait_public
from tests.engine.assets import challenge, table

world = pytest.fixture(quick_world)

ALICE, BRUNO = bold("Alice"), bold("Bruno")


async def test_an_unanswered_challenge_and_an_idle_turn_are_warned_then_played_for(
    world: World, database: Path
) -> None:
    state = table(
        "HM SI PB CC ST", "BA BC HM ST SC", draw="CM CM CM", discard="JW", stacks=["PB PB", "JW JW / HM HM"]
    )
    state.apply(challenge(0, 1, "SI"))
    await seed_assets(database, world, [world.alice, world.bruno], state)
    bot = BotProcess(world.fake, database, env={"TURN_SECONDS": "12"})
    await bot.start()
    try:
        round_one = await table_message(world)
        waiting = text("assets.status.challenge", challenger=ALICE, defender=BRUNO, asset="Home", name=BRUNO)
        assert waiting in round_one.text
        assert text("assets.status.timer", seconds=12) in round_one.text
        bruno = await open_hand(world.bruno, round_one)
        assert bruno.moves("ans") == ["hm"] and bruno.moves("give") == [""]

        mention = f"<@{world.bruno.id}>"
        warning = text("assets.call.warn_answer", mention=mention, seconds=4)
        await wait_public(world, lambda m: m.content == warning, timeout=15)
        assert said("timed_out", player=BRUNO) not in "".join(m.text for m in public(world))
        await notice(world, said("timed_out", player=BRUNO), timeout=10)
        await notice(world, said("stolen", player=ALICE, other=BRUNO, asset="Home", count=3, value="$65,000"))

        warning = text("assets.call.warn_turn", mention=mention, seconds=4)
        await wait_public(world, lambda m: m.content == warning, timeout=15)
        await notice(world, said("discarded", player=BRUNO, card="Baseball Cards"), timeout=10)
        bruno = await bruno.refresh()
        assert bruno.status == text("assets.status.not_your_turn", "es-ES", name=ALICE)
    finally:
        assert await bot.stop() == 0, bot.output
    assert_bot_healthy(bot)
