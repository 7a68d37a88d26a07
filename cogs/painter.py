"""Drawing the pictures in a process of their own.

Pillow holds the interpreter lock for milliseconds at a time in parts of a drawing, so a picture
drawn in a thread still stalls the event loop now and then, and with fifty tables redrawing it is
all the time (bench/bench_latency.py: stalls over 5 ms with threads, none with this). One worker
process (a :class:`~tables.worker.Worker`) draws every picture; it starts with the bot, so the
first picture costs no start-up. A worker that dies is replaced at the next drawing, so a table
never goes without pictures, and one whose bot is killed exits with it.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from tables.worker import PARENT_CHECK_SECONDS as PARENT_CHECK_SECONDS
from tables.worker import Worker

P = ParamSpec("P")
R = TypeVar("R")


class Painter(Worker):
    """A one-process pool for the pictures; :meth:`start` before drawing, :meth:`stop` at the end."""

    def __init__(self) -> None:
        super().__init__("picture", _warm_up)

    async def draw(self, picture: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``picture(*args, **kwargs)`` in the worker (started on first use if need be). If the
        worker has died, a new one draws it; a picture that kills two workers in a row raises."""
        return await self.run(picture, *args, **kwargs)


def _warm_up() -> None:
    """In the worker: load Pillow and the fonts every game's pictures share."""
    import render.fonts  # noqa: F401


PAINTER = Painter()
"""The bot's painter: one per process, like the pictures' caches in the worker."""
