"""A table with seats, as every game has one: a lobby first, then games with AI seats, each
finished game recorded once, and an end when the table sits idle.

Its phases:

``lobby`` -> ``playing`` -> ``results`` (a game ended; recorded) -> [``choosing`` (the next game's
options are being chosen)] -> ``playing`` ... -> ``over`` (the series or match ended, or the
table sat idle). A lobby left idle is ``closed``.

What differs between games is left to the subclass: how a game is dealt (:meth:`deal`) and the
next one (:meth:`deal_next`), how a finished game ranks its seats (:meth:`finished_game`), what
its AI seats decide on, and the rest of its saved state. The lobby requests, seat lookups, the
running game (:attr:`SeatedTable.state`), the buttons between games (next game, end the series),
the public message's id, the channel's notices, idle expiry, result records and AI driving are
here once.
"""

import abc
import secrets
from collections import deque
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from data import SavedTable
from data.records import GameRecord, SeatResult
from engine.ai import Level
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from tables.ai import AiDriver
from tables.attention import Call
from tables.lobby import Lobby, Seat, seat_of
from tables.registry import TableRegistry
from tables.table import Table
from words.common import Notice

A = TypeVar("A")
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


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    RESULTS = "results"
    CHOOSING = "choosing"
    OVER = "over"
    CLOSED = "closed"


AI_PHASES: Final = frozenset({Phase.PLAYING, Phase.CHOOSING})
"""The phases in which AI seats act (they may be the ones choosing the next game's options)."""


class AiChoice(Protocol[A_co]):
    """An engine AI's choice: an action, and the delay before it is made (seconds)."""

    @property
    def action(self) -> A_co: ...

    @property
    def delay(self) -> float: ...


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
    first); a game without options leaves this empty."""
    plays_series: ClassVar[bool] = True
    """The table plays game after game (a series, a match of rounds): the results offer the next
    one or the end. A table of one game (Topoum) ends with it."""

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
    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        """Put back the game's own part of the table as :meth:`to_json` saved it, its running
        game replayed from ``moves`` (see :meth:`load`)."""

    @abc.abstractmethod
    def deal_next(self) -> list[Notice]:
        """Deal the next game of the series or match (under the lock, between games), or move
        on to choosing its options; :class:`IllegalAction` if there is no next game."""

    @abc.abstractmethod
    def game_number(self) -> int:
        """Which game of the table the results show: the buttons between games carry it, so a
        button left on an older game's message is stale."""

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

    def ai_decide(self, seat: int) -> tuple[A, float] | None:
        """An AI seat's next action and its delay in seconds, or None to wait."""
        choice = self.ai_choice(seat)
        return None if choice is None else (choice.action, choice.delay)

    async def ai_act(self, seat: int, action: A) -> bool:
        """Take an AI seat's action if the game is still where the AI saw it; False if refused."""
        return await self.ai_apply(lambda: self.apply_action(action))

    # -- seats -----------------------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def finished(self) -> bool:
        return self.phase in (Phase.OVER, Phase.CLOSED)

    def seat_of(self, user_id: int) -> int | None:
        return seat_of(self.seats, user_id)

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
        """The people seated (AI seats have no say)."""
        return {seat.user_id for seat in self.seats if seat.user_id is not None}

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

    def awaited(self) -> tuple[int, str] | None:
        """The one person the table waits for now (their turn, a choice only they can make) and
        the moment it waits at (a new moment is a new wait, see :mod:`tables.attention`); None
        when it waits for nobody in particular. Games that wait say whom."""
        return None

    def warned_after(self) -> float | None:
        """Seconds into a wait at which the table warns its person that time runs out (the turn
        timer's warning): no call may come later. None for tables without one."""
        return None

    async def set_call(self, call: Call | None) -> None:
        """Remember the call and its message, so a restart goes on with it (see
        :mod:`tables.attention`)."""

        def apply() -> None:
            self.call = call

        await self.change(apply, shown=False)

    # -- games starting and ending ---------------------------------------------------------------

    def first_game_dealt(self) -> None:
        """The first game is on: the lobby's message becomes the table's, or, for a table with
        a thread, the game gets a message of its own there (the lobby stays as the card)."""
        self.phase = Phase.PLAYING
        if self.card_id is not None:
            self.message_id = None
        self.game_started_at = datetime.now(UTC)

    def game_ended(self) -> None:
        """The running game is over: show its results and record it with the next save."""
        self.phase = Phase.RESULTS
        self._record_pending = True
        self.end_votes.clear()

    def result_record(self) -> GameRecord:
        """The game that just ended as the store keeps it; its key (``<game>:<table>:<number>``)
        makes recording idempotent."""
        finished = self.finished_game()
        now = datetime.now(UTC)
        seats = tuple(
            SeatResult(
                seat=index,
                user_id=seat.user_id,
                display_name=seat.name or f"AI ({seat.ai_level})",
                ai_level=seat.ai_level,
                score=finished.scores[index],
                rank=finished.ranks[index],
                won=index in finished.won,
            )
            for index, seat in enumerate(self.seats)
        )
        return GameRecord(
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            game=finished.game or self.game,
            result_key=f"{self.game}:{self.table_id}:{finished.number}",
            options=dict(finished.options),
            started_at=self.game_started_at or now,
            finished_at=now,
            seats=seats,
        )

    def pending_record(self) -> GameRecord | None:
        return self.result_record() if self._record_pending else None

    def record_written(self, record: GameRecord) -> None:
        # Another game may have ended while the write was under way: only this one is done.
        if self._record_pending and self.result_record().result_key == record.result_key:
            self._record_pending = False

    def game_started(self) -> None:
        """The next game was dealt: it gets a message of its own, and the last one is retired."""
        self.phase = Phase.PLAYING
        self.retired_message_id, self.message_id = self.message_id, None
        self.game_started_at = datetime.now(UTC)

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
                self.phase = Phase.OVER

        await self.change(apply)

    async def after_save(self) -> None:
        """Nothing by default: a game's result is written by the save itself."""

    async def _record_again(self) -> None:
        """Record the game a resumed table shows as ended (saved before results went with the
        table's state); the key makes it a no-op when it is stored already."""
        record = self.result_record()
        await self.registry.store.record_game(record)
        self.record_written(record)

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
            if no_thread is not None:
                self.no_thread = no_thread

        await self.change(apply, shown=False)

    async def set_card(self, shows: str) -> None:
        """The card now shows ``shows`` ("playing", "final")."""

        def apply() -> None:
            self.card_shows = shows

        await self.change(apply, shown=False)

    def shown_in(self) -> int:
        """The lobby shows on the card in the channel; the games in the thread."""
        if self.card_id is not None and self.phase in (Phase.LOBBY, Phase.CLOSED):
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
        return None if self.finished else TABLE_IDLE

    async def expire(self) -> None:
        def apply() -> None:
            self.phase = Phase.CLOSED if self.phase is Phase.LOBBY else Phase.OVER
            self.idle_expired = True

        await self.change(apply)

    # -- AI seats --------------------------------------------------------------------------------

    def ai_seats(self) -> list[int]:
        if self.phase not in AI_PHASES:
            return []
        return [number for number, seat in enumerate(self.seats) if seat.is_ai]

    def ai_level(self, seat: int) -> Level:
        level = self.seats[seat].ai_level
        assert level is not None, "only AI seats have a level"
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
        self.ai.changed()

    def resume(self) -> None:
        super().resume()
        if self._record_pending:
            self.spawn(self._record_again())

    def stop_game(self) -> None:
        self.ai.stop()

    # -- saving ----------------------------------------------------------------------------------

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
        return table
