"""Drawing the pictures in a process of their own.

Pillow holds the interpreter lock for milliseconds at a time in parts of a drawing, so a picture
drawn in a thread still stalls the event loop now and then, and with fifty tables redrawing it is
all the time (bench/bench_latency.py: stalls over 5 ms with threads, none with this). One worker
process draws every picture; it starts with the bot, so the first picture costs no start-up, and
it ignores Ctrl-C, which is the bot's to handle.

The worker can die under the bot (out of memory, a crash inside Pillow): the next drawing then
starts a new one and draws again, so a table never goes without pictures. And the bot can die
under the worker (kill -9): the worker notices its parent is gone and exits, so no orphan keeps
its memory.
"""

import asyncio
import concurrent.futures
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

log = logging.getLogger(__name__)

PARENT_CHECK_SECONDS = 1.0
"""How often the worker looks for its parent: an orphan lives at most this long."""


class Painter:
    """A one-process pool for the pictures; :meth:`start` before drawing, :meth:`stop` at the end."""

    def __init__(self) -> None:
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def start(self) -> None:
        """Start the worker and have it load the drawing code, so the first real picture is as
        quick as the others."""
        self._pool = _new_pool()
        await asyncio.get_running_loop().run_in_executor(self._pool, _warm_up)

    async def draw(self, picture: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``picture(*args, **kwargs)`` in the worker (started on first use if need be). If the
        worker has died, a new one draws it; a picture that kills two workers in a row raises."""
        job = functools.partial(picture, *args, **kwargs)
        for attempt in (1, 2):
            if self._pool is None:
                await self.start()
            pool = self._pool
            assert pool is not None
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, job)
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                if self._pool is pool:  # the first drawing to notice replaces it, once
                    log.warning("the picture worker died; starting a new one")
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = None
        raise AssertionError("unreachable: the second attempt returns or raises")

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def _new_pool() -> concurrent.futures.ProcessPoolExecutor:
    # "spawn": a fork of the bot would copy its threads' locks in whatever state they are.
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_in_worker,
        initargs=(os.getpid(),),
    )


def _in_worker(parent: int) -> None:
    """In the worker, first: leave Ctrl-C to the bot, and exit when the bot is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_with(parent: int) -> None:
    """Exit once ``parent`` has died: an orphan is adopted by another process, so its parent id
    changes. (The pool's queues do not tell the worker: it holds both of their ends itself.)"""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _warm_up() -> None:
    """In the worker: load Pillow and the fonts every game's pictures share."""
    import render.fonts  # noqa: F401


PAINTER = Painter()
"""The bot's painter: one per process, like the pictures' caches in the worker."""
