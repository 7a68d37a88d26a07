"""Night points (issue 45): what a place at a game night's table earns, a bye, the arena's
streak, and the standings they make. docs/rules.md, section 6, says the same in plain words.

- **By place, one scale for every size.** First earns 2, last 0, the places between evenly
  spaced: place p of a table of n seats earns 2(n - p)/(n - 1) (four seats: 2, 1⅓, ⅔, 0). A
  seat is thus worth 1 on average at any table, and a night whose tables differ in size (a round
  of 5 + 4, an arena's tables made of whoever waits) gives nobody more for sitting at the
  larger one, as "n - 1 for first" would. At two seats it is Lichess's arena: 2 a win, 1 a
  draw, 0 a loss.
- **Ties** share the places they cover, averaged: two tied second of four earn (1⅓ + ⅔)/2 = 1
  each. So a table hands out the same points however its people tie.
- **AI seats** take their places (a person behind an AI is placed behind it) and earn nothing.
- **A bye** earns :data:`BYE_POINTS`, an average seat's points: neither a win nor a loss.
- **Won** is first place alone; a shared first is a draw at the top.
- **The arena's streak** (as Lichess's): after two games won in a row, a person's games count
  double until one is not won; the game that ends it counts double too.
- **Standings**: most points, then most games won, then the strongest opponents (each table's
  other people's mean night points, added up over one's tables, as Buchholz does for pairs),
  then the higher rating, then the user id so the order is the same every time; the podium is
  its top three.
"""

from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

FIRST_POINTS: Final = 2.0
"""What first place earns at any table (last earns nothing)."""
BYE_POINTS: Final = FIRST_POINTS / 2
"""What a bye earns: the average seat's points."""
PODIUM: Final = 3
"""How many places the night's podium shows."""
_DIGITS: Final = 9
"""Points are compared to this many decimal places: thirds and sevenths added up as floats (as
the store keeps them) must tie when they are equal."""


@dataclass(frozen=True, slots=True)
class Placed:
    """What one person earned at one table of a night: their place there (1 is first, tied
    people share theirs), its points and whether they won (first alone)."""

    user_id: int
    place: int
    points: float
    won: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """One person's night so far: points, games played, games won, their opponents' strength
    (see the module) and their rating, in the order the standings compare them."""

    user_id: int
    points: float
    games: int
    won: int
    opponents: float
    rating: float


def place_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """Each seat's points from its rank at a table (as a finished game ranks its seats: 1 is
    first, tied seats share the best rank they cover, the next rank skips past them)."""
    seats = len(ranks)
    if seats < 2 or any(rank != 1 + sum(other < rank for other in ranks) for rank in ranks):
        raise ValueError(f"not a table's ranks: {list(ranks)}")
    tied = Counter(ranks)

    def at(place: int) -> float:
        return FIRST_POINTS * (seats - place) / (seats - 1)

    return tuple(sum(map(at, range(rank, rank + tied[rank]))) / tied[rank] for rank in ranks)


def scored(
    seats: Sequence[int | None], ranks: Sequence[int], doubled: Collection[int] = ()
) -> tuple[Placed, ...]:
    """The people of a finished table (``seats`` as seated, None for an AI, ``ranks`` as its
    game ranked them), each with their place and points, ``doubled`` for those on the arena's
    streak (:func:`on_fire`). AI seats earn nothing and are left out."""
    firsts = sum(1 for rank in ranks if rank == 1)
    return tuple(
        Placed(seat, rank, points * (2 if seat in doubled else 1), rank == 1 and firsts == 1)
        for seat, rank, points in zip(seats, ranks, place_points(ranks), strict=True)
        if seat is not None
    )


def on_fire(won: Sequence[bool]) -> bool:
    """Whether a person's next arena game counts double: they won (:attr:`Placed.won`) the
    last two of their games so far, ``won`` in the order they were played."""
    return len(won) >= 2 and won[-1] and won[-2]


def standings(
    ratings: Mapping[int, float], tables: Iterable[Sequence[Placed]], byes: Iterable[int] = ()
) -> tuple[Standing, ...]:
    """The night's people (``ratings``: everyone it lists, withdrawn people keeping what they
    earned) ordered by the module's rule, from every table's people (:func:`scored`) and every
    bye given."""
    played = list(tables)
    points: defaultdict[int, float] = defaultdict(float)
    games: Counter[int] = Counter()
    won: Counter[int] = Counter()
    for table in played:
        for placed in table:
            points[placed.user_id] += placed.points
            games[placed.user_id] += 1
            won[placed.user_id] += placed.won
    for person in byes:
        points[person] += BYE_POINTS
    opponents: defaultdict[int, float] = defaultdict(float)
    for table in played:
        for placed in table:
            others = [points[other.user_id] for other in table if other.user_id != placed.user_id]
            opponents[placed.user_id] += sum(others) / len(others) if others else 0.0
    listed = [
        Standing(person, points[person], games[person], won[person], opponents[person], rating)
        for person, rating in ratings.items()
    ]
    return tuple(
        sorted(
            listed,
            key=lambda one: (
                -round(one.points, _DIGITS),
                -one.won,
                -round(one.opponents, _DIGITS),
                -one.rating,
                one.user_id,
            ),
        )
    )


def podium(ordered: Sequence[Standing]) -> tuple[Standing, ...]:
    """The night's top three, from :func:`standings` (fewer on a night of fewer people)."""
    return tuple(ordered[:PODIUM])
