"""Tally's rules, as docs say them: add 1, 2 or 3 to the total in turn; whoever makes it exactly
21 wins. A game copied from Tally (python -m tools.scaffold) starts with these tests, to be
replaced by its own rules' tests."""

from __future__ import annotations

import pytest

from engine.ai import Level
from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from tests.fixture_game.engine import GOAL, Add, TallyState, choose, new_game


def test_the_first_player_comes_from_the_seed_and_a_turn_adds_1_to_3() -> None:
    game = new_game(3, seed=4)
    assert game.current == new_game(3, seed=4).current
    assert game.legal_actions(game.current) == [Add(game.current, step) for step in (1, 2, 3)]
    assert game.legal_actions((game.current + 1) % 3) == []


def test_whoever_makes_exactly_the_goal_wins_and_nothing_is_played_after() -> None:
    game = new_game(2, seed=1)
    while game.total < GOAL - 2:
        game.apply(Add(game.current, 1))
    assert game.legal_actions(game.current) == [Add(game.current, 1), Add(game.current, 2)], "never past it"
    winner = game.current
    game.apply(Add(winner, 2))
    assert game.winner == winner and game.legal_actions(winner) == []
    with pytest.raises(IllegalAction) as caught:
        game.apply(Add(winner, 1))
    assert caught.value.reason is Reason.GAME_OVER


def test_a_move_out_of_turn_is_refused_and_a_player_away_adds_the_least() -> None:
    game = new_game(2, seed=1)
    with pytest.raises(IllegalAction) as caught:
        game.apply(Add(1 - game.current, 1))
    assert caught.value.reason is Reason.NOT_YOUR_TURN
    assert game.timeout_action(game.current) == Add(game.current, 1)


def test_the_hard_ai_leaves_a_multiple_of_four_to_go() -> None:
    game = new_game(2, seed=1)
    game.apply(Add(game.current, 2))  # 19 to go
    choice = choose(game, game.current, Level.HARD, Rng.from_seed(0))
    assert choice is not None and (GOAL - game.total - choice.action.amount) % 4 == 0


def test_a_saved_game_replays_to_the_same_table() -> None:
    game = new_game(3, seed=9)
    for _ in range(5):
        game.apply(game.legal_actions(game.current)[-1])
    again = TallyState.from_json(game.to_json())
    assert again.view() == game.view() and again.log == game.log
