"""Lines of sight: what makes one, what it scores, what blocks it, and that only new ones score."""

import pytest

from engine.topoum.actions import ChangeBase, EndMoves
from engine.topoum.board import HEXES, INDEX, parse_board
from engine.topoum.cards import CardType, Category
from engine.topoum.events import LineOfSightScored
from engine.topoum.scoring import category_awards, full_sets, sight_lines

from . import C, enter, h, step, table


def lines(board: str, seat: int = 0) -> dict[tuple[str, str], int]:
    """``sight_lines`` with labels for ends."""
    return {
        (HEXES[a].label, HEXES[b].label): points
        for (a, b), points in sight_lines(parse_board(board), seat).items()
    }


def scored(events: list[object]) -> list[tuple[str, str, int]]:
    return [(e.ends[0].label, e.ends[1].label, e.points) for e in events if isinstance(e, LineOfSightScored)]


def test_a_line_scores_a_badge_per_hex_and_per_own_colour_base() -> None:
    # Three hexes, three of seat 0's colour: 3 + 3.
    assert lines("E7:0@0 F7:0 G7:0@0") == {("E7", "G7"): 6}


def test_neutral_and_enemy_bases_count_as_hexes_only() -> None:
    assert lines("E7:0@0 F7:0n G7:1@0") == {("E7", "G7"): 4}


def test_adjacent_moles_see_each_other() -> None:
    assert lines("F7:0@0 G7:0@0") == {("F7", "G7"): 4}


def test_lines_run_along_all_three_axes() -> None:
    board = "G7:0@0 G8:0 G9:0@0 H7:0 I7:0@0 H6:0 I5:0@0"
    assert lines(board) == {("G7", "G9"): 6, ("G7", "I7"): 6, ("G7", "I5"): 6}


@pytest.mark.parametrize(
    "board",
    [
        "E7:0@0 F7:1@1 G7:0@0",  # an enemy mole between
        "E7:0@0 F7:0r G7:0@0",  # a rock
        "E7:0@0 F7:0t G7:0@0",  # a trap
        "E7:0@0 F7:0u G7:0@0",  # a turnip
        "E7:0@0 F6:0 F7:0@1 G6:0 G7:0@0",  # a gap (E7 and G7 connected around it)
    ],
)
def test_a_line_is_blocked_by_a_mole_an_obstacle_or_a_hex_without_base(board: str) -> None:
    assert ("E7", "G7") not in lines(board)


def test_an_own_mole_between_splits_a_line_in_two() -> None:
    assert lines("E7:0@0 F7:0@0 G7:0@0") == {("E7", "F7"): 4, ("F7", "G7"): 4}


def test_moles_off_a_straight_line_do_not_see_each_other() -> None:
    assert lines("G7:0@0 H7:0 H8:0@0 G8:0") == {}


def test_a_new_line_formed_by_entering_scores() -> None:
    game = table("C7:0@0 D7:0 E7:0 G7:1@1", hand=[C.SHORT_RANGE])
    events = enter(game, "F7", C.SHORT_RANGE, "G7")
    assert scored(events) == [("C7", "F7", 8)]


def test_unchanged_lines_do_not_score_again() -> None:
    # E7-G7 stands at the start of the turn; entering away from it leaves it unchanged.
    game = table("E7:0@0 F7:0 G7:0@0 H7:1 I7:1@1 J7:1", hand=[C.SHORT_RANGE])
    events = enter(game, "J6", C.SHORT_RANGE, "I7")
    assert scored(events) == []
    assert sight_lines(game.board, 0) == {(INDEX[h("E7")], INDEX[h("G7")]): 6}


def test_a_line_whose_mole_moved_scores_again() -> None:
    game = table("E7:0@0 F7:0 G7:0@0 H7:0")
    step(game, "G7", "H7")
    game.apply(ChangeBase(0))
    events = game.apply(EndMoves(0))
    # E7 now sees H7 across four hexes; H7 flipped neutral, so three colour bases: 4 + 3.
    assert scored(events) == [("E7", "H7", 7)]


def test_category_awards_and_sets() -> None:
    piles = [
        [C.BAYONET, C.GRENADE, C.PATROL, C.BUILD_BASE, C.DECORATION],
        [C.SHORT_RANGE, C.PATROL],
        [],
    ]
    assert category_awards(piles) == [
        (Category.COMBAT, (0,), 3),
        (Category.MOVEMENT, (0, 1), 2),
        (Category.EXPANSION, (0,), 3),
        (Category.SPECIAL, (0,), 3),
    ]
    assert [full_sets(pile) for pile in piles] == [1, 0, 0]
    assert full_sets([CardType.BAYONET, CardType.PATROL, CardType.FARMER, CardType.NEW_RECRUIT] * 2) == 2


def test_ends_are_ordered_by_index() -> None:
    ((a, b),) = sight_lines(parse_board("I7:0@0 H7:0@0"), 0)
    assert (a, b) == (INDEX[h("H7")], INDEX[h("I7")])
