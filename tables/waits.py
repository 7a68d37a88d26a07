"""Whom a table waits for, and its timer on them.

Three questions, one name each:

- the game's *wait* (:meth:`Waits.game_wait`): the seat the running game waits for now and the
  moment (a :class:`~tables.game_hooks.Wait`): the game's own
  :meth:`~tables.game_hooks.GameHooks.waits_for`, or, between games, the player choosing the
  next game's option;
- the *timed* wait (:meth:`Waits.timed`): the person the table's timer watches now. In a
  turn-based game, the person the game waits for (between games too: the next round comes by
  itself); in a race, the person the game waits for while they play it, else a person who has
  not pressed their panel for :data:`IDLE_SHARE` of the absence limit (the others wait for them
  too). Never a seat an AI plays;
- the *called* person (:meth:`Waits.called`): the person the table's call mentions (see
  :mod:`tables.attention`), the timed one while a game is played.

Each person has one absence clock (:meth:`Waits.absent_since`): in a race, since they last
pressed their panel (a press starts the AI's time over, :meth:`Waits.pressed`), however the
wait moves between them and others; in a turn-based game, since their move began. Their call's
grace counts from it, so they are mentioned before an AI plays for them, and the table card
names the AI's takeover only once they have been away for the grace in a race
(:meth:`Waits.shows_takeover`): never for a person who is playing.

The timer (:class:`~tables.turns.TurnTimer`) warns at two thirds of the time and acts at the end:
in a race an AI plays the absent person's seat until they are back; in a turn-based game the
game's timeout move is made for them. Timed changes count as nobody's activity.
"""

import contextlib
from collections.abc import Callable, Coroutine, Hashable
from typing import Any, Final, Protocol, TypeVar

from engine.errors import IllegalAction, Reason
from tables.attention import GRACE
from tables.clock import Clock, Timer
from tables.game_hooks import NextChoice, Wait
from tables.phases import AI_PHASES, Phase
from tables.seating import Seating
from tables.stand_ins import TIMED_OUT_IN_A_ROW, Why
from tables.turns import TurnLimits, TurnTimer

T = TypeVar("T")

IDLE_SHARE: Final = 0.5
"""In a race, a person who has not pressed their panel for this share of the absence limit is
waited for (and played for once the limit has passed again)."""


class WaitsTable(Protocol):
    """What the waits need of their table."""

    seating: Seating

    @property
    def races(self) -> bool: ...

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T: ...

    @property
    def phase(self) -> Phase: ...

    def waits_for(self) -> Wait | None: ...

    def next_choice(self) -> NextChoice | None: ...

    def game_number(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    def warn(self, seat: int) -> None: ...

    def time_out(self, seat: int) -> None: ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...


class Waits:
    """One table's waits and timer; see the module's note."""

    def __init__(
        self, table: WaitsTable, clock: Clock, limits: TurnLimits, reshow: Callable[[], None]
    ) -> None:
        """``limits``: a race's absence limit, or a turn-based game's turn timer; ``reshow``
        redraws the table message (when the card comes to name an AI's takeover)."""
        self._table = table
        self._clock = clock
        self._reshow = reshow
        self.timer = TurnTimer(clock, table.spawn, limits, warn=self._warned, act=self._timed_out)
        self._idle_check: Timer | None = None
        self._takeover_shown: Timer | None = None

    # -- whom the table waits for ------------------------------------------------------------------

    def game_wait(self) -> Wait | None:
        """The seat the game waits for now: between games, the player choosing the next game's
        option (:meth:`~tables.game_hooks.GameHooks.next_choice`); else the game's own wait."""
        table = self._table
        if table.phase is Phase.CHOOSING:
            choice = table.next_choice()
            return None if choice is None else Wait(choice.seat, f"choose {table.game_number()}")
        return table.waits_for()

    def timed(self) -> Wait | None:
        """The person's seat the timer watches now, and the moment (see the module's note)."""
        table, wait = self._table, self.game_wait()
        phase, plays_for = table.phase, table.seating.plays_for
        if not table.races:
            return None if wait is None or (phase is Phase.PLAYING and plays_for(wait.seat)) else wait
        if wait is None and phase is Phase.PLAYING:
            return self._idle()
        if wait is None or phase not in AI_PHASES or plays_for(wait.seat):
            return None
        return wait

    def called(self) -> tuple[int, str] | None:
        """The one person the table calls now and the moment it waits at (see
        :mod:`tables.attention`); None when it waits for nobody, or for a seat an AI plays."""
        table = self._table
        if not table.races and table.phase is not Phase.PLAYING:
            return None
        timed = self.timed()
        user = None if timed is None else table.seating.seats[timed.seat].user_id
        if timed is None or user is None:
            return None
        return user, str(timed.moment)

    def absent_since(self) -> float | None:
        """When the timed person's absence began (clock seconds; see the module's note)."""
        timed, deadline = self.timed(), self.timer.deadline
        if timed is None or deadline is None:
            return None
        began = deadline - self.timer.limits.act_after
        user = self._table.seating.seats[timed.seat].user_id
        if not self._table.races or user is None:
            return began
        return self._table.seating.pressed_at.get(user, began)

    def shows_takeover(self) -> bool:
        """Whether the table card says when the timed person is played for: a turn-based game's
        turn timer at once; in a race, once they have been away for the grace
        (:data:`~tables.attention.GRACE`, or the warning if sooner), never while they play."""
        since = self.absent_since()
        if since is None or not self._table.races:
            return since is not None
        return self._clock.now() >= since + self._shown_after() - 1e-3

    def _shown_after(self) -> float:
        """Seconds of absence after which a race's card names the takeover: the grace, or the
        warning if that comes sooner (as a call's grace)."""
        return min(GRACE, self.timer.limits.warn_after)

    @property
    def deadline(self) -> float | None:
        """When the timed person is acted for (clock seconds), for "time left" displays."""
        return self.timer.deadline

    def warned_after(self) -> float:
        """Seconds into a wait at which the table warns its person that time runs out: no call
        may come later."""
        return self.timer.limits.warn_after

    def seconds_left_at_warning(self) -> int:
        """Whole seconds left when the warning comes (what the warning says)."""
        limits = self.timer.limits
        return round(limits.act_after - limits.warn_after)

    # -- an idle racer -----------------------------------------------------------------------------

    def _idle(self) -> Wait | None:
        """The person who pressed their panel longest ago, once that is :data:`IDLE_SHARE` of the
        absence limit ago (then they have the whole limit before an AI plays for them: a moment
        the table waited for someone else, when they could not play either, is not held against
        them alone)."""
        oldest = self._table.seating.oldest_press()
        # A millisecond's tolerance: the check set for that moment must find it reached.
        if oldest is None or self._clock.now() < oldest[0] + self._idle_after() - 1e-3:
            return None
        since, seat = oldest
        return Wait(seat, f"idle {since}")

    def _idle_since(self) -> float | None:
        """When the wait for an idle racer began, if that is whom the table waits for: it keeps
        its deadline while the table waits for others in between (a restart, say)."""
        if not self._table.races or self.game_wait() is not None:
            return None
        oldest = self._table.seating.oldest_press()
        return None if oldest is None else oldest[0] + self._idle_after()

    def _idle_after(self) -> float:
        return self.timer.limits.act_after * IDLE_SHARE

    def _check_idle_later(self) -> None:
        """Look again for an idle person when the one who pressed longest ago reaches the limit
        (a race in which nothing else happens changes nothing that would)."""
        self._cancel_idle_check()
        table = self._table
        if not table.races or table.phase is not Phase.PLAYING or self.timer.deadline is not None:
            return
        if self.game_wait() is not None:  # the game waits for a seat: the change that ends it looks again
            return
        oldest = table.seating.oldest_press()
        if oldest is None:
            return
        due = oldest[0] + self._idle_after() - self._clock.now()
        self._idle_check = self._clock.call_later(max(0.0, due), self.update)

    def _cancel_idle_check(self) -> None:
        if self._idle_check is not None:
            self._idle_check.cancel()
            self._idle_check = None

    # -- the timer ---------------------------------------------------------------------------------

    def update(self) -> None:
        """The table changed: watch whom it waits for now (a new wait starts the timer over), and
        redraw the card when its takeover line comes due."""
        timed = self.timed()
        if timed is None:
            self.timer.stop()
        else:
            self.timer.watch(*timed, since=self._idle_since())
        self._check_idle_later()
        self._cancel_takeover_shown()
        since = self.absent_since()
        if since is not None and not self.shows_takeover():
            due = since + self._shown_after() - self._clock.now()
            self._takeover_shown = self._clock.call_later(due, self._reshow)

    def _cancel_takeover_shown(self) -> None:
        if self._takeover_shown is not None:
            self._takeover_shown.cancel()
            self._takeover_shown = None

    def pressed(self, user_id: int) -> None:
        """``user_id`` pressed their panel (noted in :meth:`~tables.seating.Seating.pressed_by`):
        in a race they are there, so if the table times them their absence starts over, and a
        card that named the AI's takeover no longer does."""
        timed = self.timed()
        if not self._table.races or timed is None:
            return
        if self._table.seating.seats[timed.seat].user_id != user_id:
            return
        shown = self.shows_takeover()
        self.timer.renew()
        self.update()
        if shown:
            self._reshow()

    def stop(self) -> None:
        """Call off the timer (the table stops, or ended)."""
        self.timer.stop()
        self._cancel_idle_check()
        self._cancel_takeover_shown()

    async def _warned(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self._table.warn)

    async def _timed_out(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self._act_for)

    def _act_for(self, seat: int) -> None:
        """``seat``'s person did not act in time. In a race an AI plays their seat until they
        are back; in a turn-based game the game's timeout move is made for them, counted for the
        record, and after :data:`~tables.stand_ins.TIMED_OUT_IN_A_ROW` in a row an AI keeps
        the seat."""
        table, seating = self._table, self._table.seating
        if table.races:
            seating.stand_in(seat, Why.ABSENT)
            return
        counted = table.phase is Phase.PLAYING and not seating.seats[seat].is_ai
        table.time_out(seat)
        if counted and seating.timed_out(seat) >= TIMED_OUT_IN_A_ROW and not table.finished:
            seating.stand_in(seat, Why.ABSENT)

    async def _timed(self, seat: int, moment: Hashable, act: Callable[[int], None]) -> None:
        """A timer's change, if the table still waits for ``seat`` at ``moment`` (a move made
        while the timer fired lets it go). Timed moves count as nobody's activity."""

        def apply() -> None:
            if self.timed() != (seat, moment):
                raise IllegalAction(Reason.STALE, "the moment has passed")
            act(seat)

        with contextlib.suppress(IllegalAction):
            await self._table.change(apply, by_ai=True)
