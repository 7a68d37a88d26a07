"""A Toppo table: its lobby, then a series of games with AI seats, results and running totals.

The table takes requests by user id, checks them against its phase and seats, and feeds the
engine; everything is decided here, so the cog only turns clicks into requests and the table into
messages. Its lobby, seats, idle expiry, recording and AI driving are :class:`SeatedTable`'s; after
a game's results, "Next game" makes it ``choosing``: the start player the rules name picks 3, 4 or
5 cards, which deals the next game.

Buttons on a private panel carry a *stamp* of what the panel showed: a digest of the display, one
of the player's line, and whether play was open. A press whose picture is out of date is refused as
stale instead of being applied to a table the player has not seen: a top ordered for a display
that has just changed, a turn pressed before an interrupt the player could not see (which would
otherwise be a false start). A turn pressed while the panel *showed* the wait is a false start.
"""

import secrets
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Final, final

from data.records import LeagueSettings
from engine.errors import IllegalAction, Reason
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
WAIT_FOR_RESTART: Final = "wait for the restart"
"""The detail of a person's turn refused while play waits for another player to restart."""


OPEN, WAITING = "o", "w"


@final
class ToppoTable(SeatedTable[SeriesAction, Series]):
    """One channel's Toppo: lobby, series, AI seats."""

    game = "toppo"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)
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
        """What ``seat``'s panel shows now, for its buttons to carry."""
        series = self.require_state()
        game = series.game
        display = digest(f"{series.game_number}|{notation(game.display)}")
        line = digest(f"{series.game_number}|{notation(game.lines[seat])}|{int(game.matching[seat])}")
        gate = WAITING if game.restarter not in (None, seat) else OPEN
        return f"{display}-{line}-{gate}"

    def check_stamp(self, seat: int, stamp: str, action: SeriesAction) -> None:
        """As the module's note says; and a person's turn is refused while play waits for another
        player to restart: a false start is the rules' penalty, not a move to offer (AI seats
        still may, by mistake)."""
        if isinstance(action, CallToppo):
            return  # calling toppo means the same whatever the panel showed
        shown = stamp.split("-")
        now = self.panel_stamp(seat).split("-")
        if len(shown) != 3:
            raise IllegalAction(Reason.STALE, "not a panel stamp")
        if isinstance(action, CallTop | Match | VoteReplace) and shown[0] != now[0]:
            raise IllegalAction(Reason.STALE, DISPLAY_CHANGED)
        if isinstance(action, TurnCard | Renew | CallTop | Match) and shown[1] != now[1]:
            raise IllegalAction(Reason.STALE, "the line changed")
        if isinstance(action, TurnCard) and shown[2] == OPEN and now[2] == WAITING:
            raise IllegalAction(Reason.STALE, "play was interrupted")
        if isinstance(action, TurnCard) and self.require_state().game.restarter not in (None, seat):
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
