"""Keeping a table's public message current without flooding Discord.

Eight players pressing buttons change a table several times a second, but a channel takes only
5 message edits per 5 seconds. The publisher therefore coalesces: a change only marks the message
out of date; one worker per table waits for a paced slot, then calls the cog's ``publish``, which
draws whatever the table is *then* (the latest state wins, the states in between are skipped).
At most one edit per table is ever in flight, so edits cannot overtake each other.

An edit that fails for a while (Discord's server errors for half a minute, 429s that outlast
discord.py's own retries, a lost connection) is tried again with a growing pause until it lands:
otherwise the table would show an old state, without its result or Rematch button, until
someone happened to change it again.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Final

from tables.pacing import ChannelPacing

log = logging.getLogger(__name__)

Publish = Callable[[], Awaitable[None]]

RETRY_DELAYS: Final = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
"""Seconds between tries of a failing edit; the last one repeats until the edit lands."""


class TryAgain(Exception):
    """Raised by ``publish`` for a failure that passes (server error, rate limit, network):
    the publisher tries again later. Any other exception is a fault, logged and not retried."""


class Publisher:
    """Coalesced, paced calls of one table's ``publish``."""

    def __init__(
        self, where: Callable[[], Hashable], pacing: ChannelPacing, publish: Publish, *, what: str
    ) -> None:
        """``where``: the key of ``pacing`` this publisher's next write counts against (a table
        writes its channel, then its thread); ``what``: what it shows, for the log."""
        self._where = where
        self._what = what
        self._pacing = pacing
        self._publish = publish
        self._wanted = 0
        self._done = 0
        self._worker: asyncio.Task[None] | None = None

    def notify(self) -> None:
        """The table changed: make sure a publish starts after this moment."""
        self._wanted += 1
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name=f"publish {self._what}")

    async def _work(self) -> None:
        failures = 0
        while self._done < self._wanted:
            await self._pacing.wait(self._where())
            target = self._wanted
            try:
                await self._publish()
            except TryAgain as error:
                delay = RETRY_DELAYS[min(failures, len(RETRY_DELAYS) - 1)]
                if failures == 0:
                    log.warning("%s not shown (%s); retrying", self._what, error)
                failures += 1
                await self._pacing.clock.sleep(delay)
                continue
            except Exception:
                # A fault in drawing or a refusal: retrying would fail the same way.
                log.exception("showing %s failed", self._what)
            if failures:
                log.info("%s shown after %d failed tries", self._what, failures)
                failures = 0
            self._done = target

    async def flush(self) -> None:
        """Wait until every change notified so far is published."""
        while self._worker is not None and not self._worker.done():
            await asyncio.wait({self._worker})

    def stop(self) -> None:
        """Drop what is pending (the bot is stopping or the table is gone)."""
        if self._worker is not None:
            self._worker.cancel()

    async def stopped(self) -> None:
        """Wait until a publish cut short by :meth:`stop` has ended: the bot closes its
        connection after this, and a request still under way would fail on a closed session."""
        if self._worker is not None:
            await asyncio.gather(self._worker, return_exceptions=True)
