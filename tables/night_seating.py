"""Who sits with whom at a game night (issue 45): the sizes of its tables, and the rounds of its
rounds format (Swiss, generalised to tables of any size). The arena's pool
(:mod:`tables.night_arena`) is seated with the same sizes and search.

Pure: it takes people, ratings, night points and what was played so far, and returns seats; the
night's cog stores and starts them. docs/rules.md, section 6, says the same in plain words.

- **Sizes.** A night's tables are as near the game's best size as its range allows
  (:func:`table_sizes`); people who cannot make a table are *left over*, and each round's
  setting (:data:`Fill`) gives them a bye or seats them with AIs.
- **Round 1** seats by rating, snake-seeded (:func:`snake`), so every table has strong and weak
  people alike and the tables' mean ratings are even (their :func:`spread` is reported).
- **Later rounds** group people by night points (ties by rating), as Swiss does, while avoiding
  people who met before: a branch-and-bound search (:func:`grouped`) finds the seating with the
  fewest repeat meetings, the standings' order deciding between equals. A round of up to ten
  people is searched to the end; a larger one may stop after :data:`SEARCH_STEPS`, keeping the
  best seating found (never worse than the standings' order seated greedily), then improved by
  swapping people between tables.
- **Left over** in turn: whoever has been left over least, the lowest in the standings first,
  so nobody is left over twice while someone has not been. Withdrawn people are not seated.
"""

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

Seats = tuple[int | None, ...]
"""A table's seats in order: a person's user id, or None for an AI seat."""

Fill = Literal["ai", "bye"]
"""What a round does with people left over: seat them with AIs at the night's level, or give
them a bye."""

Met = Mapping[frozenset[int], int]
"""How many times each pair of people sat at one table."""

SEARCH_STEPS: Final = 5000
"""The most people placed while :func:`grouped` looks for fewer repeat meetings, a few
milliseconds: searching a round of up to ten people to the end takes a few hundred, and 24
people at tables of four find a seating without repeats for several rounds at their first."""


@dataclass(frozen=True, slots=True)
class TableSizes:
    """A game's tables at a night: from ``fewest`` to ``most`` seats (the game's range, its
    table's ``seats_allowed``), ``best`` preferred (two for Spit; four for Toppo, where a table
    of eight is long and noisy)."""

    fewest: int
    best: int
    most: int

    def __post_init__(self) -> None:
        if not 2 <= self.fewest <= self.best <= self.most:
            raise ValueError(f"a table has 2 <= fewest <= best <= most seats, not {self}")

    def with_ai(self, people: Sequence[int]) -> Seats:
        """A table for people left over (fewer than :attr:`fewest`): AIs take the seats the
        table needs to be played, and no more (an AI earns no points)."""
        return (*people, *(None,) * (self.fewest - len(people)))


@dataclass(frozen=True, slots=True)
class Entrant:
    """Someone at a night, as the seater sees them: their rating (what round 1 seeds by and
    what breaks ties in the standings' order), their night points so far, and whether they
    were withdrawn (absent twice, or dropped by a moderator)."""

    user_id: int
    rating: float
    points: float = 0.0
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Past:
    """A night's rounds so far: every table seated (AI seats None) and every bye given."""

    tables: tuple[Seats, ...] = ()
    byes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Round:
    """One round's seating: its ``tables`` (the standings' top group first; people left over
    at an AI table, last), its ``byes``, how many repeat meetings it has (:func:`repeats`) and
    the :func:`spread` of its tables' mean ratings."""

    tables: tuple[Seats, ...]
    byes: tuple[int, ...]
    repeats: int
    spread: float


def table_sizes(people: int, sizes: TableSizes) -> tuple[tuple[int, ...], int]:
    """How ``people`` sit: the tables' sizes (largest first) and how many are left over.

    As few as possible are left over; then the tables are as near the best size as they can
    be (the least sum of squared differences from it: 9 people at Toppo's best of four make
    5 + 4, not 3 + 3 + 3), tables of one round differing by a seat at most, and on a tie the
    fewer tables. Fewer than ``fewest`` left over, always: a larger remainder would make one
    more table."""
    for left in range(people + 1):
        seated = people - left
        splits = [_even(seated, count) for count in range(1, seated // sizes.fewest + 1)]
        fitting = [split for split in splits if sizes.fewest <= split[-1] and split[0] <= sizes.most]
        if fitting:
            return min(
                fitting, key=lambda split: (sum((n - sizes.best) ** 2 for n in split), len(split))
            ), left
    return (), people


def _even(people: int, tables: int) -> tuple[int, ...]:
    """``people`` at ``tables`` tables as evenly as can be, largest first."""
    size, larger = divmod(people, tables)
    return (size + 1,) * larger + (size,) * (tables - larger)


def standing_order(people: Iterable[Entrant]) -> list[Entrant]:
    """The people not withdrawn, in the night's order: most points, then highest rating (then
    user id, so the order is the same every time)."""
    return sorted(
        (person for person in people if not person.withdrawn),
        key=lambda person: (-person.points, -person.rating, person.user_id),
    )


def meetings(tables: Iterable[Seats]) -> Counter[frozenset[int]]:
    """How many times each pair of people sat at one table (AI seats meet nobody)."""
    met: Counter[frozenset[int]] = Counter()
    for seats in tables:
        people = [seat for seat in seats if seat is not None]
        met.update(frozenset(pair) for pair in itertools.combinations(people, 2))
    return met


def repeats(tables: Iterable[Seats], met: Met) -> int:
    """The repeat meetings of a seating: for each pair seated together, how many times they
    met before."""
    return sum(met.get(pair, 0) for pair in meetings(tables))


def spread(tables: Iterable[Seats], ratings: Mapping[int, float]) -> float:
    """The highest of the tables' mean ratings less the lowest. A table with an AI seat is left
    out: its strength is the AI's level, not a rating."""
    means = [
        sum(ratings[seat] for seat in seats if seat is not None) / len(seats)
        for seats in tables
        if None not in seats
    ]
    return max(means) - min(means) if means else 0.0


def snake(order: Sequence[int], sizes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """``order`` (strongest first) dealt to tables of ``sizes`` (largest first) there and back
    again, 1-2-3-3-2-1..., skipping full tables: each table gets one of the strongest and one of
    the weakest of every pass, so its mean rating is near every other's."""
    tables: list[list[int]] = [[] for _ in sizes]
    forward = range(len(sizes))
    passes = itertools.cycle((forward, forward[::-1]))
    people = iter(order)
    while sum(map(len, tables)) < len(order):
        for index in next(passes):
            if len(tables[index]) < sizes[index]:
                tables[index].append(next(people))
    return tuple(map(tuple, tables))


def _met_at(table: Sequence[int], person: int, met: Met) -> int:
    """How many times ``person`` met the others at ``table`` before."""
    return sum(met.get(frozenset((person, other)), 0) for other in table if other != person)


class _OutOfSteps(Exception):
    """The search spent its steps (and has a seating to show for them)."""


def grouped(
    order: Sequence[int], sizes: Sequence[int], met: Met, steps: int = SEARCH_STEPS
) -> tuple[tuple[int, ...], ...]:
    """``order`` (the standings' order) at tables of ``sizes``, with the fewest repeat meetings
    (:func:`repeats`); among seatings with as few, the one nearest the standings' order.

    A depth-first branch and bound: the highest person not yet seated opens the next table
    (of each size still to place), whose other seats are filled by the people below them
    (each set of people tried once), those adding the fewest repeats first, then the highest.
    Its first seating is thus the greedy one; it then looks for fewer repeats, pruning any
    branch that cannot do better, and stops at a seating without repeats, when it has seen
    them all, or after ``steps`` people placed. Tables come in the order they were opened."""
    best: list[tuple[tuple[int, ...], ...]] = []
    least = [math.inf]
    left = [steps]

    def open_table(
        rest: tuple[int, ...], to_place: tuple[int, ...], tables: tuple[tuple[int, ...], ...], cost: int
    ) -> None:
        if not rest:
            best[:] = [tables]
            least[0] = cost
            return
        for size in sorted(set(to_place), reverse=True):
            remaining = list(to_place)
            remaining.remove(size)
            fill((rest[0],), rest, 1, size, tuple(remaining), tables, cost)

    def fill(
        table: tuple[int, ...],
        rest: tuple[int, ...],
        start: int,
        size: int,
        to_place: tuple[int, ...],
        tables: tuple[tuple[int, ...], ...],
        cost: int,
    ) -> None:
        if len(table) == size:
            open_table(tuple(p for p in rest if p not in table), to_place, (*tables, table), cost)
            return
        last = len(rest) - (size - len(table)) + 1
        for extra, index in sorted((_met_at(table, rest[index], met), index) for index in range(start, last)):
            if cost + extra >= least[0]:
                break
            left[0] -= 1
            if left[0] < 0 and best:
                raise _OutOfSteps
            fill((*table, rest[index]), rest, index + 1, size, to_place, tables, cost + extra)

    try:
        open_table(tuple(order), tuple(sizes), (), 0)
    except _OutOfSteps:
        return _swapped(best[0], order, met)
    return best[0]


def _swapped(
    tables: Sequence[tuple[int, ...]], order: Sequence[int], met: Met
) -> tuple[tuple[int, ...], ...]:
    """``tables`` after swapping people between two tables while a swap makes fewer repeat
    meetings: nearest tables first (their people are nearest in the standings), every swap
    that helps taken, over again until none does; then each table in the standings' order,
    the tables by their highest person. A search cut short by its steps has settled the top
    tables and spent its steps on the bottom ones; this reaches the top ones too."""
    seating = [list(table) for table in tables]
    pairs = sorted(itertools.combinations(range(len(seating)), 2), key=lambda pair: pair[1] - pair[0])
    improved = True
    while improved:
        improved = False
        for first, second in pairs:
            one, other = seating[first], seating[second]
            for i, j in itertools.product(range(len(one)), range(len(other))):
                a, b = one[i], other[j]
                before = _met_at(one, a, met) + _met_at(other, b, met)
                one[i], other[j] = b, a
                if _met_at(one, b, met) + _met_at(other, a, met) < before:
                    improved = True
                else:
                    one[i], other[j] = a, b
    position = {person: index for index, person in enumerate(order)}
    ordered = [tuple(sorted(table, key=position.__getitem__)) for table in seating]
    return tuple(sorted(ordered, key=lambda table: position[table[0]]))


def seat_round(people: Sequence[Entrant], sizes: TableSizes, fill: Fill, past: Past = Past()) -> Round:
    """The next round of a night: round 1 (nothing played yet) snake-seeded by rating, any
    later one :func:`grouped` by night points avoiding repeat meetings. Withdrawn people are
    not seated; those left over (in turn, see the module) get a bye or an AI table (last)."""
    order = standing_order(people)
    shape, left = table_sizes(len(order), sizes)
    left_over = Counter(past.byes) + Counter(
        seat for seats in past.tables if None in seats for seat in seats if seat is not None
    )
    by_turn = sorted(range(len(order)), key=lambda index: (left_over[order[index].user_id], -index))
    out = {order[index].user_id for index in by_turn[:left]}
    seated = [person.user_id for person in order if person.user_id not in out]
    met = meetings(past.tables)
    tables: tuple[Seats, ...] = grouped(seated, shape, met) if past.tables else snake(seated, shape)
    left_out = tuple(person.user_id for person in order if person.user_id in out)
    if fill == "ai" and left_out:
        tables, left_out = (*tables, sizes.with_ai(left_out)), ()
    ratings = {person.user_id: person.rating for person in order}
    return Round(tables, left_out, repeats(tables, met), spread(tables, ratings))
