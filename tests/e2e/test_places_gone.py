"""When a table's place goes away (issue 48): a moderator deletes its thread or its channel,
archives and locks its thread, or takes away View Channel or the permission the bot sends with.
The bot went on, logging a traceback on every redraw, an AI table recorded games nobody saw, and
the table kept its host's slot. Now the first such answer sets the table aside: one log line,
its state kept and no game recorded, its host free to open another, its players told on its card
(or privately on their next press), and a moderator resumes it in a channel or discards it.

The turn timer is short (``TURN_SECONDS``), so the table writes soon after the place changes:
the AI plays a move, or the timer's warning calls its player, with no press needed."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from fakediscord import BotProcess, Channel, SeenMessage
from fakediscord.model import SEND_MESSAGES, SEND_MESSAGES_IN_THREADS, VIEW_CHANNEL
from tables.pacing import CHANNEL_LIMIT
from tests.conftest import World, running
from tests.e2e.toppo_play import quick_world, recorded_games, text
from tests.e2e.whole_game import play_turn_by_turn

world = pytest.fixture(quick_world)

TURN_SECONDS = "6"
PACED = CHANNEL_LIMIT[1]
"""Seconds the card's telling may wait for its channel's pace."""
Cause = Callable[[World, Channel], Awaitable[None]]


async def thread_deleted(world: World, place: Channel) -> None:
    await world.fake.delete_channel(place)


async def thread_locked(world: World, place: Channel) -> None:
    await world.fake.lock_thread(place)


async def channel_deleted(world: World, place: Channel) -> None:
    await world.fake.delete_channel(place.parent or place)


async def cannot_send(world: World, place: Channel) -> None:
    """Send Messages in Threads for a thread (set on its channel, as threads inherit), Send
    Messages for a channel; the bot may still edit its messages, so the first post fails."""
    send = SEND_MESSAGES_IN_THREADS if place.is_thread else SEND_MESSAGES
    world.fake.set_overwrite(place.parent or place, world.fake.bot_member(world.guild), deny=send)


async def cannot_see(world: World, place: Channel) -> None:
    world.fake.set_overwrite(place.parent or place, world.fake.bot_member(world.guild), deny=VIEW_CHANNEL)


IN_THREADS = {
    "deleted": thread_deleted,
    "locked": thread_locked,
    "channel_deleted": channel_deleted,
    "no_permission": cannot_send,
    "no_access": cannot_see,
}
IN_CHANNELS = {"channel_deleted": channel_deleted, "no_permission": cannot_send, "no_access": cannot_see}
REASON = {"channel_deleted": "deleted"}
"""The reason a cause is told by, where it is not the cause's own name."""
TOLD_ON_THE_CARD = {"deleted", "locked", "no_permission"}
"""The causes that leave the bot the table's channel, where its card is (thread mode)."""


def bot_process(world: World, database: Path, *, threads: bool) -> BotProcess:
    return BotProcess(world.fake, database, threads=threads, env={"TURN_SECONDS": TURN_SECONDS})


async def playing(world: World, *, threads: bool) -> tuple[SeenMessage, SeenMessage, Channel]:
    """Alice's Tally table with an easy AI, started: its card (its lobby), its table message
    and the place it plays in."""
    alice = world.alice
    card = (await alice.slash("tally start")).message
    await alice.press(card, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await world.fake.wait_for(lambda: "(2/4)" in alice.current(card).text, what="the AI seated")
    await alice.press(card, label=text("lobby.start"))
    place = world.fake.thread_of(card) if threads else world.games
    assert place is not None

    def table() -> SeenMessage | None:
        shown = [m for m in world.fake.public_messages(place) if m.attachments]
        return shown[-1] if shown else None

    await world.fake.wait_for(lambda: table() is not None, timeout=15, what="the game")
    found = table()
    assert found is not None
    return card, found, place


def set_aside_rows(database: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(database) as conn:
        return conn.execute("SELECT game, reason FROM set_aside_tables").fetchall()


def set_aside_lines(bot: BotProcess) -> list[str]:
    return re.findall(r"table \S+ set aside: .*", bot.output)


async def gone(world: World, bot: BotProcess, database: Path, reason: str) -> None:
    """The table is set aside for ``reason``: said once in the log, no traceback, kept in the
    store, no game recorded."""
    await world.fake.wait_for(
        lambda: len(set_aside_rows(database)) == 1, timeout=20, what="the table set aside"
    )
    assert set_aside_rows(database) == [("tally", reason)]
    await world.fake.settle(quiet=1.0, timeout=15)
    assert len(set_aside_lines(bot)) == 1, bot.output
    assert "Traceback" not in bot.output, bot.output
    assert recorded_games(database) == [], "no game recorded that nobody saw"


async def taken_away(
    world: World, bot: BotProcess, database: Path, cause: str, *, threads: bool
) -> tuple[SeenMessage, SeenMessage]:
    """Alice's table playing, then its place taken away by ``cause``, and the table set aside:
    its card and its table message."""
    card, table, place = await playing(world, threads=threads)
    await (IN_THREADS if threads else IN_CHANNELS)[cause](world, place)
    await gone(world, bot, database, REASON.get(cause, cause))
    return card, table


async def refused(world: World) -> list[str]:
    """What Discord refused the bot, once the card's paced telling is done: only answers that
    say the place is gone."""
    await asyncio.sleep(PACED)
    answers = world.fake.take_problems()
    assert all(re.search(r'"code": (10003|50001|50013|50083)', line) for line in answers), answers
    return answers


async def refused_once_and_free(world: World) -> None:
    """Discord refused the bot a few writes (the first of the redraw's and the call's lanes, and
    the card's telling if its channel is gone too: paced, so waited for), never more; and the
    table's host may open another table at once, where the bot can play."""
    assert 1 <= len(await refused(world)) <= 3
    channel = world.games if world.games.id in world.guild.channels else world.lounge
    world.fake.set_overwrite(channel, world.fake.bot_member(world.guild))  # permissions back
    reopened = (await world.fake.actor(world.alice.member, channel).slash("tally start")).message
    assert not reopened.ephemeral, reopened.text


@pytest.mark.parametrize("cause", sorted(IN_THREADS))
async def test_a_table_whose_thread_goes_away_is_set_aside_and_told_on_its_card(
    world: World, database: Path, cause: str
) -> None:
    async with running(bot_process(world, database, threads=True)) as bot:
        card, table = await taken_away(world, bot, database, cause, threads=True)
        reason = REASON.get(cause, cause)
        if cause in TOLD_ON_THE_CARD:
            told = text(f"aside.reason.{reason}")
            await world.fake.wait_for(lambda: told in world.alice.current(card).text, what="the card told")
            labels = [b.get("label") for b in world.alice.current(card).buttons()]
            assert labels == [text("aside.resume"), text("aside.discard")]
        if cause == "no_access":  # the card cannot be edited: Alice hears it on her next press
            answer = await world.alice.press(table, label=text("tally.table.panel"))
            assert answer.message.ephemeral
            assert text("aside.reason.no_access") in answer.message.text
            spanish = await world.bruno.press(table, label=text("tally.table.panel"))
            assert text("aside.reason.no_access", "es-ES") in spanish.message.text
        await refused_once_and_free(world)


@pytest.mark.parametrize("cause", sorted(IN_CHANNELS))
async def test_a_table_played_in_a_channel_that_goes_away_is_set_aside(
    world: World, database: Path, cause: str
) -> None:
    async with running(bot_process(world, database, threads=False)) as bot:
        _, table = await taken_away(world, bot, database, cause, threads=False)
        if cause == "no_permission":  # its own message, which it may still edit, says so
            told = text("aside.reason.no_permission")
            await world.fake.wait_for(lambda: told in world.alice.current(table).text, what="told")
        await refused_once_and_free(world)


async def test_a_moderator_resumes_a_table_set_aside_in_the_channel_and_it_plays_to_its_end(
    world: World, database: Path
) -> None:
    async with running(bot_process(world, database, threads=True)):
        card, _, thread = await playing(world, threads=True)
        await world.fake.delete_channel(thread)
        await world.fake.wait_for(lambda: bool(set_aside_rows(database)), timeout=20, what="set aside")
        told = text("aside.reason.deleted")
        await world.fake.wait_for(lambda: told in world.alice.current(card).text, what="the card told")
        refused = await world.alice.press(card, label=text("aside.resume"))
        assert refused.message.ephemeral and refused.message.text == text("aside.moderators_only")
        await world.mod.press(card, label=text("aside.resume"))
        assert text("aside.resumed", moderator=f"<@{world.mod.id}>") in world.alice.current(card).text
        assert not world.alice.current(card).buttons()
        assert set_aside_rows(database) == []
        world.fake.take_problems()  # the deleted thread's refusal, seen above

        def table() -> SeenMessage | None:
            shown = [m for m in world.fake.public_messages(world.games) if m.attachments]
            return shown[-1] if shown else None

        await world.fake.wait_for(lambda: table() is not None, timeout=15, what="the table in the channel")
        found = table()
        assert found is not None
        await play_turn_by_turn(world, world.alice, found, "tally")
        assert len(recorded_games(database)) == 1


async def test_tables_set_aside_are_listed_by_tables_and_one_is_discarded_across_a_restart(
    world: World, database: Path
) -> None:
    """Set aside before a restart, still aside after it (not resumed, holding no slot); and a
    table whose thread was deleted while the bot was down is set aside on its first write."""
    async with running(bot_process(world, database, threads=True)):
        _, _, first = await playing(world, threads=True)
        await world.fake.delete_channel(first)
        await world.fake.wait_for(lambda: len(set_aside_rows(database)) == 1, timeout=20, what="set aside")
        await refused(world)
        _, _, second = await playing(world, threads=True)
    await world.fake.delete_channel(second)  # while the bot is down
    async with running(bot_process(world, database, threads=True)) as bot:
        await world.fake.wait_for(lambda: len(set_aside_rows(database)) == 2, timeout=20, what="both aside")
        assert "Traceback" not in bot.output, bot.output
        world.fake.take_problems()
        listed = (await world.mod.slash("tables")).message
        assert listed.ephemeral
        assert text("aside.listed", count=2) in listed.text
        assert text("aside.reason.deleted") in listed.text
        discarded = await world.mod.press(listed, label=text("aside.discard_numbered", number=1))
        assert discarded.message.ephemeral
        assert discarded.message.text == text("aside.discarded", moderator=f"<@{world.mod.id}>")
        assert len(set_aside_rows(database)) == 1
        await refused(world)
