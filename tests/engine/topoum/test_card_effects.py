"""One scenario per card type, each acting from the mole that just entered combat.

Seat 0 acts; seat 1 is the enemy. Boards are tiny: a few bases around the centre (G7), whose
neighbours are H7, H6, G6, F7, F8 and G8; row 7 and column G are straight lines.
"""

import pytest

from engine.topoum.actions import ActionKind, ChooseAction, MoveTo, Place, PlayCard, SelectMole, Target
from engine.topoum.cards import Farmer, Obstacle
from engine.topoum.events import (
    BadgesChanged,
    BaseRemoved,
    Gain,
    Loss,
    MoleCaptured,
    MoleEliminated,
    ObstaclePlaced,
)
from engine.topoum.state import Stage

from . import C, board_is, enter, h, play, step, table


def test_bayonet_moves_onto_the_adjacent_enemy_and_eliminates_it() -> None:
    game = table("E7:0@0 F7:0 G7:1@1 H7:1", hand=[C.BAYONET])
    events = enter(game, "G6", C.BAYONET, "G7")
    assert MoleEliminated(1, h("G7"), Loss.SHOT) in events
    assert board_is(game, "E7:0@0 F7:0 G6:0 G7:1@0 H7:1")
    assert game.mole_reserve == [2, 4]


def test_short_range_eliminates_an_adjacent_enemy_and_stays() -> None:
    game = table("E7:0@0 F7:0 G7:1@1 H7:1", hand=[C.SHORT_RANGE])
    enter(game, "G6", C.SHORT_RANGE, "G7")
    assert board_is(game, "E7:0@0 F7:0 G6:0@0 G7:1 H7:1")


def test_long_range_hits_two_or_three_hexes_away_in_a_straight_line() -> None:
    game = table("G7:0@0 G8:0 G9:1@1 H8:1@1", hand=[C.LONG_RANGE])
    play(game, ChooseAction(0, ActionKind.ENTER), Place(0, h("G6")), PlayCard(0, C.LONG_RANGE))
    # From G6: G9 is three hexes down column G; H8 is three hexes away but off every straight line.
    assert game.legal_actions(0) == [Target(0, h("G9"))]
    game.apply(Target(0, h("G9")))
    assert board_is(game, "G6:0@0 G7:0@0 G8:0 G9:1 H8:1@1")


def test_long_range_is_stopped_by_an_obstacle_between() -> None:
    game = table("G7:0@0 G8:0r G9:1@1 H6:1 I6:1@1", hand=[C.LONG_RANGE])
    play(game, ChooseAction(0, ActionKind.ENTER), Place(0, h("G6")), PlayCard(0, C.LONG_RANGE))
    # G9 lies behind the rock on G8; I6 is two hexes along row 6 with nothing in the way.
    assert game.legal_actions(0) == [Target(0, h("I6"))]


def test_grenade_removes_an_adjacent_base_and_the_mole_on_it() -> None:
    game = table("F7:0@0 G7:1@1 H7:1 H6:1", hand=[C.GRENADE])
    events = enter(game, "G6", C.GRENADE, "G7")
    assert MoleEliminated(1, h("G7"), Loss.BLAST) in events
    assert BaseRemoved(1, h("G7")) in events
    assert board_is(game, "F7:0@0 G6:0@0 H6:1 H7:1")
    assert game.base_reserve[1] == 12


def test_mortar_removes_a_base_two_hexes_away_ignoring_the_hex_between() -> None:
    game = table("G7:0@0 G8:1@1 H7:1 H8:1", hand=[C.MORTAR])
    enter(game, "G6", C.MORTAR, "G8")
    assert board_is(game, "G6:0@0 G7:0@0 H7:1 H8:1")


def test_patrol_moves_to_an_adjacent_base() -> None:
    game = table("G7:0@0 H6:1", hand=[C.PATROL])
    enter(game, "G6", C.PATROL, "H6")
    assert board_is(game, "G6:0 G7:0@0 H6:1@0")


def test_motorised_patrol_passes_over_a_base_and_eliminates_the_enemy_on_it() -> None:
    game = table("F7:0@0 G7:1@1 G8:0", hand=[C.MOTORISED_PATROL])
    events = enter(game, "G6", C.MOTORISED_PATROL, "G8")
    assert MoleEliminated(1, h("G7"), Loss.SHOT) in events
    assert board_is(game, "F7:0@0 G6:0 G7:1 G8:0@0")


def test_panic_attack_pushes_every_mole_on_the_line_farthest_first() -> None:
    game = table("G7:1@1 H7:1@1 I7:1 G8:0@0", hand=[C.PANIC_ATTACK])
    events = enter(game, "F7", C.PANIC_ATTACK, direction=0)
    assert board_is(game, "F7:0@0 G7:1 H7:1@1 I7:1@1 G8:0@0")
    assert [event for event in events if isinstance(event, MoleEliminated)] == []


def test_underground_manoeuvre_moves_two_hexes_ignoring_the_mole_between() -> None:
    game = table("F7:0@0 G7:1@1 G8:0", hand=[C.UNDERGROUND])
    enter(game, "G6", C.UNDERGROUND, "G8")
    assert board_is(game, "F7:0@0 G6:0 G7:1@1 G8:0@0")


def test_new_recruit_puts_a_mole_on_a_base_two_hexes_away() -> None:
    game = table("G7:0@0 G8:0", hand=[C.NEW_RECRUIT])
    enter(game, "G6", C.NEW_RECRUIT, "G8")
    assert board_is(game, "G6:0@0 G7:0@0 G8:0@0")
    assert game.mole_reserve[0] == 1


def test_new_recruit_onto_an_enemy_eliminates_both_without_penalty() -> None:
    game = table("G7:0@0 G8:1@1", hand=[C.NEW_RECRUIT])
    events = enter(game, "G6", C.NEW_RECRUIT, "G8")
    assert MoleEliminated(1, h("G8"), Loss.CLASH) in events
    assert MoleEliminated(0, h("G8"), Loss.CLASH) in events
    assert board_is(game, "G6:0@0 G7:0@0 G8:1")
    assert game.mole_reserve == [2, 4]
    assert not any(isinstance(e, BadgesChanged) and e.gain is Gain.FRIENDLY_FIRE for e in events)


def test_build_base_puts_a_base_anywhere_next_to_the_battlefield() -> None:
    game = table("G7:0@0 H7:1", hand=[C.BUILD_BASE])
    enter(game, "G6", C.BUILD_BASE, "I7")
    assert board_is(game, "G6:0@0 G7:0@0 H7:1 I7:0")


def test_abandoned_base_builds_next_to_the_mole_and_moves_onto_it() -> None:
    game = table("G7:0@0", hand=[C.ABANDONED_BASE])
    enter(game, "G6", C.ABANDONED_BASE, "G5")
    assert board_is(game, "G5:0@0 G6:0 G7:0@0")
    assert game.base_reserve[0] == 11


def test_prisoner_of_war_captures_an_adjacent_enemy_into_a_prison() -> None:
    game = table("F8:0@0 G7:1@1 H7:1", hand=[C.PRISONER])
    events = enter(game, "G6", C.PRISONER, "G7")
    assert MoleCaptured(0, 1, h("G7")) in events
    assert game.prisons[0][1] == 1
    assert game.mole_reserve[1] == 3


def test_decoration_sends_another_mole_home_for_three_badges() -> None:
    game = table("G7:0@0 H7:1", hand=[C.DECORATION])
    events = enter(game, "G6", C.DECORATION, "G7")
    assert BadgesChanged(0, 3, 13, Gain.DECORATION) in events
    assert board_is(game, "G6:0@0 G7:0 H7:1")
    assert game.badges[0] == 13


@pytest.mark.parametrize(
    ("farmer", "obstacle", "code"),
    [
        (Farmer.ROCK, Obstacle.ROCK, "r"),
        (Farmer.TRAPPER, Obstacle.TRAP, "t"),
        (Farmer.TURNIP, Obstacle.TURNIP, "u"),
    ],
)
def test_farmer_acts_on_a_free_base_within_two(farmer: Farmer, obstacle: Obstacle, code: str) -> None:
    game = table("G7:0@0 H7:1 I7:1", hand=[C.FARMER], farmer=farmer)
    play(game, ChooseAction(0, ActionKind.ENTER), Place(0, h("G6")), PlayCard(0, C.FARMER))
    # H7 is two hexes from G6; I7 is three; G7 holds a mole.
    assert game.legal_actions(0) == [Target(0, h("H7"))]
    events = game.apply(Target(0, h("H7")))
    assert ObstaclePlaced(h("H7"), obstacle) in events
    assert board_is(game, f"G6:0@0 G7:0@0 H7:1{code} I7:1")


def test_rock_blocks_movement() -> None:
    game = table("G7:0@0 H7:1r G8:1")
    play(game, ChooseAction(0, ActionKind.MOVE), SelectMole(0, h("G7")))
    assert game.legal_actions(0) == [MoveTo(0, h("G8"))]


def test_a_mole_pushed_onto_a_rock_is_eliminated() -> None:
    game = table("G7:1@1 H7:1r G8:0@0", hand=[C.PANIC_ATTACK])
    events = enter(game, "F7", C.PANIC_ATTACK, direction=0)
    assert MoleEliminated(1, h("H7"), Loss.ROCK) in events
    assert board_is(game, "F7:0@0 G7:1 H7:1r G8:0@0")


def test_a_trap_eliminates_the_next_mole_to_enter_and_is_removed() -> None:
    game = table("G7:0@0 H7:1t G4:0@0")
    events = step(game, "G7", "H7")
    assert MoleEliminated(0, h("H7"), Loss.TRAP) in events
    assert board_is(game, "G7:0 H7:1 G4:0@0")
    # A free step is not a card: no friendly-fire penalty.
    assert game.badges[0] == 10


def test_a_turnip_gives_the_entering_moles_owner_three_badges_and_is_eaten() -> None:
    game = table("G7:1@1 H7:1u G8:0@0", hand=[C.PANIC_ATTACK])
    events = enter(game, "F7", C.PANIC_ATTACK, direction=0)
    assert BadgesChanged(1, 3, 13, Gain.TURNIP) in events
    assert board_is(game, "F7:0@0 G7:1 H7:1@1 G8:0@0")


def test_a_card_without_a_possible_effect_cannot_be_played() -> None:
    game = table("G7:0@0 H6:1", hand=[C.SHORT_RANGE, C.PATROL])
    play(game, ChooseAction(0, ActionKind.ENTER), Place(0, h("G6")))
    assert game.stage is Stage.CARD
    assert game.legal_actions(0) == [PlayCard(0, C.PATROL)]
