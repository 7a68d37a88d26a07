"""Keeping a table's public message current without flooding Discord.

Eight players pressing buttons change a table several times a second, but a channel takes only
5 message edits per 5 seconds. The publisher therefore coalesces: a change only marks the message
out of date; one worker per table waits for a paced slot, then calls the cog's ``publish``, which
draws whatever the table is *then* (the latest state wins, the states in between are skipped).
At most one edit per table is ever in flight, so edits cannot overtake each other.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from tables.pacing import ChannelPacing

log = logging.getLogger(__name__)

Publish = Callable[[], Awaitable[None]]


class Publisher:
    """Coalesced, paced calls of one table's ``publish``."""

    def __init__(self, channel_id: int, pacing: ChannelPacing, publish: Publish) -> None:
        self._channel_id = channel_id
        self._pacing = pacing
        self._publish = publish
        self._wanted = 0
        self._done = 0
        self._worker: asyncio.Task[None] | None = None

    def notify(self) -> None:
        """The table changed: make sure a publish starts after this moment."""
        self._wanted += 1
        if self._worker is None or self._worker.done():
            self._worker = asyncio.create_task(self._work(), name=f"publish-{self._channel_id}")

    async def _work(self) -> None:
        while self._done < self._wanted:
            await self._pacing.wait(self._channel_id)
            target = self._wanted
            try:
                await self._publish()
            except Exception:
                # The next change tries again; retrying here could spin on a lasting failure.
                log.exception("publishing the table in channel %s failed", self._channel_id)
            self._done = target

    async def flush(self) -> None:
        """Wait until every change notified so far is published."""
        while self._worker is not None and not self._worker.done():
            await asyncio.wait({self._worker})

    def stop(self) -> None:
        """Drop what is pending (the bot is stopping or the table is gone)."""
        if self._worker is not None:
            self._worker.cancel()
