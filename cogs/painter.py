"""Drawing the pictures in processes of their own.

Pillow holds the interpreter lock for milliseconds at a time in parts of a drawing, so a picture
drawn in a thread still stalls the event loop now and then, and with fifty tables redrawing it is
all the time (bench/bench_latency.py: stalls over 5 ms with threads, none with this). A pool of
:data:`WORKERS` processes (a :class:`~tables.worker.Worker`) draws the pictures side by side, so
a panel is not queued behind every table's redraw (bench/bench_load.py); it starts with the bot,
so the first pictures cost no start-up. A process that dies is replaced at the next drawing, so a
table never goes without pictures, and each exits with its bot when the bot is killed.
"""

from collections.abc import Callable
from typing import ParamSpec, TypeVar

from tables.worker import PARENT_CHECK_SECONDS as PARENT_CHECK_SECONDS
from tables.worker import Worker

P = ParamSpec("P")
R = TypeVar("R")

WORKERS = 2
"""Pictures drawn at once. Two keep both cores of the project's machine busy when tables redraw
together (the bot's own process mostly waits on the network) and cost about 60 MB each (Pillow,
the fonts and the pictures' caches); more would queue for the same cores."""


class Painter(Worker):
    """The pool for the pictures; :meth:`start` before drawing, :meth:`stop` at the end."""

    def __init__(self, workers: int = WORKERS) -> None:
        super().__init__("picture", _warm_up, processes=workers)

    async def draw(self, picture: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``picture(*args, **kwargs)`` in a worker (started on first use if need be). If a
        worker has died, new ones draw it; a picture that kills two pools in a row raises."""
        return await self.run(picture, *args, **kwargs)


def _warm_up() -> None:
    """In each worker: load Pillow and the fonts every game's pictures share."""
    import render.fonts  # noqa: F401


PAINTER = Painter()
"""The bot's painter: one per process, like the pictures' caches in its workers."""
