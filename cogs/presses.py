"""Telling a double click from two presses, a replayed interaction from a new one, and a person
from a member pressing faster than anyone can.

A double click, or a second press while the first is still on its way, reaches the bot as two
interactions made on the very same view of a message: same user, same message in the same
edit, same button. Applied twice, it costs a Toppo player two false starts or adds two AI
seats. A press counts as a repeat when the message it was made on has not changed since an
identical press a moment ago; a press on a redrawn message (each press redraws its panel) is a
new one, so quick deliberate presses all count.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Hashable
from typing import Final

import aiohttp
import discord

REPEAT_WINDOW: Final = 0.6
"""Seconds in which a second identical press on an unchanged view is the same press: a double
click's two clicks come within half a second. Deliberate presses come slower, and a lobby's
message is redrawn only every second or so, so "Add AI" pressed three times at a person's pace
adds three."""


class RecentPresses:
    """Presses of the last :data:`REPEAT_WINDOW` seconds, by what they were made on."""

    def __init__(self) -> None:
        self._seen: dict[Hashable, float] = {}

    def is_repeat(self, press: Hashable, now: float) -> bool:
        """Whether ``press`` repeats one seen within the window; remembers it if not."""
        for old in [key for key, when in self._seen.items() if now - when >= REPEAT_WINDOW]:
            del self._seen[old]
        if press in self._seen:
            return True
        self._seen[press] = now
        return False


REPLAY_WINDOW: Final = 15 * 60.0
"""Seconds an interaction can be answered or acted on (its token's life): its id is remembered
that long."""


class SeenInteractions:
    """The interactions handled in the last :data:`REPLAY_WINDOW` seconds, by id.

    Discord delivers an interaction once; the same id again is a replay (a modified client, a
    proxy sending twice), and answering it again would be refused by Discord: it is let go."""

    def __init__(self) -> None:
        self._seen: dict[int, float] = {}

    def first_time(self, interaction_id: int, now: float) -> bool:
        """Whether ``interaction_id`` is new; remembers it."""
        if len(self._seen) > 1000:
            for old in [key for key, when in self._seen.items() if now - when >= REPLAY_WINDOW]:
                del self._seen[old]
        if interaction_id in self._seen:
            return False
        self._seen[interaction_id] = now
        return True


SEEN = SeenInteractions()
"""This process's interactions."""


log = logging.getLogger(__name__)

DRAIN_SECONDS: Final = 5.0
"""How long a stopping bot waits for the presses it is answering (a press takes well under a
second; a stuck one must not hold a restart)."""


class InFlight:
    """The presses being answered, so that a stopping bot answers them before its connection
    goes: a press on its way when the bot stops is answered, not lost with a traceback (issue
    42). Once the bot stops (:meth:`drained`), a press that still fails to reach Discord is
    logged in one line."""

    def __init__(self) -> None:
        self.stopping = False
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    async def answer(self, work: Awaitable[None]) -> None:
        """Answer a press (``work``), counted while it runs."""
        self._count += 1
        self._idle.clear()
        try:
            await work
        except (aiohttp.ClientError, ConnectionError) as error:
            if not self.stopping:
                raise
            log.info("a press answered while the bot stopped did not reach Discord: %r", error)
        finally:
            self._count -= 1
            if not self._count:
                self._idle.set()

    async def drained(self, timeout: float = DRAIN_SECONDS) -> None:
        """The bot stops: wait (up to ``timeout`` seconds) for the presses being answered."""
        self.stopping = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)


IN_FLIGHT = InFlight()
"""This process's presses being answered."""


class AnsweredOnce:
    """For a ``DynamicItem``: a replayed interaction (an id seen before) is let go unanswered."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return SEEN.first_time(interaction.id, time.monotonic())


BURST: Final = 20
"""Presses a member may make at once, in a burst."""
REFILL_PER_SECOND: Final = 10.0
"""How fast that allowance comes back: twice what the quickest person keeps up (a Spit race),
a tenth of a flood."""


class PressBudget:
    """Each member's allowance of presses: :data:`BURST` at once, refilled at
    :data:`REFILL_PER_SECOND`. A press beyond it is answered "slow down" at once, so one member
    firing a hundred presses a second (a script, a stuck key) costs the bot a short answer for
    nine in ten of them, not everyone else's latency."""

    def __init__(self) -> None:
        self._tokens: dict[int, tuple[float, float]] = {}
        """Each member's allowance and when it was last counted."""

    def admit(self, member: int, now: float) -> bool:
        """Whether ``member``'s press may go on (spending one of their allowance)."""
        if len(self._tokens) > 1000:  # forget members whose allowance is whole again
            self._tokens = {
                who: (tokens, then)
                for who, (tokens, then) in self._tokens.items()
                if tokens + (now - then) * REFILL_PER_SECOND < BURST
            }
        tokens, then = self._tokens.get(member, (float(BURST), now))
        tokens = min(float(BURST), tokens + (now - then) * REFILL_PER_SECOND)
        allowed = tokens >= 1
        self._tokens[member] = (tokens - 1 if allowed else tokens, now)
        return allowed


BUDGET = PressBudget()
"""This process's members' press allowances."""
