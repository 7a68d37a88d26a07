"""Tables in threads, the bot's default (issue 29, item 1): each table's lobby card stays in the
channel and its games are played in a thread started from it, so several tables share a channel;
the card shows who plays where, and the result once the table ends, when the thread is archived.
A thread Discord archived meanwhile is reopened by the table's next write; a league's channel
counts the games of its threads; without the thread permissions the table plays in the channel
and its lobby says why in one line."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from fakediscord import Actor, BotProcess, Channel, SeenMessage
from fakediscord.model import CREATE_PUBLIC_THREADS, GUILD_VOICE
from tests.conftest import World, running
from tests.e2e.toppo_play import game_buttons, quick_world, recorded_games, text
from tests.e2e.whole_game import play_turn_by_turn

world = pytest.fixture(quick_world)


@pytest.fixture
async def bot(world: World, database: Path) -> AsyncIterator[BotProcess]:
    """bot.py with its default: tables in threads."""
    async with running(BotProcess(world.fake, database, threads=True)) as process:
        yield process


def thread_of(world: World, card: SeenMessage) -> Channel:
    thread = world.fake.thread_of(card)
    assert thread is not None, "a thread was started from the lobby"
    return thread


def shown_in(world: World, place: Channel) -> list[SeenMessage]:
    return world.fake.public_messages(place)


async def open_tally(world: World, host: Actor) -> tuple[SeenMessage, Channel]:
    """``/tally start`` with an easy AI seat, started: its card and its thread."""
    card = (await host.slash("tally start")).message
    thread = thread_of(world, card)
    await host.press(card, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await world.fake.wait_for(lambda: "(2/4)" in host.current(card).text, what="the AI seated")
    await host.press(card, label=text("lobby.start"))
    await world.fake.wait_for(
        lambda: any(m.attachments for m in shown_in(world, thread)), timeout=15, what="the game in its thread"
    )
    return card, thread


async def test_two_tables_play_at_once_in_one_channel_each_in_its_thread(
    world: World, bot: BotProcess
) -> None:
    alice_card, alice_thread = await open_tally(world, world.alice)
    carla_card, carla_thread = await open_tally(world, world.carla)

    assert alice_thread.id != carla_thread.id
    assert [m.id for m in shown_in(world, world.games)] == [alice_card.id, carla_card.id]
    assert {world.alice.id} <= alice_thread.thread_members and world.carla.id in carla_thread.thread_members
    playing = text("table.card.playing", players="Alice, AI 1 (easy)", thread=f"<#{alice_thread.id}>")
    await world.fake.wait_for(lambda: playing in world.alice.current(alice_card).text, what="the card")
    assert not world.alice.current(alice_card).buttons(), "who plays where, no buttons"
    (table,) = [m for m in shown_in(world, alice_thread) if m.attachments]
    assert table.card["title"] == text("tally.table.title", number=1)


async def test_the_card_shows_the_result_and_the_thread_is_archived_when_the_table_ends(
    world: World, bot: BotProcess
) -> None:
    card, thread = await open_tally(world, world.alice)
    (table,) = [m for m in shown_in(world, thread) if m.attachments]
    results = await play_turn_by_turn(world, world.alice, table, "tally")

    end = results.button(label=text("tally.results.end"))
    confirm = await world.alice.press(results, custom_id=str(end["custom_id"]))
    await world.alice.press(confirm.message, label=text("end.yes"))

    final_line = text("table.card.final_title")
    await world.fake.wait_for(lambda: final_line in world.alice.current(card).text, what="the final card")
    final = world.alice.current(card)
    assert final.attachments and not final.buttons(), "the result at once, Play again in the thread"
    assert text("seats.again_line").split("{")[0] not in final.text, "nor its line, which would go stale"
    offered = [text("seats.again", pressed=0, asked=1)]
    await world.fake.wait_for(
        lambda: game_buttons(world.alice.current(results)) == offered, what="Play again"
    )
    again = world.alice.current(results)
    assert not thread.archived, "Play again is offered there for two minutes"

    await world.alice.press(again, label=text("seats.again", pressed=0, asked=1))  # a new series
    await world.fake.wait_for(
        lambda: (
            text("table.card.playing", players="Alice, AI 1 (easy)", thread=f"<#{thread.id}>")
            in world.alice.current(card).text
        ),
        what="the card playing again",
    )
    (table,) = [m for m in shown_in(world, thread) if m.attachments and m.buttons() and m.id != results.id]
    panel = (await world.alice.press(table, label=text("tally.table.panel"))).message
    asked = await world.alice.press(panel, label=text("seats.leave"))
    await world.alice.press(asked.message, label=text("seats.leave_yes"))  # nobody is left: it ends
    await world.fake.wait_for(lambda: thread.archived, timeout=10, what="the thread archived")
    assert f"<#{thread.id}>" in world.alice.current(card).text and not world.alice.current(card).buttons()
    assert [m.id for m in shown_in(world, world.games)] == [card.id], "one message per table"


async def test_a_thread_archived_by_discord_is_reopened_when_its_table_writes(
    world: World, bot: BotProcess
) -> None:
    card, thread = await open_tally(world, world.alice)
    (table,) = [m for m in shown_in(world, thread) if m.attachments]
    await world.fake.wait_for(lambda: f"<#{thread.id}>" in world.alice.current(card).text, what="the card")
    await world.fake.set_archived(thread, True)

    await play_turn_by_turn(world, world.alice, table, "tally")

    assert not thread.archived
    refused = world.fake.take_problems()  # a write that raced Discord's THREAD_UPDATE, then retried
    assert all('"code": 50083' in problem for problem in refused), refused


async def test_a_league_counts_the_games_played_in_its_channels_threads(
    world: World, bot: BotProcess, database: Path
) -> None:
    await world.mod.slash("league create", {"name": "Race", "game": "tally"})
    await world.mod.slash("league settings", {"ai-games": True})
    await world.mod.slash("league season start")
    _, thread = await open_tally(world, world.alice)
    (table,) = [m for m in shown_in(world, thread) if m.attachments]

    await play_turn_by_turn(world, world.alice, table, "tally")
    await world.fake.wait_for(lambda: len(recorded_games(database)) == 1, timeout=10, what="the result")

    in_thread = world.fake.actor(world.alice.member, thread)
    standings = (await in_thread.slash("league standings")).message
    assert standings.card["title"] == "Race · Tally · season 1", "the thread's league is its channel's"
    assert "Alice" in (standings.attachments[0].description or "")


async def test_without_thread_permissions_the_table_plays_in_the_channel_and_says_why(
    world: World, bot: BotProcess
) -> None:
    world.fake.set_overwrite(world.games, world.fake.bot_member(world.guild), deny=CREATE_PUBLIC_THREADS)

    lobby = (await world.alice.slash("tally start")).message

    assert world.fake.thread_of(lobby) is None
    assert text("lobby.no_thread_permissions") in lobby.text
    await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await world.fake.wait_for(lambda: "(2/4)" in world.alice.current(lobby).text, what="the AI seated")
    await world.alice.press(lobby, label=text("lobby.start"))
    await world.fake.wait_for(
        lambda: bool(world.alice.current(lobby).attachments), timeout=15, what="the game in the channel"
    )


async def test_moderators_choose_where_new_tables_play_and_about_says_it(
    world: World, bot: BotProcess
) -> None:
    refused = (await world.alice.slash("tables", {"where": "channels"})).message
    assert refused.ephemeral and refused.content == text("league.error.refused")

    chosen = (await world.mod.slash("tables", {"where": "channels"})).message
    absent = text("places.now_absent", world.mod.locale, seconds=30)
    kept = text("places.now_keep", world.mod.locale, days=90)
    where = text("places.now_channels", world.mod.locale)
    assert chosen.ephemeral and chosen.content == f"{where}\n{absent}\n{kept}"
    waits = (await world.mod.slash("tables", {"absent_after": 60, "keep_days": 30})).message
    absent = text("places.now_absent", world.mod.locale, seconds=60)
    kept = text("places.now_keep", world.mod.locale, days=30)
    assert waits.content == f"{where}\n{absent}\n{kept}", "where is kept"
    about = (await world.alice.slash("about")).message
    assert about.card["fields"][-1]["value"] == text("about.place_channels")

    lobby = (await world.alice.slash("tally start")).message
    assert world.fake.thread_of(lobby) is None and "<#" not in lobby.text, "played in the channel"
    assert not any(m.id != lobby.id for m in shown_in(world, world.games))


async def test_in_a_voice_channels_chat_the_table_plays_there_and_says_why(
    world: World, bot: BotProcess
) -> None:
    voice = world.fake.add_channel(world.guild, "voice", kind=GUILD_VOICE)
    in_voice = world.fake.actor(world.alice.member, voice)

    lobby = (await in_voice.slash("tally start")).message

    assert world.fake.thread_of(lobby) is None and lobby.channel_id == voice.id
    assert text("lobby.no_thread_place") in lobby.text


async def test_a_join_while_the_thread_starts_updates_the_lobby_in_place(
    world: World, bot: BotProcess
) -> None:
    """A press that arrives while the table's thread is still being started (here Discord asks
    the bot to wait a second first) edits the lobby the channel shows: no second lobby, in the
    channel or the thread."""
    world.fake.ratelimits.inject_429(
        "POST /channels/{channel_id}/messages/{message_id}/threads", retry_after=1.5
    )
    card = (await world.alice.slash("tally start")).message
    assert world.fake.thread_of(card) is None, "the thread is not started yet"

    await world.bruno.press(card, label=text("lobby.join"))

    await world.fake.wait_for(lambda: world.fake.thread_of(card) is not None, timeout=10, what="the thread")
    await world.fake.settle(quiet=0.5, timeout=10)
    assert "(2/4)" in world.alice.current(card).text, "Bruno seated on the card"
    assert [m.id for m in shown_in(world, world.games)] == [card.id], "one lobby in the channel"
    assert shown_in(world, thread_of(world, card)) == [], "no lobby in the thread"


async def test_the_host_leaving_before_the_thread_exists_still_gets_it_named_after_them(
    world: World, bot: BotProcess
) -> None:
    """Issue 48: the host pressing Leave as soon as the lobby showed, while the bot was still
    getting Discord's answer, crashed /start (the thread's name read the first seat, gone):
    "Something went wrong", and the table played in the channel."""
    slow = world.fake.ratelimits.hold("POST /interactions/{webhook_id}/{webhook_token}/callback", done=True)
    starting = asyncio.create_task(world.alice.slash("tally start"))
    await world.fake.wait_for(lambda: bool(lobbies(world)), timeout=10, what="the lobby")
    (card,) = lobbies(world)
    leaving = asyncio.create_task(world.alice.press(card, label=text("lobby.leave")))
    await asyncio.sleep(0.5)  # the press is made while the lobby's answer is on its way back
    slow.set()
    await asyncio.gather(starting, leaving)

    await world.fake.wait_for(lambda: world.fake.thread_of(card) is not None, timeout=10, what="the thread")
    await world.fake.settle(quiet=0.5, timeout=10)
    assert thread_of(world, card).name == text("table.thread_name", game="Tally", host="Alice")
    await world.fake.wait_for(
        lambda: "(0/4)" in world.alice.current(card).text, what="the lobby showing her leave"
    )
    assert [m.id for m in shown_in(world, world.games)] == [card.id], "one lobby in the channel"
    assert "Traceback" not in bot.output, bot.output


async def test_a_lobby_everyone_left_holds_no_slot_of_its_hosts(world: World, bot: BotProcess) -> None:
    """Issue 48: a lobby everyone left lingered 15 minutes, counting against its host's three
    open tables and the server's. It now waits a minute (its host may still add AI seats to
    watch), holding no slot."""
    for _ in range(3):
        card = (await world.alice.slash("tally start")).message
        await world.fake.wait_for(lambda card=card: world.fake.thread_of(card) is not None, what="its thread")
        await world.alice.press(card, label=text("lobby.leave"))
    fourth = (await world.alice.slash("tally start")).message
    assert not fourth.ephemeral and text("lobby.start") in [b.get("label") for b in fourth.buttons()]


def lobbies(world: World) -> list[SeenMessage]:
    return [
        m
        for m in shown_in(world, world.games)
        if text("lobby.start") in [b.get("label") for b in m.buttons()]
    ]
