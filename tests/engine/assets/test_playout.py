"""Random playouts (hypothesis): any sequence of legal actions keeps all 110 cards in play, every
total equal to the value of its stack at each round's end, and replays from its log; and
``legal_actions`` lists exactly what ``apply`` takes, for every seat at every moment."""

import copy
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.assets.actions import (
    Action,
    Answer,
    Challenge,
    Deal,
    Discard,
    GiveUp,
    PairFromHand,
    PairWithDiscard,
)
from engine.assets.cards import Asset, make_deck
from engine.assets.selfplay import Referee
from engine.assets.state import GOAL, MAX_PLAYERS, MIN_PLAYERS, AssetsOptions, AssetsState, new_game
from engine.errors import IllegalAction
from engine.rng import Rng


@st.composite
def games(draw: st.DrawFn) -> AssetsState:
    players = draw(st.integers(MIN_PLAYERS, MAX_PLAYERS))
    goal = draw(st.sampled_from([1, 100_000, GOAL]))
    return new_game(players, AssetsOptions(goal=goal), draw(st.integers(0, 2**32)))


moves = st.tuples(st.integers(0, 2**64 - 1), st.integers(50, 600))
"""A seed for the choices and how many actions to play: enough to reach a round's end and, with
the smaller goals, the end of the game."""


def play(game: AssetsState, moves: tuple[int, int]) -> list[str]:
    """Play ``moves`` random legal actions of the seat the game waits for; the broken rules."""
    seed, count = moves
    rng = Rng.from_seed(seed)
    referee = Referee(game, Counter(make_deck()))
    problems: list[str] = []
    for _ in range(count):
        seat = game.to_act()
        if seat is None:
            break
        game.apply(rng.choice(game.legal_actions(seat)))
        problems += referee.check()
    return problems


@settings(max_examples=40, deadline=None)
@given(games(), moves)
def test_random_playout_keeps_every_rule_and_replays_equal(game: AssetsState, moves: tuple[int, int]) -> None:
    assert play(game, moves) == []
    assert AssetsState.from_json(json.loads(json.dumps(game.to_json()))) == game


def candidates(seat: int, players: int) -> list[Action]:
    """Every action of ``seat`` worth trying, possible or not."""
    return [
        *(PairFromHand(seat, asset, partner) for asset in Asset for partner in Asset),
        *(PairWithDiscard(seat, card) for card in Asset),
        *(Challenge(seat, target, card) for target in range(-1, players + 1) for card in Asset),
        *(Discard(seat, card) for card in Asset),
        *(Answer(seat, card) for card in Asset),
        GiveUp(seat),
        Deal(seat),
    ]


@settings(max_examples=25, deadline=None)
@given(games(), moves, st.integers(0, MAX_PLAYERS - 1))
def test_legal_actions_are_exactly_the_actions_apply_takes(
    game: AssetsState, moves: tuple[int, int], seat_pick: int
) -> None:
    play(game, moves)
    for seat in {seat_pick % game.players, game.to_act() or 0}:
        legal = game.legal_actions(seat)
        assert len(set(legal)) == len(legal)
        before = game.snapshot()
        for action in candidates(seat, game.players):
            trial = copy.deepcopy(game) if action in legal else game
            try:
                trial.apply(action)
            except IllegalAction:
                assert action not in legal, action
            else:
                assert action in legal, action
        assert game.snapshot() == before  # every refusal left the game as it was
