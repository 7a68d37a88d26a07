"""A table with seats, as every game has one, made of parts with one job each:
- :class:`~tables.lobby.Lobby`: who sits down before the game and the host's options;
- :class:`~tables.seating.Seating`: who plays each seat, the AI stand-ins, leaving, handing over;
- :class:`~tables.waits.Waits`: whom the table waits for and its timer on them;
- :class:`~tables.scorebook.Scorebook`: the series, each game recorded, ending early, Play again;
- :class:`~tables.table_message.TableMessage`: its messages on Discord, the call, why it ended;
- :class:`~tables.ai_seats.AiSeats`: the seats an AI plays, driven on the table's clock;
- :class:`~tables.replay_steps.ReplaySteps`: what a replay of the running game needs.

Each part saves its own part of the table (the saved form keeps the keys it always had, so tables
saved before load). What is here ties them together: the phases (:mod:`tables.phases`), the
lobby's requests, a panel's press, games starting and ending, idle expiry and saving. A game's
table subclasses :class:`SeatedTable` with the hooks of :class:`~tables.game_hooks.GameHooks`.
"""

import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Concatenate, Final, Generic, ParamSpec

from data.records import GameRecord
from engine.errors import IllegalAction, Reason
from tables.ai_seats import AiSeats
from tables.game_hooks import A, G, GameHooks
from tables.lobby import Lobby, Seat
from tables.phases import ENDED, Phase
from tables.registry import TableRegistry
from tables.replay_steps import ReplaySteps
from tables.saved_form import saved_parts
from tables.scorebook import Scorebook
from tables.seating import Seating
from tables.table import Table
from tables.table_message import TableMessage
from tables.waits import Waits
from words.common import Notice

LOBBY_IDLE: Final = 15 * 60.0
"""Seconds a lobby waits for its next join, leave or start before it closes."""
EMPTY_LOBBY_IDLE: Final = 60.0
"""Seconds a lobby everyone left waits before it closes: it holds no slot of its host's meanwhile."""
TABLE_IDLE: Final = 60 * 60.0
"""Seconds a running table waits for a human action before it ends (freeing its place)."""
P = ParamSpec("P")

NOTICES_KEPT: Final = 6
"""How many of the latest notices the table message shows."""


class SeatedTable(Table, GameHooks[A, G], Generic[A, G]):
    """One table of a game with seats: ``A``, its game's actions; ``G``, its running game."""

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
        """What happened lately, as the table message says it."""
        clock = registry.clock
        self.seating = Seating(
            lobby,
            self.notices,
            change=self.change,
            phase=lambda: self.phase,
            now=clock.now,
            stood=lambda: self.steps.stood_changed(len(self.moves), self.seating.stood_seats()),
            emptied=self._emptied,
        )
        self.message = TableMessage(change=self.change, phase=lambda: self.phase, threaded=self._threaded)
        self.book = Scorebook(self, game=self.game, table_id=table_id)
        self.steps = ReplaySteps()
        limits = registry.absence_limits if self.races else registry.turn_limits
        self.waits = Waits(self, clock, limits, reshow=self.publisher.notify)
        self.ai: AiSeats[A] = AiSeats(self, clock)

    @property
    def seats(self) -> list[Seat]:
        return self.lobby.seats

    @property
    def host_id(self) -> int:
        return self.lobby.host_id

    @property
    def finished(self) -> bool:
        return self.phase in ENDED

    @property
    def series_ended(self) -> bool:  # Play again may still be offered
        return self.phase in (Phase.AGAIN, Phase.OVER)

    def require_state(self) -> G:
        if self.state is None:
            raise IllegalAction(Reason.NOT_STARTED)
        return self.state

    def require_playing(self) -> G:
        """The running game, while it is being played."""
        if self.phase is not Phase.PLAYING:
            raise IllegalAction(Reason.NOT_STARTED if self.phase is Phase.LOBBY else Reason.GAME_OVER)
        return self.require_state()

    def require_panel(self) -> G:
        """The game a player's panel opens on: the running one, while it is played, and while a
        player chooses the next game's options on theirs (Toppo's display)."""
        return self.require_state() if self.phase is Phase.CHOOSING else self.require_playing()

    # -- the lobby -------------------------------------------------------------------------------

    def option(self, name: str) -> str:
        """The value of one of the game's own options: the host's choice, else its default."""
        return self.lobby.option(name, self.lobby_choices)

    async def in_lobby(
        self, request: Callable[Concatenate[Lobby, P], None], *args: P.args, **kwargs: P.kwargs
    ) -> None:
        """A lobby request (``Lobby.join``, ``leave``, ``add_ai``...) while the table is its lobby."""

        def apply() -> None:
            if self.phase is not Phase.LOBBY:
                raise IllegalAction(Reason.STALE, "the game has started")
            request(self.lobby, *args, **kwargs)

        await self.change(apply)

    async def start(self, user_id: int) -> None:
        """Deal the first game (the host only, with enough seats)."""

        def start(lobby: Lobby) -> None:
            lobby.check_start(user_id)
            self.deal()

        await self.in_lobby(start)

    # -- playing -----------------------------------------------------------------------------------

    async def press(self, user_id: int, stamp: str, action: A) -> list[Notice]:
        """A move from ``user_id``'s panel, drawn at ``stamp``: the seat's own, while the game is
        played, from a panel not out of date; decided in the order presses reach the lock."""

        def apply() -> list[Notice]:
            seat = self.seating.require_seat(user_id)
            if action.seat != seat:
                raise IllegalAction(Reason.NOT_SEATED, "a move for another seat")
            self.require_playing()
            return self.apply_pressed(seat, stamp, action)

        return await self.change(apply)

    # -- games starting and ending (inside a change) -------------------------------------------------

    def play_dealt(self, state: G, dealt: dict[str, Any], moves: Sequence[dict[str, Any]] = ()) -> None:
        """Play ``state``, dealt as ``dealt`` (with ``moves`` begun): the first game, or the next."""
        first = self.state is None
        self.state, self.dealt = state, dealt
        self.start_move_log(moves)
        if first:
            self.message.first_game(self.book.again_count == 0)
        self.game_started(first=first)

    def game_started(self, *, first: bool = False, chapter: bool = False) -> None:
        """A game was dealt and is played from now on, in a message of its own; a ``chapter``
        (the next round of a match) goes on in the same log and the same rated game."""
        self.phase = Phase.PLAYING
        if not first:
            self.message.next_game()
        if chapter:
            return
        self.book.new_game(first=first)
        self.seating.new_game()
        self.steps.game_dealt(len(self.moves))

    def game_ended(self, *, rated: bool = True) -> None:
        """The running game is over: show its results and record it, if ``rated`` (not a round
        of a match), with the next save."""
        self.phase = Phase.RESULTS
        if rated:
            self.book.game_ended(self.finished_game().number)

    def to_lobby(self, seats: Sequence[Seat], retired_as: str | None = None) -> None:
        """Back to a lobby of ``seats``: the games played are forgotten (see its parts')."""
        self.phase = Phase.LOBBY
        self.lobby.seats = list(seats)
        self.state = None
        self.forget_games()
        self.seating.empty()
        self.start_move_log()
        self.notices.clear()
        self.book.to_lobby()
        self.message.to_lobby(self.book.again_count == 0, retired_as)

    def _emptied(self) -> None:
        """No person is left playing: the table ends, and says why."""
        self.message.nobody_left, self.phase = True, Phase.OVER

    @property
    def holds_room(self) -> bool:
        """Whether it counts against its host's and server's open tables: a lobby everyone left
        does not, while it waits a minute to close (its host may still add AI seats)."""
        return self.phase is not Phase.LOBBY or bool(self.lobby.seats)

    def _threaded(self, thread_id: int | None) -> None:
        self.thread_id, self.awaits_thread = thread_id, False

    def start_move_log(self, moves: Sequence[dict[str, Any]] = (), *, saved: bool = False) -> None:
        super().start_move_log(moves, saved=saved)
        if not saved:
            self.steps.new_log(self.seating.stood_seats())

    def shown_in(self) -> int:
        """The first lobby shows on the channel's card; the games and later lobbies in the thread."""
        first_lobby = self.book.again_count == 0 and self.phase in (Phase.LOBBY, Phase.CLOSED)
        return self.channel_id if self.message.card_id is not None and first_lobby else self.place_id

    # -- what :class:`Table` asks ---------------------------------------------------------------------

    def result_record(self) -> GameRecord:
        """The game whose results show, as the store keeps it (its key makes recording idempotent)."""
        kept = self.steps.kept_log(self.to_json(), self.moves, self.thread_id)
        return self.book.record(
            self.finished_game(), kept, guild_id=self.guild_id, channel_id=self.channel_id
        )

    def pending_record(self) -> GameRecord | None:
        return self.result_record() if self.book.record_pending else None

    async def record_written(self, record: GameRecord) -> None:
        await self.book.written(record, self.registry.store)

    async def after_save(self) -> None:
        await self.book.after_save()  # a game's result is written by the save itself

    def idle_timeout(self) -> float | None:
        if self.phase is Phase.LOBBY:  # a lobby everyone left waits a minute (its host may add AIs)
            return LOBBY_IDLE if self.lobby.seats else EMPTY_LOBBY_IDLE
        if self.phase is Phase.AGAIN and self.book.again_until is not None:
            return max(0.0, self.book.again_until - time.time())
        return None if self.finished else TABLE_IDLE

    async def expire(self) -> None:
        """Idle too long: the lobby closes, the table ends, or Play again's time is up."""

        def apply() -> None:
            if self.phase is Phase.AGAIN:
                self.book.again_expired()
            else:
                self.message.nobody_left = self.phase is Phase.LOBBY and not self.lobby.seats
                self.message.idle_expired = not self.message.nobody_left
                self.phase = Phase.CLOSED if self.phase is Phase.LOBBY else Phase.OVER

        await self.change(apply)

    def after_change(self) -> None:
        if self.phase is Phase.AGAIN:  # Play again's time runs from the end, whoever made it
            self.restart_idle_timer()
        self.ai.changed()
        self.waits.update()

    def resume(self) -> None:
        super().resume()
        if (record := self.pending_record()) is not None:  # recording is idempotent
            self.spawn(self.stored(record, again=True))
        elif self.book.last_result is not None:
            self.spawn(self.book.read_rating_changes(self.registry.store, self.guild_id))

    def stop_game(self) -> None:
        self.ai.stop()
        self.waits.stop()

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The table's saved form (:mod:`tables.saved_form`) with the running game as dealt; its
        moves are saved apart and replayed on loading (:meth:`restore`)."""
        return {**saved_parts(self), self.saved_as: None if self.state is None else {"dealt": self.dealt}}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        """The game as :meth:`to_json` saved it, replayed (a game saving more adds to both)."""
        if (game := saved[self.saved_as]) is not None:
            self.dealt = dict(game["dealt"])
            self.state = self.load_dealt(self.dealt)
            for move in moves:
                self.replay_move(move)
