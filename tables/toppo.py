"""A Toppo table: its lobby, then a series of games with AI seats, results and running totals.

The table takes requests by user id, checks them against its phase and seats, and feeds the
engine; everything is decided here, so the cog only turns clicks into requests and the table into
messages. Its lobby, seats, idle expiry, recording and AI driving are :class:`SeatedTable`'s; after
a game's results, "Next game" makes it ``choosing``: the start player the rules name picks 3, 4 or
5 cards, which deals the next game.

A press names its move as the player saw it, and is made if that move is still possible now
(:meth:`ToppoTable.check_stamp`): its buttons carry a *stamp* of the game, the display and the
player's own line (:class:`Seen`), and each move is checked against what it depends on only. A
top or a vote is for the display shown, a match for the card pressed (laid on its twin on the
display as it is now, if the display still has one), a top or a renewal for the line shown; a
turn for no picture at all, but never while play waits for another player to restart (that
would only be a false start, which the panel cannot offer). Anything else comes from the engine,
each refusal with its own reason.
"""

import secrets
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, final

from data.records import LeagueSettings
from engine.errors import IllegalAction, Reason
from engine.toppo.actions import (
    CallTop,
    ChooseDisplaySize,
    Match,
    MatchCard,
    Renew,
    SeriesAction,
    TopLine,
    TurnCard,
    VoteReplace,
    action_from_json,
    action_to_json,
)
from engine.toppo.ai import Choice, choose_in_series, looks_at
from engine.toppo.cards import notation
from engine.toppo.events import GameStarted, TotalsUpdated
from engine.toppo.series import Series
from engine.toppo.state import MAX_PLAYERS, MIN_PLAYERS
from tables.game_hooks import Finished, NextChoice, Wait, ranked
from tables.phases import Phase
from tables.seated import SeatedTable
from tables.stamps import digest
from words.common import Notice
from words.toppo import notices_for

DISPLAY_CHANGED: Final = "the display changed"
"""The detail of a stale top, match or vote: someone changed the display first."""
LINE_CHANGED: Final = "the line changed"
"""The detail of a stale top or renewal: the player's line went under their deck meanwhile."""
WAIT_FOR_RESTART: Final = "wait for the restart"
"""The detail of a person's turn refused while play waits for another player to restart."""
PANEL_OUTDATED: Final = "not a panel stamp"
"""The detail of a press whose stamp this table never drew (a panel from before an update)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """What a panel showed that its moves depend on: the series' game number and digests of
    the display and of the player's line (with whether it is what is left after a match)."""

    game: int
    display: str
    line: str

    def __str__(self) -> str:
        return f"{self.game}-{self.display}-{self.line}"

    @classmethod
    def parse(cls, text: str) -> "Seen":
        """The inverse of ``str``; anything else was not drawn by this table."""
        game, _, rest = text.partition("-")
        display, _, line = rest.partition("-")
        if not game.isdigit() or not display.isalnum() or not line.isalnum():
            raise IllegalAction(Reason.STALE, PANEL_OUTDATED)
        return cls(int(game), display, line)


@final
class ToppoTable(SeatedTable[SeriesAction, Series]):
    """One channel's Toppo: lobby, series, AI seats."""

    game = "toppo"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)
    best_seats = 4
    saved_as = "series"
    """Saved as the series when its running game was dealt (every game of it is dealt anew)."""

    fixed_display: int | None = None
    """The display size of every game (a league's setting), or None for the rules' way."""

    def adopt_league(self, settings: LeagueSettings) -> None:
        self.fixed_display = settings.toppo_display

    def deal(self) -> None:
        self.begin(Series(len(self.seats), secrets.randbits(63), fixed_display=self.fixed_display))

    def begin(self, series: Series) -> None:
        """Play ``series`` (its first game dealt) at this table from now on."""
        self.play_dealt(series, series.to_json())

    # -- playing ---------------------------------------------------------------------------------

    def panel_stamp(self, seat: int) -> str:
        """What ``seat``'s panel shows now, for its buttons to carry (:class:`Seen`)."""
        series = self.require_state()
        game = series.game
        line = digest(f"{notation(game.lines[seat])}|{int(game.matching[seat])}")
        return str(Seen(series.game_number, digest(notation(game.display)), line))

    def check_stamp(self, seat: int, stamp: str, action: SeriesAction) -> None:
        """As the module's note says: a press is refused only for what its move depends on
        (a person's turn while play waits for another player to restart included: a false
        start is the rules' penalty, not a move to offer; AI seats still may, by mistake)."""
        shown, now = Seen.parse(stamp), Seen.parse(self.panel_stamp(seat))
        game = self.require_state().game
        if shown.game != now.game:
            raise IllegalAction(Reason.GAME_OVER, "a panel of an earlier game")
        if isinstance(action, MatchCard | Match) and shown.display != now.display:
            card = action.card if isinstance(action, MatchCard) else None
            if card is None or card not in game.display:
                raise IllegalAction(Reason.STALE, DISPLAY_CHANGED)
        if isinstance(action, TopLine | CallTop | VoteReplace) and shown.display != now.display:
            raise IllegalAction(Reason.STALE, DISPLAY_CHANGED)
        if isinstance(action, TopLine | CallTop | Renew) and shown.line != now.line:
            raise IllegalAction(Reason.STALE, LINE_CHANGED)
        if isinstance(action, TurnCard) and game.restarter not in (None, seat):
            raise IllegalAction(Reason.NOT_ALLOWED, WAIT_FOR_RESTART)

    def apply_action(self, action: SeriesAction) -> list[Notice]:
        series = self.require_state()
        events = series.apply(action)
        self.moves.append(action_to_json(action))
        notices = notices_for(series, events)
        self.notices.extend(notices)
        for event in events:
            if isinstance(event, TotalsUpdated):
                self.game_ended()
            elif isinstance(event, GameStarted):
                self.play_dealt(series, series.to_json())
        return notices

    # -- between games ---------------------------------------------------------------------------

    def game_number(self) -> int:
        return len(self.require_state().history)

    def deal_next(self) -> list[Notice]:
        """The start player the rules name chooses the next display size first (:meth:`choose`)."""
        self.phase = Phase.CHOOSING
        return []

    def next_choice(self) -> NextChoice | None:
        series = self.require_state()
        if (chooser := series.chooser()) is None:
            return None
        return NextChoice(
            chooser, series.display_sizes(), lambda size: self.apply_action(ChooseDisplaySize(chooser, size))
        )

    def waits_for(self) -> Wait | None:
        """In a game, the player who must restart play after an interrupt (everyone else waits
        for them)."""
        if self.state is None:
            return None
        series = self.require_state()
        game = series.game
        if self.phase is not Phase.PLAYING or game.restarter is None or game.outcome is not None:
            return None
        return Wait(game.restarter, f"restart {series.game_number} {digest(notation(game.display))}")

    def finished_game(self) -> Finished:
        """The last finished game: penalty points as the score, the fewest first; the caller won."""
        last = self.require_state().history[-1]
        number = self.game_number()
        return Finished(
            number=number,
            scores=last.scores,
            ranks=ranked(last.scores, lowest_first=True),
            won=(last.caller,),
            options={"display_size": last.display_size, "start_player": last.start_player, "game": number},
        )

    # -- AI seats --------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return self.phase, looks_at(self.require_state(), seat, self.ai.level(seat))

    def ai_choice(self, seat: int) -> Choice | None:
        return choose_in_series(self.require_state(), seat, self.ai.level(seat), self.ai.rng(seat))

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "fixed_display": self.fixed_display}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        self.fixed_display = saved.get("fixed_display")
        super().restore(saved, moves)

    def load_dealt(self, dealt: Mapping[str, Any]) -> Series:
        return Series.from_json(dealt)

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self.require_state().apply(action_from_json(move))

    def replay_turn(self) -> Hashable:
        """The display: each top, match or renewal changes it (the race has no turns)."""
        return notation(self.require_state().game.display)
