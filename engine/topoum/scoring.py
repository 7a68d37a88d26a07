"""Badges from lines of sight (every turn) and from the discard piles (at the end).

A line of sight runs straight between two of a player's moles with a base on every hex and no
obstacle and no other mole between them; it scores 1 per hex, both ends included, plus 1 per base
of the player's colour on it. Obstacles block lines whatever their kind: rocks explicitly, traps
and turnips because the rule says "no obstacle" [house]. Only lines that are new this turn
score: absent at the start of the turn, or with a mole that has moved (or entered) since.
"""

from collections import Counter
from collections.abc import Collection, Sequence

from engine.topoum.board import NOBODY, RAYS, Board
from engine.topoum.cards import CATEGORY, CardType, Category

Ends = tuple[int, int]
"""A line of sight by its two ends (hex indices), the smaller first."""

CATEGORY_POINTS = 3
CATEGORY_TIED_POINTS = 2
SET_POINTS = 2


def sight_lines(board: Board, seat: int) -> dict[Ends, int]:
    """Every line of sight of ``seat`` now, with the points it would score.

    Each mole looks along three of the six directions only; the other three are the reverse of a
    line some other mole of the pair looks along, so every line is found exactly once, and the
    smaller index is always the start (directions 0, 1 and 5 lead to larger indices).
    """
    base, mole, obstacle, neutral = board.base, board.mole, board.obstacle, board.neutral
    lines: dict[Ends, int] = {}
    for start in board.moles_of(seat):
        for direction in (0, 1, 5):
            colour = 1 if base[start] == seat and not neutral[start] else 0
            for steps, hex_ in enumerate(RAYS[start][direction], start=2):
                if base[hex_] == NOBODY or obstacle[hex_] is not None:
                    break
                if base[hex_] == seat and not neutral[hex_]:
                    colour += 1
                if mole[hex_] != NOBODY:
                    if mole[hex_] == seat:
                        lines[start, hex_] = steps + colour
                    break
    return lines


def new_lines(board: Board, seat: int, at_start: Collection[Ends], moved: Collection[int]) -> dict[Ends, int]:
    """The lines of sight of ``seat`` that score this turn: not among ``at_start``, or with an
    end in ``moved`` (where a mole that moved or entered this turn now stands)."""
    return {
        ends: points
        for ends, points in sight_lines(board, seat).items()
        if ends not in at_start or ends[0] in moved or ends[1] in moved
    }


def category_counts(discard: Sequence[CardType]) -> Counter[Category]:
    return Counter(CATEGORY[card] for card in discard)


def category_awards(discards: Sequence[Sequence[CardType]]) -> list[tuple[Category, tuple[int, ...], int]]:
    """For each category somebody played: the seats with the most cards of it and what each
    scores (3 alone, 2 each when tied). A category nobody played scores nothing [house]."""
    counts = [category_counts(discard) for discard in discards]
    awards: list[tuple[Category, tuple[int, ...], int]] = []
    for category in Category:
        best = max(count[category] for count in counts)
        if best == 0:
            continue
        seats = tuple(seat for seat, count in enumerate(counts) if count[category] == best)
        awards.append((category, seats, CATEGORY_POINTS if len(seats) == 1 else CATEGORY_TIED_POINTS))
    return awards


def full_sets(discard: Sequence[CardType]) -> int:
    """How many groups of four cards of four different categories the pile makes."""
    counts = category_counts(discard)
    return min(counts[category] for category in Category)
