"""A Toppo table: its lobby, then a series of games with AI seats, results and running totals.

The table takes requests by user id, checks them against its phase and seats, and feeds the
engine; everything is decided here, so the cog only turns clicks into requests and the table into
messages. Its phases:

``lobby`` -> ``playing`` -> ``results`` (a game ended; recorded) -> ``choosing`` ("Next game":
the start player the rules name picks 3, 4 or 5 cards) -> ``playing`` ... -> ``over`` ("End
series", or idle too long). A lobby left idle is ``closed``.

Buttons on a private panel carry a *stamp* of what the panel showed: a digest of the display, one
of the player's line, and whether play was open. A press whose picture is out of date is refused as
stale instead of being applied to a table the player has not seen: a top ordered for a display
that has just changed, a turn pressed before an interrupt the player could not see (which would
otherwise be a false start). A turn pressed while the panel *showed* the wait is a false start.
"""

import secrets
import zlib
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Final

from data import SavedTable
from data.records import GameRecord, SeatResult
from engine.ai import Level
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.toppo.actions import (
    CallTop,
    CallToppo,
    ChooseDisplaySize,
    Match,
    Renew,
    SeriesAction,
    TurnCard,
    VoteReplace,
    action_from_json,
    action_to_json,
)
from engine.toppo.ai import PROFILES, choose_in_series
from engine.toppo.cards import notation
from engine.toppo.events import (
    DisplayReplaced,
    Event,
    FalseStart,
    GameStarted,
    LineTopped,
    Matched,
    MatchFailed,
    PenaltyPaid,
    StockReshuffled,
    TopFailed,
    ToppoCalled,
    ToppoFailed,
    TotalsUpdated,
    VoteCast,
)
from engine.toppo.series import Series
from engine.toppo.state import MAX_PLAYERS, MIN_PLAYERS, TOPPO_LIMIT
from tables.ai import AiDriver
from tables.lobby import Lobby, Seat, seat_of
from tables.registry import TableRegistry
from tables.table import Table

LEVELS: Final = tuple(level.value for level in Level)
LOBBY_IDLE: Final = 15 * 60.0
"""Seconds a lobby waits for its next join, leave or start before it closes."""
TABLE_IDLE: Final = 60 * 60.0
"""Seconds a series waits for a human action before it ends (a forgotten table frees the channel)."""
NOTICES_KEPT: Final = 6
DISPLAY_CHANGED: Final = "the display changed"
"""The detail of a stale top, match or vote: someone changed the display first."""


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    RESULTS = "results"
    CHOOSING = "choosing"
    OVER = "over"
    CLOSED = "closed"


class PanelAction(StrEnum):
    """What the buttons of a private panel do to the game."""

    TURN = "turn"
    RENEW = "renew"
    TOP = "top"
    MATCH = "match"
    TOPPO = "toppo"
    VOTE = "vote"


@dataclass(frozen=True, slots=True)
class Press:
    """A panel button as pressed: for a top, ``order[slot]`` is the line index laid on that slot;
    for a match, line card ``order[0]`` goes on display ``slot``."""

    action: PanelAction
    stamp: str
    order: tuple[int, ...] = ()
    slot: int = 0


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the channel is told, as a catalogue code (``toppo.notice.<code>``), the seat it is
    about and values for the message: ``card`` is card notation, ``slot`` a display slot index."""

    code: str
    player: int | None = None
    values: Mapping[str, int | str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "player": self.player, "values": dict(self.values)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Notice":
        return cls(data["code"], data["player"], data["values"])


def notices_for(events: Sequence[Event]) -> list[Notice]:
    """What the channel should hear about these events: penalties with their reason and cost,
    tops, matches, votes and the end of a game; plain turns and renewals go unsaid."""
    notices: list[Notice] = []
    mistake: Notice | None = None
    for event in events:
        match event:
            case TopFailed(seat=seat):
                mistake = Notice("wrong_top", seat)
            case MatchFailed(seat=seat, card=card, slot=slot):
                mistake = Notice("wrong_match", seat, {"card": str(card), "slot": slot})
            case ToppoFailed(seat=seat, cards_left=left):
                mistake = Notice("false_toppo", seat, {"left": left})
            case FalseStart(seat=seat):
                mistake = Notice("false_start", seat)
            case PenaltyPaid(penalty_cards=cards) if mistake is not None:
                values = {**mistake.values, "cards": len(cards)}
                notices.append(Notice(mistake.code, mistake.player, values))
                mistake = None
            case LineTopped(seat=seat):
                notices.append(Notice("topped", seat))
            case Matched(seat=seat, card=card, slot=slot):
                notices.append(Notice("matched", seat, {"card": str(card), "slot": slot}))
            case VoteCast(seat=seat, votes=votes, needed=needed):
                notices.append(Notice("voted", seat, {"votes": votes, "needed": needed}))
            case DisplayReplaced():
                notices.append(Notice("replaced"))
            case StockReshuffled(cards=cards):
                notices.append(Notice("reshuffled", None, {"cards": cards}))
            case ToppoCalled(seat=seat, cards_left=left):
                notices.append(Notice("toppo", seat, {"left": left}))
            case GameStarted(game_number=number, start_player=seat, display=display):
                notices.append(Notice("game_started", seat, {"number": number, "size": len(display)}))
    return notices


def _digest(text: str) -> str:
    """A short base-36 digest: enough to tell one picture of the table from the next."""
    value = zlib.crc32(text.encode())
    digits = ""
    while True:
        value, digit = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not value:
            return digits


OPEN, WAITING = "o", "w"


class ToppoTable(Table):
    """One channel's Toppo: lobby, series, AI seats."""

    game = "toppo"

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
        fixed_display: int | None = None,
    ) -> None:
        super().__init__(
            registry, table_id=table_id, guild_id=guild_id, channel_id=channel_id, publish=publish
        )
        self.locale = locale
        """The locale of the table's public messages (the server's when the table opened)."""
        self.lobby = lobby
        self.fixed_display = fixed_display
        """The display size of every game (a league's setting), or None for the rules' way."""
        self.phase = Phase.LOBBY
        self.series: Series | None = None
        self._game_head: dict[str, Any] = {}
        """The series as it was when the running game was dealt (see :meth:`to_json`)."""
        self._moves: list[dict[str, Any]] = []
        """Every action since then, as JSON, appended as they are applied."""
        self.notices: deque[Notice] = deque(maxlen=NOTICES_KEPT)
        self.message_id: int | None = None
        """The public message showing the table now; None until (re)posted."""
        self.retired_message_id: int | None = None
        """The previous game's message, whose buttons must go once the next game is posted."""
        self.game_started_at: datetime | None = None
        self.idle_expired = False
        """The table ended because nobody acted for :data:`TABLE_IDLE` (said on its last message)."""
        self._record_pending = False
        self._ai_rngs: dict[int, Rng] = {}
        self.ai: AiDriver[SeriesAction] = AiDriver(self, registry.clock, self.spawn)

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
        fixed_display: int | None = None,
    ) -> "ToppoTable":
        """A new lobby with its host in the first seat."""
        lobby = Lobby(host_id, MIN_PLAYERS, MAX_PLAYERS)
        lobby.join(host_id, host_name)
        return cls(
            registry,
            table_id=secrets.token_hex(5),
            guild_id=guild_id,
            channel_id=channel_id,
            publish=publish,
            locale=locale,
            lobby=lobby,
            fixed_display=fixed_display,
        )

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

    def require_series(self) -> Series:
        if self.series is None:
            raise IllegalAction(Reason.NOT_STARTED)
        return self.series

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

    async def start(self, user_id: int) -> None:
        """Deal the first game (the host only, with enough seats)."""

        def start() -> None:
            self._in_lobby().check_start(user_id)
            self.begin(Series(len(self.seats), secrets.randbits(63), fixed_display=self.fixed_display))

        await self.change(start)

    def begin(self, series: Series) -> None:
        """Play ``series`` (its first game dealt) at this table from now on."""
        self.series = series
        self.phase = Phase.PLAYING
        self._new_game()

    def _new_game(self) -> None:
        self.game_started_at = datetime.now(UTC)
        self._game_head = self.require_series().to_json()
        self._moves = []

    # -- playing ---------------------------------------------------------------------------------

    def panel_stamp(self, seat: int) -> str:
        """What ``seat``'s panel shows now, for its buttons to carry."""
        series = self.require_series()
        game = series.game
        display = _digest(f"{series.game_number}|{notation(game.display)}")
        line = _digest(f"{series.game_number}|{notation(game.lines[seat])}|{int(game.matching[seat])}")
        gate = WAITING if game.restarter not in (None, seat) else OPEN
        return f"{display}-{line}-{gate}"

    def _check_stamp(self, seat: int, press: Press) -> None:
        action = press.action
        if action is PanelAction.TOPPO:
            return  # calling toppo means the same whatever the panel showed
        shown = press.stamp.split("-")
        now = self.panel_stamp(seat).split("-")
        if len(shown) != 3:
            raise IllegalAction(Reason.STALE, "not a panel stamp")
        if action in (PanelAction.TOP, PanelAction.MATCH, PanelAction.VOTE) and shown[0] != now[0]:
            raise IllegalAction(Reason.STALE, DISPLAY_CHANGED)
        line_actions = (PanelAction.TURN, PanelAction.RENEW, PanelAction.TOP, PanelAction.MATCH)
        if action in line_actions and shown[1] != now[1]:
            raise IllegalAction(Reason.STALE, "the line changed")
        if action is PanelAction.TURN and shown[2] == OPEN and now[2] == WAITING:
            raise IllegalAction(Reason.STALE, "play was interrupted")

    def require_playing(self) -> Series:
        if self.phase is Phase.LOBBY:
            raise IllegalAction(Reason.NOT_STARTED)
        if self.phase is not Phase.PLAYING:
            raise IllegalAction(Reason.GAME_OVER)
        return self.require_series()

    async def press(self, user_id: int, press: Press) -> list[Notice]:
        """A panel button: the player's move, if their panel still shows the table as it is."""

        def apply() -> list[Notice]:
            seat = self.require_seat(user_id)
            self.require_playing()
            self._check_stamp(seat, press)
            return self._apply(_action(seat, press))

        return await self.change(apply)

    def _apply(self, action: SeriesAction) -> list[Notice]:
        series = self.require_series()
        events = series.apply(action)
        self._moves.append(action_to_json(action))
        notices = notices_for(events)
        self.notices.extend(notices)
        for event in events:
            if isinstance(event, TotalsUpdated):
                self.phase = Phase.RESULTS
                self._record_pending = True
            elif isinstance(event, GameStarted):
                self.phase = Phase.PLAYING
                self.retired_message_id, self.message_id = self.message_id, None
                self._new_game()
        return notices

    # -- between games ---------------------------------------------------------------------------

    def _require_member(self, user_id: int) -> None:
        """Seated players, and the host (who may watch a table of AI seats), steer the series."""
        if user_id != self.lobby.host_id:
            self.require_seat(user_id)

    async def next_game(self, user_id: int) -> None:
        def apply() -> None:
            self._require_member(user_id)
            if self.phase is not Phase.RESULTS:
                raise IllegalAction(Reason.STALE, "the next game is already on its way")
            self.phase = Phase.CHOOSING

        await self.change(apply)

    async def choose(self, user_id: int, size: int) -> list[Notice]:
        """The start player the rules name picks the next display size, which deals the game."""

        def apply() -> list[Notice]:
            seat = self.require_seat(user_id)
            if self.phase is not Phase.CHOOSING:
                raise IllegalAction(Reason.STALE, "not choosing a display now")
            return self._apply(ChooseDisplaySize(seat, size))

        return await self.change(apply)

    async def end_series(self, user_id: int) -> None:
        def apply() -> None:
            self._require_member(user_id)
            if self.phase not in (Phase.RESULTS, Phase.CHOOSING):
                raise IllegalAction(Reason.STALE, "the series cannot end now")
            self.phase = Phase.OVER

        await self.change(apply)

    async def after_save(self) -> None:
        if self._record_pending:
            await self.registry.store.record_game(self.result_record())
            self._record_pending = False

    def result_record(self) -> GameRecord:
        """The last finished game as the store keeps it; its key makes recording idempotent."""
        series = self.require_series()
        last = series.history[-1]
        number = len(series.history)
        now = datetime.now(UTC)
        seats = tuple(
            SeatResult(
                seat=index,
                user_id=seat.user_id,
                display_name=seat.name or f"AI ({seat.ai_level})",
                ai_level=seat.ai_level,
                score=score,
                rank=1 + sum(1 for other in last.scores if other < score),
                won=index == last.caller,
            )
            for index, (seat, score) in enumerate(zip(self.seats, last.scores, strict=True))
        )
        return GameRecord(
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            game="toppo",
            result_key=f"toppo:{self.table_id}:{number}",
            options={"display_size": last.display_size, "start_player": last.start_player, "game": number},
            started_at=self.game_started_at or now,
            finished_at=now,
            seats=seats,
        )

    # -- the public message ----------------------------------------------------------------------

    async def set_message(self, message_id: int) -> None:
        """Remember the message now showing the table, so a restart edits the same one."""

        def apply() -> None:
            self.message_id = message_id

        await self.change(apply, shown=False)

    async def forget_retired_message(self) -> None:
        """The previous game's message has lost its buttons."""

        def apply() -> None:
            self.retired_message_id = None

        await self.change(apply, shown=False)

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
        if self.phase not in (Phase.PLAYING, Phase.CHOOSING):
            return []
        return [number for number, seat in enumerate(self.seats) if seat.is_ai]

    def _level(self, seat: int) -> Level:
        level = self.seats[seat].ai_level
        assert level is not None, "only AI seats have a level"
        return Level(level)

    def ai_inputs(self, seat: int) -> Hashable:
        series = self.require_series()
        if self.phase is Phase.CHOOSING:
            return (self.phase, series.game_number, series.chooser())
        game = series.game
        patience = PROFILES[self._level(seat)].patience * game.players
        return (
            self.phase,
            series.game_number,
            tuple(game.display),
            tuple(game.lines[seat]),
            game.matching[seat],
            game.restarter,
            game.cards_left(seat) < TOPPO_LIMIT,
            seat in game.votes,
            game.display_age >= patience,
        )

    def ai_decide(self, seat: int) -> tuple[SeriesAction, float] | None:
        rng = self._ai_rngs.get(seat)
        if rng is None:
            rng = self._ai_rngs[seat] = Rng.from_seed(secrets.randbits(64))
        choice = choose_in_series(self.require_series(), seat, self._level(seat), rng)
        return None if choice is None else (choice.action, choice.delay)

    async def ai_act(self, seat: int, action: SeriesAction) -> bool:
        def apply() -> None:
            if self.phase not in (Phase.PLAYING, Phase.CHOOSING):
                raise IllegalAction(Reason.STALE, "the AI's moment has passed")
            self._apply(action)

        try:
            await self.change(apply, by_ai=True)
        except IllegalAction:
            return False
        return True

    def after_change(self) -> None:
        self.ai.changed()

    def resume(self) -> None:
        super().resume()
        if self._record_pending:
            self.spawn(self.after_save())

    def stop_game(self) -> None:
        self.ai.stop()

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The table's saved form. The series is saved as it was when the running game was
        dealt plus the moves since, both kept up to date as play goes: the table is saved after
        every move, and serialising a long game's whole log each time would hold up the event
        loop for milliseconds. Loading replays the moves."""
        series = None if self.series is None else {"dealt": self._game_head, "moves": list(self._moves)}
        return {
            "phase": self.phase.value,
            "locale": self.locale,
            "lobby": self.lobby.to_json(),
            "fixed_display": self.fixed_display,
            "series": series,
            "notices": [notice.to_json() for notice in self.notices],
            "message_id": self.message_id,
            "retired_message_id": self.retired_message_id,
            "game_started_at": None if self.game_started_at is None else self.game_started_at.isoformat(),
        }

    @classmethod
    def load(
        cls, registry: TableRegistry, saved: SavedTable, publish: Callable[[Table], Awaitable[None]]
    ) -> "ToppoTable":
        """The table as saved; a game that ended before its result was written is recorded
        again on the next save (recording is idempotent)."""
        state = saved.state
        table = cls(
            registry,
            table_id=saved.table_id,
            guild_id=saved.guild_id,
            channel_id=saved.channel_id,
            publish=publish,
            locale=state["locale"],
            lobby=Lobby.from_json(state["lobby"]),
            fixed_display=state.get("fixed_display"),
        )
        table.phase = Phase(state["phase"])
        if state["series"] is not None:
            table.series = Series.from_json(state["series"]["dealt"])
            table._game_head = state["series"]["dealt"]
            for move in state["series"]["moves"]:
                table.series.apply(action_from_json(move))
            table._moves = list(state["series"]["moves"])
        table.notices.extend(Notice.from_json(notice) for notice in state["notices"])
        table.message_id = state["message_id"]
        table.retired_message_id = state["retired_message_id"]
        started = state["game_started_at"]
        table.game_started_at = None if started is None else datetime.fromisoformat(started)
        table._record_pending = table.phase is Phase.RESULTS
        return table


def _action(seat: int, press: Press) -> SeriesAction:
    match press.action:
        case PanelAction.TURN:
            return TurnCard(seat)
        case PanelAction.RENEW:
            return Renew(seat)
        case PanelAction.TOP:
            return CallTop(seat, press.order)
        case PanelAction.MATCH:
            if len(press.order) != 1:
                raise IllegalAction(Reason.BAD_OPTION, "a match lays one card")
            return Match(seat, press.order[0], press.slot)
        case PanelAction.TOPPO:
            return CallToppo(seat)
        case PanelAction.VOTE:
            return VoteReplace(seat)
