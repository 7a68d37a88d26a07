"""A game night's arena (issue 45): the pool's tables start at once when the best size waits,
a short table or a rematch after a short wait, AI seats after a longer one, nothing in the
closing window; exact small cases, then properties over pools drawn at random."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tables.night_arena import ArenaSettings, Waiting, closed, pair
from tables.night_seating import Entrant, TableSizes

NOW = datetime(2026, 12, 4, 20, 30, tzinfo=UTC)
TOPPO = ArenaSettings(TableSizes(2, 4, 8), ends_at=NOW + timedelta(hours=1))
SPIT = ArenaSettings(TableSizes(2, 2, 2), ends_at=NOW + timedelta(hours=1))


def waiting(user: int, seconds: float = 0.0, points: float = 0.0, last: tuple[int, ...] = ()) -> Waiting:
    """Person ``user`` (rated 100 - user), waiting for ``seconds`` now."""
    return Waiting(Entrant(user, 100.0 - user, points), NOW - timedelta(seconds=seconds), frozenset(last))


def test_the_best_size_starts_at_once_a_smaller_table_after_a_short_wait() -> None:
    assert pair([waiting(1), waiting(2), waiting(3), waiting(4)], NOW, TOPPO) == ((1, 2, 3, 4),)
    assert pair([waiting(1, 19), waiting(2), waiting(3)], NOW, TOPPO) == ()
    assert pair([waiting(1, 20), waiting(2), waiting(3)], NOW, TOPPO) == ((1, 2, 3),)
    assert pair([waiting(user) for user in range(1, 7)], NOW, TOPPO) == ((1, 2, 3), (4, 5, 6))


def test_someone_alone_gets_an_ai_seat_after_the_longer_wait() -> None:
    assert pair([waiting(1, 59)], NOW, TOPPO) == ()
    assert pair([waiting(1, 60)], NOW, TOPPO) == ((1, None),)
    assert pair([waiting(1, 5), waiting(2, 5), waiting(3, 61)], NOW, SPIT) == ((1, 3),), "the newest waits on"
    assert pair([waiting(1, 70), waiting(2, 65), waiting(3, 61)], NOW, SPIT) == ((1, 2), (3, None))


def test_people_near_in_the_standings_sit_together() -> None:
    pool = [waiting(user, points=float(user % 2)) for user in range(1, 9)]  # odd users have a point
    assert pair(pool, NOW, TOPPO) == ((1, 3, 5, 7), (2, 4, 6, 8))


def test_a_rematch_waits_for_someone_else_and_the_newest_is_left_over_unless_it_avoids_one() -> None:
    ana, ben, cris = waiting(1, last=(1, 2)), waiting(2, last=(1, 2)), waiting(3, 10)
    assert pair([ana, ben], NOW, SPIT) == (), "they just played each other"
    assert pair([ana, ben, cris], NOW, SPIT) == ((1, 3),), "Ben, not Cris, waits on"
    assert pair([waiting(1, 20, last=(2,)), waiting(2, last=(1,))], NOW, SPIT) == ((1, 2),), "nobody came"
    assert pair([waiting(1, 30), waiting(2, 10), waiting(3)], NOW, SPIT) == ((1, 2),), "Cris came last"


def test_nothing_starts_in_the_closing_window_and_withdrawn_people_are_not_seated() -> None:
    ends = ArenaSettings(TableSizes(2, 4, 8), ends_at=NOW + timedelta(minutes=5))
    assert closed(NOW, ends) and not closed(NOW - timedelta(seconds=1), ends)
    assert pair([waiting(user, 600) for user in range(1, 6)], NOW, ends) == ()
    gone = Waiting(Entrant(5, 50.0, withdrawn=True), NOW)
    assert pair([waiting(1), waiting(2), waiting(3), waiting(4), gone], NOW, TOPPO) == ((1, 2, 3, 4),)


def test_an_arenas_waits_are_checked() -> None:
    with pytest.raises(ValueError, match="short_after_s <= ai_after_s"):
        ArenaSettings(TableSizes(2, 2, 2), NOW, short_after_s=90, ai_after_s=60)


pools = st.lists(
    st.tuples(st.floats(0, 120), st.integers(0, 6), st.booleans()),
    max_size=14,
).map(
    lambda drawn: [
        Waiting(Entrant(user, 100.0 - user, float(points), withdrawn), NOW - timedelta(seconds=seconds))
        for user, (seconds, points, withdrawn) in enumerate(drawn)
    ]
)


def with_last_tables(pool: list[Waiting], size: int) -> list[Waiting]:
    """The pool's people in consecutive groups of ``size``, each group one last table."""
    groups = [pool[index : index + size] for index in range(0, len(pool), size)]
    last = {
        one.entrant.user_id: frozenset(other.entrant.user_id for other in group)
        for group in groups
        for one in group
    }
    return [Waiting(one.entrant, one.since, last[one.entrant.user_id]) for one in pool]


@settings(max_examples=60, deadline=None)
@given(
    pools,
    st.sampled_from((TableSizes(2, 4, 8), TableSizes(2, 4, 6), TableSizes(2, 2, 2), TableSizes(2, 3, 4))),
    st.floats(-600, 3600),
)
def test_tables_start_within_sizes_and_their_waits_and_never_in_the_closing_window(
    pool: list[Waiting], sizes: TableSizes, to_end: float
) -> None:
    arena = ArenaSettings(sizes, ends_at=NOW + timedelta(seconds=to_end))
    pool = with_last_tables(pool, sizes.best)
    started = pair(pool, NOW, arena)
    if closed(NOW, arena):
        assert started == ()
        return
    seated = [seat for seats in started for seat in seats if seat is not None]
    waiting_now = {one.entrant.user_id for one in pool if not one.entrant.withdrawn}
    assert len(seated) == len(set(seated)) and set(seated) <= waiting_now
    assert all(sizes.fewest <= len(seats) <= sizes.most for seats in started)
    waited = {one.entrant.user_id: (NOW - one.since).total_seconds() for one in pool}
    last = {one.entrant.user_id: one.last_table for one in pool}
    for seats in started:
        people = [seat for seat in seats if seat is not None]
        longest = max(waited[person] for person in people)
        if None in seats:
            assert longest >= arena.ai_after_s
        rematch = any(b in last[a] for a in people for b in people if a != b)
        if rematch or len(waiting_now) < sizes.best:
            assert longest >= arena.short_after_s
    long_waiting = {person for person in waiting_now if waited[person] >= arena.ai_after_s}
    assert long_waiting <= set(seated), "nobody waits longer than an AI seat's wait"
