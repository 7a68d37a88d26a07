"""Drawing replays' animations in a process of their own (issue 31).

An animation is up to 120 table pictures drawn and put together (about a second or two of
CPU): in the painter's pool (:mod:`cogs.painter`) it would hold a process the live tables'
pictures wait for. The animator is one more process, started when a replay is first opened (a
share may follow) and kept for the next (its pictures' caches warm), replaced if it dies and
gone with the bot, like the painter's.
"""

import asyncio
import importlib
from collections.abc import Sequence

from engine.games import registered
from render.animation import animate
from tables.worker import Worker


class Animator(Worker):
    """One process for animations; :meth:`stop` with the bot."""

    def __init__(self) -> None:
        super().__init__("animation", _warm_up, processes=1)
        self._warming: asyncio.Task[None] | None = None

    def warm(self) -> None:
        """Start the process in the background if it is not running (a replay was opened: a
        share may follow, and should not wait for a process to start)."""
        if not self.running and self._warming is None:
            self._warming = asyncio.create_task(self._start())

    async def _start(self) -> None:
        try:
            await self.start()
        finally:
            self._warming = None

    async def animation(self, frames: Sequence[bytes]) -> bytes:
        """The GIF of ``frames`` (see :func:`render.animation.animate`)."""
        return await self.run(animate, list(frames))


def _warm_up() -> None:
    """Load Pillow, the fonts and every game's pictures first: the first animation then waits
    for none of it."""
    for game in registered():
        importlib.import_module(game.module("render"))


ANIMATOR = Animator()
"""The bot's animator: one per process."""
