"""Time for tables: AI reaction delays, idle expiry and edit pacing all read one clock.

Tables never call ``asyncio.sleep`` or ``loop.call_later`` themselves but go through a
:class:`Clock`, so a test hands them a clock it moves by hand and a whole game of AI seats runs in
milliseconds, deterministically, with no real sleeps.
"""

import asyncio
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    """A scheduled callback that can still be called off."""

    def cancel(self) -> None: ...


class Clock(Protocol):
    """Monotonic seconds, sleeping, and callbacks after a delay."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class LoopClock:
    """The running event loop's own clock: what the bot uses."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)
