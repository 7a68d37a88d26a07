"""Being told by direct message (issue 46, item 3), through the real bot and the stand-in: a
member who asked (``/pings dm:``) gets a direct message with a link to the call each time a
table mentions them; a member whose settings refuse direct messages is tried once, the refusal
noted, and not tried again on the next turn; a member who did not ask gets none."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import Actor, BotProcess, SeenMessage
from tests.conftest import World, running
from tests.e2e.test_league import rows
from tests.e2e.toppo_play import text

REFUSED = "accepts no direct message"


@pytest.fixture
async def bot(world: World, database: Path) -> AsyncIterator[BotProcess]:
    """bot.py with tables in threads, so everyone's table plays beside the others'."""
    async with running(BotProcess(world.fake, database, threads=True)) as process:
        yield process


async def tally_against_an_ai(world: World, host: Actor) -> SeenMessage:
    """``host``'s Tally table against an easy AI, started; its public message in its thread."""
    card = (await host.slash("tally start")).message
    await host.press(card, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await world.fake.wait_for(lambda: "(2/4)" in host.current(card).text, what="the AI seated")
    await host.press(card, label=text("lobby.start"))
    await world.fake.wait_for(lambda: world.fake.thread_of(card) is not None, what="its thread")
    thread = world.fake.thread_of(card)
    assert thread is not None
    await world.fake.wait_for(
        lambda: any(m.attachments for m in world.fake.public_messages(thread)), timeout=15, what="the game"
    )
    return next(m for m in world.fake.public_messages(thread) if m.attachments)


def calls_for(world: World, actor: Actor) -> list[int]:
    """The messages that mentioned ``actor``, oldest first."""
    return [ping.message_id for ping in world.fake.pings if ping.user == actor.id]


async def move_when_asked(world: World, actor: Actor, table: SeenMessage) -> None:
    """``actor`` makes one move from their panel once it is their turn."""
    panel = (await actor.press(table, label=text("tally.table.panel"))).message
    await world.fake.wait_for(lambda: bool(actor.current(panel).selects()), timeout=15, what="their turn")
    [menu] = actor.current(panel).selects()
    await actor.choose(panel, [str(menu["options"][0]["value"])], custom_id=str(menu["custom_id"]))


async def test_a_call_comes_by_direct_message_to_who_asked_and_a_refusal_is_noted_once(
    world: World, bot: BotProcess, database: Path
) -> None:
    alice, carla, bruno = world.alice, world.carla, world.bruno
    said = await alice.slash("pings", {"on": True, "after": 0, "dm": True})
    assert text("pings.dm_on") in said.message.content
    spoken = await carla.slash("pings", {"on": True, "after": 0, "dm": True})
    assert text("pings.dm_on", "es-419") in spoken.message.content
    await bruno.slash("pings", {"on": True, "after": 0})
    world.fake.refuse_dms(carla.member.user)

    table = await tally_against_an_ai(world, alice)
    await world.fake.wait_for(lambda: bool(calls_for(world, alice)), timeout=20, what="Alice's call")
    await world.fake.wait_for(
        lambda: bool(world.fake.dms_of(alice.member.user)), what="Alice's direct message"
    )
    [dm] = world.fake.dms_of(alice.member.user)
    link = f"https://discord.com/channels/{world.guild.id}/{table.channel_id}/{calls_for(world, alice)[0]}"
    assert link in dm.content and "Tally" in dm.content

    await tally_against_an_ai(world, bruno)
    await world.fake.wait_for(lambda: bool(calls_for(world, bruno)), timeout=20, what="Bruno's call")
    assert world.fake.dms_of(bruno.member.user) == [], "nobody who did not ask"

    carla_table = await tally_against_an_ai(world, carla)
    await world.fake.wait_for(lambda: bool(calls_for(world, carla)), timeout=20, what="Carla's call")
    await world.fake.wait_for(lambda: REFUSED in bot.output, what="the refusal noted")
    assert rows(database, f"SELECT dm_refused FROM member_settings WHERE user_id = {carla.id}") == [(1,)]
    await move_when_asked(world, carla, carla_table)
    await world.fake.wait_for(lambda: len(calls_for(world, carla)) >= 2, timeout=20, what="Carla's next call")
    await world.fake.settle(quiet=0.5, timeout=10)
    assert bot.output.count(REFUSED) == 1, "not tried again on the next turn"
    assert world.fake.dms_of(carla.member.user) == []
    problems = world.fake.take_problems()
    assert problems and all("50007" in problem for problem in problems), "Carla's refusal alone"
