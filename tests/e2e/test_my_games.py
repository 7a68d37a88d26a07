"""``/games`` through the real bot and the stand-in (issue 46): privately, the member's running
tables on this server, the one waiting for them first with the time left, the others with whom
they wait for, each with a link to its thread and a button that opens their panel; in Spanish
for a member with none."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import BotProcess
from tests.conftest import World, running
from tests.e2e.test_threads import open_tally, shown_in, thread_of
from tests.e2e.toppo_play import text


@pytest.fixture
async def bot(world: World, database: Path) -> AsyncIterator[BotProcess]:
    """bot.py with its default: tables in threads."""
    async with running(BotProcess(world.fake, database, threads=True)) as process:
        yield process


async def test_games_lists_a_members_tables_those_waiting_for_them_first(
    world: World, bot: BotProcess
) -> None:
    alice, bruno = world.alice, world.bruno
    # A table of Bruno's where Alice sits and Bruno is to move.
    card = (await bruno.slash("tally start")).message
    await world.fake.wait_for(lambda: world.fake.thread_of(card) is not None, what="its thread")
    thread = thread_of(world, card)
    await alice.press(card, label=text("lobby.join", "en-US"))
    await world.fake.wait_for(lambda: "(2/4)" in bruno.current(card).text, what="Alice seated")
    await bruno.press(card, label=text("lobby.start", "en-US"))
    await world.fake.wait_for(
        lambda: any(m.attachments for m in shown_in(world, thread)), timeout=15, what="the game"
    )
    table = next(m for m in shown_in(world, thread) if m.attachments)
    panel = (await alice.press(table, label=text("tally.table.panel"))).message
    if menus := alice.current(panel).selects():  # Alice first: her move, then it is Bruno's turn
        await alice.choose(
            panel, [str(menus[0]["options"][0]["value"])], custom_id=str(menus[0]["custom_id"])
        )
    await world.fake.wait_for(lambda: "**Bruno** to add" in alice.current(table).text, what="Bruno's turn")
    # Alice's own table against an AI, waiting for her once the AI (if first) has moved.
    _, mine = await open_tally(world, alice)
    own = next(m for m in shown_in(world, mine) if m.attachments)
    await world.fake.wait_for(
        lambda: "**Alice** to add" in alice.current(own).text, timeout=15, what="Alice's turn"
    )

    listed = (await alice.slash("games")).message
    assert listed.ephemeral
    lines = listed.content.splitlines()
    assert lines[0] == text("games_list.title", count=2)
    assert lines[1].startswith(f"1. Tally in <#{mine.id}>: **your move**") and re.search(
        r"<t:\d+:R>", lines[1]
    )
    assert lines[2] == "2. " + text(
        "games_list.waits_for", game="Tally", place=f"<#{thread.id}>", name="**Bruno**"
    )
    opened = await alice.press(listed, label=text("games_list.open", number=1))
    shown = opened.message
    await world.fake.wait_for(lambda: bool(alice.current(shown).selects()), what="her panel at her own table")


async def test_a_member_at_no_table_is_told_so_in_their_language(world: World, bot: BotProcess) -> None:
    reply = await world.carla.slash("games")
    assert reply.message.ephemeral and reply.message.content == text("games_list.none", "es-419")
