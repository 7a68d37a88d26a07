"""Live panels (cogs/live_panels.py) on their own: a table change that comes while the panel's
owner is being answered is not lost, and a panel whose table moves on is redrawn by itself."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.live_panels import LivePanels
from cogs.tables import Draft
from locales import catalog
from tables.clock import LoopClock

OWNER = 7


class Interaction:
    """What LivePanels uses of a discord.py interaction: its id (a snowflake of now), its user,
    the response that shows the panel, and the edits of it through the token."""

    def __init__(self) -> None:
        self.id = discord.utils.time_snowflake(discord.utils.utcnow())
        self.user = SimpleNamespace(id=OWNER)
        self.message = None
        self.response = SimpleNamespace(send_message=self._shown)
        self.shown: list[str] = []
        self.edits: list[str] = []
        self.edited = asyncio.Event()

    async def _shown(self, **draft: Any) -> None:
        self.shown.append(draft["embed"].title)

    async def edit_original_response(self, **draft: Any) -> None:
        self.edits.append(draft["embed"].title)
        self.edited.set()


class Board:
    """A table whose state is a number, drawn as the panel's title."""

    def __init__(self) -> None:
        self.table_id, self.channel_id, self.finished = "t1", 1, False
        self.followers: list[Any] = []
        self.registry = SimpleNamespace(get=lambda channel_id: self)
        self.state = 0

    def change(self) -> None:
        self.state += 1
        for follower in self.followers:
            follower()

    async def draw(self, note: str | None) -> Draft:
        return Draft(discord.Embed(title=f"state {self.state}"))


@pytest.fixture
async def panels() -> AsyncIterator[LivePanels]:
    live = LivePanels(catalog(), LoopClock())
    yield live
    live.stop()


async def edited_to(interaction: Interaction, title: str) -> None:
    """Wait (with a deadline) until the panel's last edit shows ``title``."""
    while not interaction.edits or interaction.edits[-1] != title:
        interaction.edited.clear()
        await asyncio.wait_for(interaction.edited.wait(), timeout=10)


async def test_a_panel_is_redrawn_when_its_table_changes(panels: LivePanels) -> None:
    board, interaction = Board(), Interaction()
    await panels.show(interaction, board, await board.draw(None), board.draw, "en-US")  # type: ignore[arg-type]
    assert interaction.shown == ["state 0"]

    board.change()

    await edited_to(interaction, "state 1")


async def test_a_change_while_its_owner_is_answered_is_drawn_after_the_answer(panels: LivePanels) -> None:
    board, interaction = Board(), Interaction()
    await panels.show(interaction, board, await board.draw(None), board.draw, "en-US")  # type: ignore[arg-type]
    followed = panels._panels[board.table_id][OWNER]

    with panels.answering(board.table_id, OWNER):
        board.change()  # an AI moves while the owner's press is answered with state 0
        while not followed.missed:  # the redraw came, and left the panel to the answer
            await asyncio.sleep(0.01)
        assert interaction.edits == []

    await edited_to(interaction, "state 1")
