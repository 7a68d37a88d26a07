"""Pings that never ghost (issue 29, item 3): a table mentions the person it waits for only once
they have not acted for their grace period, once per wait, and edits that message to what
happened when the wait is over, never deleting it; /pings sets on/off and the grace."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, assert_bot_healthy
from tests.e2e.test_topoum_game import play_first_choices
from tests.e2e.topoum_play import POSITION, open_panel, public, seed_table, table_message, text
from tests.e2e.toppo_play import quick_world

world = pytest.fixture(quick_world)


async def test_who_acts_within_the_grace_is_never_mentioned_and_who_does_not_is_mentioned_once(
    world: World, database: Path
) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    bot = BotProcess(world.fake, database)
    await bot.start()
    try:
        chosen = await world.bruno.slash("pings", {"on": True, "after": 10})
        said = f"{text('pings.on', 'es-ES')} {text('pings.after', 'es-ES', seconds=10)}"
        assert chosen.message.ephemeral and chosen.message.content == said

        table = await table_message(world)
        await play_first_choices(await open_panel(world.alice, table))  # alice plays at once

        await world.fake.wait_for(lambda: bool(world.fake.pings), timeout=20, what="bruno's ping")
        (ping,) = world.fake.pings
        assert ping.user == world.bruno.id, "alice played within her grace: never mentioned"
        waiting = text("ping.waiting_until", mention=f"<@{world.bruno.id}>", game="Topoum", when="<t:")
        said = world.fake.content_of(world.games, ping.message_id)
        assert said.startswith(waiting.split("<t:")[0] + "<t:") and said.endswith(":R>."), said

        await play_first_choices(await open_panel(world.bruno, table))
        await world.fake.wait_for(
            lambda: world.fake.content_of(world.games, ping.message_id).startswith("✔️"),
            timeout=15,
            what=f"the ping edited {[m.content for m in public(world)]}",
        )
        assert "<@" not in world.fake.content_of(world.games, ping.message_id), "edited to plain words"
        await world.fake.settle(quiet=0.5)
        assert [(p.user, p.deleted) for p in world.fake.pings] == [(world.bruno.id, False)], "one, kept"
    finally:
        assert await bot.stop() == 0
    assert_bot_healthy(bot)


async def test_a_call_made_before_a_crash_is_edited_after_the_restart(world: World, database: Path) -> None:
    await seed_table(database, world, [world.alice, world.bruno], POSITION)
    settings = BotProcess(world.fake, database)
    await settings.start()
    await world.alice.slash("pings", {"on": True, "after": 0})
    assert await settings.stop() == 0
    first = BotProcess(world.fake, database)
    await first.start()  # resumes the table, which calls alice at once
    table = await table_message(world)
    await world.fake.wait_for(lambda: bool(world.fake.pings), timeout=15, what="alice's call")
    (ping,) = world.fake.pings
    await world.fake.settle(quiet=0.5)
    await first.stop(sig=signal.SIGKILL)  # nothing saved at exit: the call was saved when made

    second = BotProcess(world.fake, database)
    await second.start()
    try:
        await world.fake.settle(quiet=1.0)
        assert len(world.fake.pings) == 1, "the call is known after the crash: not made again"
        await play_first_choices(await open_panel(world.alice, table))
        await world.fake.wait_for(
            lambda: world.fake.content_of(world.games, ping.message_id).startswith("✔️"),
            timeout=15,
            what="the call edited",
        )
        assert not ping.deleted
    finally:
        assert await second.stop() == 0
    assert_bot_healthy(second)
