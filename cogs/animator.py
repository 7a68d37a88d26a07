"""Drawing replays' animations in a process of their own (issue 31).

An animation is up to 120 table pictures drawn and put together (about a second or two of
CPU): in the painter's pool (:mod:`cogs.painter`) it would hold a process the live tables'
pictures wait for. The animator is one more process, started at the first animation and kept
for the next (its pictures' caches warm), replaced if it dies and gone with the bot, like the
painter's.
"""

from collections.abc import Sequence

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
    """Load Pillow and the fonts first, as the painter's processes do."""
    import render.fonts  # noqa: F401


ANIMATOR = Animator()
"""The bot's animator: one per process."""
