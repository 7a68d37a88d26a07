"""The hex grid against Red Blob Games' worked values, plus properties that must hold anywhere."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import (
    DIRECTIONS,
    LABEL_RADIUS,
    ORIGIN,
    Hex,
    hexagon,
    line,
    ray,
    ring,
    spiral,
)

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)
radii = st.integers(min_value=0, max_value=8)
directions = st.integers(min_value=0, max_value=5)
board_hexes = st.sampled_from(hexagon(LABEL_RADIUS))


# Red Blob's worked values (its generated test suite, hexes written there as cube (q, r, s)).


def test_arithmetic() -> None:
    assert Hex(1, -3) + Hex(3, -7) == Hex(4, -10)
    assert Hex(1, -3) - Hex(3, -7) == Hex(-2, 4)
    assert Hex(1, -3).scale(2) == Hex(2, -6)
    assert Hex(1, -3).s == 2


def test_directions_in_red_blob_order() -> None:
    assert list(DIRECTIONS) == [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert DIRECTIONS[2] == Hex(0, -1)


def test_neighbour() -> None:
    assert Hex(1, -2).neighbour(2) == Hex(1, -3)
    assert Hex(1, -2).neighbour(2 + 6) == Hex(1, -3)
    assert Hex(1, -2).neighbour(2).neighbour(2 + 3) == Hex(1, -2)


def test_neighbours() -> None:
    assert ORIGIN.neighbours() == DIRECTIONS
    assert Hex(2, -1).neighbours() == tuple(Hex(2, -1) + d for d in DIRECTIONS)
    assert all(Hex(2, -1).distance(n) == 1 for n in Hex(2, -1).neighbours())


def test_distance() -> None:
    assert Hex(3, -7).distance(Hex(0, 0)) == 7
    assert Hex(3, -7).length() == 7
    assert Hex(-2, 0).distance(Hex(1, 1)) == 4  # cube delta (3, 1, -4)


def test_line_red_blob() -> None:
    assert line(Hex(0, 0), Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


def test_line_edge_case_is_nudged_the_same_way() -> None:
    # (0,0) -> (2,-1) runs exactly along hex edges; the nudge picks one side, always the same.
    assert line(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line(Hex(0, 0), Hex(2, -1)) == line(Hex(0, 0), Hex(2, -1))


def test_line_to_itself() -> None:
    assert line(Hex(3, -1), Hex(3, -1)) == [Hex(3, -1)]


def test_ring() -> None:
    assert ring(ORIGIN, 0) == [ORIGIN]
    # Starts radius steps in direction 4, then walks through directions 0..5.
    assert ring(ORIGIN, 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0)]
    assert [len(ring(Hex(2, 3), r)) for r in range(1, 7)] == [6, 12, 18, 24, 30, 36]
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


def test_spiral() -> None:
    assert spiral(Hex(1, 1), 0) == [Hex(1, 1)]
    s = spiral(Hex(1, 1), 2)
    assert s[0] == Hex(1, 1)
    assert s[1:7] == ring(Hex(1, 1), 1)
    assert len(s) == len(set(s)) == 19


def test_hexagon_is_the_board() -> None:
    board = hexagon(6)
    assert len(board) == 127
    assert list(board) == sorted(board)
    assert set(board) == set(spiral(ORIGIN, 6))
    assert [len(hexagon(r)) for r in range(5)] == [3 * r * (r + 1) + 1 for r in range(5)]
    with pytest.raises(ValueError):
        hexagon(-1)


def test_direction_to() -> None:
    assert Hex(1, -2).direction_to(Hex(1, -3)) == 2
    assert ORIGIN.direction_to(Hex(-3, 3)) == 4
    assert ORIGIN.direction_to(Hex(0, 2)) == 5
    assert ORIGIN.direction_to(Hex(2, -1)) is None  # off the six lines
    assert ORIGIN.direction_to(ORIGIN) is None


def test_ray_to_board_edge() -> None:
    assert ray(ORIGIN, 0, 6) == [Hex(k, 0) for k in range(1, 7)]
    assert ray(Hex(3, -1), 1, 6) == [Hex(4, -2), Hex(5, -3), Hex(6, -4)]
    assert ray(Hex(6, 0), 0, 6) == []  # already at the edge
    assert ray(Hex(-6, 2), 0, 6) == [Hex(q, 2) for q in range(-5, 5)]


def test_labels() -> None:
    assert ORIGIN.label == "G7"
    assert Hex(6, -6).label == "M1"
    assert Hex(-6, 6).label == "A13"
    assert Hex.parse("g7") == ORIGIN
    assert Hex.parse(" A13 ") == Hex(-6, 6)
    labels = [h.label for h in hexagon(LABEL_RADIUS)]
    assert len(set(labels)) == 127
    assert max(len(x) for x in labels) <= 3
    assert [Hex.parse(x) for x in labels] == list(hexagon(LABEL_RADIUS))


@pytest.mark.parametrize("text", ["", "G", "7", "N7", "G0", "G07", "G14", "A1", "G7x", "7G", "G-1"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(ValueError):
        Hex.parse(text)


def test_label_off_board() -> None:
    with pytest.raises(ValueError):
        _ = Hex(7, 0).label
    with pytest.raises(ValueError):
        _ = Hex(-6, -6).label  # inside the letter/number box but not on the hexagon


def test_hex_is_hashable_and_frozen() -> None:
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2
    with pytest.raises(AttributeError):
        Hex(1, 2).q = 3  # type: ignore[misc]


# Properties.


@given(hexes, hexes)
def test_distance_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, hexes)
def test_line_properties(a: Hex, b: Hex) -> None:
    hs = line(a, b)
    assert len(hs) == a.distance(b) + 1
    assert hs[0] == a
    assert hs[-1] == b
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(hs))


@given(hexes, radii)
def test_ring_at_radius(center: Hex, radius: int) -> None:
    hs = ring(center, radius)
    assert len(hs) == max(1, 6 * radius)
    assert len(set(hs)) == len(hs)
    assert all(center.distance(h) == radius for h in hs)


@given(hexes, directions, st.integers(min_value=1, max_value=10))
def test_direction_to_straight_lines(a: Hex, d: int, n: int) -> None:
    b = a + DIRECTIONS[d].scale(n)
    assert a.direction_to(b) == d
    assert b.direction_to(a) == (d + 3) % 6
    assert line(a, b) == [a + DIRECTIONS[d].scale(k) for k in range(n + 1)]


@given(hexes, hexes)
def test_direction_to_only_on_lines(a: Hex, b: Hex) -> None:
    # Two hexes share a straight line exactly when one cube coordinate is the same.
    delta = b - a
    d = a.direction_to(b)
    if d is None:
        assert a == b or 0 not in (delta.q, delta.r, delta.s)
    else:
        assert a + DIRECTIONS[d].scale(a.distance(b)) == b


@given(board_hexes, directions)
def test_ray_stays_on_board_and_reaches_edge(start: Hex, d: int) -> None:
    hs = ray(start, d, LABEL_RADIUS)
    assert hs == [start + DIRECTIONS[d].scale(k) for k in range(1, len(hs) + 1)]
    assert all(h.length() <= LABEL_RADIUS for h in hs)
    assert (hs[-1] if hs else start).neighbour(d).length() > LABEL_RADIUS
