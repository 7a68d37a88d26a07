"""Night points (issue 45): by place on one scale for every table size, ties sharing, AI seats
earning nothing, a bye, the arena's streak, and the standings with their tie-breaks."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.game_hooks import ranked
from tables.night_points import (
    BYE_POINTS,
    Placed,
    Standing,
    on_fire,
    place_points,
    podium,
    scored,
    standings,
)


@pytest.mark.parametrize(
    ("ranks", "points"),
    [
        ([1, 2], [2, 0]),
        ([2, 1, 3], [1, 2, 0]),
        ([1, 2, 3, 4], [2, 4 / 3, 2 / 3, 0]),
        ([1, 2, 3, 4, 5], [2, 1.5, 1, 0.5, 0]),
        ([1, 2, 3, 4, 5, 6, 7, 8], [2, 12 / 7, 10 / 7, 8 / 7, 6 / 7, 4 / 7, 2 / 7, 0]),
        ([1, 1], [1, 1]),  # a draw at Spit, as Lichess's
        ([1, 2, 2, 4], [2, 1, 1, 0]),  # second and third shared
        ([1, 1, 1], [1, 1, 1]),
        ([3, 1, 1], [0, 1.5, 1.5]),
    ],
)
def test_a_place_earns_on_one_scale_and_tied_people_share_the_places_they_cover(
    ranks: list[int], points: list[float]
) -> None:
    assert place_points(ranks) == pytest.approx(points)


@pytest.mark.parametrize("ranks", [[1], [1, 3], [0, 1], [1, 1, 2], [2, 2]])
def test_ranks_no_table_could_have_are_refused(ranks: list[int]) -> None:
    with pytest.raises(ValueError, match="not a table's ranks"):
        place_points(ranks)


def test_ai_seats_take_their_places_and_earn_nothing_and_won_is_first_alone() -> None:
    assert scored([10, None, 11], [2, 1, 3]) == (Placed(10, 2, 1.0, False), Placed(11, 3, 0.0, False))
    assert scored([10, 11, 12], [1, 1, 3]) == (
        Placed(10, 1, 1.5, False),
        Placed(11, 1, 1.5, False),
        Placed(12, 3, 0.0, False),
    )
    assert scored([10, 11], [1, 2], doubled={10, 11}) == (Placed(10, 1, 4.0, True), Placed(11, 2, 0.0, False))


def test_two_wins_in_a_row_set_a_person_on_fire_until_a_game_is_not_won() -> None:
    outcomes = {"won": [1, 2], "drew": [1, 1], "lost": [2, 1]}
    earned: list[float] = []
    won: list[bool] = []
    for outcome in ("won", "won", "won", "drew", "lost", "won"):
        (placed, _) = scored([7, 8], outcomes[outcome], doubled={7} if on_fire(won) else set())
        earned.append(placed.points)
        won.append(placed.won)
    assert earned == [2, 2, 4, 2, 0, 2], "the draw that ends the streak counts double"


def test_the_standings_order_points_then_games_won_then_opponents_then_rating() -> None:
    ana, ben, cris, dani, eva, fede = 1, 2, 3, 4, 5, 6
    ratings = {ana: 10.0, ben: 40.0, cris: 30.0, dani: 20.0, eva: 15.0, fede: 25.0}
    tables = [
        scored([ana, cris, dani], [1, 2, 3]),  # Ana 2, Cris 1, Dani 0
        scored([ben, dani], [1, 1]),  # Ben 1, Dani 1
    ]
    ordered = standings(ratings, tables, byes=[ben])  # Ben's bye: 1 more
    assert [one.user_id for one in ordered] == [ana, ben, dani, cris, fede, eva]
    # Ana and Ben have 2 points, Ana a game won; Dani and Cris 1 point, Dani's opponents
    # stronger (Ana and Cris's mean, 1.5, and Ben's 2); Fede and Eva never played: the rating.
    assert ordered[0] == Standing(ana, 2.0, games=1, won=1, opponents=1.0, rating=10.0)
    assert ordered[1] == Standing(ben, 2.0, games=1, won=0, opponents=1.0, rating=40.0)
    assert ordered[2].opponents == 3.5 and ordered[3].opponents == 1.5
    assert podium(ordered) == ordered[:3] and podium(ordered[:2]) == ordered[:2]


def test_points_that_are_equal_tie_however_their_float_sums_round() -> None:
    one = [2 / 7, 1 / 3, 6 / 7]  # 7th and 5th of eight, 6th of seven
    other = [1 / 3, 8 / 7]  # 6th of seven, 4th of eight: as many points
    assert sum(one) != sum(other)
    tables = [
        [Placed(person, 2, points, False)] for person, earned in ((1, one), (2, other)) for points in earned
    ]
    assert [one.user_id for one in standings({1: 10.0, 2: 20.0}, tables)] == [2, 1], "the rating decides"


scores = st.lists(st.integers(0, 3), min_size=2, max_size=8)


@settings(max_examples=60, deadline=None)
@given(scores)
def test_a_table_hands_out_one_point_a_seat_better_places_never_earning_less(table: list[int]) -> None:
    ranks = ranked(table)
    points = place_points(ranks)
    assert math.isclose(sum(points), len(table))
    assert all(
        points[a] >= points[b] for a in range(len(table)) for b in range(len(table)) if ranks[a] < ranks[b]
    )


@settings(max_examples=60, deadline=None)
@given(
    scores.flatmap(
        lambda table: st.tuples(
            st.just(table), st.lists(st.booleans(), min_size=len(table), max_size=len(table))
        )
    )
)
def test_people_earn_what_a_table_hands_out_less_the_ai_seats_share(
    drawn: tuple[list[int], list[bool]],
) -> None:
    table, ai = drawn
    ranks = ranked(table)
    seats = [None if is_ai else seat for seat, is_ai in enumerate(ai)]
    people = scored(seats, ranks)
    ai_share = sum(points for points, is_ai in zip(place_points(ranks), ai, strict=True) if is_ai)
    assert math.isclose(sum(placed.points for placed in people) + ai_share, len(table), abs_tol=1e-9)
    ratings = {seat: 0.0 for seat in range(len(table))}
    total = sum(one.points for one in standings(ratings, [people], byes=[0, 0]))
    assert math.isclose(total, len(table) - ai_share + 2 * BYE_POINTS, abs_tol=1e-9)
