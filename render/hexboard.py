"""The hex board in pixels: where each hex sits, the empty labelled grid, and the marks that
show what the last turn did.

The board is drawn with flat-topped hexes, so the column letter of a label (``engine.hexgrid``:
A-M for ``q``) names a vertical column of the picture and the row number counts down it, and the
six directions point the ways of a compass: 0 south-east, 1 north-east, 2 north, 3 north-west,
4 south-west, 5 south (:data:`DIRECTION_ARROWS` gives each an arrow for menus). Pixel layout
stays here; the rules never see it (Red Blob's separation of hex maths and layout).

The pictures show the board at one of a few hex sizes (bigger while the battlefield is small,
see :mod:`render.topoum`), so labels scale with the hexes: :func:`label_size`. The empty
labelled board at each size is built once from one cached empty-hex tile and the labels' text
tiles, and cached; a picture copies the part of it that it shows.
"""

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.hexgrid import Hex, hexagon
from render.canvas import text_tile
from render.fonts import RGB, top_for_middle
from render.theme import BG, DIM, GOLD, INK, LIGHT
from render.topoum_pieces import (
    EMPTY,
    PALETTE,
    SQRT3,
    Point,
    cell_box,
    cell_mask,
    cell_tile,
    hexagon_points,
)

DIRECTION_ARROWS = ("↘", "↗", "↑", "↖", "↙", "↓")
"""An arrow for each direction 0-5 as the board picture shows them, for direction menus."""


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Flat-topped hexes of circumradius ``size``; ``origin`` is the centre of hex (0, 0)."""

    size: float
    origin: Point
    radius: int

    @property
    def extent(self) -> tuple[int, int]:
        """Width and height of the radius-``radius`` hexagon board in pixels."""
        return math.ceil((3 * self.radius + 2) * self.size), math.ceil(
            (2 * self.radius + 1) * SQRT3 * self.size
        )

    def centre(self, hex_: Hex) -> Point:
        x = self.origin[0] + self.size * 1.5 * hex_.q
        y = self.origin[1] + self.size * SQRT3 * (hex_.r + hex_.q / 2)
        return x, y

    def tile_origin(self, hex_: Hex) -> tuple[int, int]:
        """Where a :func:`~render.topoum_pieces.cell_box` tile for ``hex_`` goes."""
        x, y = self.centre(hex_)
        width, height = cell_box(self.size)
        return round(x - width / 2), round(y - height / 2)

    @property
    def label_size(self) -> int:
        """The labels' text size: :func:`label_size` of the hexes."""
        return label_size(self.size)

    def label_top(self, hex_: Hex) -> tuple[int, int]:
        """The centre x and the text top of ``hex_``'s label, in the upper part of the hex."""
        x, y = self.centre(hex_)
        return round(x), top_for_middle(round(y - self.size * 0.48), self.label_size)

    def moved(self, dx: float, dy: float) -> "HexLayout":
        """The same hexes with every point ``(dx, dy)`` further: a window on the board is its
        layout moved by the window's corner."""
        return HexLayout(self.size, (self.origin[0] + dx, self.origin[1] + dy), self.radius)

    @classmethod
    def board(cls, size: float, radius: int, left: int, top: int) -> "HexLayout":
        """The layout that puts the whole board's bounding box at ``(left, top)``."""
        return cls(size, (left + (1.5 * radius + 1) * size, top + (radius + 0.5) * SQRT3 * size), radius)


GRID_BORDER = 2.0
"""Width of the lines between hexes."""
LABEL_SCALE = 0.52
"""A label's text size per pixel of hex size: 24 at the smallest hexes (46), which show the whole
board 968 pixels wide, so a label is 11 pixels high on a phone that shows it 450 wide."""


def label_size(hex_size: float) -> int:
    """The text size of the labels on hexes of circumradius ``hex_size``: "G13" fits in the
    upper part of the hex at any size."""
    return round(hex_size * LABEL_SCALE)


def label_colour(bg: RGB) -> RGB:
    """Labels are dim on an empty hex and dark on a base."""
    return DIM if bg == EMPTY else INK


def paste_label(canvas: Image.Image, layout: HexLayout, hex_: Hex, bg: RGB) -> None:
    """``hex_``'s label, drawn over whatever is on the hex."""
    tile = text_tile(PALETTE, hex_.label, layout.label_size, label_colour(bg), bg, True)
    x, y = layout.label_top(hex_)
    tile.paste_on(canvas, (x - tile.image.width // 2, y))


def board_layout(size: float, radius: int) -> HexLayout:
    """The whole board with its bounding box at the picture's corner, as :func:`grid` draws it."""
    return HexLayout.board(size, radius, 0, 0)


@lru_cache(maxsize=8)
def grid(size: float, radius: int) -> Image.Image:
    """The empty board of hexes of circumradius ``size`` with every hex labelled, on the
    table's colour, laid out by :func:`board_layout`. Built from one cached empty-hex tile, so
    a new size costs milliseconds, not a supersampled board. Cached: crop or copy it, never
    draw on it."""
    layout = board_layout(size, radius)
    width, height = layout.extent
    image = PALETTE.canvas((width + 2, height + 2), BG)
    tile, mask = cell_tile(size, EMPTY, GRID_BORDER), cell_mask(size)
    for hex_ in hexagon(radius):
        image.paste(tile, layout.tile_origin(hex_), mask)
    for hex_ in hexagon(radius):
        paste_label(image, layout, hex_, EMPTY)
    return image


# -- what the last turn did ------------------------------------------------------------------------


def _ink(canvas: Image.Image, colour: RGB) -> int | RGB:
    """``colour`` as the canvas takes it: a palette index on a palette picture (ours), the
    colour itself on an RGB one (the benchmark's baseline draws the same marks from scratch)."""
    return PALETTE.index(colour) if canvas.mode == "P" else colour


def outline_hex(canvas: Image.Image, layout: HexLayout, hex_: Hex, colour: RGB = GOLD) -> None:
    """A ring just inside ``hex_``: something arrived, changed or left there."""
    inset = layout.size - 4
    points = hexagon_points(layout.centre(hex_), inset)
    ImageDraw.Draw(canvas).polygon(points, outline=_ink(canvas, colour), width=4)


def sight_line(canvas: Image.Image, layout: HexLayout, ends: tuple[Hex, Hex]) -> None:
    """A line of sight from one mole to the other, gold on a dark casing."""
    a, b = (layout.centre(hex_) for hex_ in ends)
    draw = ImageDraw.Draw(canvas)
    width = max(3, round(layout.size * 0.14))
    draw.line((a, b), fill=_ink(canvas, INK), width=width + 4)
    draw.line((a, b), fill=_ink(canvas, GOLD), width=width)


ARROW_HEAD = 0.38
"""A move arrow's head, its length in hex sizes (its width across is :data:`ARROW_WING` twice)."""
ARROW_WING = 0.26
CROSS_ARM = 0.3
"""Half a cross's side, in hex sizes."""


def move_arrow(canvas: Image.Image, layout: HexLayout, origin: Hex, hex_: Hex, clash: bool) -> None:
    """An arrow from where a mole was to where it went, stopping short of the mole there (or
    ending in a cross if it met an enemy and both fell)."""
    (x0, y0), (x1, y1) = layout.centre(origin), layout.centre(hex_)
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    start = (x0 + ux * layout.size * 0.25, y0 + uy * layout.size * 0.25)
    tip = (x1 - ux * layout.size * 0.55, y1 - uy * layout.size * 0.55)
    head = layout.size * ARROW_HEAD
    wing = layout.size * ARROW_WING
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * wing, base[1] + ux * wing)
    right = (base[0] + uy * wing, base[1] - ux * wing)
    draw = ImageDraw.Draw(canvas)
    width = max(3, round(layout.size * 0.12))
    draw.line((start, base), fill=_ink(canvas, INK), width=width + 6)
    draw.polygon((tip, left, right), fill=_ink(canvas, INK), outline=_ink(canvas, INK), width=4)
    draw.line((start, base), fill=_ink(canvas, LIGHT), width=width)
    draw.polygon((tip, left, right), fill=_ink(canvas, LIGHT))
    if clash:
        cross(canvas, layout, hex_)


def cross(canvas: Image.Image, layout: HexLayout, hex_: Hex) -> None:
    """A cross where a mole was eliminated or captured."""
    x, y = layout.centre(hex_)
    y += layout.size * 0.2
    arm = layout.size * CROSS_ARM
    draw = ImageDraw.Draw(canvas)
    width = max(3, round(layout.size * 0.12))
    for colour, extra in ((INK, 6), (LIGHT, 0)):
        for dx in (-1, 1):
            draw.line(
                ((x - dx * arm, y - arm), (x + dx * arm, y + arm)),
                fill=_ink(canvas, colour),
                width=width + extra,
            )


def midpoint(layout: HexLayout, ends: tuple[Hex, Hex]) -> Point:
    (x0, y0), (x1, y1) = (layout.centre(hex_) for hex_ in ends)
    return (x0 + x1) / 2, (y0 + y1) / 2
