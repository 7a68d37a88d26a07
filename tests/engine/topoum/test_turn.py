"""A turn's frame: Move moles, the Operations Line and its costs, refills, the end after Peace
and the final scoring."""

from engine.topoum.actions import (
    ActionKind,
    ChangeBase,
    ChooseAction,
    EndMoves,
    MoveTo,
    Pass,
    PlayCard,
    SelectMole,
    Target,
)
from engine.topoum.cards import Category
from engine.topoum.events import (
    BadgesChanged,
    BaseChanged,
    CategoryScored,
    Gain,
    GameEnded,
    HandRefilled,
    LineCardDiscarded,
    PeaceDrawn,
)
from engine.topoum.state import Outcome, Stage

from . import C, board_is, enter, h, play, step, table

LINE = (C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR, C.DECORATION)
DECK = (C.BUILD_BASE, C.FARMER, C.SHORT_RANGE, C.LONG_RANGE)

# -- Move moles -----------------------------------------------------------------------------------


def test_move_moles_stepping_onto_ones_own_base_and_changing_it_flips_it_neutral() -> None:
    game = table("G7:0@0 H7:0 G4:0@0")
    step(game, "G7", "H7")
    assert game.stage is Stage.CARD and game.legal_actions(0) == [ChangeBase(0)]
    events = game.apply(ChangeBase(0))
    assert BaseChanged(h("H7"), 0, 0, True) in events
    assert game.board.neutral.count(True) == 1


def test_move_moles_changing_an_enemy_base_returns_it_and_puts_ones_own() -> None:
    game = table("G7:0@0 H7:1 G4:0@0")
    step(game, "G7", "H7")
    game.apply(ChangeBase(0))
    assert board_is(game, "G7:0 H7:0@0 G4:0@0")
    assert game.base_reserve == [11, 14]


def test_move_moles_changing_ones_own_neutral_base_shows_the_colour_again() -> None:
    game = table("G7:0@0 H7:0n G4:0@0")
    events = play(
        game, ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G7")), MoveTo(0, h("H7")), ChangeBase(0)
    )
    assert BaseChanged(h("H7"), 0, 0, False) in events


def test_move_moles_the_moved_mole_may_play_a_card_instead() -> None:
    game = table("G7:0@0 H7:1 I7:1@1 G4:0@0", hand=[C.SHORT_RANGE])
    step(game, "G7", "H7")
    assert game.legal_actions(0) == [PlayCard(0, C.SHORT_RANGE), ChangeBase(0)]
    play(game, PlayCard(0, C.SHORT_RANGE), Target(0, h("I7")))
    assert board_is(game, "G7:0 H7:1@0 I7:1 G4:0@0")


def test_move_moles_each_mole_steps_once_and_at_least_one_must() -> None:
    game = table("G7:0@0 H7:0 G4:0@0 G5:0")
    game.apply(ChooseAction(0, ActionKind.MOVE))
    assert EndMoves(0) not in game.legal_actions(0)
    play(game, SelectMole(0, h("G7")), MoveTo(0, h("H7")), ChangeBase(0))
    assert game.legal_actions(0) == [SelectMole(0, h("G4")), EndMoves(0)]
    play(game, SelectMole(0, h("G4")), MoveTo(0, h("G5")), ChangeBase(0))
    # Nobody is left to step: the action ended by itself.
    assert game.current == 1


def test_move_moles_a_mole_recruited_this_turn_does_not_step() -> None:
    game = table("G7:0@0 H7:0 I7:0 J7:0", hand=[C.NEW_RECRUIT])
    step(game, "G7", "H7")
    play(game, PlayCard(0, C.NEW_RECRUIT), Target(0, h("J7")))
    # The recruit on J7 could step to I7 and change it, were it allowed to: the action is over.
    assert game.current == 1


def test_move_moles_never_onto_ones_own_mole() -> None:
    game = table("G7:0@0 H7:0@0 G8:1")
    play(game, ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G7")))
    assert game.legal_actions(0) == [MoveTo(0, h("G8"))]


# -- the Operations Line and refills --------------------------------------------------------------


def test_taking_a_line_card_costs_its_slot_and_the_line_slides_right() -> None:
    game = table("G7:0@0 H6:1", hand=[C.MORTAR, C.MORTAR], line=LINE, deck=DECK)
    assert PlayCard(0, C.BAYONET, 0).cost == -3 and PlayCard(0, C.DECORATION, 4).cost == 1
    events = enter(game, "G6", C.PATROL, "H6", slot=1)
    assert BadgesChanged(0, -2, 8, Gain.LINE_CARD) in events
    assert game.line == [C.BUILD_BASE, C.BAYONET, C.GRENADE, C.MORTAR, C.DECORATION]


def test_badges_never_go_below_zero_when_taking_a_line_card() -> None:
    game = table("G7:0@0 H6:1@1", line=LINE, badges=(1, 10))
    events = enter(game, "G6", C.BAYONET, "H6", slot=0)
    assert BadgesChanged(0, -1, 0, Gain.LINE_CARD) in events


def test_used_hand_cards_are_replaced_up_to_two() -> None:
    game = table("G7:0@0 H6:1", hand=[C.PATROL, C.MORTAR], line=LINE, deck=DECK)
    events = enter(game, "G6", C.PATROL, "H6")
    assert HandRefilled(0, 1) in events
    assert game.hands[0] == [C.MORTAR, C.BUILD_BASE]
    assert game.line == list(LINE)


def test_when_no_card_was_used_the_oldest_line_card_is_discarded_and_one_drawn() -> None:
    game = table("G7:0@0 H7:0 G4:0@0", hand=[C.MORTAR, C.MORTAR], line=LINE, deck=DECK)
    step(game, "G7", "H7")
    events = game.apply(ChangeBase(0))
    assert LineCardDiscarded(C.DECORATION) in events
    assert game.line == [C.BUILD_BASE, C.BAYONET, C.PATROL, C.GRENADE, C.MORTAR]
    assert game.line_discards == [C.DECORATION]


# -- the end --------------------------------------------------------------------------------------


def test_peace_starts_the_end_and_the_round_is_finished() -> None:
    hands = [[C.PATROL], [C.PATROL]]
    game = table("G7:0@0 H6:1 C7:1@1 D7:1 E7:1 F7:1", hands=hands, deck=(C.PEACE, C.MORTAR, C.GRENADE))
    events = enter(game, "G6", C.PATROL, "H6")
    assert PeaceDrawn(1) in events
    assert game.peace_drawn and game.hands[0] == [C.MORTAR]
    assert game.outcome is None and game.current == 1
    events = enter(game, "C8", C.PATROL, "D7")
    assert game.outcome is not None and any(isinstance(event, GameEnded) for event in events)
    assert game.hands[1] == []


def test_the_game_ends_at_once_when_peace_comes_in_the_last_players_turn() -> None:
    game = table("G7:1@1 H6:0 F7:0@0", seat=1, hand=[C.PATROL], deck=(C.PEACE, C.MORTAR))
    enter(game, "G6", C.PATROL, "H6")
    assert game.outcome is not None and game.stage is Stage.OVER


def test_final_scoring_categories_and_sets() -> None:
    discards = [[C.BAYONET, C.GRENADE, C.PATROL, C.BUILD_BASE, C.DECORATION], [C.SHORT_RANGE, C.PATROL]]
    game = table(
        "G7:0@0", seat=1, discards=discards, peace_drawn=True, badges=(10, 2), prisoners=[(0, 1)] * 4
    )
    assert game.legal_actions(1) == [Pass(1)]
    events = game.apply(Pass(1))
    assert CategoryScored(Category.COMBAT, (0,), 3) in events
    assert CategoryScored(Category.MOVEMENT, (0, 1), 2) in events
    assert BadgesChanged(0, 2, 23, Gain.SETS) in events
    assert game.outcome == Outcome(badges=(23, 4), colour_bases=(1, 0), winners=(0,))


def test_final_tie_goes_to_the_most_colour_bases() -> None:
    game = table("G7:0n H7:1 G8:1 F7:0@0", seat=1, peace_drawn=True, prisoners=[(0, 1)] * 4, badges=(2, 2))
    game.apply(Pass(1))
    assert game.outcome == Outcome(badges=(2, 2), colour_bases=(1, 2), winners=(1,))
