"""Forged custom ids and presses at once (issue 43), through the real bot and the stand-in: any
custom id a modified client sends, at any registered prefix, is answered (numbers past 64 bits
included: they used to fail unanswered), and the per-member limits hold when one member presses
many times at once: Share as animation posts once a minute, a host opens at most three tables."""

from __future__ import annotations

import asyncio
import string
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.games import names
from fakediscord import BotProcess, SeenMessage
from locales import catalog
from tables.registry import MEMBER_TABLES
from tests.conftest import World, running
from tests.e2e.test_history import animations, finished_tally
from tests.e2e.toppo_play import text

PREFIXES = [*names(), "tp", "ca", "sp", "tm", "ty", "rp", "zz"]
"""Every registered game's prefix, the legacy ones, the replays', and one that is none."""
ACTIONS = ["line", "turn", "top", "match", "next", "end", "seats", "again", "join", "open", "page", "share"]
BIG = st.integers(min_value=10**18, max_value=10**90).map(str)
"""Numbers past 64 bits, as a forged button carries them."""
FIELD = st.one_of(
    BIG, st.integers(0, 40).map(str), st.text(string.ascii_lowercase + string.digits + "-", max_size=12)
)


@st.composite
def custom_ids(draw: st.DrawFn) -> str:
    """A custom id as a modified client may send one: a prefix, maybe a table id (the real one
    or another), an action, and fields of digits (some huge), letters and dashes."""
    prefix = draw(st.sampled_from(PREFIXES))
    fields = draw(st.lists(FIELD, max_size=4))
    action = draw(
        st.one_of(st.sampled_from(ACTIONS), st.text(string.ascii_lowercase, min_size=1, max_size=8))
    )
    if prefix == "rp":
        return f"rp:{action}:{'.'.join(fields)}"[:100]
    table = draw(st.sampled_from(["{table}", "0123456789", "abcdef0123"]))
    return f"{prefix}:{table}:{action}:{'.'.join(fields)}"[:100]


OPEN: dict[int, tuple[SeenMessage, str]] = {}
"""Per world, the table message the forged presses are made on, and its table's id."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(custom_id=custom_ids())
async def test_any_forged_custom_id_is_answered(world: World, bot: BotProcess, custom_id: str) -> None:
    if id(world) not in OPEN:
        lobby = (await world.alice.slash("toppo start")).message
        table_id = str(next(b["custom_id"] for b in lobby.buttons()).split(":")[1])
        OPEN[id(world)] = (lobby, table_id)
    lobby, table_id = OPEN[id(world)]
    reply = await world.bruno.forge(
        3, {"custom_id": custom_id.format(table=table_id), "component_type": 2}, message=lobby
    )
    assert reply.response_type is not None, f"{custom_id} went unanswered"
    assert "Traceback" not in bot.output


async def test_ten_shares_at_once_post_one_animation(world: World, bot: BotProcess, database: Path) -> None:
    await finished_tally(world, database)
    page = (await world.alice.slash("history")).message
    replay = (await world.alice.press(page, label="1")).message
    share = next(b for b in replay.buttons() if b.get("label") == text("replay.share"))
    replies = await asyncio.gather(
        *(world.alice.press(replay, custom_id=str(share["custom_id"])) for _ in range(10))
    )
    await world.fake.wait_for(lambda: bool(animations(world, world.games)), timeout=15, what="the animation")
    await world.fake.settle(quiet=1.0, timeout=20)
    assert len(animations(world, world.games)) == 1
    drawing = catalog().text("replay.drawing", "en-US", place="{place}").split("{place}")[0]
    soon = catalog().text("replay.too_soon", "en-US", when="{when}").split("{when}")[0]
    assert sum(drawing in reply.message.text for reply in replies) == 1, "one is drawn"
    assert sum(soon in reply.message.text for reply in replies) == 9, "the others are told when"


async def test_a_host_starting_ten_tables_at_once_opens_three(world: World, database: Path) -> None:
    async with running(BotProcess(world.fake, database, threads=True)):
        replies = await asyncio.gather(*(world.alice.slash("toppo start") for _ in range(10)))
    opened = [reply for reply in replies if not reply.message.ephemeral]
    refused = catalog().text("refused.member_tables", "en-US")
    assert len(opened) == MEMBER_TABLES
    assert all(reply.message.content == refused for reply in replies if reply.message.ephemeral)


async def test_a_number_past_64_bits_is_none_of_the_bots_buttons(world: World, bot: BotProcess) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    table_id = str(lobby.buttons()[0]["custom_id"]).split(":")[1]
    unknown = catalog().text("error.unknown_button", "es-ES")
    for custom_id in (f"toppo:{table_id}:next:{'9' * 40}", f"rp:open:{'7' * 90}", f"rp:page:{'1' * 30}.-.-"):
        reply = await world.bruno.forge(3, {"custom_id": custom_id, "component_type": 2}, message=lobby)
        assert reply.message.ephemeral and reply.message.content == unknown, custom_id


async def test_a_forged_delete_of_a_replay_not_this_servers_says_nothing_was_deleted(
    world: World, bot: BotProcess
) -> None:
    """Issue 48: a moderator's forged "Delete replay" for another server's game (or none) was
    answered "deleted" though nothing was."""
    lobby = (await world.alice.slash("toppo start")).message
    reply = await world.mod.forge(
        3, {"custom_id": "rp:dropok:987654321.0", "component_type": 2}, message=lobby
    )
    assert reply.message.ephemeral
    assert catalog().text("replay.dropped", world.mod.locale) not in reply.message.text
    assert catalog().text("replay.gone", world.mod.locale) in reply.message.text
