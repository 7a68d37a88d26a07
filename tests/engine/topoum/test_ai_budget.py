"""The AI's work per step is bounded by a budget of states, not by time: a rich position cannot
make one step think for seconds, and the same seed still gives the same move on any machine.

The slow position, ``tests/fixtures/topoum_slow_position.json``, is the saved Topoum table
``cca5e6b25d`` of a database the bot wrote during a kill -9 loop
(``/work/shared/fixtures/topoum-slow-hard-ai.sqlite3``, outside the repository): its game as
saved (``game``, an empty log) and its 50 moves (``saved_moves``). Seat 1 of 2 stands in Move
moles with a mole chosen, four moles free, two cards in hand and a full Operations Line, where
the search without a budget copied about 43,000 states (4.7-6.1 s of CPU for a hard step).
"""

from collections.abc import Iterator
from dataclasses import replace

import pytest

from engine.ai import Level
from engine.rng import Rng
from engine.topoum.ai import ANSWER, OWN, TopoumAI
from engine.topoum.selfplay import TopoumMatch, check_game
from engine.topoum.state import Stage, TopoumState, new_game
from tests.engine.topoum.positions import slow_position


@pytest.fixture
def copies(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts every copy of a game state made while the test runs (``copies[0]``), however the
    AI makes it, so the tests do not just trust the AI's own count."""
    count = [0]
    clone = TopoumState.clone

    def counted(state: TopoumState) -> TopoumState:
        count[0] += 1
        return clone(state)

    monkeypatch.setattr(TopoumState, "clone", counted)
    yield count


@pytest.mark.parametrize("level", list(Level))
def test_a_step_on_the_slow_position_stays_within_its_budget(level: Level, copies: list[int]) -> None:
    state = slow_position()
    assert (state.players, state.current, len(state.log), state.stage) == (2, 1, 50, Stage.MOVE_DEST)
    ai = TopoumAI(level, Rng.from_seed(3))
    choice = ai.choose(state, state.current)
    assert choice is not None and choice.action in state.legal_actions(state.current)
    assert copies[0] <= {Level.EASY: 0, Level.NORMAL: 2000, Level.HARD: 4000}[level]
    assert copies[0] == ai.spent
    limit = ai.work_limit
    assert limit is not None and ai.spent <= limit


def test_the_same_seed_gives_the_same_move_twice() -> None:
    choices = []
    for _ in range(2):
        state = slow_position()
        ai = TopoumAI(Level.HARD, Rng.from_seed(11))
        choice = ai.choose(state, state.current)
        assert ai.work_limit is not None and 0 < ai.spent <= ai.work_limit
        choices.append((choice, ai.spent, list(ai._plan)))
    assert choices[0] == choices[1]


def test_a_budget_too_small_for_the_position_still_gives_a_legal_plan(copies: list[int]) -> None:
    state = slow_position()
    ai = TopoumAI(Level.HARD, Rng.from_seed(5), replace(OWN, nodes=40), replace(ANSWER, nodes=10))
    choice = ai.choose(state, state.current)
    assert choice is not None and choice.action in state.legal_actions(state.current)
    assert copies[0] == ai.spent <= 40 + 4 * 10


@pytest.mark.parametrize(("own", "answer"), [(250, 60), (60, 20)])
def test_every_step_of_a_game_stays_within_its_levels_budget(
    own: int, answer: int, copies: list[int]
) -> None:
    """A whole game between small budgets, so they bind often: every step is legal, no step
    copies more than its level allows, and the game ends with its invariants kept."""
    game = new_game(2, seed=6)
    ais = [
        TopoumAI(level, Rng.from_seed(seat), replace(OWN, nodes=own), replace(ANSWER, nodes=answer))
        for seat, level in enumerate([Level.HARD, Level.NORMAL])
    ]
    while game.outcome is None:
        ai = ais[game.current]
        copies[0] = 0
        choice = ai.choose(game, game.current)
        assert choice is not None and choice.action in game.legal_actions(game.current)
        limit = ai.work_limit
        assert copies[0] == ai.spent and limit is not None and ai.spent <= limit
        game.apply(choice.action)
        assert check_game(game) == []
        assert len(game.log) < 3000


def test_selfplay_reports_an_ai_step_over_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Self-play checks every step's work against its level's budget, as it checks the rules."""
    monkeypatch.setattr(TopoumAI, "work_limit", property(lambda ai: 0))
    match = TopoumMatch(2, 1, seed=4, levels=[Level.NORMAL, Level.NORMAL])
    while not match.problems:
        state = match.state
        choice = match.propose(state.current)
        assert choice is not None
        match.apply(choice.action)
    assert "over its budget of 0" in match.violations()[0]
