"""Turn timers for turn-based tables: warn a player who is taking too long, then act for them.

A turn-based game waits for one seat at a time (whose turn it is, or who must answer a
challenge). After every change the table tells :class:`TurnTimer` who it waits for now and a key
of the moment (:meth:`TurnTimer.watch`); when either differs from before, the timer starts over
for that seat. If the moment is still the same when the time is up, the table is told to warn,
and later to act for the seat (the game's timeout action: discard, pass, give up). The moment's
key travels with the callbacks, so a table can check it did not move on in between.

After a restart the timers start over with the full time: a player is never timed out for the
minutes the bot was away.
"""

from collections.abc import Callable, Coroutine, Hashable
from dataclasses import dataclass
from typing import Any

from tables.clock import Clock, Timer


@dataclass(frozen=True)
class TurnLimits:
    """Seconds until the warning, and until the table acts for the seat (counted from the start
    of the moment, so ``act_after`` > ``warn_after``)."""

    warn_after: float
    act_after: float

    def __post_init__(self) -> None:
        if not 0 < self.warn_after < self.act_after:
            raise ValueError("a turn's warning must come before its timeout")

    @classmethod
    def of(cls, seconds: float) -> "TurnLimits":
        """``seconds`` per moment, warned at two thirds."""
        return cls(warn_after=seconds * 2 / 3, act_after=seconds)


class TurnTimer:
    """Watches the seat a table waits for; see the module's note."""

    def __init__(
        self,
        clock: Clock,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        limits: TurnLimits,
        *,
        warn: Callable[[int, Hashable], Coroutine[Any, Any, None]],
        act: Callable[[int, Hashable], Coroutine[Any, Any, None]],
    ) -> None:
        """``warn(seat, moment)`` and ``act(seat, moment)`` run as the table's background work
        (``spawn``); each should do nothing if the table is no longer at ``moment``."""
        self._clock = clock
        self._spawn = spawn
        self.limits = limits
        self._warn = warn
        self._act = act
        self._watched: tuple[int, Hashable] | None = None
        self._timers: list[Timer] = []
        self.deadline: float | None = None
        """When the watched seat will be acted for (clock seconds), for "time left" displays."""
        self.chosen_seconds: float | None = None
        """Seconds per moment chosen for this table (a league's turn timer), which the table
        saves; None while it keeps the bot's limits."""

    def set_seconds(self, seconds: float) -> None:
        """Give each moment ``seconds`` instead of the bot's limits, from the next one on."""
        self.chosen_seconds = seconds
        self.limits = TurnLimits.of(seconds)

    def watch(self, seat: int | None, moment: Hashable, since: float | None = None) -> None:
        """The table now waits for ``seat`` (None: for nobody a timer applies to, such as an AI
        seat or a finished game) at ``moment``; restart the timers if that is new, counting from
        ``since`` (clock seconds) if the wait began earlier, else from now: a wait that other
        waits interrupted keeps its deadline."""
        watched = None if seat is None else (seat, moment)
        if watched == self._watched:
            return
        self._cancel()
        self._watched = watched
        if seat is None:
            return
        now = self._clock.now()
        self._arm(seat, moment, now if since is None else min(since, now))

    def renew(self) -> None:
        """The watched seat's person showed up without moving (a race's panel press): their time
        starts over from now."""
        if self._watched is not None:
            self._cancel()
            self._arm(*self._watched, self._clock.now())

    def _arm(self, seat: int, moment: Hashable, start: float) -> None:
        now = self._clock.now()
        self.deadline = start + self.limits.act_after
        self._timers = [
            self._clock.call_later(
                start + self.limits.warn_after - now, lambda: self._spawn(self._warn(seat, moment))
            ),
            self._clock.call_later(self.deadline - now, lambda: self._spawn(self._act(seat, moment))),
        ]

    def stop(self) -> None:
        """Call off the timers; a later :meth:`watch` starts afresh."""
        self._cancel()
        self._watched = None

    def _cancel(self) -> None:
        for timer in self._timers:
            timer.cancel()
        self._timers = []
        self.deadline = None
