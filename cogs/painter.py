"""Drawing the pictures in processes of their own.

Pillow holds the interpreter lock for milliseconds at a time in parts of a drawing, so a picture
drawn in a thread still stalls the event loop now and then, and with fifty tables redrawing it is
all the time (bench/bench_latency.py: stalls over 5 ms with threads, none with this). A small
pool of worker processes (:data:`WORKERS`) draws the pictures side by side, so a panel is not
queued behind every table's redraw (bench/bench_load.py); the workers start with the bot and
load the drawing code then, so the first picture costs no start-up, and they ignore Ctrl-C,
which is the bot's to handle.

A worker can die under the bot (out of memory, a crash inside Pillow): the pool is then broken
for every worker, so the next drawing starts a new pool and draws again, and a table never goes
without pictures. And the bot can die under the workers (kill -9): each notices its parent is
gone and exits, so no orphan keeps its memory.
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
"""How often a worker looks for its parent: an orphan lives at most this long."""

WORKERS = 2
"""Pictures drawn at once. Two keep both cores of the project's machine busy when tables redraw
together (the bot's own process mostly waits on the network) and cost about 45 MB each, Pillow,
the fonts and the pictures' caches; more would queue for the same cores."""


class Painter:
    """A pool of ``workers`` processes for the pictures; :meth:`start` before drawing,
    :meth:`stop` at the end."""

    def __init__(self, workers: int = WORKERS) -> None:
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    async def start(self) -> None:
        """Start the workers, each loading the drawing code, so the first real pictures are as
        quick as the others (a job submitted while no worker is idle starts another)."""
        self._pool = _new_pool(self.workers)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _ready) for _ in range(self.workers)))

    async def draw(self, picture: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``picture(*args, **kwargs)`` in a worker (started on first use if need be). If a
        worker has died, a new pool draws it; a picture that kills two pools in a row raises."""
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
                    log.warning("a picture worker died; starting new ones")
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = None
        raise AssertionError("unreachable: the second attempt returns or raises")

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def _new_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    # "spawn": a fork of the bot would copy its threads' locks in whatever state they are.
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_in_worker,
        initargs=(os.getpid(),),
    )


def _in_worker(parent: int) -> None:
    """In each worker, first: leave Ctrl-C to the bot, exit when the bot is gone, and load
    Pillow and the fonts every game's pictures share."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()
    import render.fonts  # noqa: F401


def _exit_with(parent: int) -> None:
    """Exit once ``parent`` has died: an orphan is adopted by another process, so its parent id
    changes. (The pool's queues do not tell the worker: it holds both of their ends itself.)"""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _ready() -> None:
    """A job that only makes a worker start (:meth:`Painter.start`)."""


PAINTER = Painter()
"""The bot's painter: one per process, like the pictures' caches in its workers."""
