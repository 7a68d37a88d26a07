"""Random playouts (hypothesis): any sequence of legal actions, penalised mistakes included,
keeps every card in exactly one place, and ``legal_actions`` lists exactly what ``apply`` takes."""

import copy
import json
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.rng import Rng
from engine.toppo.actions import (
    Action,
    CallTop,
    CallToppo,
    Match,
    MatchCard,
    Renew,
    TopLine,
    TurnCard,
    VoteReplace,
)
from engine.toppo.cards import ALL_CARDS
from engine.toppo.selfplay import census, check_game
from engine.toppo.state import ToppoOptions, ToppoState, allowed_display_sizes, new_game


@st.composite
def games(draw: st.DrawFn) -> ToppoState:
    players = draw(st.integers(2, 8))
    size = draw(st.sampled_from(allowed_display_sizes(players)))
    return new_game(players, ToppoOptions(display_size=size), draw(st.integers(0, 2**32)))


moves = st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 600))
"""A seed for the choices and how many actions to play."""

WEIGHTS = {
    TurnCard: 8.0,
    CallTop: 1.0,
    TopLine: 0.5,
    Match: 2.0,
    MatchCard: 1.0,
    Renew: 2.0,
    CallToppo: 0.2,
    VoteReplace: 0.3,
}
"""Kinds of action are picked by weight, then one of that kind uniformly: picking uniformly
among all legal actions would almost always call one of the many top orders."""


def play(game: ToppoState, moves: tuple[int, int]) -> list[str]:
    """Play ``moves`` random legal actions by random seats; the invariants broken on the way."""
    seed, count = moves
    rng = Rng.from_seed(seed)
    expected = census(game)
    problems: list[str] = []
    for _ in range(count):
        if game.outcome is not None:
            break
        legal = game.legal_actions(rng.below(game.players))
        kinds = sorted({type(action) for action in legal}, key=list(WEIGHTS).index)
        pick = rng.random() * sum(WEIGHTS[kind] for kind in kinds)
        kind = next(kind for kind in kinds if (pick := pick - WEIGHTS[kind]) < 0)
        game.apply(rng.choice([action for action in legal if type(action) is kind]))
        problems += check_game(game, expected)
    return problems


@settings(max_examples=40, deadline=None)
@given(games(), moves)
def test_random_playout_every_card_in_exactly_one_place_and_replay_equal(
    game: ToppoState, moves: tuple[int, int]
) -> None:
    assert play(game, moves) == []
    assert ToppoState.from_json(json.loads(json.dumps(game.to_json()))) == game


def candidates(seat: int, size: int) -> list[Action]:
    """Every action of ``seat`` worth trying, possible or not."""
    return [
        TurnCard(seat),
        Renew(seat),
        CallToppo(seat),
        VoteReplace(seat),
        *(CallTop(seat, order) for order in permutations(range(size))),
        CallTop(seat, (0,) * size),
        TopLine(seat),
        *(MatchCard(seat, card) for card in ALL_CARDS),
        *(Match(seat, index, slot) for index in range(-1, size + 1) for slot in range(-1, size + 1)),
    ]


@settings(max_examples=25, deadline=None)
@given(games(), moves, st.integers(0, 7))
def test_legal_actions_are_exactly_the_actions_apply_takes(
    game: ToppoState, moves: tuple[int, int], seat_pick: int
) -> None:
    play(game, moves)
    seat = seat_pick % game.players
    legal = game.legal_actions(seat)
    before = game.snapshot()
    for action in candidates(seat, game.display_size):
        trial = copy.deepcopy(game) if action in legal else game
        try:
            trial.apply(action)
        except IllegalAction:
            assert action not in legal, action
            assert game.snapshot() == before
        else:
            assert action in legal, action
