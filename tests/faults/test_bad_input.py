"""Input no Discord client sends, from a forged one (issue 28, item 3): each ends in one short
private answer, or none for a replay, and never a traceback or a change anyone else sees.

The bot fixture fails a test whose bot printed a traceback or drew a problem at the stand-in
(a second answer to one interaction, say)."""

from __future__ import annotations

import asyncio

import pytest

from fakediscord import APPLICATION_COMMAND, MESSAGE_COMPONENT, Actor, BotProcess, Reply
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, public, quick_world, text

world = pytest.fixture(quick_world)


def answered_privately(reply: Reply, key: str, locale: str = "en-US") -> None:
    assert reply.response_type == 4 and reply.message.ephemeral, "a new private reply"
    assert reply.message.content == text(key, locale)


def in_direct_messages(world: World, actor: Actor) -> Actor:
    return world.fake.actor(actor.member, world.fake.open_dm(actor.member), locale=actor.locale)


async def test_a_rules_choice_never_offered_is_refused_privately(world: World, bot: BotProcess) -> None:
    data = world.bruno.command_data("rules", {"game": "toppo"})
    data["options"][0]["value"] = "chess"

    reply = await world.bruno.forge(APPLICATION_COMMAND, data)

    answered_privately(reply, "error.unknown_choice", "es-ES")


async def test_a_replayed_command_or_press_is_handled_once(world: World, bot: BotProcess) -> None:
    about = await world.alice.slash("about")
    lobby = (await world.alice.slash("toppo start")).message
    add_ai = await world.alice.press(lobby, label=text("lobby.add_ai", level=text("ai.level.easy")))
    await asyncio.sleep(1)  # longer than a double click: only the interaction's id tells

    await world.fake.replay(about.record)
    await world.fake.replay(add_ai.record)

    assert len(world.alice.sees()) == 2, "one /about, one lobby"
    assert "(2/8)" in world.alice.current(lobby).text, "one AI seat, not two"


async def test_a_servers_command_from_direct_messages_is_refused_privately(
    world: World, bot: BotProcess
) -> None:
    for actor, command in ((world.alice, "toppo start"), (world.bruno, "stats")):
        data = actor.command_data(command)
        data.pop("guild_id", None)

        reply = await in_direct_messages(world, actor).forge(APPLICATION_COMMAND, data)

        answered_privately(reply, "error.server_only", actor.locale)
    assert public(world) == []
    rules = await in_direct_messages(world, world.alice).slash("rules", {"game": "spit"})
    assert text("games.spit") in rules.message.card["title"], "a command for anywhere still works"


async def test_malformed_button_ids_get_a_short_private_answer(world: World, bot: BotProcess) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    table_id = str(world.alice.current(lobby).buttons()[0]["custom_id"]).split(":")[1]
    malformed = [
        "hello",
        "tp:zz:join:",
        f"tp:{table_id}:nosuchaction:",
        f"tp:{table_id}:next:{'9' * 90}",
        f"xx:{table_id}:join:",
        f"tp:{table_id}:join::7",
    ]
    for custom_id in malformed:
        reply = await world.bruno.forge(
            MESSAGE_COMPONENT, {"custom_id": custom_id, "component_type": 2}, message=lobby
        )

        assert reply.response_type == 4 and reply.message.ephemeral, custom_id
        assert reply.message.content, custom_id
    assert world.alice.current(lobby).card == lobby.card, "the lobby is as it was"


async def test_a_press_on_someone_elses_panel_leaves_it_alone(world: World, bot: BotProcess) -> None:
    table = await open_table(world, [world.alice, world.bruno])
    panel = await open_panel(world.alice, table)
    (refresh,) = panel.buttons("refresh")

    reply = await world.bruno.forge(
        MESSAGE_COMPONENT,
        {"custom_id": refresh["custom_id"], "component_type": 2},
        message=panel.message,
    )

    mine = world.alice.current(panel.message)
    assert (mine.card, mine.attachments) == (panel.message.card, panel.message.attachments)
    assert reply.response_type == 4 and reply.message.ephemeral
    assert reply.message.id != panel.message.id
    assert world.bruno.current(reply.message).title == (await open_panel(world.bruno, table)).message.title
