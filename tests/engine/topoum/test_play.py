"""Whole games: every listed choice can be carried through, refusals have stable reasons, views
hide only hands, and a game replays exactly from its seed and action log."""

import json

import pytest

from engine.errors import IllegalAction, Reason
from engine.rng import Rng
from engine.topoum.actions import (
    Action,
    ActionKind,
    ChooseAction,
    EndMoves,
    Pass,
    Place,
    PlayCard,
    SelectMole,
    action_from_json,
    action_to_json,
)
from engine.topoum.cards import Category
from engine.topoum.state import TopoumState, new_game

from . import C, enter, h, table


def random_game(players: int, seed: int) -> TopoumState:
    game = new_game(players, seed=seed)
    rng = Rng.from_seed(seed)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_actions(game.current)))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_choice_is_accepted_and_leads_on(players: int) -> None:
    """The menu promise: whatever a player picks from ``legal_actions``, the engine accepts it
    and then offers a next choice (or the turn or game moves on)."""
    game = new_game(players, seed=players)
    rng = Rng.from_seed(100 + players)
    while game.outcome is None:
        seat = game.current
        options = game.legal_actions(seat)
        assert options, f"seat {seat} has nothing to do at {game.stage}"
        for action in options:
            trial = game.clone()
            trial.apply(action)
            assert trial.outcome is not None or trial.legal_actions(trial.current)
        game.apply(rng.choice(options))
    assert game.legal_actions(0) == []


def test_only_the_seat_to_act_has_choices() -> None:
    game = new_game(3, seed=1)
    assert [bool(game.legal_actions(seat)) for seat in range(3)] == [
        seat == game.current for seat in range(3)
    ]


def refusal(game: TopoumState, action: Action) -> Reason:
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    return caught.value.reason


def test_impossible_actions_are_refused_with_stable_reasons() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    assert refusal(game, ChooseAction(1, ActionKind.ENTER)) is Reason.NOT_YOUR_TURN
    assert refusal(game, ChooseAction(7, ActionKind.ENTER)) is Reason.NOT_SEATED
    assert refusal(game, EndMoves(0)) is Reason.STALE
    game.apply(ChooseAction(0, ActionKind.ENTER))
    assert refusal(game, ChooseAction(0, ActionKind.ENTER)) is Reason.STALE
    assert refusal(game, Place(0, h("A7"))) is Reason.BAD_TARGET
    game.apply(Place(0, h("G6")))
    assert refusal(game, PlayCard(0, C.BAYONET)) is Reason.NO_SUCH_CARD
    before = game.snapshot()
    assert refusal(game, SelectMole(0, h("G7"))) is Reason.STALE
    assert game.snapshot() == before


def test_a_finished_game_refuses_everything() -> None:
    game = table("G7:0@0", seat=1, peace_drawn=True, prisoners=[(0, 1)] * 4, badges=(10, 2))
    game.apply(Pass(1))
    assert refusal(game, Pass(0)) is Reason.GAME_OVER


def test_hands_are_private_and_everything_else_public() -> None:
    game = table(
        "G7:0@0 H6:1@1",
        hands=[[C.PATROL, C.MORTAR], [C.GRENADE]],
        discards=[[C.BAYONET, C.PATROL, C.GRENADE], []],
    )
    mine, theirs, public = game.view(0), game.view(1), game.view(None)
    assert mine.hand == (C.PATROL, C.MORTAR) and theirs.hand == (C.GRENADE,) and public.hand is None
    assert public.hand_sizes == (2, 1)
    for view in (mine, theirs, public):
        pile = view.discards[0]
        assert (pile.top, pile.size) == (C.GRENADE, 3)
        assert dict(pile.by_category) == {
            Category.COMBAT: 2,
            Category.MOVEMENT: 1,
            Category.EXPANSION: 0,
            Category.SPECIAL: 0,
        }
        assert {cell.hex.label: cell.mole for cell in view.cells} == {"G7": 0, "H6": 1}
    assert mine.discards[0].cards == (C.BAYONET, C.PATROL, C.GRENADE)
    assert theirs.discards[0].cards is None and public.discards[0].cards is None


def test_the_pending_decision_names_the_card_in_play() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    enter_steps = [ChooseAction(0, ActionKind.ENTER), Place(0, h("G6")), PlayCard(0, C.SHORT_RANGE)]
    for action in enter_steps:
        game.apply(action)
    pending = game.view(None).pending
    assert (pending.stage, pending.seat, pending.acting, pending.card) == (
        "target",
        0,
        h("G6"),
        PlayCard(0, C.SHORT_RANGE),
    )


def test_the_same_seed_gives_the_same_game() -> None:
    assert random_game(3, 11) == random_game(3, 11)
    assert random_game(3, 11).snapshot()["log"] != random_game(3, 12).snapshot()["log"]


@pytest.mark.parametrize("players", [2, 4])
def test_replaying_the_log_gives_the_live_state(players: int) -> None:
    live = random_game(players, 21)
    saved = json.loads(json.dumps(live.to_json()))
    assert TopoumState.from_json(saved) == live


def test_replay_works_mid_game_and_from_a_stacked_table() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE], deck=(C.PATROL, C.MORTAR))
    enter(game, "G6", C.SHORT_RANGE, "H6")
    saved = json.loads(json.dumps(game.to_json()))
    assert TopoumState.from_json(saved) == game


def test_actions_round_trip_through_json() -> None:
    for action in random_game(2, 5).log:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize(
    "data",
    [
        {"type": "nope", "seat": 0},
        {"type": "place", "seat": 0},
        {"type": "place", "seat": "0", "hex": "G7"},
        {"type": "place", "seat": 0, "hex": "Z99"},
        {"type": "play_card", "seat": 0, "card": "joker", "slot": None},
        {"type": "play_card", "seat": 0, "card": "bayonet", "slot": 1.5},
    ],
)
def test_malformed_actions_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        action_from_json(data)


def test_a_saved_game_of_another_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        TopoumState.from_json({"game": "toppo"})
