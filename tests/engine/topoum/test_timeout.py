"""A player whose time ran out: what the table applies for them (``timeout_action``), and the
pass it may be (``Skip``), which is never on the menu."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.topoum.actions import (
    ActionKind,
    ChangeBase,
    ChooseAction,
    EndMoves,
    Place,
    PlayCard,
    SelectMole,
    Skip,
    action_from_json,
    action_to_json,
)
from engine.topoum.events import LineCardDiscarded, Passed
from engine.topoum.state import Stage, TopoumState, new_game

from . import C, h, play, step, table

LINE = (C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR, C.DECORATION)


def test_at_the_start_of_a_turn_time_running_out_passes_as_if_no_card_was_used() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE], line=LINE, deck=(C.FARMER,))
    assert game.timeout_action(0) == Skip(0)
    assert Skip(0) not in game.legal_actions(0), "a skip is the table's, never a choice on the menu"
    events = game.apply(Skip(0))
    assert Passed(0) in events and LineCardDiscarded(C.DECORATION) in events
    assert game.current == 1 and game.stage is Stage.START
    assert game.hands[0] == [C.SHORT_RANGE, C.FARMER], "the hand is refilled as after any turn"


def test_a_skip_is_refused_once_the_turn_has_begun_and_for_anyone_else() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    with pytest.raises(IllegalAction) as other:
        game.apply(Skip(1))
    game.apply(ChooseAction(0, ActionKind.ENTER))
    with pytest.raises(IllegalAction) as begun:
        game.apply(Skip(0))
    assert other.value.reason is Reason.NOT_YOUR_TURN
    assert begun.value.reason is Reason.STALE


def test_in_move_moles_after_a_step_time_running_out_ends_the_moves() -> None:
    game = table("G7:0@0 H7:0 G4:0@0 G5:0")
    step(game, "G7", "H7")
    game.apply(ChangeBase(0))
    assert game.timeout_action(0) == EndMoves(0)
    assert game.timeout_action(1) is None


def test_a_setup_placement_or_a_half_made_action_takes_the_first_choice() -> None:
    setup = new_game(2, seed=5)
    seat = setup.current
    assert setup.timeout_action(seat) == setup.legal_actions(seat)[0]
    assert isinstance(setup.timeout_action(seat), Place)
    game = table("G7:0@0 H6:1@1", hand=[C.SHORT_RANGE])
    game.apply(ChooseAction(0, ActionKind.MOVE))
    assert game.timeout_action(0) == SelectMole(0, h("G7"))


def test_applying_timeout_actions_always_ends_the_turn() -> None:
    game = table("G7:0@0 H6:1@1 H7:0", hand=[C.SHORT_RANGE], line=LINE)
    play(game, ChooseAction(0, ActionKind.ENTER))
    for _ in range(10):
        action = game.timeout_action(0)
        if action is None:
            break
        game.apply(action)
    assert game.current == 1
    assert PlayCard(0, C.SHORT_RANGE) not in game.legal_actions(1)


def test_a_skip_is_saved_and_replayed() -> None:
    game = new_game(2, seed=9)
    while game.stage is not Stage.START:
        action = game.timeout_action(game.current)
        assert action is not None
        game.apply(action)
    game.apply(Skip(game.current))
    assert action_from_json(action_to_json(Skip(1))) == Skip(1)
    assert TopoumState.from_json(game.to_json()) == game
