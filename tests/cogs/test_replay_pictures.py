"""A replay shows only what the channel saw (issue 31): at every step of a kept game of every
game, the picture the replay draws is made from the public view (nobody's hand), equal to the
view the table message would draw from at that moment, and it draws."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.painter import PAINTER
from engine.games import names
from locales import catalog
from tables.registry import TableRegistry
from tables.replays import Replay
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, kind_of


@pytest.fixture(autouse=True)
async def painter() -> AsyncIterator[None]:
    yield
    PAINTER.stop()


@pytest.mark.parametrize("game", names())
async def test_every_step_of_a_replay_is_drawn_from_the_public_view(game: str, tmp_path: Path) -> None:
    kept, store = await finished_game(game, 11, tmp_path)
    try:
        kind = kind_of(game)
        replay = Replay(
            TableRegistry(store, ManualClock()), kind.table_class, kept, "a former player", "es-ES"
        )
        views = 0
        for table in replay.tables(range(len(replay))):
            picture = kind.picture(catalog(), table)
            state = table.require_state()
            viewed = getattr(state, "game", state)  # Toppo's series draws its running game
            for arg in picture.args:
                if hasattr(arg, "seat") and type(arg).__name__.endswith("View"):
                    assert arg.seat is None, "a seat's own view (its hand) is never drawn"
                    assert arg == viewed.view(), "the channel's view then"
                    views += 1
        # A game with views per seat draws every step from one; Tally's is everyone's (nothing hidden).
        assert views == (len(replay) if hasattr(viewed.view(), "seat") else 0)
        last = kind.picture(catalog(), replay.table_at(len(replay) - 1))
        assert (await last.png()).startswith(b"\x89PNG")
        assert last.alt.startswith("Imagen"), "in the reader's language"
    finally:
        await store.close()
