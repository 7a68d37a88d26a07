"""Determinism and saving (docs/architecture.md, engine contract): same seed and actions, same game; a saved
game is (options, seed, action log) and replays to the live state."""

import json

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import (
    CallTop,
    CallToppo,
    ChooseDisplaySize,
    Match,
    MatchCard,
    Renew,
    SeriesAction,
    TopLine,
    TurnCard,
    VoteReplace,
    action_from_json,
    action_to_json,
)
from engine.toppo.cards import Card
from engine.toppo.state import ToppoOptions, ToppoState, new_game
from tests.engine.toppo import play_ai, table, turn


def test_same_seed_same_deal() -> None:
    assert new_game(5, seed=11) == new_game(5, seed=11)
    assert new_game(5, seed=11) != new_game(5, seed=12)


def test_same_seed_and_actions_give_the_same_game() -> None:
    live = new_game(4, ToppoOptions(display_size=4), seed=21)
    play_ai(live)
    again = new_game(4, ToppoOptions(display_size=4), seed=21)
    for action in live.log:
        again.apply(action)
    assert again == live
    assert live.outcome is not None


@pytest.mark.parametrize("players", [2, 5, 8])
def test_replay_of_the_saved_action_log_equals_the_live_state(players: int) -> None:
    live = new_game(players, seed=players)
    play_ai(live)
    assert live.outcome is not None
    saved = json.dumps(live.to_json())
    assert set(json.loads(saved)) == {"game", "players", "seed", "options", "log"}
    assert ToppoState.from_json(json.loads(saved)) == live


def test_replay_mid_game_then_play_on_identically() -> None:
    live = new_game(3, seed=5)
    play_ai(live, steps=300)
    resumed = ToppoState.from_json(json.loads(json.dumps(live.to_json())))
    assert resumed == live
    assert play_ai(resumed, seed=9) == play_ai(live, seed=9)
    assert resumed == live


def test_replay_of_a_stacked_table_keeps_its_position() -> None:
    game = table("R~ Yo B#", "G+ G+ G+ W-", "Y+ Y-", stock="Bo", topped="W+ W- Wo W~", seed=4)
    turn(game, 0, 3)
    game.apply(CallTop(0, (0, 1, 2)))
    resumed = ToppoState.from_json(json.loads(json.dumps(game.to_json())))
    assert resumed == game


ACTIONS: list[SeriesAction] = [
    TurnCard(1),
    CallTop(2, (2, 0, 1)),
    Match(0, 1, 2),
    Renew(3),
    CallToppo(4),
    VoteReplace(5),
    ChooseDisplaySize(6, 4),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_actions_round_trip_through_json(action: SeriesAction) -> None:
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "shout", "seat": 0},
        {"type": "turn_card"},
        {"type": "turn_card", "seat": "0"},
        {"type": "call_top", "seat": 0, "order": "012"},
        {"type": "call_top", "seat": 0, "order": [0, 1.5, 2]},
        {"type": "match", "seat": 0, "line_index": True, "slot": 1},
    ],
)
def test_malformed_actions_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)


def test_saved_game_of_another_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        ToppoState.from_json({"game": "spit", "log": []})
    with pytest.raises(ValueError):
        ToppoState.from_json({"game": "toppo", "players": 3})


def test_saved_log_with_an_impossible_action_is_refused() -> None:
    saved = new_game(3, seed=1).to_json()
    saved["log"] = [action_to_json(Renew(0))]
    with pytest.raises(IllegalAction):
        ToppoState.from_json(saved)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (TurnCard(3), Reason.NOT_SEATED),
        (TurnCard(-1), Reason.NOT_SEATED),
        (ChooseDisplaySize(0, 4), Reason.NOT_ALLOWED),
        (Renew(1), Reason.LINE_NOT_FULL),
        (Match(1, 5, 0), Reason.LINE_NOT_FULL),
        (CallTop(1, (0, 1, 2)), Reason.LINE_NOT_FULL),
        (TopLine(1), Reason.LINE_NOT_FULL),
        (MatchCard(0, Card.parse("W-")), Reason.NOT_IN_LINE),
        (VoteReplace(2), Reason.ALREADY_VOTED),
        (TurnCard(2), Reason.DECK_EMPTY),
    ],
)
def test_impossible_action_is_refused_and_changes_nothing(action: SeriesAction, reason: Reason) -> None:
    game = table("R~ Yo B#", "G+ G+ G+ W-", "Y+ Y-", "", stock="Bo")
    turn(game, 0, 3)
    turn(game, 1)
    game.apply(VoteReplace(2))
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before
