"""Tally's rules: add 1, 2 or 3 to the total in turn; whoever makes it exactly 21 wins.

Pure, as every engine: the first player comes from the seed, a seat's view is the whole table
(nothing is hidden), and the saved game is its players, seed and log.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.ai import Level, delay
from engine.contract import Choose, TurnBasedState
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.saving import ActionCodec

GOAL = 21
STEPS = (1, 2, 3)
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class Add:
    """``seat`` adds ``amount`` to the total."""

    seat: int
    amount: int


CODEC: ActionCodec[Add] = ActionCodec({"add": Add})


@dataclass(frozen=True, slots=True)
class Added:
    seat: int
    amount: int
    total: int


@dataclass(frozen=True, slots=True)
class Won:
    seat: int


Event = Added | Won


@dataclass(frozen=True, slots=True)
class TallyView:
    """The table as any seat sees it: nothing is hidden."""

    players: int
    current: int
    total: int
    winner: int | None


@dataclass
class TallyState:
    """One game: whose turn, the total so far, the log; ``winner`` once the total is 21."""

    players: int
    seed: int
    current: int
    total: int = 0
    winner: int | None = None
    log: list[Add] = field(default_factory=list)

    def legal_actions(self, seat: int) -> list[Add]:
        if self.winner is not None or seat != self.current:
            return []
        return [Add(seat, step) for step in STEPS if self.total + step <= GOAL]

    def apply(self, action: Add) -> list[Event]:
        if self.winner is not None:
            raise IllegalAction(Reason.GAME_OVER)
        if action.seat != self.current:
            raise IllegalAction(Reason.NOT_YOUR_TURN)
        if action not in self.legal_actions(action.seat):
            raise IllegalAction(Reason.NOT_ALLOWED, f"cannot add {action.amount} to {self.total}")
        self.total += action.amount
        self.log.append(action)
        events: list[Event] = [Added(action.seat, action.amount, self.total)]
        if self.total == GOAL:
            self.winner = action.seat
            events.append(Won(action.seat))
        else:
            self.current = (self.current + 1) % self.players
        return events

    def timeout_action(self, seat: int) -> Add | None:
        """What a player who is away does: the smallest step."""
        legal = self.legal_actions(seat)
        return legal[0] if legal else None

    def view(self, seat: int | None = None) -> TallyView:
        """The table as ``seat`` (or the public) sees it: the same for every seat."""
        return TallyView(self.players, self.current, self.total, self.winner)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "tally",
            "players": self.players,
            "seed": self.seed,
            "log": [CODEC.to_json(a) for a in self.log],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TallyState":
        state = new_game(data["players"], data["seed"])
        for action in data["log"]:
            state.apply(CODEC.from_json(action))
        return state


def new_game(players: int, seed: int) -> TallyState:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Tally is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return TallyState(players, seed, current=Rng.from_seed(seed).below(players))


@dataclass(frozen=True, slots=True)
class Choice:
    action: Add
    delay: float


def choose(state: TallyState, seat: int, level: Level, rng: Rng) -> Choice | None:
    """The hard AI leaves a total of 17, 13, 9... (21 minus a multiple of 4) when it can; the
    others take a random step, the easy one most of the time."""
    legal = state.legal_actions(seat)
    if not legal:
        return None
    winning = [add for add in legal if (GOAL - state.total - add.amount) % 4 == 0]
    careful = level is Level.HARD or (level is Level.NORMAL and rng.random() < 0.5)
    action = winning[0] if winning and careful else rng.choice(legal)
    return Choice(action, delay((0.3, 0.8), rng))


CONTRACT: type[TurnBasedState[Add, Event]] = TallyState
"""The class that plays Tally, held to the engine contract by mypy."""
AI_CONTRACT: Choose[TallyState, Add] = choose
"""Its AI, held to the contract's :data:`~engine.contract.Choose`."""
