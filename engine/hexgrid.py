"""A hex grid in axial coordinates, after Red Blob Games' hex guide.

Topoum is played on a hexagon of hexes, so its rules need adjacency, distance, straight lines
(line of sight, Long Range, Mortar, Panic Attack) and the board's shape; nothing here knows about
pixels, which are the renderer's business. A hex is stored as two integers ``(q, r)``; the third
cube coordinate ``s = -q - r`` is derived, which keeps every ``Hex`` valid by construction and its
JSON form small. Directions are numbered 0-5 in the guide's order, so its worked values serve as
test vectors:

    0: (+1, 0)   1: (+1, -1)   2: (0, -1)   3: (-1, 0)   4: (-1, +1)   5: (0, +1)

Direction ``d + 3`` is the opposite of ``d``.
"""

import math
import re
from dataclasses import dataclass

LABEL_RADIUS = 6
"""Labels name the hexes within this distance of the origin: Topoum's whole board."""

_COLUMNS = "ABCDEFGHIJKLM"
_LABEL_RE = re.compile(r"([A-M])([1-9][0-9]?)")


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex; frozen and hashable so it can key a board dict, ordered by ``(q, r)`` so sorted
    output (legal actions, saved states) is deterministic."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, so that ``q + r + s == 0``."""
        return -self.q - self.r

    def __add__(self, other: "Hex") -> "Hex":
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: "Hex") -> "Hex":
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> "Hex":
        """This vector ``k`` times: ``DIRECTIONS[d].scale(n)`` is ``n`` steps in direction ``d``."""
        return Hex(self.q * k, self.r * k)

    def length(self) -> int:
        """Distance from the origin; a hexagon board of radius R is every hex with length <= R."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: "Hex") -> int:
        """Number of steps between two hexes (Long Range's "2 or 3 hexes away")."""
        return (self - other).length()

    def neighbour(self, direction: int) -> "Hex":
        """The adjacent hex in ``direction``, taken modulo 6 so ``d + 3`` is the way back."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple["Hex", ...]:
        """The six adjacent hexes, in direction order 0-5."""
        return tuple(self + d for d in DIRECTIONS)

    def direction_to(self, other: "Hex") -> int | None:
        """The direction from here to ``other`` if they share one of the six straight lines
        through this hex, else ``None`` (also for ``other == self``, which has no direction).

        Straight-line cards (Long Range, Mortar, Motorised Patrol, Underground Manoeuvre) and
        lines of sight only ever run along these six lines.
        """
        delta = other - self
        n = delta.length()
        if n == 0:
            return None
        for index, step in enumerate(DIRECTIONS):
            if step.scale(n) == delta:
                return index
        return None

    @property
    def label(self) -> str:
        """A short stable name for the board picture and for typed input: a column letter for
        ``q`` (A-M for -6..6) and a row number for ``r`` (1-13 for -6..6); the centre is "G7".

        ``ValueError`` for a hex farther than :data:`LABEL_RADIUS` from the origin.
        """
        if self.length() > LABEL_RADIUS:
            raise ValueError(f"{self!r} is off the labelled board")
        return f"{_COLUMNS[self.q + LABEL_RADIUS]}{self.r + LABEL_RADIUS + 1}"

    @classmethod
    def parse(cls, label: str) -> "Hex":
        """The hex named by :attr:`label` (case and surrounding spaces ignored); ``ValueError``
        for anything that is not the label of a hex on the labelled board."""
        match = _LABEL_RE.fullmatch(label.strip().upper())
        if match is None:
            raise ValueError(f"not a hex label: {label!r}")
        hex_ = cls(_COLUMNS.index(match[1]) - LABEL_RADIUS, int(match[2]) - LABEL_RADIUS - 1)
        if hex_.length() > LABEL_RADIUS:
            raise ValueError(f"not a hex label: {label!r}")
        return hex_


ORIGIN = Hex(0, 0)
"""The centre of the board, where Topoum's first base goes."""

DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))
"""The six unit steps, in Red Blob's order."""


def _round(q: float, r: float) -> Hex:
    """The hex containing fractional cube point ``(q, r, -q-r)``: round each coordinate, then
    recompute the one that moved most so that ``q + r + s == 0`` still holds.

    Halves round up (``floor(x + 0.5)``), as in the guide's JavaScript, not to even as Python's
    ``round`` does, so our lines match its worked values.
    """
    s = -q - r
    qi, ri, si = math.floor(q + 0.5), math.floor(r + 0.5), math.floor(s + 0.5)
    q_diff, r_diff, s_diff = abs(qi - q), abs(ri - r), abs(si - s)
    if q_diff > r_diff and q_diff > s_diff:
        qi = -ri - si
    elif r_diff > s_diff:
        ri = -qi - si
    return Hex(qi, ri)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a``'s centre to ``b``'s crosses, ``a`` and ``b``
    included: ``a.distance(b) + 1`` hexes, each adjacent to the next.

    Both ends are nudged by the guide's epsilon (+1e-6, +1e-6, -2e-6) so a line running exactly
    along the edge between two hexes always picks the same side: the result is deterministic and
    matches the guide's worked values.
    """
    n = a.distance(b)
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    step = 1.0 / max(n, 1)
    return [_round(aq + (bq - aq) * step * i, ar + (br - ar) * step * i) for i in range(n + 1)]


def ring(center: Hex, radius: int) -> list[Hex]:
    """The ``6 * radius`` hexes exactly ``radius`` steps from ``center`` (just ``center`` for
    radius 0), starting ``radius`` steps in direction 4 and walking round through directions
    0-5, as in the guide. Used for "within 2 hexes" (Farmer!) and "exactly 2 hexes" (New Recruit).
    """
    if radius < 0:
        raise ValueError("radius must not be negative")
    if radius == 0:
        return [center]
    result: list[Hex] = []
    hex_ = center + DIRECTIONS[4].scale(radius)
    for direction in range(6):
        for _ in range(radius):
            result.append(hex_)
            hex_ = hex_.neighbour(direction)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` of ``center``: the centre, then ring 1, ring 2, ..."""
    result: list[Hex] = []
    for k in range(radius + 1):
        result.extend(ring(center, k))
    return result


def hexagon(radius: int) -> tuple[Hex, ...]:
    """The hexagon-shaped board of that radius around the origin, ``3r(r+1) + 1`` hexes (127 for
    Topoum's radius 6), in sorted ``(q, r)`` order so iterating it is deterministic."""
    if radius < 0:
        raise ValueError("radius must not be negative")
    return tuple(
        Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    )


def ray(start: Hex, direction: int, radius: int) -> list[Hex]:
    """The hexes from ``start`` (excluded) in ``direction`` up to the edge of the radius-``radius``
    hexagon board, nearest first: the line Panic Attack pushes along, and where a line of sight
    is looked for."""
    result: list[Hex] = []
    hex_ = start.neighbour(direction)
    while hex_.length() <= radius:
        result.append(hex_)
        hex_ = hex_.neighbour(direction)
    return result
