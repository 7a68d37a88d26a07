"""The table of a simple game played turn by turn: one seat moves at a time, choosing one of its
legal actions, until the game has a winner; then the next game of the series.

Such a game (the tests' own Tally; a dice game like Pig) gives its table only its rules, a
:class:`TurnRules`: how a game is dealt, its AI, what its events say and how its actions are
saved. Everything else is here, once: the series' games counted; a panel's move checked against
the moment its panel showed (its stamp: the game and the number of moves made); the turn timer on
the person whose turn it is, warned, then the engine's timeout move made for them; the AI seats;
the result (the winner first, the others sharing second); saving (the game as dealt: its players
and seed) and replays (a turn is a move).
"""

import secrets
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from engine.contract import AiChoice, Choose, TurnBasedState
from engine.errors import IllegalAction, Reason
from engine.saving import ActionCodec
from tables.game_hooks import Finished, Move, Wait
from tables.phases import Phase
from tables.registry import TableRegistry
from tables.turn_based import TurnBased
from words.common import Notice

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

A = TypeVar("A", bound=Move)
D = TypeVar("D", bound="DataclassInstance")
E_co = TypeVar("E_co", covariant=True)


class TurnState(TurnBasedState[A, E_co], Protocol[A, E_co]):
    """A game of one move at a time: whose turn it is, its winner once won, its moves so far."""

    @property
    def current(self) -> int: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def log(self) -> Sequence[A]: ...

    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...


S = TypeVar("S", bound=TurnState[Any, Any])


@dataclass(frozen=True, slots=True)
class TurnRules(Generic[D, S]):
    """What a turn-by-turn game gives its table: ``deal(players, seed)`` a game, its AI
    (``choose``), what its events say (``notices_for(game, events)``), its actions' saved form
    (``codec``) and its saved game read back (``load``)."""

    deal: Callable[[int, int], S]
    choose: Choose[S, D]
    notices_for: Callable[[S, Sequence[Any]], list[Notice]]
    codec: ActionCodec[D]
    load: Callable[[Mapping[str, Any]], S]


class TurnByTurn(TurnBased[A, S], Generic[A, S]):
    """A series of a simple turn-by-turn game; see the module's note."""

    rules: ClassVar[TurnRules[Any, Any]]
    """The game's own rules."""

    def __init__(self, registry: TableRegistry, **table: Any) -> None:
        super().__init__(registry, **table)
        self.number = 0
        """Games of the series dealt so far (the running one's number)."""

    def deal(self) -> None:
        self.begin(self.rules.deal(len(self.seats), secrets.randbits(63)))

    def begin(self, state: S) -> None:
        """Play ``state`` (a game just dealt) from now on."""
        self.number += 1
        self.play_dealt(state, {"players": state.players, "seed": state.seed})

    def deal_next(self) -> list[Notice]:
        self.deal()
        return []

    def game_number(self) -> int:
        return self.number

    def stamp(self) -> str:
        """The moment a panel shows: the game and how many moves it has taken."""
        return f"{self.number}-{len(self.require_state().log)}"

    def check_stamp(self, seat: int, stamp: str, action: A) -> None:
        if stamp != self.stamp():
            raise IllegalAction(Reason.STALE, "the game moved on")

    def apply_action(self, action: A) -> list[Notice]:
        state = self.require_state()
        notices = self.rules.notices_for(state, state.apply(action))
        self.moves.append(self.rules.codec.to_json(action))
        self.notices.extend(notices)
        if state.winner is not None:
            self.game_ended()
        return notices

    def finished_game(self) -> Finished:
        """The winner first (a score of 1), the others sharing second."""
        winner = self.require_state().winner
        assert winner is not None, "a result is recorded once the game is won"
        won = [int(seat == winner) for seat in range(len(self.seats))]
        return Finished(number=self.number, scores=won, ranks=[2 - w for w in won], won=(winner,), options={})

    # -- the turn timer --------------------------------------------------------------------------

    def waits_for(self) -> Wait | None:
        """The person whose turn it is, at this move (an AI seat's turn is not timed)."""
        state = self.state
        if self.phase is not Phase.PLAYING or state is None or state.winner is not None:
            return None
        return None if self.seats[state.current].is_ai else Wait(state.current, self.stamp())

    def warn(self, seat: int) -> None:
        self.notices.append(Notice("hurry", seat, {"seconds": self.waits.seconds_left_at_warning()}))

    def time_out(self, seat: int) -> None:
        action = self.require_state().timeout_action(seat)
        assert action is not None, "the game waits for the timed seat"
        self.notices.append(Notice("timed_out", seat))
        self.apply_action(action)

    # -- AI seats --------------------------------------------------------------------------------

    def ai_inputs(self, seat: int) -> Hashable:
        return (self.phase, self.number, len(self.require_state().log))

    def ai_choice(self, seat: int) -> AiChoice[A] | None:
        return self.rules.choose(self.require_state(), seat, self.ai.level(seat), self.ai.rng(seat))

    # -- saving and replays ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "number": self.number}

    def restore(self, saved: Mapping[str, Any], moves: Sequence[Mapping[str, Any]]) -> None:
        self.number = saved["number"]
        super().restore(saved, moves)

    def load_dealt(self, dealt: Mapping[str, Any]) -> S:
        state: S = self.rules.load({**dealt, "log": []})
        return state

    def replay_move(self, move: Mapping[str, Any]) -> None:
        self.require_state().apply(self.rules.codec.from_json(move))

    def replay_turn(self) -> Hashable:
        return len(self.require_state().log)
