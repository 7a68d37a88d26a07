"""The basic rules: one battlefield, lost in action, no friendly fire, always a mole, out of
bases, prisoners and their ransom."""

from engine.topoum.actions import (
    ActionKind,
    ChangeBase,
    ChooseAction,
    EndMoves,
    KeepPart,
    MoveTo,
    Pass,
    Place,
    PlayCard,
    Ransom,
    Reclaim,
    SelectMole,
    Target,
)
from engine.topoum.board import INDEX
from engine.topoum.events import (
    ActionChosen,
    BadgesChanged,
    BattlefieldSplit,
    Gain,
    Loss,
    MoleEliminated,
    MoleRansomed,
)
from engine.topoum.state import Stage

from . import C, board_is, enter, h, play, step, table


def column_g(*moles: int) -> str:
    """All 14 of seat 0's bases: down column G (with moles on the given rows) and on H7."""
    return " ".join(f"G{row}:0" + ("@0" if row in moles else "") for row in range(1, 14)) + " H7:0"


def friendly_fire(events: list[object]) -> list[object]:
    return [e for e in events if isinstance(e, BadgesChanged) and e.gain is Gain.FRIENDLY_FIRE]


# -- one battlefield ------------------------------------------------------------------------------


def test_one_battlefield_the_smaller_part_vanishes_and_pieces_go_home() -> None:
    game = table("C7:0@0 D7:0 E7:0 F7:1 G7:1@1", hand=[C.GRENADE])
    events = enter(game, "F6", C.GRENADE, "F7")
    assert BattlefieldSplit((h("G7"),)) in events
    assert MoleEliminated(1, h("G7"), Loss.CUT_OFF) in events
    assert board_is(game, "C7:0@0 D7:0 E7:0 F6:0@0")
    assert (game.mole_reserve[1], game.base_reserve[1]) == (4, 14)


def test_one_battlefield_equal_parts_the_splitter_chooses() -> None:
    game = table("C7:0@0 D7:0 E7:0 F7:1 G7:1@1 H7:1", hand=[C.GRENADE])
    enter(game, "G6", C.GRENADE, "F7")
    assert game.stage is Stage.SPLIT and game.current == 0
    assert game.legal_actions(0) == [KeepPart(0, h("C7")), KeepPart(0, h("G6"))]
    events = game.apply(KeepPart(0, h("C7")))
    assert BattlefieldSplit((h("G6"), h("G7"), h("H7"))) in events
    assert board_is(game, "C7:0@0 D7:0 E7:0")
    # The splitter's own mole on G6 was lost with its part: friendly fire.
    assert friendly_fire(events) == [BadgesChanged(0, -5, 5, Gain.FRIENDLY_FIRE)]
    assert game.current == 1


# -- lost in action -------------------------------------------------------------------------------


def test_lost_in_action_a_mole_pushed_off_the_bases_is_eliminated() -> None:
    game = table("G7:1@1 H7:1@1 G8:0@0", hand=[C.PANIC_ATTACK])
    events = enter(game, "F7", C.PANIC_ATTACK, direction=0)
    assert MoleEliminated(1, h("H7"), Loss.LOST) in events
    assert board_is(game, "F7:0@0 G7:1 H7:1@1 G8:0@0")


# -- no friendly fire -----------------------------------------------------------------------------


def test_no_friendly_fire_blasting_ones_own_mole_costs_five() -> None:
    game = table("G7:0@0 H7:1 H6:1", hand=[C.GRENADE])
    events = enter(game, "G6", C.GRENADE, "G7")
    assert MoleEliminated(0, h("G7"), Loss.BLAST) in events
    assert friendly_fire(events) == [BadgesChanged(0, -5, 5, Gain.FRIENDLY_FIRE)]


def test_no_friendly_fire_pushing_ones_own_mole_off_costs_five() -> None:
    game = table("G7:0@0 G8:1", hand=[C.PANIC_ATTACK])
    events = enter(game, "F7", C.PANIC_ATTACK, direction=0)
    assert MoleEliminated(0, h("G7"), Loss.LOST) in events
    assert friendly_fire(events) == [BadgesChanged(0, -5, 5, Gain.FRIENDLY_FIRE)]


def test_no_friendly_fire_the_penalty_stops_at_zero_badges() -> None:
    game = table("G7:0@0 H7:1 H6:1", hand=[C.GRENADE], badges=(3, 10))
    events = enter(game, "G6", C.GRENADE, "G7")
    assert friendly_fire(events) == [BadgesChanged(0, -3, 0, Gain.FRIENDLY_FIRE)]


def test_no_friendly_fire_for_a_mole_lost_moving_onto_an_enemy() -> None:
    game = table("G7:0@0 H6:1@1", hand=[C.PATROL])
    events = enter(game, "G6", C.PATROL, "H6")
    assert MoleEliminated(1, h("H6"), Loss.CLASH) in events
    assert MoleEliminated(0, h("G6"), Loss.CLASH) in events
    assert friendly_fire(events) == []
    assert board_is(game, "G6:0 G7:0@0 H6:1")


# -- always a mole --------------------------------------------------------------------------------


def test_always_a_mole_a_player_without_moles_first_places_one_then_enters_combat() -> None:
    game = table("G7:1@1 H7:1", hand=[C.SHORT_RANGE])
    frontier = ["F7", "F8", "G6", "G8", "H6", "H8", "I6", "I7"]
    assert game.legal_actions(0) == [Place(0, h(label)) for label in frontier]
    events = game.apply(Place(0, h("G6")))
    assert ActionChosen(0, ActionKind.ENTER) in events
    assert game.stage is Stage.ENTER_PLACE
    play(game, Place(0, h("H6")), PlayCard(0, C.SHORT_RANGE), Target(0, h("G7")))
    assert board_is(game, "G6:0@0 G7:1 H6:0@0 H7:1")


def test_always_a_mole_the_turn_ends_when_no_combat_can_follow() -> None:
    game = table("G7:1@1 H7:1")
    events = game.apply(Place(0, h("G6")))
    assert not any(isinstance(event, ActionChosen) for event in events)
    assert game.current == 1


def test_always_a_mole_with_every_mole_captured_the_player_passes() -> None:
    game = table("G7:1@1", prisoners=[(1, 0)] * 4, badges=(2, 10))
    assert game.legal_actions(0) == [Pass(0)]


# -- out of bases ---------------------------------------------------------------------------------


def test_out_of_bases_with_one_mole_enter_combat_with_a_base_taken_back() -> None:
    game = table(f"{column_g(7)} F7:1@1", hand=[C.SHORT_RANGE])
    assert game.base_reserve[0] == 0
    assert game.legal_actions(0) == [ChooseAction(0, ActionKind.ENTER)]
    game.apply(ChooseAction(0, ActionKind.ENTER))
    # Only the ends of the column and H7 can go without splitting the battlefield.
    assert game.legal_actions(0) == [Reclaim(0, h("G1")), Reclaim(0, h("G13")), Reclaim(0, h("H7"))]
    play(game, Reclaim(0, h("G1")), Place(0, h("F6")), PlayCard(0, C.SHORT_RANGE), Target(0, h("F7")))
    assert game.board.bases_of(0) == 14 and game.base_reserve[0] == 0
    assert game.board.mole.count(1) == 0


def test_out_of_bases_with_two_moles_move_and_take_a_base_back_to_change_one() -> None:
    game = table(f"{column_g(3, 7)} F7:1")
    assert game.legal_actions(0) == [ChooseAction(0, ActionKind.MOVE)]
    play(game, ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G7")), MoveTo(0, h("F7")))
    assert game.legal_actions(0) == [ChangeBase(0)]
    game.apply(ChangeBase(0))
    assert game.stage is Stage.CHANGE_RECLAIM
    assert game.legal_actions(0) == [Reclaim(0, h("G1")), Reclaim(0, h("G13")), Reclaim(0, h("H7"))]
    game.apply(Reclaim(0, h("H7")))
    assert game.board.base[INDEX[h("F7")]] == 0
    assert game.base_reserve == [0, 14]
    assert EndMoves(0) in game.legal_actions(0)


# -- prisoners ------------------------------------------------------------------------------------


def test_a_prisoners_owner_may_pay_three_badges_to_get_it_back() -> None:
    game = table("G7:1@1 H7:0@0", seat=1, prisoners=[(0, 1)])
    assert Ransom(1, 0) in game.legal_actions(1)
    events = game.apply(Ransom(1, 0))
    assert MoleRansomed(1, 0) in events
    assert game.badges == [13, 7]
    assert game.prisons[0][1] == 0 and game.mole_reserve[1] == 3
    assert game.stage is Stage.START


def test_ransom_needs_three_badges() -> None:
    game = table("G7:1@1 H7:0@0", seat=1, prisoners=[(0, 1)], badges=(10, 2))
    assert Ransom(1, 0) not in game.legal_actions(1)


def test_ransom_only_before_the_action() -> None:
    game = table("G7:1@1 H7:0@0", seat=1, prisoners=[(0, 1)], hand=[C.SHORT_RANGE])
    game.apply(ChooseAction(1, ActionKind.ENTER))
    assert Ransom(1, 0) not in game.legal_actions(1)


def test_moving_onto_an_enemy_mole_eliminates_both() -> None:
    game = table("G7:0@0 H7:1@1 G4:0@0")
    events = step(game, "G7", "H7")
    assert MoleEliminated(1, h("H7"), Loss.CLASH) in events
    assert MoleEliminated(0, h("G7"), Loss.CLASH) in events
    assert friendly_fire(events) == []
