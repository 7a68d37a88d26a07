"""The table every turn-based game builds on: a turn timer on the person the game waits for.

A turn-based game waits for one seat at a time (whose turn it is, who must answer a challenge):
its :meth:`~tables.game_hooks.GameHooks.waits_for` says which, at which moment. The table's timer
(:mod:`tables.waits`) watches that seat's person: warned at two thirds of the time (the game's
:meth:`TurnBased.warn`), acted for at the end (its :meth:`TurnBased.time_out`, both inside a
change once the moment is checked to be the same). The timer counts each move, not each turn: a
turn of several moves gives each its time. After :data:`~tables.stand_ins.TIMED_OUT_IN_A_ROW`
moves in a row played by the timer, an AI keeps the person's seat until they press their panel
(:class:`~tables.waits.Waits`).
A league's turn timer is saved with the table. Timed moves count as nobody's activity, so a
table whose players all left still ends when it has been idle an hour.
"""

import abc

from data.records import LeagueSettings
from tables.game_hooks import A, G, Wait
from tables.seated import SeatedTable


class TurnBased(SeatedTable[A, G]):
    """A seated table with turn timers; see the module's note."""

    races = False

    def adopt_league(self, settings: LeagueSettings) -> None:
        """Each move gets the league's turn timer."""
        if settings.turn_timer is not None:
            self.waits.timer.set_seconds(settings.turn_timer)

    @abc.abstractmethod
    def waits_for(self) -> Wait | None:
        """The seat of the person the game waits for now and a key of the moment (anything that
        changes with every move), or None when no person is timed (an AI seat's move, the game
        over)."""

    @abc.abstractmethod
    def warn(self, seat: int) -> None:
        """Two thirds of ``seat``'s time are gone: say so (a notice, a callout)."""

    @abc.abstractmethod
    def time_out(self, seat: int) -> None:
        """``seat``'s time is up: act for them (the engine's timeout action)."""
