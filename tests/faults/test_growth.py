"""Growth and abuse (issue 19, item 14): what a long-running bot keeps, and what one member or
server may open."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import pytest

from data import Store
from fakediscord import BotProcess
from tables.errors import Refusal, Refused
from tables.pacing import CHANNEL_LIMIT, GLOBAL_LIMIT, ChannelPacing
from tables.registry import MEMBER_TABLES, SERVER_TABLES, TableRegistry
from tests.conftest import World
from tests.e2e.toppo_play import text
from tests.tables.manual_clock import ManualClock


async def test_pacing_keeps_only_the_channels_written_to_lately() -> None:
    clock = ManualClock()
    pacing = ChannelPacing(clock)
    writes = [asyncio.ensure_future(pacing.wait(channel)) for channel in range(GLOBAL_LIMIT[0])]
    await clock.advance(2)  # tables in many channels, each long over
    assert all(write.done() for write in writes)
    await clock.advance(CHANNEL_LIMIT[1])
    await pacing.wait(5000)
    assert list(pacing._channels) == [5000]


async def test_a_busy_channel_keeps_its_window_while_others_come_and_go() -> None:
    clock = ManualClock()
    pacing = ChannelPacing(clock)
    await pacing.wait(1)
    waiting = asyncio.ensure_future(pacing.wait(1))  # the busy channel's next edit must wait
    other = asyncio.ensure_future(pacing.wait(2))  # another channel arriving sweeps idle pacers
    await clock.advance(0.1)
    assert other.done() and not waiting.done(), "channel 1's pacer was kept, with its spacing"
    await clock.advance(CHANNEL_LIMIT[1] / CHANNEL_LIMIT[0])
    await waiting


@dataclass
class Open:
    channel_id: int
    guild_id: int
    host_id: int
    holds_room: bool = True

    @property
    def table_id(self) -> str:
        return f"t{self.channel_id}"

    @property
    def place_id(self) -> int:
        return self.channel_id


async def test_a_server_may_hold_only_so_many_open_tables(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        registry = TableRegistry(store)
        for channel in range(SERVER_TABLES):
            registry.add(Open(channel, 1, host_id=channel))  # type: ignore[arg-type]
        with pytest.raises(Refused) as refused:
            registry.check_room(1, host_id=999)
        assert refused.value.refusal is Refusal.SERVER_TABLES
        registry.check_room(2, host_id=999)  # another server is not held back


async def test_a_member_may_host_only_a_few_tables(world: World, bot: BotProcess) -> None:
    channels = [world.fake.add_channel(world.guild, f"table-{n}") for n in range(MEMBER_TABLES + 1)]
    for channel in channels[:MEMBER_TABLES]:
        opened = await world.alice.slash("toppo start", channel=channel)
        assert not opened.message.ephemeral
    refused = await world.alice.slash("toppo start", channel=channels[-1])
    assert refused.message.ephemeral and refused.message.text == text("refused.member_tables")
    assert world.fake.public_messages(channels[-1]) == []
    other = await world.bruno.slash("toppo start", channel=channels[-1])
    assert not other.message.ephemeral, "another member still may"
