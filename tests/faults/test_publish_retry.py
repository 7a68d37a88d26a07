"""A table-message redraw that fails for a while is tried again until it lands (issue 19, item 4)."""

from __future__ import annotations

from fakediscord import BotProcess
from tables.pacing import ChannelPacing
from tables.publisher import RETRY_DELAYS, Publisher, TryAgain
from tests.conftest import World
from tests.e2e.toppo_play import lobby_locale, public, text, wait_public
from tests.tables.manual_clock import ManualClock

EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
DISCORD_PY_TRIES = 5
"""discord.py tries a request five times (waiting out each 429) before it gives up."""


async def test_a_redraw_failing_for_minutes_lands_without_another_change() -> None:
    clock = ManualClock()
    shown: list[int] = []
    failures = 12  # about four minutes of backing off

    async def publish() -> None:
        nonlocal failures
        if failures:
            failures -= 1
            raise TryAgain("503 Service Unavailable")
        shown.append(int(clock.now()))

    publisher = Publisher(lambda: 7, ChannelPacing(clock), publish, what="table 7")
    publisher.notify()
    await clock.advance(sum(RETRY_DELAYS) + RETRY_DELAYS[-1] * 7)

    assert len(shown) == 1, "the redraw landed once, with nobody changing the table again"
    await publisher.flush()


async def test_a_fault_in_drawing_is_not_retried() -> None:
    clock = ManualClock()
    calls = 0

    async def publish() -> None:
        nonlocal calls
        calls += 1
        raise ValueError("a bug in a picture")

    publisher = Publisher(lambda: 7, ChannelPacing(clock), publish, what="table 7")
    publisher.notify()
    await clock.advance(600)
    assert calls == 1


async def test_a_lobby_redraw_refused_past_discord_py_retries_lands(world: World, bot: BotProcess) -> None:
    lobby = (await world.alice.slash("toppo start")).message
    world.fake.ratelimits.inject_429(EDIT, retry_after=0.1, times=DISCORD_PY_TRIES + 1)
    await world.bruno.press(lobby, label=text("lobby.join", lobby_locale(world)))

    shown = await wait_public(world, lambda m: m.id == lobby.id and "bruno" in m.text.lower(), timeout=20)
    assert shown.id == lobby.id
    assert [hit.injected for hit in world.fake.stats.rate_limited] == [True] * (DISCORD_PY_TRIES + 1)
    assert public(world)[-1].id == lobby.id
