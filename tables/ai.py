"""Driving AI seats in real time.

The engine's AI answers "what would you do now, and after how long?" but has no clock. The driver
asks it for every AI seat whenever the table changes, schedules the answer on the table's clock,
and acts when the delay is over. It asks again only when something the seat decides on changed
(the table says what that is), and keeps a scheduled action whose answer did not change: otherwise
a busy table, changing faster than the AI's reaction time, would postpone the AI forever.
"""

import functools
import logging
from collections.abc import Callable, Coroutine, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from tables.clock import Clock, Timer

log = logging.getLogger(__name__)

A = TypeVar("A")


class AiTable(Protocol[A]):
    """What the driver needs of a table with AI seats."""

    def ai_seats(self) -> Sequence[int]: ...

    def ai_inputs(self, seat: int) -> Hashable:
        """What the seat's decision depends on; the driver asks again when this changes."""
        ...

    def ai_decide(self, seat: int) -> tuple[A, float] | None:
        """The seat's next action and its delay in seconds, or None to wait."""
        ...

    async def ai_act(self, seat: int, action: A) -> bool:
        """Take the action for the seat; False if the table refused it."""
        ...


@dataclass
class _Pending(Generic[A]):
    action: A
    timer: Timer


class AiDriver(Generic[A]):
    """Schedules the AI seats of one table on its clock."""

    def __init__(
        self, table: AiTable[A], clock: Clock, spawn: Callable[[Coroutine[Any, Any, None]], None]
    ) -> None:
        """``spawn`` runs the AI's moves as the table's own background work (kept, logged,
        cancelled with the table)."""
        self._table = table
        self._clock = clock
        self._spawn = spawn
        self._asked: dict[int, Hashable] = {}
        self._pending: dict[int, _Pending[A]] = {}
        self._stopped = False

    def changed(self) -> None:
        """The table changed: ask again every AI seat whose inputs changed."""
        if self._stopped:
            return
        seats = self._table.ai_seats()
        for seat in set(self._pending) - set(seats):  # its person is back, or the game is over
            self._pending.pop(seat).timer.cancel()
            self._asked.pop(seat, None)
        for seat in seats:
            inputs = self._table.ai_inputs(seat)
            if seat in self._asked and self._asked[seat] == inputs:
                continue
            self._asked[seat] = inputs
            decision = self._table.ai_decide(seat)
            pending = self._pending.get(seat)
            if decision is not None and pending is not None and pending.action == decision[0]:
                continue
            if pending is not None:
                pending.timer.cancel()
                del self._pending[seat]
            if decision is not None:
                action, delay = decision
                timer = self._clock.call_later(delay, functools.partial(self._due, seat, action))
                self._pending[seat] = _Pending(action, timer)

    def _due(self, seat: int, action: A) -> None:
        self._pending.pop(seat, None)
        self._asked.pop(seat, None)
        self._spawn(self._act(seat, action))

    async def _act(self, seat: int, action: A) -> None:
        try:
            done = await self._table.ai_act(seat, action)
        except Exception:
            log.exception("AI seat %s failed to act", seat)
            done = False
        if not done:
            # Nothing changed, so nothing will ask this seat again unless we do.
            self.changed()

    def stop(self) -> None:
        """Cancel every scheduled action; the driver stays silent from now on."""
        self._stopped = True
        for pending in self._pending.values():
            pending.timer.cancel()
        self._pending.clear()
