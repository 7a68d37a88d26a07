"""Determinism and saving (docs/architecture.md, engine contract): same seed and actions, same game; a saved
game is (options, seed, action log) and replays to the live state."""

import json

import pytest

from engine.assets.actions import (
    Action,
    Answer,
    Challenge,
    Deal,
    Discard,
    GiveUp,
    PairFromHand,
    PairWithDiscard,
    action_from_json,
    action_to_json,
)
from engine.assets.state import AssetsOptions, AssetsState, new_game
from engine.errors import IllegalAction, Reason
from tests.engine.assets import card, challenge, pair, play_ai, table


def test_same_seed_same_deal() -> None:
    assert new_game(4, seed=11) == new_game(4, seed=11)
    assert new_game(4, seed=11) != new_game(4, seed=12)


def test_same_seed_and_actions_give_the_same_game_rounds_included() -> None:
    live = new_game(3, seed=21)
    play_ai(live)
    assert live.outcome is not None and live.round_number > 1
    again = new_game(3, seed=21)
    for action in live.log:
        again.apply(action)
    assert again == live


@pytest.mark.parametrize("players", [2, 4, 6])
def test_replay_of_the_saved_action_log_equals_the_live_state(players: int) -> None:
    live = new_game(players, AssetsOptions(dealer=1), seed=players)
    play_ai(live, seed=players)
    saved = json.dumps(live.to_json())
    assert set(json.loads(saved)) == {"game", "players", "seed", "options", "log"}
    assert AssetsState.from_json(json.loads(saved)) == live


def test_replay_mid_game_then_play_on_identically() -> None:
    live = new_game(5, seed=5)
    play_ai(live, steps=150)
    resumed = AssetsState.from_json(json.loads(json.dumps(live.to_json())))
    assert resumed == live
    play_ai(resumed, seed=9)
    play_ai(live, seed=9)
    assert resumed == live


def test_replay_of_a_stacked_table_keeps_its_position() -> None:
    game = table("HM GO PB", "HM SI", stacks=["PB PB", "BA BA / HM SI"], draw="CC CA", totals=(5, 7), seed=4)
    game.apply(challenge(0, 1, "GO"))
    game.apply(Answer(1, card("SI")))
    resumed = AssetsState.from_json(json.loads(json.dumps(game.to_json())))
    assert resumed == game
    assert resumed.totals == [5, 7]


ACTIONS: list[Action] = [
    pair(0, "PB GO"),
    PairWithDiscard(1, card("SI")),
    Challenge(2, 0, card("HM")),
    Discard(3, card("JW")),
    Answer(4, card("GO")),
    GiveUp(5),
    Deal(1),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip_through_json(action: Action) -> None:
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_action_json_names_cards_by_code() -> None:
    assert action_to_json(pair(0, "PB GO")) == {
        "type": "pair_from_hand",
        "seat": 0,
        "asset": "PB",
        "partner": "GO",
    }


@pytest.mark.parametrize(
    "data",
    [
        {"type": "steal", "seat": 0},
        {"type": "give_up"},
        {"type": "give_up", "seat": "0"},
        {"type": "discard", "seat": 0, "card": "XX"},
        {"type": "discard", "seat": 0, "card": 3},
        {"type": "discard", "seat": 0, "card": ["PB"]},
        {"type": "challenge", "seat": 0, "target": True, "card": "PB"},
    ],
)
def test_malformed_actions_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)


def test_saved_game_of_another_kind_or_malformed_is_refused() -> None:
    with pytest.raises(ValueError):
        AssetsState.from_json({"game": "toppo", "log": []})
    with pytest.raises(ValueError):
        AssetsState.from_json({"game": "assets", "players": 3})


def test_saved_log_with_an_impossible_action_is_refused() -> None:
    saved = new_game(3, seed=1).to_json()
    saved["log"] = [action_to_json(GiveUp(0))]
    with pytest.raises(IllegalAction):
        AssetsState.from_json(saved)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (GiveUp(2), Reason.NOT_SEATED),
        (PairFromHand(-1, card("PB"), card("PB")), Reason.NOT_SEATED),
        (pair(1, "JW JW"), Reason.NOT_YOUR_TURN),
        (Answer(0, card("PB")), Reason.STALE),
        (Deal(0), Reason.STALE),
        (pair(0, "HM HM"), Reason.NO_SUCH_CARD),
    ],
)
def test_impossible_action_is_refused_and_changes_nothing(action: Action, reason: Reason) -> None:
    game = table("PB PB", "JW JW")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before
