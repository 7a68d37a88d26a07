"""Drawing the pictures in a process of their own.

Pillow holds the interpreter lock for milliseconds at a time in parts of a drawing, so a picture
drawn in a thread still stalls the event loop now and then, and with fifty tables redrawing it is
all the time (bench/bench_latency.py: stalls over 5 ms with threads, none with this). One worker
process draws every picture; it starts with the bot, so the first picture costs no start-up, and
it ignores Ctrl-C, which is the bot's to handle.
"""

import asyncio
import concurrent.futures
import functools
import multiprocessing
import signal
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Painter:
    """A one-process pool for the pictures; :meth:`start` before drawing, :meth:`stop` at the end."""

    def __init__(self) -> None:
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def start(self) -> None:
        """Start the worker and have it load the drawing code, so the first real picture is as
        quick as the others."""
        # "spawn": a fork of the bot would copy its threads' locks in whatever state they are.
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=signal.signal,
            initargs=(signal.SIGINT, signal.SIG_IGN),
        )
        await asyncio.get_running_loop().run_in_executor(self._pool, _warm_up)

    async def draw(self, picture: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``picture(*args, **kwargs)`` in the worker (started on first use if need be)."""
        if self._pool is None:
            await self.start()
        assert self._pool is not None
        return await asyncio.get_running_loop().run_in_executor(
            self._pool, functools.partial(picture, *args, **kwargs)
        )

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def _warm_up() -> None:
    """In the worker: load Pillow and the fonts every game's pictures share."""
    import render.fonts  # noqa: F401


PAINTER = Painter()
"""The bot's painter: one per process, like the pictures' caches in the worker."""
