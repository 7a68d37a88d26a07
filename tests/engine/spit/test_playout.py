"""Random playouts (hypothesis): any sequence of legal actions by either player keeps every card
in exactly one place and every rule the self-play referee checks; while a game runs someone can
always act; and ``legal_actions`` lists exactly what ``apply`` takes."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.rng import Rng
from engine.spit.actions import Action, Flip, MoveCard, PlayCard, PlayHand, Slap, Spit, TurnUp
from engine.spit.cards import make_deck
from engine.spit.selfplay import SPEED_OPTIONS, SPIT_OPTIONS, SpeedReferee, SpitReferee
from engine.spit.speed import SpeedState
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import SpitState, new_game


@st.composite
def games(draw: st.DrawFn) -> SpitState | SpeedState:
    seed = draw(st.integers(0, 2**32))
    if draw(st.booleans()):
        return new_speed_game(options=draw(st.sampled_from(SPEED_OPTIONS)), seed=seed)
    return new_game(options=draw(st.sampled_from(SPIT_OPTIONS)), seed=seed)


moves = st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 400))
"""A seed for the choices and how many actions to play."""


def play(game: SpitState | SpeedState, moves: tuple[int, int]) -> list[str]:
    """Play ``moves`` random legal actions by random seats; the rules broken on the way."""
    seed, count = moves
    rng = Rng.from_seed(seed)
    referee = SpeedReferee(game) if isinstance(game, SpeedState) else SpitReferee(game)
    problems: list[str] = []
    for _ in range(count):
        if game.outcome is not None:
            break
        first = rng.below(2)
        legal = game.legal_actions(first) or game.legal_actions(1 - first)
        if not legal:
            return [*problems, f"nobody can act: {game.view()}"]
        problems += referee.check(list(game.apply(rng.choice(legal))))
    return problems


@settings(max_examples=60, deadline=None)
@given(games(), moves)
def test_random_playout_keeps_the_rules_and_replays_equal(
    game: SpitState | SpeedState, moves: tuple[int, int]
) -> None:
    assert play(game, moves) == []
    assert type(game).from_json(json.loads(json.dumps(game.to_json()))) == game


def candidates(seat: int) -> list[Action]:
    """Every action of ``seat`` worth trying, possible or not, in either game."""
    spaces, centres = range(-1, 6), range(-1, 3)
    return [
        *(PlayCard(seat, pile, centre) for pile in spaces for centre in centres),
        *(TurnUp(seat, pile) for pile in spaces),
        *(MoveCard(seat, pile, space) for pile in spaces for space in spaces),
        *(Spit(seat, centre) for centre in centres),
        *(Slap(seat, centre) for centre in centres),
        *(PlayHand(seat, card, centre) for card in make_deck() for centre in centres),
        Flip(seat),
    ]


@settings(max_examples=30, deadline=None)
@given(games(), moves, st.integers(0, 1))
def test_legal_actions_are_exactly_the_actions_apply_takes(
    game: SpitState | SpeedState, moves: tuple[int, int], seat: int
) -> None:
    play(game, moves)
    legal = game.legal_actions(seat)
    before = game.snapshot()
    for action in candidates(seat):
        trial = copy.deepcopy(game) if action in legal else game
        try:
            trial.apply(action)
        except IllegalAction:
            assert action not in legal, action
            assert game.snapshot() == before
        else:
            assert action in legal, action
