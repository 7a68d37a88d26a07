"""What lies on Topoum's hexes: bases, moles and farmers' obstacles, and the battlefield's shape.

The board is the radius-6 hexagon (127 hexes) [house]. A hex holds at most one base (with its
owner and which side is up), at most one mole on that base, and at most one obstacle on a base
without a mole; a mole or an obstacle never sits on a hex without a base. The *battlefield* is
the set of hexes with a base, and the rules keep it in one connected piece.

Inside the engine a hex is its index in :data:`HEXES` (sorted ``(q, r)`` order, so sorting
indices sorts hexes), and the board is four flat lists by index: the rules and the AI look at
hexes millions of times per self-play run, and list indexing is many times cheaper than hashing
``Hex`` objects. Actions, events and views speak ``Hex``; :data:`INDEX` converts at that edge.
Neighbours, rays and rings of every hex are computed once here for the same reason.

A compact notation describes positions for tests and debugging, one token per base,
``<label>:<owner>[n][@<mole owner>][r|t|u]``::

    G7:0n G6:1@1 H6:0@1 F7:2t

is seat 0's base neutral side up in the centre, seat 1's base with its own mole on G6, seat 0's
base with seat 1's mole on H6, and seat 2's base with a trap on F7 (``r`` rock, ``u`` turnip).
"""

from engine.hexgrid import Hex, hexagon, ring
from engine.topoum.cards import Obstacle

RADIUS = 6
HEXES: tuple[Hex, ...] = hexagon(RADIUS)
"""Every board hex, by index."""
INDEX: dict[Hex, int] = {hex_: index for index, hex_ in enumerate(HEXES)}
SIZE = len(HEXES)
CENTRE = INDEX[Hex(0, 0)]
NOBODY = -1
"""No owner: an empty hex, or a base without a mole."""


def _ray(start: Hex, direction: int) -> tuple[int, ...]:
    found: list[int] = []
    hex_ = start.neighbour(direction)
    while hex_ in INDEX:
        found.append(INDEX[hex_])
        hex_ = hex_.neighbour(direction)
    return tuple(found)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[n] for n in hex_.neighbours() if n in INDEX) for hex_ in HEXES
)
"""The on-board neighbours of each hex."""

RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(hex_, direction) for direction in range(6)) for hex_ in HEXES
)
"""``RAYS[h][d]``: the hexes from ``h`` (excluded) in direction ``d`` to the board edge, nearest
first. Direction numbers are ``engine.hexgrid``'s."""

RING2: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(INDEX[n] for n in ring(hex_, 2) if n in INDEX)) for hex_ in HEXES
)
"""The hexes exactly two steps away (New Recruit)."""

WITHIN2: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(NEIGHBOURS[index] + RING2[index])) for index in range(SIZE)
)
"""The hexes one or two steps away (Farmer!)."""

_OBSTACLE_CODES = {"r": Obstacle.ROCK, "t": Obstacle.TRAP, "u": Obstacle.TURNIP}
_CODE_OF = {obstacle: code for code, obstacle in _OBSTACLE_CODES.items()}


class Board:
    """Bases, moles and obstacles by hex index. Mutable; the state changes it through its rules."""

    __slots__ = ("base", "mole", "neutral", "obstacle")

    def __init__(self) -> None:
        self.base = [NOBODY] * SIZE
        """Base owner by hex: a base always keeps its owner, whichever side is up."""
        self.neutral = [False] * SIZE
        """Whether the base shows its neutral side."""
        self.mole = [NOBODY] * SIZE
        """Mole owner by hex."""
        self.obstacle: list[Obstacle | None] = [None] * SIZE

    def copy(self) -> "Board":
        board = Board.__new__(Board)
        board.base = self.base[:]
        board.neutral = self.neutral[:]
        board.mole = self.mole[:]
        board.obstacle = self.obstacle[:]
        return board

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and notation(self) == notation(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"parse_board({notation(self)!r})"

    # -- queries ---------------------------------------------------------------------------------

    def is_free_base(self, hex_: int) -> bool:
        """A base with neither mole nor obstacle on it (where a farmer works)."""
        return self.base[hex_] != NOBODY and self.mole[hex_] == NOBODY and self.obstacle[hex_] is None

    def bases(self) -> list[int]:
        """The battlefield, sorted."""
        return [hex_ for hex_, owner in enumerate(self.base) if owner != NOBODY]

    def moles_of(self, seat: int) -> list[int]:
        """Where ``seat``'s moles are, sorted."""
        return _indices(self.mole, seat)

    def colour_count(self, seat: int) -> int:
        """Bases of ``seat``'s colour showing on the board (the tie-break)."""
        neutral = self.neutral
        return sum(1 for hex_ in _indices(self.base, seat) if not neutral[hex_])

    def bases_of(self, seat: int) -> int:
        """Bases ``seat`` owns on the board, either side up."""
        return self.base.count(seat)

    def frontier(self) -> list[int]:
        """Free hexes adjacent to the battlefield (where bases enter), sorted."""
        base = self.base
        return sorted(
            {n for hex_ in range(SIZE) if base[hex_] != NOBODY for n in NEIGHBOURS[hex_] if base[n] == NOBODY}
        )

    def components(self) -> list[list[int]]:
        """The connected parts of the battlefield, each sorted, largest first (then by first hex)."""
        seen: set[int] = set()
        parts: list[list[int]] = []
        for start in self.bases():
            if start not in seen:
                part = self._reach(start, NOBODY)
                seen.update(part)
                parts.append(sorted(part))
        parts.sort(key=lambda part: (-len(part), part[0]))
        return parts

    def splits_without(self, hex_: int) -> bool:
        """Whether taking away the base on ``hex_`` would cut the battlefield in two or more."""
        starts = [n for n in NEIGHBOURS[hex_] if self.base[n] != NOBODY]
        if len(starts) <= 1:
            return False
        return len(self._reach(starts[0], hex_)) != SIZE - self.base.count(NOBODY) - 1

    def _reach(self, start: int, without: int) -> set[int]:
        """Every base connected to ``start``, not passing through ``without``."""
        base = self.base
        seen = {start}
        stack = [start]
        while stack:
            for n in NEIGHBOURS[stack.pop()]:
                if base[n] != NOBODY and n not in seen and n != without:
                    seen.add(n)
                    stack.append(n)
        return seen


def _indices(values: list[int], value: int) -> list[int]:
    """The positions of ``value`` in ``values``: ``list.index`` scans in C, which matters when a
    few moles are looked for among 127 hexes millions of times."""
    found: list[int] = []
    position = -1
    try:
        while True:
            position = values.index(value, position + 1)
            found.append(position)
    except ValueError:
        return found


def notation(board: Board) -> str:
    """The compact notation of ``board``, hexes in sorted order."""
    tokens: list[str] = []
    for hex_ in board.bases():
        token = f"{HEXES[hex_].label}:{board.base[hex_]}"
        if board.neutral[hex_]:
            token += "n"
        if board.mole[hex_] != NOBODY:
            token += f"@{board.mole[hex_]}"
        obstacle = board.obstacle[hex_]
        if obstacle is not None:
            token += _CODE_OF[obstacle]
        tokens.append(token)
    return " ".join(tokens)


def parse_board(text: str) -> Board:
    """A board from the compact notation; ``ValueError`` for a malformed or impossible token."""
    board = Board()
    for token in text.split():
        label, sep, spec = token.partition(":")
        if not sep or not spec or not spec[0].isdigit():
            raise ValueError(f"bad board token {token!r}")
        hex_ = INDEX[Hex.parse(label)]
        if board.base[hex_] != NOBODY:
            raise ValueError(f"two tokens for {label}")
        board.base[hex_] = int(spec[0])
        rest = spec[1:]
        if rest.startswith("n"):
            board.neutral[hex_] = True
            rest = rest[1:]
        if rest.startswith("@"):
            if len(rest) < 2 or not rest[1].isdigit():
                raise ValueError(f"bad mole in {token!r}")
            board.mole[hex_] = int(rest[1])
            rest = rest[2:]
        if rest:
            if rest not in _OBSTACLE_CODES or board.mole[hex_] != NOBODY:
                raise ValueError(f"bad obstacle in {token!r}")
            board.obstacle[hex_] = _OBSTACLE_CODES[rest]
    return board
