"""The series a table plays and what the store keeps of it: each game recorded once, the ratings
it moved, the buttons between games, ending early, Play again and the host's abort.

A table plays a *series* (Toppo's games, Spit's matches, Cover Your Assets' rounds of a match):
each game that ends is recorded under a key (``<game>:<table>:<number>``, and
``<game>:<table>.<series>:<number>`` after Play again dealt a new series), which makes recording
idempotent, in the same transaction as the table's save that shows it ended
(:meth:`Scorebook.pending_record`). Between games, any seated player (or the host) asks for the
next one; ending the series early is the host's alone, or most of the people's. Once the series
is over, Play again is offered to its people for :data:`AGAIN_WINDOW`.

The scorebook's requests change its table (the :class:`SeriesTable` it is given), under the
table's lock like any other change.
"""

import contextlib
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, ClassVar, Final, Protocol, TypeVar

from data import Store, StoreError
from data.records import GameRecord, KeptLog, SeatResult
from engine.errors import IllegalAction, Reason
from tables.game_hooks import Finished, NextChoice
from tables.lobby import Lobby, Seat
from tables.phases import Phase
from tables.seating import Seating
from tables.stand_ins import honest_ranks
from words.common import Notice

T = TypeVar("T")

AGAIN_WINDOW: Final = 120.0
"""Seconds the people of a finished series have to press Play again."""
ABORT_WINDOW: Final = 60.0
"""Seconds into a table's first game during which its host may abort it whatever happened."""


class SeriesTable(Protocol):
    """What a scorebook needs of its table."""

    rated_as: ClassVar[str]
    phase: Phase
    lobby: Lobby
    seating: Seating

    async def change(self, apply: Callable[[], T], *, by_ai: bool = False, shown: bool = True) -> T: ...

    @property
    def decided(self) -> bool: ...

    def game_number(self) -> int: ...

    def deal(self) -> None: ...

    def deal_next(self) -> list[Notice]: ...

    def finished_game(self) -> Finished: ...

    def recorded_as(self) -> str | None: ...

    def next_choice(self) -> NextChoice | None: ...

    def to_lobby(self, seats: Sequence[Seat], retired_as: str | None = None) -> None: ...


class Scorebook:
    """One table's series and records; see the module's note."""

    def __init__(self, table: SeriesTable, *, game: str, table_id: str) -> None:
        self._table = table
        self._game = game
        self._table_id = table_id
        self.games_played = 0
        """Games of the running series recorded so far."""
        self.started_at: datetime | None = None
        """When the running game was dealt."""
        self.record_pending = False
        """A game ended and its record is not yet written (the next save writes it)."""
        self.last_result: str | None = None
        """The result key of the last game finished at this table, while its results show (the
        results card's replay link)."""
        self.rating_changes: dict[int, tuple[int, int]] = {}
        """How the last game recorded moved each seat's rating (before, after), while its
        results show: read from the store once it is recorded, or resumed."""
        self.end_votes: set[int] = set()
        """The people who asked to end the series since the last game ended (not saved: a
        restart asks again)."""
        self.again_count = 0
        """How many times Play again dealt at this table (a new series each time): it tells one
        series' results from the next in their keys."""
        self.again_until: float | None = None
        """While Play again is offered: until when (seconds since the epoch: it shows on the
        reader's clock and holds over a restart)."""
        self.again: set[int] = set()
        """The people who pressed Play again."""
        self.one_game = False
        """A table a game night seated (issue 45): its series is its one game, and the table is
        over once that is recorded (the night seats its people again)."""

    # -- games starting and ending ---------------------------------------------------------------

    def new_game(self, *, first: bool) -> None:
        """A game was dealt (the ``first`` of a series, or the next one)."""
        self.started_at = datetime.now(UTC)
        self.last_result, self.rating_changes = None, {}
        if first:
            self.games_played = 0

    def result_key(self, number: int) -> str:
        """The key game ``number`` of the running series is recorded under."""
        again = f".{self.again_count}" if self.again_count else ""
        return f"{self._game}:{self._table_id}{again}:{self._table.rated_as}{number}"

    def game_ended(self, number: int) -> None:
        """Game ``number`` is over: its record is written with the next save."""
        self.record_pending = True
        self.last_result = self.result_key(number)
        self.games_played += 1
        self.end_votes.clear()

    def record(self, finished: Finished, kept: KeptLog, *, guild_id: int, channel_id: int) -> GameRecord:
        """The game that just ended as the store keeps it. A person whose seat an AI played at
        the end ranks last (:mod:`tables.stand_ins`)."""
        seating = self._table.seating
        now = datetime.now(UTC)
        away = {n for n in range(len(seating.seats)) if seating.away(n)}
        ranks, won = honest_ranks(finished.ranks, finished.won, away)
        counted = [seating.counted(n) for n in range(len(seating.seats))]
        seats = tuple(
            SeatResult(
                seat=index,
                user_id=seat.user_id,
                display_name=seat.name or f"AI ({seat.ai_level})",
                ai_level=seat.ai_level,
                score=finished.scores[index],
                rank=ranks[index],
                won=index in won,
                stood_in=0 if seat.is_ai else seating.stood_in.get(index, 0),
                absent=index in away,
            )
            for index, seat in enumerate(counted)
        )
        return GameRecord(
            guild_id=guild_id,
            channel_id=channel_id,
            game=self._table.recorded_as() or self._game,
            result_key=self.result_key(finished.number),
            options=dict(finished.options),
            started_at=self.started_at or now,
            finished_at=now,
            seats=seats,
            kept=kept,
        )

    async def written(self, record: GameRecord, store: Store) -> None:
        """``record`` is stored: its results show how it moved each seat's rating (none if it
        was not rated, or the database could not say)."""
        # Another game may have ended while the write was under way: only this one is done.
        if self.record_pending and self.last_result == record.result_key:
            self.record_pending = False
            await self.read_rating_changes(store, record.guild_id)

    async def after_save(self) -> None:
        """A table a game night seated (:attr:`one_game`) is over once its game is recorded."""
        if self.one_game and self._table.phase is Phase.RESULTS and self.games_played:
            await self._table.change(self._night_over)

    def _night_over(self) -> None:
        if self._table.phase is Phase.RESULTS:
            self._table.phase = Phase.OVER

    async def read_rating_changes(self, store: Store, guild_id: int) -> None:
        """How the last game recorded moved each seat's rating, from the store (not saved with
        the table: a resumed table reads them again)."""
        if self.last_result is None:
            return
        with contextlib.suppress(StoreError):
            changes = await store.rating_changes(guild_id, self.last_result)
            self.rating_changes = {change.seat: (change.before, change.after) for change in changes}

    # -- between games ---------------------------------------------------------------------------

    def _between_games(self, user_id: int, number: int) -> None:
        """``user_id`` may steer the series, and game ``number``'s results are the ones shown."""
        table = self._table
        table.seating.require_member(user_id)
        if table.phase not in (Phase.RESULTS, Phase.CHOOSING) or number != table.game_number():
            raise IllegalAction(Reason.STALE, "a button of an earlier game")

    async def next_game(self, user_id: int, number: int) -> list[Notice]:
        """The next game after game ``number`` (any seated player, or the host, may ask)."""

        def apply() -> list[Notice]:
            self._between_games(user_id, number)
            if self._table.phase is not Phase.RESULTS:
                raise IllegalAction(Reason.STALE, "the next game is already on its way")
            return self._table.deal_next()

        return await self._table.change(apply)

    async def choose(self, user_id: int, value: int) -> list[Notice]:
        """Between games, the player :meth:`~tables.game_hooks.GameHooks.next_choice` names
        chooses ``value`` for the next game, which deals it."""

        def apply() -> list[Notice]:
            table = self._table
            seat = table.seating.require_seat(user_id)
            choice = table.next_choice() if table.phase is Phase.CHOOSING else None
            if choice is None:
                raise IllegalAction(Reason.STALE, "nothing to choose now")
            if seat != choice.seat:
                raise IllegalAction(Reason.NOT_YOUR_TURN, "another player chooses")
            if value not in choice.values:
                raise IllegalAction(Reason.BAD_OPTION, f"{value} is not a choice")
            return choice.take(value)

        return await self._table.change(apply)

    def end_votes_needed(self) -> int:
        """Most of the people seated: more than half."""
        return len(self._table.seating.people()) // 2 + 1

    def ends_by(self, user_id: int) -> bool:
        """Count ``user_id``'s wish to end the series early (inside a change); True once it
        ends: the host asked, or most of the people seated have. One player cannot end the
        evening for everyone."""
        seating = self._table.seating
        seating.require_member(user_id)
        self.end_votes.add(user_id)
        host = self._table.lobby.host_id
        return user_id == host or len(self.end_votes & seating.people()) >= self.end_votes_needed()

    async def end_series(self, user_id: int, number: int) -> None:
        """End the series or match after game ``number``: at once for the host, else once most
        of the people seated have asked (:meth:`ends_by`). A rated game of several (a match of
        rounds) ended between them is recorded as it stands, so nobody leaves a losing match
        unrated by ending it."""

        def apply() -> None:
            self._between_games(user_id, number)
            if self.ends_by(user_id):
                if self._table.rated_as and self.last_result is None:  # a match ended between rounds
                    self.game_ended(self._table.finished_game().number)
                self.series_over()

        await self._table.change(apply)

    # -- the end of a series: Play again -----------------------------------------------------------

    def series_over(self) -> None:
        """The series or match ended (inside a change): offer Play again to its people for
        :data:`AGAIN_WINDOW`."""
        self._table.phase = Phase.AGAIN
        self.again_until = time.time() + AGAIN_WINDOW
        self.again = set()

    def again_asked(self) -> set[int]:
        """Who must press Play again: the people seated (a table of AI seats: its host)."""
        return self._table.seating.people() or {self._table.lobby.host_id}

    async def play_again(self, user_id: int) -> None:
        """``user_id`` presses Play again: once everyone asked has, a new series with the same
        seats and options is dealt; a seat whose person left is opened instead, in the lobby."""

        def apply() -> None:
            table = self._table
            if table.phase is not Phase.AGAIN:
                raise IllegalAction(Reason.STALE, "Play again is over")
            if user_id not in self.again_asked():
                raise IllegalAction(Reason.NOT_SEATED)
            self.again.add(user_id)
            if self.again >= self.again_asked():
                self.again_count += 1
                if any(table.seating.left(seat) for seat in range(len(table.seating.seats))):
                    self._lobby_again()
                else:
                    table.to_lobby(table.seating.seats)
                    table.deal()

        await self._table.change(apply)

    def again_expired(self) -> None:
        """Play again's time is up (inside a change): those who pressed it are in a lobby, or the
        table ends if nobody did."""
        if self.again:
            self.again_count += 1
            self._lobby_again()
        else:
            self._table.phase = Phase.OVER

    def _lobby_again(self) -> None:
        """The people who pressed Play again, and the AI seats, in a lobby (the other seats are
        open to anyone)."""
        seating = self._table.seating
        self._table.to_lobby(
            [
                seat
                for number, seat in enumerate(seating.seats)
                if seat.is_ai or (seat.user_id in self.again and not seating.left(number))
            ]
        )

    async def close_play_again(self) -> None:
        """A new table is opened where this one offers Play again: the offer ends (the table
        with it) and the place is free. Any other phase keeps its place."""

        def apply() -> None:
            if self._table.phase is Phase.AGAIN:
                self._table.phase = Phase.OVER

        await self._table.change(apply)

    # -- abort -----------------------------------------------------------------------------------

    def may_abort(self) -> bool:
        """Whether the host may still abort: in the series' first game, within its first
        minute or before every person seated has pressed their panel."""
        table, started = self._table, self.started_at
        if table.phase is not Phase.PLAYING or self.games_played or started is None:
            return False
        young = (datetime.now(UTC) - started).total_seconds() < ABORT_WINDOW
        return young or not table.seating.people() <= table.seating.acted

    async def abort(self, user_id: int) -> None:
        """The host aborts a game nobody has really started: nothing is recorded, and the table
        is its lobby again (without the seats people left)."""

        def apply() -> None:
            table = self._table
            table.lobby.check_host(user_id)
            if not self.may_abort():
                raise IllegalAction(Reason.NOT_ALLOWED, "too late to abort")
            seating = table.seating
            kept = [seat for number, seat in enumerate(seating.seats) if not seating.left(number)]
            table.to_lobby(kept, retired_as="aborted")

        await self._table.change(apply)

    def to_lobby(self) -> None:
        """Back to a lobby: nothing pending, nothing offered."""
        self.record_pending = False
        self.started_at = None
        self.again_until, self.again = None, set()

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Its part of the table's saved form."""
        started = self.started_at
        return {
            "game_started_at": None if started is None else started.isoformat(),
            "again_count": self.again_count,
            "games_played": self.games_played,
            "again_until": self.again_until,
            "again": sorted(self.again),
            "last_result": self.last_result,
            "one_game": self.one_game,
        }

    def load(self, state: Mapping[str, Any], phase: Phase) -> None:
        """Put back what :meth:`to_json` saved; a table saved showing results has its record
        written again on resuming (saved before results went with the table's state; the key
        makes it a no-op when it is stored already)."""
        started = state["game_started_at"]
        self.started_at = None if started is None else datetime.fromisoformat(started)
        self.record_pending = phase is Phase.RESULTS
        self.again_count, self.games_played = state.get("again_count", 0), state.get("games_played", 0)
        self.again_until, self.again = state.get("again_until"), set(state.get("again", []))
        self.last_result = state.get("last_result")
        self.one_game = state.get("one_game", False)
