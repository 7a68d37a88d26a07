"""Work done in a process of its own, beside the bot's event loop.

Long computations in a thread of the bot share its interpreter lock with the event loop: Pillow
holds the lock for milliseconds at a time while drawing, and a Topoum AI step (pure Python, up to
half a second or so) takes it back after every switch interval, so while it thinks the loop runs
about half as often and each wake-up comes a millisecond or more late. A :class:`Worker` runs such
work in processes of its own instead: pictures in the painter's (``cogs/painter.py``, two of
them), AI thinking in the registry's thinker (``tables/registry.py``). Its jobs and their
arguments cross to the process by pickling, so a job is a module-level function.

A process can die under the bot (out of memory, a crash in native code): that breaks the pool for
all of its processes, so the next job starts a new pool and runs again, and nothing waits
forever. And the bot can die under its workers (kill -9): each notices its parent is gone and
exits, so no orphan keeps its memory. They ignore Ctrl-C, which is the bot's to handle.
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


class Worker:
    """A pool of ``processes`` processes: :meth:`start` (or the first :meth:`run`) starts it,
    :meth:`stop` ends it.

    ``name`` says which worker a log line is about; ``warm_up`` (a module-level function) runs in
    each new process first, to load what its jobs need before the first real one."""

    def __init__(self, name: str, warm_up: Callable[[], None] | None = None, *, processes: int = 1) -> None:
        self.name = name
        self.processes = processes
        self._warm_up = warm_up
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def running(self) -> bool:
        """Whether its processes are started (or starting)."""
        return self._pool is not None

    async def start(self) -> None:
        """Start every process and warm it up, so the first real jobs are as quick as the others
        (a job submitted while no process is idle starts another)."""
        self._pool = _new_pool(self.processes, self._warm_up)
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _ready) for _ in range(self.processes)))

    async def run(self, job: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
        """``job(*args, **kwargs)`` in a worker process (started first if need be). If a process
        has died, a new pool runs it; a job that kills two pools in a row raises."""
        call = functools.partial(job, *args, **kwargs)
        for attempt in (1, 2):
            if self._pool is None:
                await self.start()
            pool = self._pool
            assert pool is not None
            try:
                return await asyncio.get_running_loop().run_in_executor(pool, call)
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                if self._pool is pool:  # the first job to notice replaces it, once
                    log.warning("a %s worker died; starting new ones", self.name)
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = None
        raise AssertionError("unreachable: the second attempt returns or raises")

    def stop(self) -> None:
        """End the processes once their running jobs are done; jobs still waiting are dropped."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


def _new_pool(processes: int, warm_up: Callable[[], None] | None) -> concurrent.futures.ProcessPoolExecutor:
    # "spawn": a fork of the bot would copy its threads' locks in whatever state they are.
    return concurrent.futures.ProcessPoolExecutor(
        max_workers=processes,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_in_worker,
        initargs=(os.getpid(), warm_up),
    )


def _in_worker(parent: int, warm_up: Callable[[], None] | None) -> None:
    """In each process, first: leave Ctrl-C to the bot, exit when the bot is gone, warm up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with, args=(parent,), name="parent-watch", daemon=True).start()
    if warm_up is not None:
        warm_up()


def _ready() -> None:
    """A job that only makes a process start (:meth:`Worker.start`)."""


def when_orphaned(parent: int, then: Callable[[], None]) -> None:
    """Call ``then`` once ``parent`` has died: an orphan is adopted by another process, so its
    parent id changes (polled: no signal tells a child its parent is gone). Run it in a daemon
    thread."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    then()


def _exit_with(parent: int) -> None:
    """Exit once ``parent`` has died. (The pool's queues do not tell the worker: it holds both
    of their ends itself.)"""
    when_orphaned(parent, lambda: os._exit(0))
