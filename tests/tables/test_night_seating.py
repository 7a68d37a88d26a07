"""A game night's seating (issue 45): table sizes near the game's best, round 1 snake-seeded by
rating, later rounds by night points with as few repeat meetings as can be, people left over
in turn; exact small cases, then properties over whole nights."""

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.night_seating import (
    Entrant,
    Fill,
    Past,
    Round,
    TableSizes,
    grouped,
    meetings,
    repeats,
    seat_round,
    snake,
    spread,
    table_sizes,
)

TOPPO = TableSizes(2, 4, 8)
ASSETS = TableSizes(2, 4, 6)
SPIT = TableSizes(2, 2, 2)
TOPOUM = TableSizes(2, 3, 4)
GAMES = (TOPPO, ASSETS, SPIT, TOPOUM, TableSizes(3, 3, 4), TableSizes(3, 3, 3))
"""The games' sizes, and two ranges no game has yet (a table never of two)."""


@pytest.mark.parametrize(
    ("people", "sizes", "expected"),
    [
        (9, TOPPO, ((5, 4), 0)),  # 1 + 0 from the best, where 3 + 3 + 3 is 1 + 1 + 1
        (10, TOPPO, ((5, 5), 0)),  # 5 + 5 and 4 + 3 + 3 are as near: the fewer tables
        (6, ASSETS, ((3, 3), 0)),  # 3 + 3, not one long table of 6
        (8, TOPOUM, ((3, 3, 2), 0)),
        (7, SPIT, ((2, 2, 2), 1)),
        (1, TOPPO, ((), 1)),
        (0, TOPPO, ((), 0)),
        (5, TableSizes(3, 3, 4), ((4,), 1)),  # 5 cannot be split into tables of 3 or 4
    ],
)
def test_tables_are_near_the_best_size_with_as_few_left_over_as_can_be(
    people: int, sizes: TableSizes, expected: tuple[tuple[int, ...], int]
) -> None:
    assert table_sizes(people, sizes) == expected


def test_a_range_of_seats_is_checked_and_an_ai_table_has_the_fewest_seats() -> None:
    with pytest.raises(ValueError, match="fewest <= best <= most"):
        TableSizes(2, 5, 4)
    with pytest.raises(ValueError):
        TableSizes(1, 2, 2)
    assert TOPPO.with_ai([7]) == (7, None)
    assert TableSizes(3, 3, 4).with_ai([7, 8]) == (7, 8, None)


def test_the_snake_deals_there_and_back_so_tables_of_four_are_even() -> None:
    tables = snake([8, 7, 6, 5, 4, 3, 2, 1], [4, 4])
    assert tables == ((8, 5, 4, 1), (7, 6, 3, 2))
    ratings = {person: float(person) for person in range(1, 9)}
    assert spread(tables, ratings) == 0.0
    assert snake([5, 4, 3, 2, 1], [3, 2]) == ((5, 2, 1), (4, 3)), "the last pass fills the larger table"


@pytest.mark.parametrize(
    "ratings",
    [
        [30.0, 29, 27, 26, 25, 22, 21, 20, 18, 15, 12, 10],
        [40.0, 39, 38, 37, 20, 19, 18, 17, 5, 4, 3, 2],
        [25.0, 25, 25, 24, 24, 10, 9, 9, 9, 8, 8, 1],
    ],
)
def test_snake_seeding_spreads_no_more_than_a_naive_split(ratings: list[float]) -> None:
    order = list(range(len(ratings)))
    rated = dict(enumerate(ratings))
    shape = [4, 4, 4]
    blocks = ((0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11))
    dealt = tuple(tuple(order[index :: len(shape)]) for index in range(len(shape)))  # 1-2-3-1-2-3
    snaked = spread(snake(order, shape), rated)
    assert snaked <= spread(blocks, rated) and snaked <= spread(dealt, rated)


def test_an_ai_table_is_left_out_of_the_spread() -> None:
    assert spread([(1, 2), (3, None)], {1: 10.0, 2: 20.0, 3: 0.0}) == 0.0
    assert spread([], {}) == 0.0


def test_round_one_seats_by_rating_and_the_weakest_is_left_over() -> None:
    people = [Entrant(user, rating) for user, rating in ((1, 30), (2, 10), (3, 20), (4, 25), (5, 5))]
    assert seat_round(people, SPIT, "bye") == Round(tables=((1, 2), (4, 3)), byes=(5,), repeats=0, spread=2.5)
    assert seat_round(people, SPIT, "ai").tables == ((1, 2), (4, 3), (5, None))


def test_a_later_round_groups_by_points_and_avoids_those_who_met() -> None:
    people = [Entrant(user, 20 - user, points) for user, points in ((1, 2), (2, 2), (3, 0), (4, 0))]
    assert seat_round(people, SPIT, "bye", Past(tables=((1, 3), (2, 4)))).tables == ((1, 2), (3, 4))
    met_twice = Past(tables=((1, 3), (2, 4), (1, 2), (3, 4)))
    assert seat_round(people, SPIT, "bye", met_twice).tables == ((1, 4), (2, 3))
    everyone = Past(tables=((1, 2, 3, 4),))
    assert seat_round(people, TOPPO, "bye", everyone) == Round(((1, 2, 3, 4),), (), repeats=6, spread=0.0)


def test_a_search_cut_short_swaps_people_between_tables() -> None:
    met = meetings([(3, 4)])
    assert grouped([1, 2, 3, 4], [2, 2], met) == ((1, 3), (2, 4)), "searched to the end"
    assert grouped([1, 2, 3, 4], [2, 2], met, steps=0) == ((1, 4), (2, 3)), "greedy, then a swap"


def test_withdrawn_people_are_not_seated_and_byes_go_round() -> None:
    people = [Entrant(user, float(user)) for user in range(1, 6)] + [Entrant(6, 99.0, withdrawn=True)]
    past = Past()
    for _ in range(5):
        seated = seat_round(people, SPIT, "bye", past)
        assert 6 not in {seat for seats in seated.tables for seat in seats}
        past = Past(past.tables + seated.tables, past.byes + seated.byes)
    assert sorted(past.byes) == [1, 2, 3, 4, 5]


def test_a_seat_at_an_ai_table_counts_as_being_left_over() -> None:
    people = [Entrant(user, float(user)) for user in range(1, 4)]
    assert seat_round(people, SPIT, "ai", Past(tables=((3, 2), (1, None)))).tables == ((3, 1), (2, None))


def test_repeats_count_each_earlier_meeting() -> None:
    met = meetings([(1, 2, None), (1, 2), (2, 3)])
    assert met == Counter({frozenset((1, 2)): 2, frozenset((2, 3)): 1})
    assert repeats([(1, 2, 3)], met) == 3


# Whole nights, with results drawn at random.


def played(seating: Round, past: Past, points: dict[int, float], rng: random.Random) -> Past:
    """The round played: each table's people in a random order of places, n - place points."""
    for seats in seating.tables:
        people = [seat for seat in seats if seat is not None]
        rng.shuffle(people)
        for place, person in enumerate(people, start=1):
            points[person] += len(seats) - place
    for person in seating.byes:
        points[person] += 1
    return Past(past.tables + seating.tables, past.byes + seating.byes)


def night(
    ratings: Sequence[float],
    sizes: TableSizes,
    fill: Fill,
    rounds: int,
    rng: random.Random,
    withdrawn: int = 0,
) -> Iterator[tuple[Round, Past, list[Entrant]]]:
    """Each round of a night with its seating, what was played before it, and its people
    (the first ``withdrawn`` people withdrawn after round 1)."""
    points = dict.fromkeys(range(len(ratings)), 0.0)
    past = Past()
    for number in range(rounds):
        people = [
            Entrant(user, rating, points[user], withdrawn=number > 0 and user < withdrawn)
            for user, rating in enumerate(ratings)
        ]
        seating = seat_round(people, sizes, fill, past)
        yield seating, past, people
        past = played(seating, past, points, rng)


ratings_lists = st.lists(st.floats(0, 50, allow_nan=False), min_size=0, max_size=20)


@settings(max_examples=40, deadline=None)
@given(
    ratings_lists,
    st.sampled_from(GAMES),
    st.sampled_from(("ai", "bye")),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_every_person_not_withdrawn_is_seated_once_or_has_a_bye(
    ratings: list[float], sizes: TableSizes, fill: Fill, withdrawn: int, rng: random.Random
) -> None:
    for seating, _, people in night(ratings, sizes, fill, 3, rng, withdrawn):
        seated = [seat for seats in seating.tables for seat in seats if seat is not None]
        present = sorted(person.user_id for person in people if not person.withdrawn)
        assert sorted(seated + list(seating.byes)) == present
        assert all(sizes.fewest <= len(seats) <= sizes.most for seats in seating.tables)
        ai_tables = [seats for seats in seating.tables if None in seats]
        assert len(ai_tables) <= 1 and (fill == "ai" or not ai_tables) and (fill == "bye" or not seating.byes)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0, 50, allow_nan=False), min_size=1, max_size=9), st.randoms(use_true_random=False))
def test_nobody_is_left_over_twice_while_someone_has_not_been(
    ratings: list[float], rng: random.Random
) -> None:
    left_over: Counter[int] = Counter()
    for seating, _, _ in night(ratings, SPIT, "ai", 6, rng):
        left_over.update(
            seat for seats in seating.tables if None in seats for seat in seats if seat is not None
        )
        assert (
            max(left_over[user] for user in range(len(ratings)))
            - min(left_over[user] for user in range(len(ratings)))
            <= 1
        )


def partitions(people: tuple[int, ...], sizes: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
    """Every way to seat ``people`` at tables of ``sizes`` (each once)."""
    if not people:
        yield ()
        return
    for size in set(sizes):
        rest_sizes = list(sizes)
        rest_sizes.remove(size)
        for others in itertools.combinations(people[1:], size - 1):
            rest = tuple(person for person in people[1:] if person not in others)
            for tables in partitions(rest, tuple(rest_sizes)):
                yield ((people[0], *others), *tables)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.floats(0, 50, allow_nan=False), min_size=2, max_size=8),
    st.sampled_from(GAMES),
    st.integers(1, 5),
    st.randoms(use_true_random=False),
)
def test_a_small_round_has_the_fewest_repeat_meetings_possible(
    ratings: list[float], sizes: TableSizes, rounds: int, rng: random.Random
) -> None:
    for seating, past, _ in night(ratings, sizes, "bye", rounds, rng):
        seated = tuple(sorted(seat for seats in seating.tables for seat in seats if seat is not None))
        shape = tuple(len(seats) for seats in seating.tables)
        met = meetings(past.tables)
        assert seating.repeats == min(repeats(tables, met) for tables in partitions(seated, shape))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(0, 50, allow_nan=False), min_size=8, max_size=8), st.randoms(use_true_random=False))
def test_eight_people_play_three_rounds_of_spit_without_a_repeat_pair(
    ratings: list[float], rng: random.Random
) -> None:
    tables = [seats for seating, _, _ in night(ratings, SPIT, "bye", 3, rng) for seats in seating.tables]
    assert len(tables) == 12 and max(meetings(tables).values()) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6).flatmap(lambda tables: st.tuples(st.just(tables), st.integers(2, 6))), st.data())
def test_snake_seeding_spreads_no_more_than_seating_by_rating_in_blocks(
    shape: tuple[int, int], data: st.DataObject
) -> None:
    tables, size = shape
    ratings = data.draw(
        st.lists(st.floats(0, 50, allow_nan=False), min_size=tables * size, max_size=tables * size)
    )
    order = sorted(range(len(ratings)), key=lambda person: -ratings[person])
    blocks = [tuple(order[index : index + size]) for index in range(0, len(order), size)]
    rated = dict(enumerate(ratings))
    assert spread(snake(order, [size] * tables), rated) <= spread(blocks, rated) + 1e-9
