"""Tally's self-play: AI games, checking that the total only grows by a step and ends at 21."""

from collections.abc import Hashable

from engine.ai import Level
from engine.rng import Rng, derive_seed
from engine.selfplay import SelfPlaySpec
from tests.fixture_game.engine import GOAL, MAX_PLAYERS, MIN_PLAYERS, STEPS, Add, Choice, choose, new_game


class TallyMatch:
    """``games`` games of Tally between AI seats of every level."""

    def __init__(self, players: int, games: int, seed: int) -> None:
        self.seats = players
        self.games = games
        self.seed = seed
        self.games_finished = 0
        self.rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in range(players)]
        self.problems: list[str] = []
        self.state = new_game(players, derive_seed(seed, "game", 0))

    def finished(self) -> bool:
        return self.games_finished >= self.games

    def situation(self, seat: int) -> Hashable:
        return (self.games_finished, len(self.state.log) if seat == self.state.current else None)

    def level(self, seat: int) -> Level:
        return list(Level)[seat % 3]

    def propose(self, seat: int) -> Choice | None:
        return choose(self.state, seat, self.level(seat), self.rngs[seat])

    def apply(self, action: Add) -> None:
        before = self.state.total
        self.state.apply(action)
        if self.state.total - before not in STEPS or self.state.total > GOAL:
            self.problems.append(f"the total went from {before} to {self.state.total}")
        if self.state.winner is not None:
            self.games_finished += 1
            if not self.finished():
                self.state = new_game(self.seats, derive_seed(self.seed, "game", self.games_finished))

    def violations(self) -> list[str]:
        problems, self.problems = self.problems, []
        return problems


SELFPLAY = SelfPlaySpec(
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, new_match=TallyMatch, max_actions_per_game=GOAL
)
