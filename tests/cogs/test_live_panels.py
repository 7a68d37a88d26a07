"""Live panels (cogs/live_panels.py) on their own: a table change that comes while the panel's
owner is being answered is not lost, a panel whose table moves on is redrawn by itself, and a
panel slow to draw is acknowledged in time and filled in after."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.answers import ANSWER_WITHIN
from cogs.drafts import Draft
from cogs.layout import Words
from cogs.live_panels import LivePanels
from locales import catalog
from tables.clock import LoopClock

OWNER = 7


class Interaction:
    """What LivePanels uses of a discord.py interaction: its id (a snowflake of now), its user,
    the response that shows the panel, and the edits of it through the token."""

    def __init__(self, age: float = 0.0) -> None:
        """``age``: how many seconds ago its user pressed."""
        self.id = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(seconds=age))
        self.user = SimpleNamespace(id=OWNER)
        self.message = None
        self.response = SimpleNamespace(send_message=self._shown, defer=self._defer, is_done=self._done)
        self.shown: list[str] = []
        self.deferred: list[dict[str, Any]] = []
        self.edits: list[str] = []
        self.edited = asyncio.Event()

    async def _shown(self, **draft: Any) -> None:
        self.shown.append(title_of(draft["view"]))

    async def _defer(self, **how: Any) -> None:
        self.deferred.append(how)

    def _done(self) -> bool:
        return bool(self.shown or self.deferred)

    async def edit_original_response(self, **draft: Any) -> None:
        self.edits.append(title_of(draft["view"]))
        self.edited.set()


def title_of(layout: discord.ui.LayoutView) -> str:
    """The title a panel's card shows (its first text display's heading)."""
    heading = layout.to_components()[0]["components"][0]["content"]
    return str(heading).removeprefix("## ")


class Board:
    """A table whose state is a number, drawn as the panel's title."""

    def __init__(self) -> None:
        self.table_id, self.channel_id, self.finished = "t1", 1, False
        self.listeners: list[Any] = []
        self.registry = SimpleNamespace(get=lambda channel_id: self)
        self.state = 0

    def change(self) -> None:
        self.state += 1
        for listener in self.listeners:
            listener()

    async def draw(self, note: str | None) -> Draft:
        return Draft(Words(title=f"state {self.state}"))


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
    await panels.show(interaction, board, board.draw(None), board.draw, "en-US")  # type: ignore[arg-type]
    assert interaction.shown == ["state 0"]

    board.change()

    await edited_to(interaction, "state 1")


async def test_a_change_while_its_owner_is_answered_is_drawn_after_the_answer(panels: LivePanels) -> None:
    board, interaction = Board(), Interaction()
    await panels.show(interaction, board, board.draw(None), board.draw, "en-US")  # type: ignore[arg-type]
    followed = panels._panels[board.table_id][OWNER]

    with panels.answering(board.table_id, OWNER):
        board.change()  # an AI moves while the owner's press is answered with state 0
        while not followed.missed:  # the redraw came, and left the panel to the answer
            await asyncio.sleep(0.01)
        assert interaction.edits == []

    await edited_to(interaction, "state 1")


async def test_a_panel_drawn_in_time_is_the_answer(panels: LivePanels) -> None:
    board, interaction = Board(), Interaction()

    await panels.show(interaction, board, board.draw(None), board.draw, "en-US")  # type: ignore[arg-type]

    assert interaction.shown == ["state 0"] and interaction.deferred == []


async def test_a_panel_slow_to_draw_is_acknowledged_first_then_filled_in(panels: LivePanels) -> None:
    board, interaction = Board(), Interaction(age=ANSWER_WITHIN - 0.05)  # pressed 1.95 s ago

    async def slow(note: str | None) -> Draft:
        await asyncio.sleep(0.3)  # drawn behind other pictures on a busy machine
        return await board.draw(note)

    await panels.show(interaction, board, slow(None), board.draw, "en-US")  # type: ignore[arg-type]

    assert interaction.deferred == [{"ephemeral": True, "thinking": True}], "a private reply, thinking"
    assert interaction.shown == [] and interaction.edits == ["state 0"], "then filled in"
