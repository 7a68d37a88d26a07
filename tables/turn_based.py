"""The table every turn-based game builds on: a turn timer on the person the game waits for.

A turn-based game waits for one seat at a time (whose turn it is, who must answer a challenge).
:class:`TurnBased` watches that seat with a :class:`~tables.turns.TurnTimer`: warned at two
thirds of the time, acted for at the end. A game says whom the table waits for and at which
moment (:meth:`TurnBased.waiting_for`), and what the warning and the timeout do
(:meth:`TurnBased.warn`, :meth:`TurnBased.time_out`, both run inside a change once the moment is
checked to be the same). A league's turn timer is saved with the table. Timed moves count as
nobody's activity, so a table whose players all left still ends when it has been idle an hour.
"""

import abc
import contextlib
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Self, TypeVar

from data import SavedTable
from engine.errors import IllegalAction, Reason
from tables.registry import TableRegistry
from tables.seated import Phase, SeatedTable
from tables.table import Table
from tables.turns import TurnTimer

A = TypeVar("A")
G = TypeVar("G")


class TurnBased(SeatedTable[A, G]):
    """A seated table with turn timers; see the module's note."""

    def __init__(self, registry: TableRegistry, **table: Any) -> None:
        super().__init__(registry, **table)
        self.turns = TurnTimer(
            registry.clock, self.spawn, registry.turn_limits, warn=self._warned, act=self._timed_out
        )

    @abc.abstractmethod
    def waiting_for(self) -> tuple[int, Hashable] | None:
        """The seat of the person the game waits for now and a key of the moment (anything that
        changes with every move), or None when no person is timed (an AI seat's move, the game
        over)."""

    @abc.abstractmethod
    def warn(self, seat: int) -> None:
        """Two thirds of ``seat``'s time are gone: say so (a notice, a callout)."""

    @abc.abstractmethod
    def time_out(self, seat: int) -> None:
        """``seat``'s time is up: act for them (the engine's timeout action)."""

    def seconds_left_at_warning(self) -> int:
        limits = self.turns.limits
        return round(limits.act_after - limits.warn_after)

    def awaited(self) -> tuple[int, str] | None:
        """The person whose move the running game waits for, at the moment the timer watches."""
        waiting = self.waiting_for()
        user = None if waiting is None else self.seats[waiting[0]].user_id
        if waiting is None or user is None or self.phase is not Phase.PLAYING:
            return None
        return user, str(waiting[1])

    def warned_after(self) -> float | None:
        return self.turns.limits.warn_after

    def after_change(self) -> None:
        super().after_change()
        waiting = self.waiting_for()
        if waiting is None:
            self.turns.stop()
        else:
            self.turns.watch(*waiting)

    def stop_game(self) -> None:
        super().stop_game()
        self.turns.stop()

    async def _warned(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self.warn)

    async def _timed_out(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self.time_out)

    async def _timed(self, seat: int, moment: Hashable, act: Callable[[int], None]) -> None:
        """A timer's change, if the table still waits for ``seat`` at ``moment`` (a move made
        while the timer fired lets it go)."""

        def apply() -> None:
            if self.waiting_for() != (seat, moment):
                raise IllegalAction(Reason.STALE, "the moment has passed")
            act(seat)

        with contextlib.suppress(IllegalAction):
            await self.change(apply, by_ai=True)

    def seated_json(self) -> dict[str, Any]:
        return {**super().seated_json(), "turn_seconds": self.turns.chosen_seconds}

    @classmethod
    def from_saved(
        cls, registry: TableRegistry, saved: SavedTable, publish: Callable[[Table], Awaitable[None]]
    ) -> Self:
        table = super().from_saved(registry, saved, publish)
        if (seconds := saved.state.get("turn_seconds")) is not None:
            table.turns.set_seconds(seconds)
        return table
