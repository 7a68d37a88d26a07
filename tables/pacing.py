"""Pacing requests so Discord never has to answer 429.

Discord allows 5 message creations or edits per 5 seconds in one channel and 50 requests per
second per bot. discord.py waits out a 429 and retries, but a 429 still costs a round trip and,
repeated, gets a bot temporarily banned; so every table writes its channel through a
:class:`Pacer` kept a little under those limits, its writes spread evenly over the window, and
all tables share one for the global limit.
"""

import asyncio
from collections import deque
from collections.abc import Hashable
from typing import Final

from tables.clock import Clock

CHANNEL_LIMIT: Final = (4, 5.2)
"""Channel message writes per window: under Discord's 5 per 5 s, with room for clock skew."""
CALL_LIMIT: Final = (1, 5.2)
"""A table's calls (a mention, its edits) per window in its channel, beside its edits."""
GLOBAL_LIMIT: Final = (30, 1.0)
"""Table writes per second over the whole bot: well under Discord's 50, because requests paced
evenly here can still reach Discord bunched (a picture renders longer when the workers are busy),
and the rest of the bot needs some too."""


class Pacer:
    """At most ``limit`` starts in any ``per`` seconds, spread evenly: one every ``per / limit``
    seconds at most, first come first served. A request after a quiet spell starts at once.

    Spreading matters to players: a window filled at once shows four pictures within a second,
    then none for four seconds, so a move made in the gap waits for the window; evenly spaced,
    a move waits half a spacing on average (bench/bench_play.py)."""

    def __init__(self, clock: Clock, limit: int, per: float) -> None:
        self._clock = clock
        self._limit = limit
        self._per = per
        self._spacing = per / limit
        self._starts: deque[float] = deque()
        self._queue = asyncio.Lock()

    def idle(self) -> bool:
        """Nobody waits and no start is left in the window: this pacer is as good as a new one."""
        now = self._clock.now()
        return not self._queue.locked() and all(now - start >= self._per - 1e-6 for start in self._starts)

    async def wait(self) -> None:
        """Return when one more request may start now, and count it as started."""
        async with self._queue:
            while True:
                now = self._clock.now()
                # A start leaves the window when its time is up; the tolerance keeps a sleep that
                # ends a rounding error early from sleeping again for nothing.
                while self._starts and now - self._starts[0] >= self._per - 1e-6:
                    self._starts.popleft()
                ready = now
                if self._starts:
                    ready = max(ready, self._starts[-1] + self._spacing)
                if len(self._starts) >= self._limit:
                    ready = max(ready, self._starts[0] + self._per)
                if ready <= now + 1e-6:
                    self._starts.append(now)
                    return
                await self._clock.sleep(ready - now)


class ChannelPacing:
    """One pacer per channel plus the shared global one; tables take theirs from here.

    Anything else with a per-resource limit paces the same way with its own ``limit`` (a live
    private panel: a pacer per panel, and no global one, since interaction webhooks do not count
    towards the bot's global limit)."""

    def __init__(
        self,
        clock: Clock,
        limit: tuple[int, float] = CHANNEL_LIMIT,
        overall: tuple[int, float] | None = GLOBAL_LIMIT,
    ) -> None:
        self.clock = clock
        self._limit = limit
        self._channels: dict[Hashable, Pacer] = {}
        self._global = None if overall is None else Pacer(clock, *overall)

    def lane(self, limit: tuple[int, float]) -> "ChannelPacing":
        """Pacing of another kind of write to the same channels, ``limit`` per channel beside
        this one's, sharing its global pacer: a table's calls (:mod:`cogs.attention`) take
        :data:`CALL_LIMIT` so that with the table's own :data:`CHANNEL_LIMIT` a channel stays
        within Discord's 5 per 5 s, and never wait behind, nor delay, a table's edit."""
        lane = ChannelPacing(self.clock, limit, overall=None)
        lane._global = self._global
        return lane

    async def wait(self, channel_id: Hashable) -> None:
        """Wait for a slot in the channel's window, then in the global one."""
        pacer = self._channels.get(channel_id)
        if pacer is None:
            self._forget_idle()
            pacer = self._channels[channel_id] = Pacer(self.clock, *self._limit)
        await pacer.wait()
        if self._global is not None:
            await self._global.wait()

    def _forget_idle(self) -> None:
        """Drop the pacers of channels quiet for a whole window (tables that ended, channels
        played in once), so a long-running bot keeps one per busy channel, not one per channel
        it ever wrote to. An idle pacer remembers nothing a new one would not, so this changes
        no pacing. Done when a channel is added, so it costs nothing while the same tables play."""
        for channel_id in [channel for channel, pacer in self._channels.items() if pacer.idle()]:
            del self._channels[channel_id]
