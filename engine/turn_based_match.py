"""The self-play match of a turn-based game, written once so a simple game's self-play is a spec.

A game that waits for one seat at a time plays every self-play match the same way: deal a game,
ask the seat to move for its AI's choice, apply it, check the game's invariants, and deal the
next game once one is over. A game gives only what is its own, a :class:`TurnBasedGame` (how a
game is dealt, its AI, whose turn it is, whether it is over, its invariants), and its spec is
``SelfPlaySpec(new_match=game.match, ...)``, run by :func:`engine.selfplay.play` like any other.

A seed plays the same match every time: each game is dealt from its own seed and each seat's AI
draws from its own generator, both derived from the match's seed. Seat levels rotate from game to
game (seat ``s`` plays ``LEVELS[(s + game) % 3]``), so every level plays every seat.

A match that is more than this stays the game's own: Cover Your Assets' referee follows a game
round by round, and Topoum's AI is an object per seat whose work budget is checked at every step.
"""

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from engine.ai import Level
from engine.contract import AiChoice, Choose, GameState
from engine.rng import Rng, derive_seed

S = TypeVar("S", bound=GameState[Any, Any])
A = TypeVar("A")

LEVELS: Final = tuple(Level)


@dataclass(frozen=True, slots=True)
class TurnBasedGame(Generic[S, A]):
    """What the shared match needs of a turn-based game ``S`` whose actions are ``A``."""

    deal: Callable[[int, int], S]
    """``(players, seed)`` -> a new game."""
    choose: Choose[S, A]
    """The game's AI."""
    to_move: Callable[[S], int]
    """The seat the game waits for."""
    over: Callable[[S], bool]
    """Whether the game has ended (the match then deals the next)."""
    check: Callable[[S], list[str]]
    """The invariants the game breaks after an action (empty when all is well)."""

    def match(self, players: int, games: int, seed: int) -> "TurnBasedMatch[S, A]":
        """``games`` games of ``players`` AI seats: a :data:`engine.selfplay.NewMatch`."""
        return TurnBasedMatch(self, players, games, seed)


class TurnBasedMatch(Generic[S, A]):
    """Games of a turn-based game in a row between AI seats, a
    :class:`~engine.selfplay.SelfPlayMatch` checking the game's invariants after every action."""

    def __init__(self, game: TurnBasedGame[S, A], players: int, games: int, seed: int) -> None:
        self.game = game
        self.seats = players
        self.games = games
        self.seed = seed
        self.games_finished = 0
        self.actions = 0
        self.rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in range(players)]
        self.state = self._deal()
        self.problems: list[str] = []

    def _deal(self) -> S:
        return self.game.deal(self.seats, derive_seed(self.seed, "game", self.games_finished))

    def finished(self) -> bool:
        return self.games_finished >= self.games

    def situation(self, seat: int) -> Hashable:
        """Only the seat to move has anything to decide, and it decides anew after every action
        (a turn may take several)."""
        return self.actions if seat == self.game.to_move(self.state) else None

    def level(self, seat: int) -> Level:
        return LEVELS[(seat + self.games_finished) % len(LEVELS)]

    def propose(self, seat: int) -> AiChoice[A] | None:
        return self.game.choose(self.state, seat, self.level(seat), self.rngs[seat])

    def apply(self, action: A) -> None:
        """Apply ``action`` and check the game it changed; a game it ended is followed by the
        next one only then, so its last action is checked against it."""
        self.state.apply(action)
        self.actions += 1
        self.problems = self.game.check(self.state)
        if self.game.over(self.state):
            self.games_finished += 1
            if not self.finished():
                self.state = self._deal()

    def violations(self) -> list[str]:
        return self.problems
