"""A clock a test moves by hand, for tables: AI delays, idle expiry and pacing without real sleeps."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field


@dataclass(order=True)
class _Timer:
    due: float
    order: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """Time stands still until :meth:`advance` moves it, running what falls due in order."""

    def __init__(self) -> None:
        self.time = 0.0
        self._timers: list[_Timer] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer(self.time + max(0.0, delay), next(self._order), callback)
        heapq.heappush(self._timers, timer)
        return timer

    async def sleep(self, seconds: float) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not done.done():
                done.set_result(None)

        self.call_later(seconds, wake)
        await done

    @property
    def pending(self) -> int:
        return sum(1 for timer in self._timers if not timer.cancelled)

    async def advance(self, seconds: float, settle: Callable[[], Awaitable[None]] | None = None) -> None:
        """Move time forward by ``seconds``, running each timer at its moment; after each one
        (and first), let the work it started finish (``settle``, then the loop's ready tasks)."""
        target = self.time + seconds
        while True:
            await _settle(settle)
            while self._timers and self._timers[0].cancelled:
                heapq.heappop(self._timers)
            if not self._timers or self._timers[0].due > target:
                break
            timer = heapq.heappop(self._timers)
            self.time = timer.due
            timer.callback()
        self.time = target
        await _settle(settle)


async def _settle(settle: Callable[[], Awaitable[None]] | None) -> None:
    for _ in range(3):
        if settle is not None:
            await settle()
        for _ in range(20):
            await asyncio.sleep(0)
