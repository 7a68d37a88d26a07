"""Drawing replays' animations in a process of their own (issue 31).

An animation is up to 120 table pictures drawn and put together (about a second or two of
CPU): in the painter's pool (:mod:`cogs.painter`) it would hold a process the live tables'
pictures wait for. The animator is one more process, started at the first animation and kept
for the next (its pictures' caches warm), replaced if it dies and gone with the bot, like the
painter's.
"""

import importlib
from collections.abc import Sequence

from engine.games import registered
from render.animation import animate
from tables.worker import Worker


class Animator(Worker):
    """One process for animations; :meth:`stop` with the bot."""

    def __init__(self) -> None:
        super().__init__("animation", _warm_up, processes=1)

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
