"""The table every turn-based game builds on: a turn timer on the person the game waits for.

A turn-based game waits for one seat at a time (whose turn it is, who must answer a challenge).
The table's timer (:attr:`~tables.seated.SeatedTable.turns`) watches that seat: warned at two
thirds of the time, acted for at the end. A game says whom the table waits for and at which
moment (:meth:`TurnBased.waiting_for`), and what the warning and the timeout do
(:meth:`TurnBased.warn`, :meth:`TurnBased.time_out`, both run inside a change once the moment is
checked to be the same). After :data:`~tables.stand_ins.TIMED_OUT_IN_A_ROW` turns in a row played
by the timer, an AI keeps the person's seat until they press their panel. A league's turn timer
is saved with the table. Timed moves count as nobody's activity, so a table whose players all
left still ends when it has been idle an hour.
"""

import abc
from collections.abc import Hashable
from typing import TypeVar

from data.records import LeagueSettings
from tables.registry import TableRegistry
from tables.seated import Move, Phase, SeatedTable
from tables.stand_ins import TIMED_OUT_IN_A_ROW, Why
from tables.turns import TurnLimits

A = TypeVar("A", bound=Move)
G = TypeVar("G")


class TurnBased(SeatedTable[A, G]):
    """A seated table with turn timers; see the module's note."""

    races = False

    def follow_league(self, settings: LeagueSettings) -> None:
        """Each move gets the league's turn timer."""
        if settings.turn_timer is not None:
            self.turns.set_seconds(settings.turn_timer)

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

    @classmethod
    def timer_limits(cls, registry: TableRegistry) -> TurnLimits:
        return registry.turn_limits

    def seconds_left_at_warning(self) -> int:
        limits = self.turns.limits
        return round(limits.act_after - limits.warn_after)

    def waited(self) -> tuple[int, Hashable] | None:
        return self.waiting_for()

    def watched(self) -> tuple[int, Hashable] | None:
        """The seat the game waits for, unless an AI plays it: between games too (the next
        round comes by itself when its time is up)."""
        waiting = self.waiting_for()
        if waiting is None or (self.phase is Phase.PLAYING and self.plays_for(waiting[0])):
            return None
        return waiting

    def awaited(self) -> tuple[int, str] | None:
        """The person whose move the running game waits for, at the moment the timer watches."""
        return super().awaited() if self.phase is Phase.PLAYING else None

    def timed_out(self, seat: int) -> None:
        """The game's timeout action for ``seat``, counted for the record; after
        :data:`TIMED_OUT_IN_A_ROW` in a row, an AI keeps the seat."""
        playing = self.phase is Phase.PLAYING
        self.time_out(seat)
        if playing and not self.seats[seat].is_ai:
            self.stood_in[seat] = self.stood_in.get(seat, 0) + 1
            self.timed_in_row[seat] = self.timed_in_row.get(seat, 0) + 1
            if self.timed_in_row[seat] >= TIMED_OUT_IN_A_ROW and not self.finished:
                self.stand_in(seat, Why.ABSENT)
