"""Determinism and saving (docs/architecture.md, engine contract): same seed and actions, same game; a saved
game is (options, seed, action log) and replays to the live state, for Spit and Speed alike."""

import json

import pytest

from engine.ai import Level
from engine.errors import IllegalAction, Reason
from engine.spit.actions import (
    Action,
    Flip,
    MoveCard,
    PlayCard,
    PlayHand,
    Slap,
    Spit,
    TurnUp,
    action_from_json,
    action_to_json,
)
from engine.spit.cards import Card
from engine.spit.speed import SpeedOptions, SpeedState
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import SpitOptions, SpitState, new_game
from tests.engine.spit import play_ai, speed_table, spit_table

SPIT_OPTIONS = [SpitOptions(), SpitOptions(piles=4, emptier_chooses=True, alternate_colours=True)]
SPEED_OPTIONS = [SpeedOptions(), SpeedOptions(side_pile=5, target=5)]


def test_same_seed_same_deal() -> None:
    assert new_game(seed=11) == new_game(seed=11)
    assert new_game(seed=11) != new_game(seed=12)
    assert new_speed_game(seed=11) == new_speed_game(seed=11)
    assert new_speed_game(seed=11) != new_speed_game(seed=12)


@pytest.mark.parametrize("options", SPIT_OPTIONS)
def test_spit_replay_of_the_saved_action_log_equals_the_live_state(options: SpitOptions) -> None:
    live = new_game(options=options, seed=21)
    play_ai(live)
    assert live.outcome is not None
    saved = json.dumps(live.to_json())
    assert set(json.loads(saved)) == {"game", "players", "seed", "options", "log"}
    assert SpitState.from_json(json.loads(saved)) == live


@pytest.mark.parametrize("options", SPEED_OPTIONS)
def test_speed_replay_of_the_saved_action_log_equals_the_live_state(options: SpeedOptions) -> None:
    live = new_speed_game(options=options, seed=21)
    play_ai(live, (Level.EASY, Level.HARD))
    assert live.outcome is not None
    assert SpeedState.from_json(json.loads(json.dumps(live.to_json()))) == live


def test_same_seed_and_actions_give_the_same_game() -> None:
    live = new_game(seed=5)
    play_ai(live)
    again = new_game(seed=5)
    for action in live.log:
        again.apply(action)
    assert again == live


def test_replay_mid_game_then_play_on_identically() -> None:
    for live in (new_game(seed=5), new_speed_game(seed=5)):
        play_ai(live, steps=60)
        resumed = type(live).from_json(json.loads(json.dumps(live.to_json())))
        assert resumed == live
        assert play_ai(resumed, seed=9) == play_ai(live, seed=9)
        assert resumed == live


def test_replay_of_a_stacked_table_keeps_its_position_and_options() -> None:
    options = SpitOptions(emptier_chooses=True)
    game = spit_table("7d", "Kd 2d", spit=("4d", "Jh Qh"), centre="6s 5s | 9d", options=options, seed=4)
    game.apply(PlayCard(0, 0, 0))
    game.apply(Slap(0, 1))
    resumed = SpitState.from_json(json.loads(json.dumps(game.to_json())))
    assert resumed == game
    speed = speed_table("2c", "Kd", centre="6s 3h 4h | 9d 5h", seed=1)
    speed.apply(Flip(0))
    speed.apply(Flip(1))
    assert SpeedState.from_json(json.loads(json.dumps(speed.to_json()))) == speed


ACTIONS: list[Action] = [
    PlayCard(0, 4, 1),
    TurnUp(1, 2),
    MoveCard(0, 1, 3),
    Spit(1, 0),
    Slap(0, 1),
    PlayHand(1, Card.parse("Td"), 0),
    Flip(0),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip_through_json(action: Action) -> None:
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "shout", "seat": 0},
        {"type": "flip"},
        {"type": "flip", "seat": "0"},
        {"type": "play_card", "seat": 0, "pile": 1.0, "centre": 0},
        {"type": "slap", "seat": True, "centre": 0},
        {"type": "play_hand", "seat": 0, "card": "10h", "centre": 0},
        {"type": "play_hand", "seat": 0, "card": 7, "centre": 0},
    ],
)
def test_malformed_actions_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)


def test_saved_game_of_another_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        SpitState.from_json(new_speed_game().to_json())
    with pytest.raises(ValueError):
        SpeedState.from_json(new_game().to_json())
    with pytest.raises(ValueError):
        SpitState.from_json({"game": "spit", "players": 2})


def test_saved_log_with_an_impossible_action_is_refused() -> None:
    saved = new_game(seed=1).to_json()
    saved["log"] = [action_to_json(PlayCard(0, 0, 0))]
    with pytest.raises(IllegalAction):
        SpitState.from_json(saved)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PlayCard(2, 0, 0), Reason.NOT_SEATED),
        (PlayCard(0, 5, 0), Reason.BAD_TARGET),
        (PlayCard(0, 0, 2), Reason.BAD_TARGET),
        (PlayCard(0, 1, 0), Reason.STALE),
        (TurnUp(0, 2), Reason.NO_SUCH_CARD),
        (MoveCard(0, 0, 1), Reason.BAD_TARGET),
        (Spit(0, 0), Reason.NOT_ALLOWED),
        (Slap(0, 0), Reason.STALE),
        (Flip(0), Reason.NOT_ALLOWED),
        (PlayHand(0, Card.parse("7h"), 0), Reason.NOT_ALLOWED),
    ],
)
def test_spit_impossible_action_is_refused_and_changes_nothing(action: Action, reason: Reason) -> None:
    game = spit_table("7h 2c | ?8c", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Flip(-1), Reason.NOT_SEATED),
        (PlayHand(0, Card.parse("Kd"), 0), Reason.NO_SUCH_CARD),
        (PlayHand(0, Card.parse("7h"), 3), Reason.BAD_TARGET),
        (PlayHand(0, Card.parse("2c"), 0), Reason.STALE),
        (Flip(1), Reason.NOT_ALLOWED),
        (Spit(0, 0), Reason.NOT_ALLOWED),
    ],
)
def test_speed_impossible_action_is_refused_and_changes_nothing(action: Action, reason: Reason) -> None:
    game = speed_table("7h 2c", "Kd", centre="6s | 9d")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before


def test_no_action_after_the_game_is_over() -> None:
    game = new_speed_game(seed=3)
    play_ai(game)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Flip(0))
    assert refused.value.reason is Reason.GAME_OVER
