"""A Tally table: a series of games to 21, turn by turn, with AI seats and turn timers.

What is its own: dealing, a move from a panel (checked against the moment its panel showed),
whom the turn timer watches and what it does, and how a finished game ranks its seats. The
lobby, the series, saving and recording are :class:`~tables.seated.SeatedTable`'s and
:class:`~tables.turn_based.TurnBased`'s.
"""

import secrets
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from engine.errors import IllegalAction, Reason
from tables.game_hooks import Finished, Wait
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.turn_based import TurnBased
from tests.fixture_game.engine import (
    CODEC,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Add,
    Choice,
    TallyState,
    choose,
    new_game,
)
from tests.fixture_game.words import notices_for
from words.common import Notice


class TallyTable(TurnBased[Add, TallyState]):
    """One channel's Tally."""

    game = "tally"
    seats_allowed = (MIN_PLAYERS, MAX_PLAYERS)

    def __init__(self, registry: TableRegistry, **table: Any) -> None:
        super().__init__(registry, **table)
        self.number = 0

    def deal(self) -> None:
        self.begin(new_game(len(self.seats), secrets.randbits(63)))

    def begin(self, state: TallyState) -> None:
        self.number += 1
        self.play_dealt(state, {"players": state.players, "seed": state.seed})

    def stamp(self) -> str:
        """The moment a panel shows: the game and how many steps it has taken."""
        return f"{self.number}-{len(self.require_state().log)}"

    def check_stamp(self, seat: int, stamp: str, action: Add) -> None:
        if stamp != self.stamp():
            raise IllegalAction(Reason.STALE, "the total moved on")

    def apply_action(self, action: Add) -> list[Notice]:
        state = self.require_state()
        notices = notices_for(state.apply(action))
        self.moves.append(CODEC.to_json(action))
        self.notices.extend(notices)
        if state.winner is not None:
            self.game_ended()
        return notices

    def game_number(self) -> int:
        return self.number

    def deal_next(self) -> list[Notice]:
        self.begin(new_game(len(self.seats), secrets.randbits(63)))
        return []

    def finished_game(self) -> Finished:
        winner = self.require_state().winner
        assert winner is not None, "a result is recorded once the game is won"
        won = [int(seat == winner) for seat in range(len(self.seats))]
        return Finished(number=self.number, scores=won, ranks=[2 - w for w in won], won=(winner,), options={})

    # -- turn timers -----------------------------------------------------------------------------

    def waits_for(self) -> Wait | None:
        state = self.state
        if self.phase is not Phase.PLAYING or state is None or state.winner is not None:
            return None
        return None if self.seats[state.current].is_ai else Wait(state.current, self.stamp())

    def warn(self, seat: int) -> None:
        self.notices.append(Notice("hurry", seat, {"seconds": self.waits.seconds_left_at_warning()}))

    def time_out(self, seat: int) -> None:
        action = self.require_state().timeout_action(seat)
        assert action is not None, "the game waits for the watched seat"
        self.notices.append(Notice("timed_out", seat))
        self.apply_action(action)

    # -- AI seats --------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return (self.phase, self.number, len(self.require_state().log))

    def ai_choice(self, seat: int) -> Choice | None:
        return choose(self.require_state(), seat, self.ai.level(seat), self.ai.rng(seat))

    # -- saving ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "number": self.number}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        self.number = saved["number"]
        super().restore(saved, moves)

    def load_dealt(self, dealt: Mapping[str, Any]) -> TallyState:
        return TallyState.from_json({**dealt, "log": []})

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self.require_state().apply(CODEC.from_json(move))

    def replay_turn(self) -> Hashable:
        return len(self.require_state().log)
