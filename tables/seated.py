"""A table with seats, as every game has one: a lobby first, then games with AI seats, each
finished game recorded once, and an end when the table sits idle.

Its phases:

``lobby`` -> ``playing`` -> ``results`` (a game ended; recorded) -> [``choosing`` (the next game's
options are being chosen)] -> ``playing`` ... -> ``again`` (the series or match ended: Play again
is offered for :data:`AGAIN_WINDOW`) -> ``over``. A table that sat idle, or has nobody left
playing, goes to ``over`` at once; ``again`` goes back to ``playing`` once every person pressed
Play again, or to ``lobby`` with those who did. A lobby left idle is ``closed``.

People drift away: a person may leave a running game, and one the table waits for alone who does
not act within its timer is *absent*; an AI plays their seat either way (:mod:`tables.stand_ins`),
the host may hand such a seat (or an AI seat) to another member, and abort a game nobody has
really started yet.

What differs between games is left to the subclass: how a game is dealt (:meth:`deal`) and the
next one (:meth:`deal_next`), how a finished game ranks its seats (:meth:`finished_game`), what
its AI seats decide on, and the rest of its saved state. The lobby requests, seat lookups, the
running game (:attr:`SeatedTable.state`), the buttons between games (next game, end the series),
the public message's id, the channel's notices, idle expiry, result records and AI driving are
here once.
"""

import abc
import contextlib
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from data import SavedTable, StoreError
from data.records import GameRecord, KeptLog, LeagueSettings, SeatResult
from engine.ai import Level
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from tables.ai import AiDriver
from tables.attention import Call
from tables.clock import Timer
from tables.errors import Refusal, Refused
from tables.lobby import Lobby, Seat, seat_of
from tables.registry import TableRegistry
from tables.stand_ins import SeatOffer, StandIn, Why, honest_ranks, stand_in_level
from tables.table import Table
from tables.turns import TurnLimits, TurnTimer
from words.common import Notice


class Move(Protocol):
    """A game's action: every one is some seat's."""

    @property
    def seat(self) -> int: ...


A = TypeVar("A", bound=Move)
A_co = TypeVar("A_co", covariant=True)
G = TypeVar("G")

LEVELS: Final = tuple(level.value for level in Level)
LOBBY_IDLE: Final = 15 * 60.0
"""Seconds a lobby waits for its next join, leave or start before it closes."""
TABLE_IDLE: Final = 60 * 60.0
"""Seconds a running table waits for a human action before it ends (a forgotten table frees the
channel)."""
NOTICES_KEPT: Final = 6
"""How many of the latest notices the table message shows."""
IDLE_SHARE: Final = 0.5
"""In a race, a person who has not pressed their panel for this share of the absence limit is
waited for (and played for once the limit has passed again)."""
AGAIN_WINDOW: Final = 120.0
"""Seconds the people of a finished series have to press Play again."""
ABORT_WINDOW: Final = 60.0
"""Seconds into a table's first game during which its host may abort it whatever happened."""


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    RESULTS = "results"
    CHOOSING = "choosing"
    AGAIN = "again"
    OVER = "over"
    CLOSED = "closed"


RUNNING: Final = frozenset({Phase.PLAYING, Phase.RESULTS, Phase.CHOOSING})
"""The phases of a series under way: a person may leave it, and the host hand its seats."""
AI_PHASES: Final = frozenset({Phase.PLAYING, Phase.CHOOSING})
"""The phases in which AI seats act (they may be the ones choosing the next game's options)."""


class AiChoice(Protocol[A_co]):
    """An engine AI's choice: an action, and the delay before it is made (seconds)."""

    @property
    def action(self) -> A_co: ...

    @property
    def delay(self) -> float: ...


@dataclass(frozen=True, slots=True)
class NextChoice:
    """What one player chooses of the next game before it is dealt (Toppo's display size):
    ``seat`` chooses one of ``values``, and ``take`` deals the game with it (inside a change)."""

    seat: int
    values: Sequence[int]
    take: Callable[[int], list[Notice]]


@dataclass(frozen=True, slots=True)
class Finished:
    """A game that just ended, as its table ranks it for the store: per seat its ``scores`` (the
    game's own measure, see engine/games.py) and ``ranks`` (1 is first, ties share a rank), the
    seats that ``won``, and the ``options`` worth keeping. ``number`` counts the table's games
    (it ends the result key); ``game`` is the name it is recorded under (a variant's)."""

    number: int
    scores: Sequence[int]
    ranks: Sequence[int]
    won: Collection[int]
    options: Mapping[str, Any]
    game: str | None = None


def ranked(values: Sequence[Any], *, lowest_first: bool = False) -> list[int]:
    """Each value's rank among ``values`` (1 for the best; equal values share a rank)."""
    if lowest_first:
        return [1 + sum(1 for other in values if other < value) for value in values]
    return [1 + sum(1 for other in values if other > value) for value in values]


class SeatedTable(Table, Generic[A, G]):
    """One channel's table of a game with seats; ``A`` is the game's action type, ``G`` its
    running game as the engine has it (a state, or a series of games)."""

    seats_allowed: ClassVar[tuple[int, int]]
    """How many seats the game takes: the fewest and the most."""
    lobby_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The game's own options the host chooses in the lobby, each with its values (the default
    first); a game without options leaves this empty. The lobby shows them as buttons that move
    through their values (:meth:`shown_options`; words ``<game>.option.<name>`` and
    ``<game>.option_value.<name>.<value>``), unless the game lays out its own."""
    races: ClassVar[bool] = True
    """Everyone may play at any moment (a real-time game): a person who does not press their
    panel for the absence limit is waited for (:meth:`watched`). Turn-based games wait for one
    seat at a time instead."""
    plays_series: ClassVar[bool] = True
    """The table plays game after game (a series, a match of rounds): the results offer the next
    one or the end. A table of one game (Topoum) ends with it."""
    saved_as: ClassVar[str] = "game"
    """The key of the running game in the table's saved form (:meth:`to_json`): each game keeps
    the name it always had, so tables saved before load."""

    def __init__(
        self,
        registry: TableRegistry,
        *,
        table_id: str,
        guild_id: int,
        channel_id: int,
        publish: Callable[[Table], Awaitable[None]],
        locale: str,
        lobby: Lobby,
    ) -> None:
        super().__init__(
            registry, table_id=table_id, guild_id=guild_id, channel_id=channel_id, publish=publish
        )
        self.locale = locale
        """The locale of the table's public messages (the server's when the table opened)."""
        self.lobby = lobby
        self.phase = Phase.LOBBY
        self.state: G | None = None
        """The running game, as the engine has it; None until the first is dealt."""
        self.dealt: dict[str, Any] = {}
        """The running game as it was dealt, in its engine's saved form (see :meth:`to_json`)."""
        self.notices: deque[Notice] = deque(maxlen=NOTICES_KEPT)
        self.callouts: list[Notice] = []
        """Notices that must reach one player as a message of their own that mentions them (a
        challenge to answer, a turn about to time out): an edit of the table message notifies
        nobody. Taken by the publisher (:meth:`take_callouts`); not saved, since a restart starts
        the turn timers over."""
        self.message_id: int | None = None
        """The public message showing the table now; None until (re)posted."""
        self.card_id: int | None = None
        """The table's card in its channel while it plays in a thread: its lobby first, then who
        plays where, at the end the result. None for a table played where it was started."""
        self.card_shows = ""
        """What the card shows once the lobby is over: "playing", then "final"."""
        self.no_thread: str | None = None
        """Why a table meant for a thread plays in its channel (said on its lobby): "place" (no
        thread can be started there) or "permissions" (the bot may not start one)."""
        self.retired_message_id: int | None = None
        """The previous game's message, whose buttons must go once the next game is posted."""
        self.game_started_at: datetime | None = None
        self.idle_expired = False
        """The table ended because nobody acted for :data:`TABLE_IDLE` (said on its last message)."""
        self._record_pending = False
        self.call: Call | None = None
        """The table's call for the person it waits for, and its one message once posted (see
        :mod:`tables.attention`)."""
        self.end_votes: set[int] = set()
        """The people who asked to end the series since the last game ended (not saved: a
        restart asks again)."""
        self._ai_rngs: dict[int, Rng] = {}
        self.ai: AiDriver[A] = AiDriver(self, registry.clock, self.spawn)
        self.turns = TurnTimer(
            registry.clock, self.spawn, self.timer_limits(registry), warn=self._warned, act=self._timed_out
        )
        """Watches the person the table waits for alone (:meth:`watched`): a real-time table's
        absence limit, a turn-based table's turn timer."""
        self.stand_ins: dict[int, StandIn] = {}
        """The seats an AI plays for their person, by seat (see :mod:`tables.stand_ins`)."""
        self.stood_in: dict[int, int] = {}
        """Moves made for each seat's person in the running game (by a stand-in or a timer)."""
        self.timed_in_row: dict[int, int] = {}
        """Turns in a row a turn timer played for each seat's person."""
        self.acted: set[int] = set()
        """The people who pressed their panel since the running game was dealt (see :meth:`abort`)."""
        self.pressed_at: dict[int, float] = {}
        """When each person last pressed their panel, or could first play (clock seconds; not
        saved: after a restart everyone starts afresh)."""
        self._idle_check: Timer | None = None
        self.offer: SeatOffer | None = None
        """The seat the host last offered to a member, until it is taken."""
        self.again_count = 0
        """How many times Play again dealt at this table (a new series each time): it tells one
        series' results from the next in their keys."""
        self.again_until: float | None = None
        """While Play again is offered: until when (seconds since the epoch: it shows on the
        reader's clock and holds over a restart)."""
        self.again: set[int] = set()
        """The people who pressed Play again."""
        self.nobody_left = False
        """The table ended because no person was left playing (said on its last message)."""
        self.games_played = 0
        """Games of the running series recorded so far."""
        self.shown: list[int] = []
        """The numbers of moves at which the channel saw the running game (each drawing of the
        table message): its replay's steps (:meth:`kept_log`)."""
        self.stood_changes: list[list[int]] = []
        """When the seats an AI plays for their person changed in the running game's log:
        ``[moves, seats]`` (a bit per seat), from its first move, so a replay names them as the
        channel saw them at each step."""
        self.first_move = 0
        """Where the running game's moves begin in :attr:`moves` (a match logs all its rounds)."""
        self.rating_changes: dict[int, tuple[int, int]] = {}
        """How the last game recorded at this table moved each seat's rating (before, after), while
        its results show: read from the store once it is recorded, or resumed."""
        self.last_result: str | None = None
        """The result key of the last game finished at this table, while its results show (the
        results card's replay link)."""

    @classmethod
    def open(
        cls,
        registry: TableRegistry,
        *,
        guild_id: int,
        channel_id: int,
        publish: Callable[[Table], Awaitable[None]],
        locale: str,
        host_id: int,
        host_name: str,
    ) -> Self:
        """A new lobby with its host in the first seat."""
        lobby = Lobby(host_id, *cls.seats_allowed)
        lobby.join(host_id, host_name)
        return cls(
            registry,
            table_id=secrets.token_hex(5),
            guild_id=guild_id,
            channel_id=channel_id,
            publish=publish,
            locale=locale,
            lobby=lobby,
        )

    # -- what a game provides ------------------------------------------------------------------

    @abc.abstractmethod
    def deal(self) -> None:
        """Deal the first game for the seats the lobby has (under the lock, at Start), then call
        :meth:`first_game_dealt`."""

    @abc.abstractmethod
    def load_dealt(self, dealt: Mapping[str, Any]) -> G:
        """The running game as it was dealt, from :attr:`dealt` as saved (see :meth:`restore`)."""

    @abc.abstractmethod
    def follow(self, move: Mapping[str, Any]) -> None:
        """Apply one saved move to the running game as :meth:`restore` does with each of its
        moves (a replay steps through a kept game this way, one move at a time)."""

    @abc.abstractmethod
    def replay_turn(self) -> Hashable:
        """What a replay's "next turn" button skips past: the turn (or deal, or display) the
        running game is in; it changes when the next one begins."""

    @abc.abstractmethod
    def deal_next(self) -> list[Notice]:
        """Deal the next game of the series or match (under the lock, between games), or move
        on to choosing its options; :class:`IllegalAction` if there is no next game."""

    def game_number(self) -> int:
        """Which game of the table the results show: the buttons between games carry it, so a
        button left on an older game's message is stale. A table of one game (Topoum's) has
        only the first; a game of several counts them."""
        return 1

    @abc.abstractmethod
    def finished_game(self) -> Finished:
        """The game that just ended, ranked (see :meth:`result_record`)."""

    @abc.abstractmethod
    def ai_inputs(self, seat: int) -> Hashable:
        """What an AI seat's decision depends on (see :class:`~tables.ai.AiTable`)."""

    @abc.abstractmethod
    def ai_choice(self, seat: int) -> AiChoice[A] | None:
        """What the engine's AI chooses for ``seat`` now (an action and a delay), or None to wait."""

    @abc.abstractmethod
    def apply_action(self, action: A) -> list[Notice]:
        """Apply one of the game's actions (under the lock, in a change): log it and say what
        happened. An AI seat's actions come this way."""

    def check_stamp(self, seat: int, stamp: str, action: A) -> None:
        """:class:`IllegalAction` unless the panel ``seat`` pressed ``action`` on (drawn at
        ``stamp``) still shows the table as the move needs it (see :meth:`press`)."""
        raise IllegalAction(Reason.STALE, "this game's panels make no moves")

    def apply_pressed(self, seat: int, stamp: str, action: A) -> list[Notice]:
        """A move from ``seat``'s panel, the game being played: made if the panel still shows the
        table as it is (:meth:`check_stamp`)."""
        self.check_stamp(seat, stamp, action)
        return self.apply_action(action)

    async def press(self, user_id: int, stamp: str, action: A) -> list[Notice]:
        """A move from ``user_id``'s panel, drawn at ``stamp``: the seat's own move, while the
        game is played, and from a panel that is not out of date; a refusal changes nothing.
        Moves are decided in the order they reach the table (under its lock)."""

        def apply() -> list[Notice]:
            seat = self.require_seat(user_id)
            if action.seat != seat:
                raise IllegalAction(Reason.NOT_SEATED, "a move for another seat")
            self.require_playing()
            return self.apply_pressed(seat, stamp, action)

        return await self.change(apply)

    def ai_decide(self, seat: int) -> tuple[A, float] | None:
        """An AI seat's next action and its delay in seconds, or None to wait."""
        choice = self.ai_choice(seat)
        return None if choice is None else (choice.action, choice.delay)

    async def ai_act(self, seat: int, action: A) -> bool:
        """Take an AI seat's action if the game is still where the AI saw it and an AI still
        plays the seat; False if refused. A move made for a person is counted for the record."""

        def act() -> None:
            if not self.plays_for(seat):
                raise IllegalAction(Reason.STALE, "the seat's person is back")
            self.apply_action(action)
            if not self.seats[seat].is_ai:
                self.stood_in[seat] = self.stood_in.get(seat, 0) + 1

        return await self.ai_apply(act)

    # -- seats -----------------------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def finished(self) -> bool:
        return self.phase in (Phase.OVER, Phase.CLOSED)

    @property
    def decided(self) -> bool:
        """The game whose results show decided the series (a match won): there is no next game,
        and the table ends once it is recorded."""
        return False

    @property
    def series_ended(self) -> bool:
        """The series or match is over (Play again may still be offered)."""
        return self.phase in (Phase.AGAIN, Phase.OVER)

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id``, unless they left it."""
        seat = seat_of(self.seats, user_id)
        return None if seat is None or self.left(seat) else seat

    def left(self, seat: int) -> bool:
        """Whether the person of ``seat`` left the game (an AI plays it until it is handed on)."""
        stand_in = self.stand_ins.get(seat)
        return stand_in is not None and stand_in.why is Why.LEFT

    def plays_for(self, seat: int) -> bool:
        """Whether an AI plays ``seat``: an AI seat, or a person's seat stood in for."""
        return self.seats[seat].is_ai or seat in self.stand_ins

    def require_seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise IllegalAction(Reason.NOT_SEATED)
        return seat

    def require_state(self) -> G:
        if self.state is None:
            raise IllegalAction(Reason.NOT_STARTED)
        return self.state

    def require_playing(self) -> G:
        """The running game, while it is being played."""
        if self.phase is Phase.LOBBY:
            raise IllegalAction(Reason.NOT_STARTED)
        if self.phase is not Phase.PLAYING:
            raise IllegalAction(Reason.GAME_OVER)
        return self.require_state()

    def require_panel(self) -> G:
        """The game a player's panel opens on: the running one, while it is played, and while a
        player chooses the next game's options on theirs (Toppo's display)."""
        if self.phase is Phase.CHOOSING:
            return self.require_state()
        return self.require_playing()

    def shown_options(self) -> Sequence[str]:
        """The lobby options shown now (a game's may depend on another's value): all of them."""
        return tuple(self.lobby_choices)

    def follow_league(self, settings: LeagueSettings) -> None:
        """A new table opened in a league's channel (or a thread of it) plays by its settings: a
        game with settings of its own takes them here."""

    def require_member(self, user_id: int) -> None:
        """Seated players, and the host (who may watch a table of AI seats), steer the series."""
        if user_id != self.lobby.host_id:
            self.require_seat(user_id)

    def ends_by(self, user_id: int) -> bool:
        """Count ``user_id``'s wish to end the series early (inside a change); True once it
        ends: the host asked, or most of the people seated have. One player cannot end the
        evening for everyone."""
        self.require_member(user_id)
        self.end_votes.add(user_id)
        return user_id == self.host_id or len(self.end_votes & self.people()) >= self.end_votes_needed()

    def people(self) -> set[int]:
        """The people seated (AI seats have no say, nor does a person who left)."""
        return {
            seat.user_id
            for number, seat in enumerate(self.seats)
            if seat.user_id is not None and not self.left(number)
        }

    def playing(self) -> set[int]:
        """The people seated who play their seat themselves (not stood in for)."""
        return {
            seat.user_id
            for number, seat in enumerate(self.seats)
            if seat.user_id is not None and number not in self.stand_ins
        }

    def end_votes_needed(self) -> int:
        """Most of the people seated: more than half."""
        return len(self.people()) // 2 + 1

    # -- the lobby -------------------------------------------------------------------------------

    def _in_lobby(self) -> Lobby:
        if self.phase is not Phase.LOBBY:
            raise IllegalAction(Reason.STALE, "the game has started")
        return self.lobby

    async def join(self, user_id: int, name: str) -> None:
        await self.change(lambda: self._in_lobby().join(user_id, name))

    async def leave(self, user_id: int) -> None:
        await self.change(lambda: self._in_lobby().leave(user_id))

    async def add_ai(self, user_id: int, level: str) -> None:
        if level not in LEVELS:
            raise IllegalAction(Reason.BAD_OPTION, f"no AI level {level!r}")
        await self.change(lambda: self._in_lobby().add_ai(user_id, level))

    async def remove_ai(self, user_id: int) -> None:
        await self.change(lambda: self._in_lobby().remove_ai(user_id))

    async def set_option(self, user_id: int, name: str, value: str) -> None:
        """The host sets one of the game's own options (see :attr:`lobby_choices`)."""
        await self.change(lambda: self._in_lobby().choose(user_id, name, value, self.lobby_choices))

    def option(self, name: str) -> str:
        """The value of one of the game's own options: the host's choice, else its default."""
        return self.lobby.option(name, self.lobby_choices)

    async def start(self, user_id: int) -> None:
        """Deal the first game (the host only, with enough seats)."""

        def start() -> None:
            self._in_lobby().check_start(user_id)
            self.deal()

        await self.change(start)

    @property
    def host_id(self) -> int:
        return self.lobby.host_id

    def waited(self) -> tuple[int, Hashable] | None:
        """The one seat the table waits for now (a turn, a choice only it can make, a call both
        must make that one has not) and a key of the moment (a new moment is a new wait); None
        when it waits for nobody in particular. Here: the player choosing the next game's option
        (:meth:`next_choice`); games that wait for more say whom."""
        choice = self.next_choice() if self.phase is Phase.CHOOSING else None
        return None if choice is None else (choice.seat, f"choose {self.game_number()}")

    def next_choice(self) -> NextChoice | None:
        """What a player chooses of the next game before it is dealt, while the table is
        ``choosing`` (a game's :meth:`deal_next` goes there); None for a game dealt at once."""
        return None

    async def choose(self, user_id: int, value: int) -> list[Notice]:
        """Between games, the player :meth:`next_choice` names chooses ``value`` for the next
        game, which deals it."""

        def apply() -> list[Notice]:
            seat = self.require_seat(user_id)
            choice = self.next_choice() if self.phase is Phase.CHOOSING else None
            if choice is None:
                raise IllegalAction(Reason.STALE, "nothing to choose now")
            if seat != choice.seat:
                raise IllegalAction(Reason.NOT_YOUR_TURN, "another player chooses")
            if value not in choice.values:
                raise IllegalAction(Reason.BAD_OPTION, f"{value} is not a choice")
            return choice.take(value)

        return await self.change(apply)

    def awaited(self) -> tuple[int, str] | None:
        """The one person the table waits for now and the moment it waits at (see
        :mod:`tables.attention`); None when it waits for nobody, or for a seat an AI plays."""
        watched = self.watched()
        user = None if watched is None else self.seats[watched[0]].user_id
        if watched is None or user is None:
            return None
        return user, str(watched[1])

    def watched(self) -> tuple[int, Hashable] | None:
        """The person's seat :attr:`turns` times now, and the moment: the seat the game waits
        for, while it plays and a person plays it; else, while everyone may play, a person who
        has not pressed their panel for the absence limit (in a race, the others wait for them
        too: a display vote short of their voice, a race that has only one runner)."""
        waited = self.waited()
        if waited is None and self.phase is Phase.PLAYING and self.races:
            return self._idle()
        if waited is None or self.phase not in AI_PHASES or self.plays_for(waited[0]):
            return None
        return waited

    def _idle(self) -> tuple[int, Hashable] | None:
        """The person who pressed their panel longest ago, once that is :data:`IDLE_SHARE` of the
        absence limit ago (then they have the whole limit before an AI plays for them: a moment
        the table waited for someone else, when they could not play either, is not held against
        them alone)."""
        oldest = self._oldest_press()
        # A millisecond's tolerance: the check set for that moment must find it reached.
        if oldest is None or self.registry.clock.now() < oldest[0] + self._idle_after() - 1e-3:
            return None
        since, seat = oldest
        return seat, f"idle {since}"

    def _idle_since(self) -> float | None:
        """When the wait for an idle racer began, if that is whom the table waits for: it keeps
        its deadline while the table waits for others in between (a restart, say)."""
        if not self.races or self.waited() is not None:
            return None
        oldest = self._oldest_press()
        return None if oldest is None else oldest[0] + self._idle_after()

    def _idle_after(self) -> float:
        return self.turns.limits.act_after * IDLE_SHARE

    def _oldest_press(self) -> tuple[float, int] | None:
        """When the person playing who pressed their panel longest ago did, and their seat."""
        now = self.registry.clock.now()
        present = [
            (self.pressed_at.setdefault(user, now), seat)
            for seat, user in enumerate(seat.user_id for seat in self.seats)
            if user is not None and seat not in self.stand_ins
        ]
        return min(present, default=None)

    def warned_after(self) -> float | None:
        """Seconds into a wait at which the table warns its person that time runs out: no call
        may come later."""
        return self.turns.limits.warn_after

    @classmethod
    def timer_limits(cls, registry: TableRegistry) -> TurnLimits:
        """The limits of :attr:`turns`: a real-time table's absence limit."""
        return registry.absence_limits

    def warn(self, seat: int) -> None:
        """Two thirds of ``seat``'s time are gone: nothing more to say than the call does."""

    def timed_out(self, seat: int) -> None:
        """``seat``'s person did not act in time: an AI plays their seat until they are back."""
        self.stand_in(seat, Why.ABSENT)

    async def _warned(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self.warn)

    async def _timed_out(self, seat: int, moment: Hashable) -> None:
        await self._timed(seat, moment, self.timed_out)

    async def _timed(self, seat: int, moment: Hashable, act: Callable[[int], None]) -> None:
        """A timer's change, if the table still waits for ``seat`` at ``moment`` (a move made
        while the timer fired lets it go). Timed moves count as nobody's activity."""

        def apply() -> None:
            if self.watched() != (seat, moment):
                raise IllegalAction(Reason.STALE, "the moment has passed")
            act(seat)

        with contextlib.suppress(IllegalAction):
            await self.change(apply, by_ai=True)

    async def set_call(self, call: Call | None) -> None:
        """Remember the call and its message, so a restart goes on with it (see
        :mod:`tables.attention`)."""

        def apply() -> None:
            self.call = call

        await self.change(apply, shown=False)

    # -- people drifting away ----------------------------------------------------------------------

    def stand_in(self, seat: int, why: Why) -> None:
        """An AI at the table's level plays ``seat`` for its person from now on (inside a
        change); a table with no person left playing ends, and says so."""
        levels = [other.ai_level for other in self.seats if other.ai_level is not None]
        self.stand_ins[seat] = StandIn(why, stand_in_level(levels))
        self._stood_changed()
        self.timed_in_row.pop(seat, None)
        self.notices.append(Notice(f"seat_{why.value}", seat, {"name": self.seats[seat].name}))
        if not self.playing():
            self.nobody_left = True
            self.phase = Phase.OVER

    def _require_running(self) -> None:
        if self.phase not in RUNNING:
            raise IllegalAction(Reason.NOT_STARTED if self.phase is Phase.LOBBY else Reason.GAME_OVER)

    async def leave_game(self, user_id: int) -> None:
        """``user_id`` leaves the running game: an AI plays their seat, which the host may hand
        to another member; they count as finishing last (:mod:`tables.stand_ins`)."""

        def apply() -> None:
            seat = self.require_seat(user_id)
            self._require_running()
            self.stand_in(seat, Why.LEFT)

        await self.change(apply)

    def pressed_by(self, user_id: int) -> bool:
        """``user_id`` pressed their panel: they have acted in this game, a turn timer counts
        their timed turns afresh, and whether they were absent (the table must then hand their
        seat back, :meth:`back`). Called outside a change: what it forgets is saved with the
        press's own change."""
        seat = self.seat_of(user_id)
        if seat is None:
            return False
        self.acted.add(user_id)
        self.pressed_at[user_id] = self.registry.clock.now()
        self.timed_in_row.pop(seat, None)
        return seat in self.stand_ins

    async def back(self, user_id: int) -> None:
        """An absent person is back: their seat is theirs again."""

        def apply() -> None:
            seat = self.seat_of(user_id)
            if seat is not None and self.stand_ins.pop(seat, None) is not None:
                self._stood_changed()
                self.notices.append(Notice("seat_back", seat, {"name": self.seats[seat].name}))

        await self.change(apply)

    def handable(self) -> list[int]:
        """The seats the host may hand to a member now: AI seats, and seats an AI plays for a
        person, while a game runs."""
        if self.phase not in RUNNING:
            return []
        return [seat for seat in range(len(self.seats)) if self.plays_for(seat)]

    def _check_newcomer(self, user_id: int, seat: int) -> None:
        """``user_id`` may take ``seat``: they sit nowhere else at this table (the seat they
        left, handed back to them, is theirs again)."""
        if seat not in self.handable():
            raise IllegalAction(Reason.STALE, "that seat is played by a person")
        if seat_of(self.seats, user_id) not in (None, seat) or self.seat_of(user_id) is not None:
            raise Refused(Refusal.ALREADY_SEATED)

    async def offer_seat(self, user_id: int, seat: int, member: int) -> None:
        """The host offers ``seat`` to ``member`` (who accepts with :meth:`take_seat`); a new
        offer replaces the last."""

        def apply() -> None:
            self.lobby.check_host(user_id)
            self._check_newcomer(member, seat)
            self.offer = SeatOffer(seat, member)

        await self.change(apply, shown=False)

    async def take_seat(self, user_id: int, name: str, seat: int) -> None:
        """``user_id`` accepts the host's offer of ``seat``: it is theirs from the next move on,
        the cards it holds included."""

        def apply() -> None:
            if self.offer != SeatOffer(seat, user_id):
                raise IllegalAction(Reason.STALE, "the offer was withdrawn")
            self._check_newcomer(user_id, seat)
            self.seats[seat] = Seat(user_id, name)
            self.stand_ins.pop(seat, None)
            self._stood_changed()
            self.timed_in_row.pop(seat, None)
            self.offer = None
            self.notices.append(Notice("seat_taken", seat, {"name": name}))

        await self.change(apply)

    def may_abort(self) -> bool:
        """Whether the host may still abort: in the series' first game, within its first
        minute or before every person seated has pressed their panel."""
        started = self.game_started_at
        if self.phase is not Phase.PLAYING or self.games_played or started is None:
            return False
        young = (datetime.now(UTC) - started).total_seconds() < ABORT_WINDOW
        return young or not self.people() <= self.acted

    async def abort(self, user_id: int) -> None:
        """The host aborts a game nobody has really started: nothing is recorded, and the table
        is its lobby again (without the seats people left)."""

        def apply() -> None:
            self.lobby.check_host(user_id)
            if not self.may_abort():
                raise IllegalAction(Reason.NOT_ALLOWED, "too late to abort")
            self.to_lobby([seat for number, seat in enumerate(self.seats) if not self.left(number)])

        await self.change(apply)

    def to_lobby(self, seats: Sequence[Seat]) -> None:
        """Back to a lobby of ``seats`` (inside a change): the games played are forgotten, the
        last message loses its buttons, and the lobby is shown where the table started (its
        card in the channel for a table whose first lobby was there)."""
        self.phase = Phase.LOBBY
        self.lobby.seats = list(seats)
        self.state = None
        self.forget_games()
        self.start_move_log()
        self.notices.clear()
        self._record_pending = False
        self.game_started_at = None
        self.stand_ins, self.stood_in, self.timed_in_row, self.acted = {}, {}, {}, set()
        self.offer, self.again_until, self.again = None, None, set()
        if self.card_id is not None and self.again_count == 0:
            self.retired_message_id, self.message_id = self.message_id, self.card_id
            self.card_shows = ""
        else:
            self.retired_message_id, self.message_id = self.message_id, None

    def forget_games(self) -> None:
        """Forget the table's own record of the games played so far (a new series begins);
        games that keep none leave this as it is."""

    def series_over(self) -> None:
        """The series or match ended (inside a change): offer Play again to its people for
        :data:`AGAIN_WINDOW`."""
        self.phase = Phase.AGAIN
        self.again_until = time.time() + AGAIN_WINDOW
        self.again = set()

    def again_asked(self) -> set[int]:
        """Who must press Play again: the people seated (a table of AI seats: its host)."""
        return self.people() or {self.host_id}

    async def play_again(self, user_id: int) -> None:
        """``user_id`` presses Play again: once everyone asked has, a new series with the same
        seats and options is dealt; a seat whose person left is opened instead, in the lobby."""

        def apply() -> None:
            if self.phase is not Phase.AGAIN:
                raise IllegalAction(Reason.STALE, "Play again is over")
            if user_id not in self.again_asked():
                raise IllegalAction(Reason.NOT_SEATED)
            self.again.add(user_id)
            if self.again >= self.again_asked():
                self.again_count += 1
                if any(self.left(seat) for seat in range(len(self.seats))):
                    self._lobby_again()
                else:
                    self.to_lobby(self.seats)
                    self.deal()

        await self.change(apply)

    async def close_play_again(self) -> None:
        """A new table is opened where this one offers Play again: the offer ends (the table
        with it) and the place is free. Any other phase keeps its place."""

        def apply() -> None:
            if self.phase is Phase.AGAIN:
                self.phase = Phase.OVER

        await self.change(apply)

    def _lobby_again(self) -> None:
        """The people who pressed Play again, and the AI seats, in a lobby (the other seats are
        open to anyone)."""
        self.to_lobby(
            [
                seat
                for number, seat in enumerate(self.seats)
                if seat.is_ai or (seat.user_id in self.again and not self.left(number))
            ]
        )

    # -- games starting and ending ---------------------------------------------------------------

    def play_dealt(self, state: G, dealt: dict[str, Any], moves: Sequence[dict[str, Any]] = ()) -> None:
        """Play ``state`` from now on, dealt as ``dealt`` (with ``moves`` when it begins under
        way): the table's first game, or the next one."""
        first = self.state is None
        self.state, self.dealt = state, dealt
        self.start_move_log(moves)
        if first:
            self.first_game_dealt()
        else:
            self.game_started()

    def first_game_dealt(self) -> None:
        """The first game is on: the lobby's message becomes the table's, or, for a table with
        a thread, the game gets a message of its own there (the lobby stays as the card)."""
        self.phase = Phase.PLAYING
        if self.card_id is not None and self.again_count == 0:
            self.message_id = None
        self.game_started_at = datetime.now(UTC)
        self.games_played = 0
        self._count_afresh()

    def _count_afresh(self) -> None:
        """A game was dealt: nobody has acted in it, nothing was played for anyone yet; its
        moves begin here."""
        self.stood_in, self.acted = {}, set()
        self.pressed_at.clear()
        self.first_move, self.last_result, self.rating_changes = len(self.moves), None, {}

    def start_move_log(self, moves: Sequence[dict[str, Any]] = (), *, saved: bool = False) -> None:
        super().start_move_log(moves, saved=saved)
        if not saved:
            self.shown, self.first_move = [], 0
            self.stood_changes = [[0, self._stood_seats()]]

    def _stood_seats(self) -> int:
        return sum(1 << seat for seat in self.stand_ins)

    def _stood_changed(self) -> None:
        """The seats an AI plays for their person changed (inside a change): noted for replays."""
        if self.stood_changes and self.stood_changes[-1][0] == len(self.moves):
            self.stood_changes.pop()
        self.stood_changes.append([len(self.moves), self._stood_seats()])

    def mark_shown(self) -> None:
        """The table message is being drawn for the running game as it is now: a step of its
        replay."""
        if self.phase is Phase.PLAYING and (not self.shown or self.shown[-1] < len(self.moves)):
            self.shown.append(len(self.moves))

    def kept_log(self) -> KeptLog:
        """The game that just ended as its replay is rebuilt from: the table's saved form, its
        moves, and the moves at which the channel saw it (every move, for a game saved before
        the table counted them)."""
        first, end = self.first_move, len(self.moves)
        inner = [n for n in self.shown if first < n < end] if self.shown else range(first + 1, end)
        return KeptLog(self.to_json(), tuple(self.moves), tuple(sorted({first, *inner, end})), self.thread_id)

    def result_key(self, number: int) -> str:
        """The key game ``number`` of the running series is recorded under."""
        again = f".{self.again_count}" if self.again_count else ""
        return f"{self.game}:{self.table_id}{again}:{number}"

    def game_ended(self) -> None:
        """The running game is over: show its results and record it with the next save."""
        self.phase = Phase.RESULTS
        self._record_pending = True
        self.last_result = self.result_key(self.finished_game().number)
        self.games_played += 1
        self.end_votes.clear()

    def result_record(self) -> GameRecord:
        """The game that just ended as the store keeps it; its key (``<game>:<table>:<number>``,
        ``<game>:<table>.<series>:<number>`` after Play again) makes recording idempotent. A
        person whose seat an AI played at the end ranks last (:mod:`tables.stand_ins`)."""
        finished = self.finished_game()
        now = datetime.now(UTC)
        away = {
            number for number, seat in enumerate(self.seats) if not seat.is_ai and number in self.stand_ins
        }
        ranks, won = honest_ranks(finished.ranks, finished.won, away)
        seats = tuple(
            SeatResult(
                seat=index,
                user_id=seat.user_id,
                display_name=seat.name or f"AI ({seat.ai_level})",
                ai_level=seat.ai_level,
                score=finished.scores[index],
                rank=ranks[index],
                won=index in won,
                stood_in=0 if seat.is_ai else self.stood_in.get(index, 0),
                absent=index in away,
            )
            for index, seat in enumerate(self.seats)
        )
        return GameRecord(
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            game=finished.game or self.game,
            result_key=self.result_key(finished.number),
            options=dict(finished.options),
            started_at=self.game_started_at or now,
            finished_at=now,
            seats=seats,
            kept=self.kept_log(),
        )

    def pending_record(self) -> GameRecord | None:
        return self.result_record() if self._record_pending else None

    async def record_written(self, record: GameRecord) -> None:
        """The game is recorded: its results show how it moved each seat's rating (none if it
        was not rated, or the database could not say)."""
        # Another game may have ended while the write was under way: only this one is done.
        if self._record_pending and self.result_record().result_key == record.result_key:
            self._record_pending = False
            await self._read_rating_changes(record.result_key)

    async def _read_rating_changes(self, result_key: str) -> None:
        """How the game recorded under ``result_key`` moved each seat's rating, from the store
        (not saved with the table: a resumed table reads them again)."""
        with contextlib.suppress(StoreError):
            changes = await self.registry.store.rating_changes(self.guild_id, result_key)
            self.rating_changes = {change.seat: (change.before, change.after) for change in changes}

    def game_started(self) -> None:
        """The next game was dealt: it gets a message of its own, and the last one is retired."""
        self.phase = Phase.PLAYING
        self.retired_message_id, self.message_id = self.message_id, None
        self.game_started_at = datetime.now(UTC)
        self._count_afresh()

    def _between_games(self, user_id: int, number: int) -> None:
        """``user_id`` may steer the series, and game ``number``'s results are the ones shown."""
        self.require_member(user_id)
        if self.phase not in (Phase.RESULTS, Phase.CHOOSING) or number != self.game_number():
            raise IllegalAction(Reason.STALE, "a button of an earlier game")

    async def next_game(self, user_id: int, number: int) -> list[Notice]:
        """The next game after game ``number`` (any seated player, or the host, may ask)."""

        def apply() -> list[Notice]:
            self._between_games(user_id, number)
            if self.phase is not Phase.RESULTS:
                raise IllegalAction(Reason.STALE, "the next game is already on its way")
            return self.deal_next()

        return await self.change(apply)

    async def end_series(self, user_id: int, number: int) -> None:
        """End the series or match after game ``number``: at once for the host, else once most
        of the people seated have asked (:meth:`ends_by`)."""

        def apply() -> None:
            self._between_games(user_id, number)
            if self.ends_by(user_id):
                self.series_over()

        await self.change(apply)

    async def after_save(self) -> None:
        """Nothing by default: a game's result is written by the save itself."""

    async def _record_again(self) -> None:
        """Record the game a resumed table shows as ended (saved before results went with the
        table's state); the key makes it a no-op when it is stored already."""
        record = self.result_record()
        await self.registry.store.record_game(record)
        await self.record_written(record)

    # -- the public message ----------------------------------------------------------------------

    async def set_message(
        self, message_id: int, *, thread_id: int | None = None, no_thread: str | None = None
    ) -> None:
        """Remember the message now showing the table, so a restart edits the same one; a new
        table's lobby also remembers the thread started from it (the lobby is then its card), or
        why it has none."""

        def apply() -> None:
            self.message_id = message_id
            if thread_id is not None:
                self.thread_id, self.card_id = thread_id, message_id
                if self.phase is not Phase.LOBBY:  # started while its thread was: the game plays there
                    self.message_id = None
            if no_thread is not None:
                self.no_thread = no_thread

        await self.change(apply, shown=False)

    async def set_card(self, shows: str) -> None:
        """The card now shows ``shows`` ("playing", "final")."""

        def apply() -> None:
            self.card_shows = shows

        await self.change(apply, shown=False)

    def shown_in(self) -> int:
        """The first lobby shows on the card in the channel; the games, and the lobby of Play
        again, in the thread."""
        if self.card_id is not None and self.again_count == 0 and self.phase in (Phase.LOBBY, Phase.CLOSED):
            return self.channel_id
        return self.place_id

    async def forget_retired_message(self) -> None:
        """The previous game's message has lost its buttons."""

        def apply() -> None:
            self.retired_message_id = None

        await self.change(apply, shown=False)

    def take_callouts(self) -> list[Notice]:
        """The callouts not yet sent, oldest first; they are sent once."""
        taken, self.callouts = self.callouts, []
        return taken

    # -- idle ------------------------------------------------------------------------------------

    def idle_timeout(self) -> float | None:
        if self.phase is Phase.LOBBY:
            return LOBBY_IDLE
        if self.phase is Phase.AGAIN and self.again_until is not None:
            return max(0.0, self.again_until - time.time())
        return None if self.finished else TABLE_IDLE

    async def expire(self) -> None:
        """Idle too long: the lobby closes, the table ends; Play again's time is up: those who
        pressed it are in a lobby, or the table ends if nobody did."""

        def apply() -> None:
            if self.phase is Phase.AGAIN and self.again:
                self.again_count += 1
                self._lobby_again()
            elif self.phase is Phase.AGAIN:
                self.phase = Phase.OVER
            else:
                self.phase = Phase.CLOSED if self.phase is Phase.LOBBY else Phase.OVER
                self.idle_expired = True

        await self.change(apply)

    # -- AI seats --------------------------------------------------------------------------------

    def ai_seats(self) -> list[int]:
        """The seats an AI plays now: AI seats, and people's seats stood in for."""
        if self.phase not in AI_PHASES:
            return []
        return [number for number in range(len(self.seats)) if self.plays_for(number)]

    def ai_level(self, seat: int) -> Level:
        stand_in = self.stand_ins.get(seat)
        level = self.seats[seat].ai_level if stand_in is None else stand_in.level
        assert level is not None, "only seats an AI plays have a level"
        return Level(level)

    def ai_rng(self, seat: int) -> Rng:
        """The seat's own random stream, fresh for each process: AI choices need not replay."""
        rng = self._ai_rngs.get(seat)
        if rng is None:
            rng = self._ai_rngs[seat] = Rng.from_seed(secrets.randbits(64))
        return rng

    async def ai_apply(self, apply: Callable[[], object]) -> bool:
        """Make an AI seat's move if the game is still where the AI saw it; False if refused."""

        def checked() -> None:
            if self.phase not in AI_PHASES:
                raise IllegalAction(Reason.STALE, "the AI's moment has passed")
            apply()

        try:
            await self.change(checked, by_ai=True)
        except IllegalAction:
            return False
        return True

    def after_change(self) -> None:
        if self.phase is Phase.AGAIN:  # Play again's time runs from the end, whoever made it
            self.restart_idle_timer()
        self.ai.changed()
        watched = self.watched()
        if watched is None:
            self.turns.stop()
        else:
            self.turns.watch(*watched, since=self._idle_since())
        self._check_idle_later()

    def _check_idle_later(self) -> None:
        """Look again for an idle person when the one who pressed longest ago reaches the limit
        (a race in which nothing else happens changes nothing that would)."""
        if self._idle_check is not None:
            self._idle_check.cancel()
            self._idle_check = None
        if not self.races or self.phase is not Phase.PLAYING or self.turns.deadline is not None:
            return
        if self.waited() is not None:  # the game waits for a seat: the change that ends it looks again
            return
        oldest = self._oldest_press()
        if oldest is None:
            return
        clock = self.registry.clock
        due = oldest[0] + self._idle_after() - clock.now()
        self._idle_check = clock.call_later(max(0.0, due), self.after_change)

    def resume(self) -> None:
        super().resume()
        if self._record_pending:
            self.spawn(self._record_again())
        elif self.last_result is not None:
            self.spawn(self._read_rating_changes(self.last_result))

    def stop_game(self) -> None:
        self.ai.stop()
        self.turns.stop()
        if self._idle_check is not None:
            self._idle_check.cancel()

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The table's saved form: what every seated table saves, and the running game as it was
        dealt (kept up to date as play goes), under the game's :attr:`saved_as`. Its moves since
        are :attr:`moves`, saved apart and only the new ones each time: a long game's whole log at
        every save would hold up the event loop. Loading replays them (:meth:`restore`)."""
        game = None if self.state is None else {"dealt": self.dealt}
        return {**self.seated_json(), self.saved_as: game}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        """Put back the game's own part of the table as :meth:`to_json` saved it: the running
        game as dealt, replayed from ``moves`` (see :meth:`load`). A game with more of its own
        to save adds it to both."""
        if (game := saved[self.saved_as]) is not None:
            self.dealt = dict(game["dealt"])
            self.state = self.load_dealt(self.dealt)
            for move in moves:
                self.follow(move)

    def seated_json(self) -> dict[str, Any]:
        """What every seated table saves; a game adds its own state to it in ``to_json``."""
        started = self.game_started_at
        return {
            "phase": self.phase.value,
            "locale": self.locale,
            "lobby": self.lobby.to_json(),
            "notices": [notice.to_json() for notice in self.notices],
            "message_id": self.message_id,
            "retired_message_id": self.retired_message_id,
            "game_started_at": None if started is None else started.isoformat(),
            "call": None if self.call is None else self.call.to_json(),
            "card_id": self.card_id,
            "card_shows": self.card_shows,
            "no_thread": self.no_thread,
            "turn_seconds": self.turns.chosen_seconds,
            "stand_ins": {str(seat): stand_in.to_json() for seat, stand_in in self.stand_ins.items()},
            "stood_in": {str(seat): moves for seat, moves in self.stood_in.items()},
            "timed_in_row": {str(seat): turns for seat, turns in self.timed_in_row.items()},
            "acted": sorted(self.acted),
            "offer": None if self.offer is None else [self.offer.seat, self.offer.user_id],
            "again_count": self.again_count,
            "games_played": self.games_played,
            "again_until": self.again_until,
            "again": sorted(self.again),
            "shown": self.shown,
            "stood_changes": self.stood_changes,
            "first_move": self.first_move,
            "last_result": self.last_result,
        }

    @classmethod
    def load(
        cls, registry: TableRegistry, saved: SavedTable, publish: Callable[[Table], Awaitable[None]]
    ) -> Self:
        """The table as saved: what every seated table saves (:meth:`from_saved`), then the
        game's own (:meth:`restore`), its moves logged as already saved."""
        table = cls.from_saved(registry, saved, publish)
        table.restore(saved.state, saved.moves)
        if table.state is not None:
            table.start_move_log(saved.moves, saved=True)
        return table

    @classmethod
    def from_saved(
        cls, registry: TableRegistry, saved: SavedTable, publish: Callable[[Table], Awaitable[None]]
    ) -> Self:
        """The table with what :meth:`seated_json` saved; the game restores the rest. A game
        that ended before its result was written is recorded on resuming (recording is
        idempotent)."""
        state = saved.state
        table = cls(
            registry,
            table_id=saved.table_id,
            guild_id=saved.guild_id,
            channel_id=saved.channel_id,
            publish=publish,
            locale=state["locale"],
            lobby=Lobby.from_json(state["lobby"]),
        )
        table.thread_id = saved.thread_id
        table.card_id, table.card_shows = state.get("card_id"), state.get("card_shows", "")
        table.no_thread = state.get("no_thread")
        table.phase = Phase(state["phase"])
        table.notices.extend(Notice.from_json(notice) for notice in state["notices"])
        table.message_id = state["message_id"]
        table.retired_message_id = state["retired_message_id"]
        started = state["game_started_at"]
        table.game_started_at = None if started is None else datetime.fromisoformat(started)
        table._record_pending = table.phase is Phase.RESULTS
        call = state.get("call", state.get("ping"))  # "ping": saved before calls
        table.call = None if call is None else Call.from_json(call)
        if (seconds := state.get("turn_seconds")) is not None:
            table.turns.set_seconds(seconds)
        # Saved before people could drift away: nobody stood in for, nothing offered.
        table.stand_ins = {
            int(seat): StandIn.from_json(data) for seat, data in state.get("stand_ins", {}).items()
        }
        table.stood_in = {int(seat): moves for seat, moves in state.get("stood_in", {}).items()}
        table.timed_in_row = {int(seat): turns for seat, turns in state.get("timed_in_row", {}).items()}
        table.acted = set(state.get("acted", []))
        offer = state.get("offer")
        table.offer = None if offer is None else SeatOffer(*offer)
        table.again_count, table.games_played = state.get("again_count", 0), state.get("games_played", 0)
        table.again_until, table.again = state.get("again_until"), set(state.get("again", []))
        # Saved before games were kept: no step counted yet, the moves begin with the log.
        table.shown, table.first_move = list(state.get("shown", [])), state.get("first_move", 0)
        table.stood_changes = [list(change) for change in state.get("stood_changes", [])]
        table.last_result = state.get("last_result")
        return table
