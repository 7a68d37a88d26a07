"""Topoum's pieces and cards as pictures: the palette, the players' colours and marks, bases,
moles, obstacles, category icons and card faces.

Colour is never the only cue. Each seat has a colour and a *mark*, a shape (circle, square,
triangle, diamond): a mole is its owner's mark drawn large, a base carries its owner's mark
small, and the player list shows the same mark by each name. The neutral side of a base is
grey with diagonal stripes and still carries the owner's mark (a base keeps its owner). The
seat colours are Okabe-Ito's sky blue, orange, reddish purple and bluish green, chosen to stay
apart for the common colour-vision deficiencies. Obstacles differ by shape (a rock, toothed
jaws, a turnip with leaves), card categories by icon (crosshair, arrow, hexagon, star) as well
as by colour.

Each ``paint_*`` function draws on any RGB image at any size, so the benchmark's naive renderer
can draw the same pieces from scratch; the pictures use the ``*_tile`` functions, which paint
once at three times the size, reduce (antialiasing), quantize to :data:`PALETTE` and cache.
"""

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.topoum.cards import Category, Obstacle
from render.canvas import SUPERSAMPLE, Box, Palette, smoothed, supersampled
from render.fonts import RGB, draw_text, line_height, text_width, top_for_middle, wrap, wrap_or_cut
from render.theme import BG, BUTTON, DIM, GOLD, INK, LIGHT, PANEL, SLOT, TEXT

SEAT_COLOURS: tuple[RGB, ...] = ((86, 180, 233), (230, 159, 0), (204, 121, 167), (0, 158, 115))
"""Seat 0-3: sky blue, orange, reddish purple, bluish green."""
MARKS = ("circle", "square", "triangle", "diamond")
"""Seat 0-3's mark, on its moles, its bases and by its name."""

EMPTY: RGB = (42, 50, 61)
"""A board hex without a base."""
GRID: RGB = (70, 82, 97)
"""The lines between hexes."""
NEUTRAL: RGB = (208, 204, 194)
"""A base's neutral side..."""
HATCH: RGB = (168, 163, 152)
"""...and its stripes."""
ROCK: RGB = (140, 132, 120)
TRAP: RGB = (196, 58, 48)
TURNIP: RGB = (150, 72, 164)
LEAF: RGB = (72, 164, 64)
CARD: RGB = (244, 240, 230)
"""A card's face."""
CATEGORY_COLOURS: dict[Category, RGB] = {
    Category.COMBAT: (190, 60, 50),
    Category.MOVEMENT: (50, 100, 190),
    Category.EXPANSION: (40, 128, 70),
    Category.SPECIAL: (124, 80, 176),
}

PALETTE = Palette(
    colours=[
        BG,
        PANEL,
        TEXT,
        DIM,
        GOLD,
        INK,
        LIGHT,
        SLOT,
        BUTTON,
        EMPTY,
        GRID,
        NEUTRAL,
        HATCH,
        *SEAT_COLOURS,
        ROCK,
        TRAP,
        TURNIP,
        LEAF,
        CARD,
        *CATEGORY_COLOURS.values(),
    ],
    ramps=[
        (TEXT, BG),
        (TEXT, PANEL),
        (DIM, BG),
        (DIM, PANEL),
        (GOLD, BG),
        (GOLD, PANEL),
        (DIM, EMPTY),
        (GRID, EMPTY),
        (INK, GOLD),
        (INK, LIGHT),
        (INK, PANEL),
        (INK, NEUTRAL),
        (NEUTRAL, GRID),
        (TEXT, BUTTON),
        (INK, CARD),
        (ROCK, INK),
        (TRAP, INK),
        (TURNIP, INK),
        (INK, CATEGORY_COLOURS[Category.MOVEMENT]),
        *((INK, colour) for colour in SEAT_COLOURS),
        *((colour, GRID) for colour in SEAT_COLOURS),
        *((LIGHT, colour) for colour in CATEGORY_COLOURS.values()),
    ],
)

SQRT3 = math.sqrt(3)

Point = tuple[float, float]


def hexagon_points(centre: Point, size: float) -> list[Point]:
    """The corners of a flat-topped hexagon of circumradius ``size`` (the board's orientation)."""
    x, y = centre
    return [
        (x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def _polygon(kind: str, centre: Point, radius: float) -> list[Point] | None:
    """The outline of a mark (None for the circle, which is an ellipse): each shape is
    ``2 * radius`` across where it is narrowest, as the circle is, so that no seat's mark reads
    smaller than another's (a square inside the circle was 14% narrower, a triangle 8%
    shorter)."""
    x, y = centre
    if kind == "square":
        return [
            (x - radius, y - radius),
            (x + radius, y - radius),
            (x + radius, y + radius),
            (x - radius, y + radius),
        ]
    if kind == "triangle":
        return [
            (x, y - radius * 1.2),
            (x + radius * 1.1, y + radius * 0.8),
            (x - radius * 1.1, y + radius * 0.8),
        ]
    if kind == "diamond":
        return [(x, y - radius * 1.15), (x + radius * 1.0, y), (x, y + radius * 1.15), (x - radius * 1.0, y)]
    return None


def mark_side(seat: int, radius: float) -> float:
    """How big ``seat``'s mark painted at ``radius`` reads: the smaller of its width and its
    height (the legibility bench measures a mark so)."""
    points = _polygon(MARKS[seat], (0.0, 0.0), radius)
    if points is None:
        return 2 * radius
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return min(max(xs) - min(xs), max(ys) - min(ys))


def paint_mark(
    draw: ImageDraw.ImageDraw, seat: int, centre: Point, radius: float, fill: RGB, outline: RGB, width: float
) -> None:
    """``seat``'s mark (circle, square, triangle or diamond), ``2 * radius`` across where it is
    narrowest."""
    points = _polygon(MARKS[seat], centre, radius)
    stroke = max(1, round(width))
    if points is None:
        x, y = centre
        draw.ellipse(
            (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=outline, width=stroke
        )
    else:
        draw.polygon(points, fill=fill, outline=outline, width=stroke)


# -- the board's pieces, in proportion to a hex of circumradius ``size`` ---------------------------


BASE_MARK = 0.28
"""A base's owner mark's half width, in hex sizes: 25.8 pixels across at the smallest hexes (46),
11.5 or more on the board picture opened full screen (render/legibility.py ``OPENED``) at its
tallest. It stays wholly inside its hex, which the base is drawn through: at 0.7 hex sizes from
the middle it crossed the hex's edge (a triangle was cut), and a square was 9.5-10.2 pixels."""


def mark_centre(centre: Point, size: float) -> Point:
    """Where a base's owner mark sits: in the hex's right part, inside its edges, clear of the
    label above and of the mole (:func:`mole_centre`) to its left."""
    return centre[0] + size * 0.55, centre[1]


def piece_centre(centre: Point, size: float) -> Point:
    """Where an obstacle stands: a little below the middle, under the label."""
    return centre[0], centre[1] + size * 0.2


MOLE_RADIUS = 0.33
"""A mole's half width, in hex sizes, without its halo: a square mole keeps about its size
(0.37 before every mark was as wide as its circle) and leaves room for the owner mark."""


def mole_centre(centre: Point, size: float) -> Point:
    """Where a mole stands: under the label, left of the middle, leaving the hex's right part to
    a base's owner mark (:func:`mark_centre`)."""
    return centre[0] - size * 0.2, centre[1] + size * 0.2


def paint_cell(image: Image.Image, centre: Point, size: float, fill: RGB, border: float) -> None:
    """A board hex: ``fill`` inside a ``border``-wide grid line."""
    ImageDraw.Draw(image).polygon(
        hexagon_points(centre, size), fill=fill, outline=GRID, width=max(1, round(border))
    )


def paint_base(
    image: Image.Image, centre: Point, size: float, owner: int, neutral: bool, border: float
) -> None:
    """A base on its hex: the owner's colour, or the grey striped neutral side, with the owner's
    mark in its right part either way."""
    paint_cell(image, centre, size, NEUTRAL if neutral else SEAT_COLOURS[owner], border)
    draw = ImageDraw.Draw(image)
    if neutral:
        stripe = max(1, round(size * 0.07))
        x, y = centre
        for offset in (-0.9, -0.45, 0.0, 0.45, 0.9):
            start = (x + size * (offset - 0.5), y + size * 0.75)
            end = (x + size * (offset + 0.5), y - size * 0.75)
            draw.line((start, end), fill=HATCH, width=stripe)
        draw.polygon(hexagon_points(centre, size), outline=GRID, width=max(1, round(border)))
    mark_fill = SEAT_COLOURS[owner] if neutral else INK
    paint_mark(draw, owner, mark_centre(centre, size), size * BASE_MARK, mark_fill, INK, size * 0.04)


def paint_mole(image: Image.Image, centre: Point, size: float, seat: int) -> None:
    """A mole: its owner's mark drawn large in their colour, with a dark edge and a light halo
    (so it stands out on a base of its own colour), and two eyes."""
    draw = ImageDraw.Draw(image)
    x, y = mole_centre(centre, size)
    radius = size * MOLE_RADIUS
    paint_mark(draw, seat, (x, y), radius + size * 0.08, LIGHT, LIGHT, 1)
    paint_mark(draw, seat, (x, y), radius, SEAT_COLOURS[seat], INK, size * 0.08)
    eye = size * 0.06
    for side in (-1, 1):
        ex, ey = x + side * radius * 0.32, y - radius * 0.05
        draw.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=INK)


OBSTACLE = 0.42
"""An obstacle's half width, in hex sizes."""


def paint_obstacle(image: Image.Image, centre: Point, size: float, obstacle: Obstacle) -> None:
    """A rock (a grey boulder), a trap (red toothed jaws) or a turnip (a bulb with leaves)."""
    draw = ImageDraw.Draw(image)
    x, y = piece_centre(centre, size)
    r = size * OBSTACLE
    edge = max(1, round(size * 0.06))
    if obstacle is Obstacle.ROCK:
        shape = [(-1.0, 0.55), (-0.8, -0.2), (-0.3, -0.75), (0.35, -0.7), (0.95, -0.15), (1.0, 0.55)]
        draw.polygon([(x + r * dx, y + r * dy) for dx, dy in shape], fill=ROCK, outline=INK, width=edge)
        draw.line(
            ((x - r * 0.3, y - r * 0.35), (x + r * 0.2, y - r * 0.4)), fill=INK, width=max(1, edge // 2)
        )
    elif obstacle is Obstacle.TRAP:
        teeth = 5
        top = [
            (x - r + 2 * r * k / teeth, y - r * 0.1 if k % 2 == 0 else y + r * 0.45) for k in range(teeth + 1)
        ]
        jaws = [(x - r, y + r * 0.7), *top, (x + r, y + r * 0.7)]
        draw.polygon(jaws, fill=TRAP, outline=INK, width=edge)
        draw.arc((x - r, y - r * 0.9, x + r, y + r * 1.1), 200, 340, fill=INK, width=edge)
    else:
        bulb = r * 0.75
        by = y + r * 0.25
        draw.polygon(
            [(x - bulb * 0.5, by - bulb * 0.6), (x, y - r * 1.05), (x + bulb * 0.5, by - bulb * 0.6)],
            fill=LEAF,
            outline=INK,
            width=edge,
        )
        draw.ellipse((x - bulb, by - bulb, x + bulb, by + bulb), fill=LIGHT, outline=INK, width=edge)
        draw.chord((x - bulb, by - bulb, x + bulb, by + bulb), 180, 360, fill=TURNIP, outline=INK, width=edge)


def paint_icon(
    draw: ImageDraw.ImageDraw, category: Category, centre: Point, radius: float, colour: RGB
) -> None:
    """A category's icon: combat a crosshair, movement an arrow, expansion a hexagon (a base),
    special a star."""
    x, y = centre
    stroke = max(1, round(radius * 0.22))
    if category is Category.COMBAT:
        inner = radius * 0.62
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=colour, width=stroke)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            draw.line(
                ((x + dx * radius * 0.25, y + dy * radius * 0.25), (x + dx * radius, y + dy * radius)),
                fill=colour,
                width=stroke,
            )
    elif category is Category.MOVEMENT:
        shaft = radius * 0.28
        draw.polygon(
            [
                (x - radius, y - shaft),
                (x + radius * 0.1, y - shaft),
                (x + radius * 0.1, y - radius * 0.8),
                (x + radius, y),
                (x + radius * 0.1, y + radius * 0.8),
                (x + radius * 0.1, y + shaft),
                (x - radius, y + shaft),
            ],
            fill=colour,
        )
    elif category is Category.EXPANSION:
        draw.polygon(hexagon_points(centre, radius), fill=colour)
    else:
        points = [
            (
                x + (radius if k % 2 == 0 else radius * 0.45) * math.sin(math.pi * k / 5),
                y - (radius if k % 2 == 0 else radius * 0.45) * math.cos(math.pi * k / 5),
            )
            for k in range(10)
        ]
        draw.polygon(points, fill=colour)


def paint_medal(draw: ImageDraw.ImageDraw, centre: Point, radius: float) -> None:
    """A badge (the game's score): a gold medal on a ribbon, next to every badge count."""
    x, y = centre
    edge = max(1, round(radius * 0.14))
    ribbon = [
        (x - radius * 0.55, y - radius * 1.1),
        (x + radius * 0.55, y - radius * 1.1),
        (x + radius * 0.3, y),
        (x - radius * 0.3, y),
    ]
    draw.polygon(ribbon, fill=CATEGORY_COLOURS[Category.MOVEMENT], outline=INK, width=edge)
    medal = radius * 0.72
    my = y + radius * 0.3
    draw.ellipse((x - medal, my - medal, x + medal, my + medal), fill=GOLD, outline=INK, width=edge)


# -- tiles -----------------------------------------------------------------------------------------

Tile = tuple[Image.Image, Image.Image]
"""A palette picture and the mask of the pixels it covers."""
PaintFn = Callable[[Image.Image], None]


def cell_box(size: float) -> tuple[int, int]:
    """The tile size that holds one hex of circumradius ``size``."""
    return math.ceil(2 * size) + 2, math.ceil(SQRT3 * size) + 2


@lru_cache(maxsize=8)
def cell_mask(size: float) -> Image.Image:
    """The pixels of one hex in a :func:`cell_box` tile, for pasting a cell over the grid."""
    box = cell_box(size)
    mask = Image.new("1", box, 0)
    centre = (box[0] / 2, box[1] / 2)
    ImageDraw.Draw(mask).polygon(hexagon_points(centre, size), fill=1, outline=1)
    return mask


def _cell_centre(size: float) -> Point:
    box = cell_box(size)
    return box[0] * SUPERSAMPLE / 2, box[1] * SUPERSAMPLE / 2


@lru_cache(maxsize=8)
def cell_tile(size: float, fill: RGB, border: float) -> Image.Image:
    """A hex without a base as a palette tile of :func:`cell_box` (paste through
    :func:`cell_mask`): the board is built from it."""
    return supersampled(
        PALETTE,
        cell_box(size),
        GRID,
        lambda big, _: paint_cell(big, _cell_centre(size), size * SUPERSAMPLE, fill, border * SUPERSAMPLE),
    )


@lru_cache(maxsize=64)
def base_tile(size: float, owner: int, neutral: bool, border: float) -> Image.Image:
    """A base on its hex as a palette tile of :func:`cell_box` (paste through :func:`cell_mask`)."""
    return supersampled(
        PALETTE,
        cell_box(size),
        GRID,
        lambda big, _: paint_base(
            big, _cell_centre(size), size * SUPERSAMPLE, owner, neutral, border * SUPERSAMPLE
        ),
    )


def _masked(painter_bg: RGB, paint: PaintFn, box: tuple[int, int]) -> Tile:
    """A piece painted on transparency: the tile takes the piece's colours over ``painter_bg``
    (its dark edge), and the mask keeps the pixels the piece mostly covers."""
    small = smoothed(box, (0, 0, 0, 0), lambda big, _: paint(big), "RGBA")
    flat = Image.new("RGB", small.size, painter_bg)
    flat.paste(small, (0, 0), small)
    mask = small.getchannel("A").point(lambda alpha: 255 if alpha >= 96 else 0).convert("1")
    return PALETTE.quantize(flat), mask


@lru_cache(maxsize=32)
def mole_tile(size: float, seat: int) -> Tile:
    """``seat``'s mole, placed like a :func:`cell_box` tile at its hex."""
    return _masked(
        INK, lambda big: paint_mole(big, _cell_centre(size), size * SUPERSAMPLE, seat), cell_box(size)
    )


@lru_cache(maxsize=32)
def obstacle_tile(size: float, obstacle: Obstacle) -> Tile:
    """An obstacle, placed like a :func:`cell_box` tile at its hex."""
    return _masked(
        INK, lambda big: paint_obstacle(big, _cell_centre(size), size * SUPERSAMPLE, obstacle), cell_box(size)
    )


@lru_cache(maxsize=64)
def mark_tile(seat: int, radius: int, bg: RGB) -> Image.Image:
    """``seat``'s mark in their colour on ``bg``, for the player lists."""
    side = 2 * radius + 4
    centre = (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2)

    def paint(big: Image.Image, _: Box) -> None:
        paint_mark(
            ImageDraw.Draw(big), seat, centre, radius * SUPERSAMPLE, SEAT_COLOURS[seat], INK, 2 * SUPERSAMPLE
        )

    return supersampled(PALETTE, (side, side), bg, paint)


@lru_cache(maxsize=16)
def medal_tile(radius: int, bg: RGB) -> Image.Image:
    """A badge's medal on ``bg``."""
    side = 2 * radius + 2
    centre = (side * SUPERSAMPLE / 2, (side + radius // 2) * SUPERSAMPLE / 2)
    return supersampled(
        PALETTE,
        (side, side + radius // 2),
        bg,
        lambda big, _: paint_medal(ImageDraw.Draw(big), centre, radius * SUPERSAMPLE),
    )


@lru_cache(maxsize=64)
def icon_tile(category: Category, radius: int, bg: RGB, colour: RGB) -> Image.Image:
    """A category icon in ``colour`` on ``bg``."""
    side = 2 * radius + 2
    centre = (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2)
    return supersampled(
        PALETTE,
        (side, side),
        bg,
        lambda big, _: paint_icon(ImageDraw.Draw(big), category, centre, radius * SUPERSAMPLE, colour),
    )


@lru_cache(maxsize=16)
def obstacle_icon(obstacle: Obstacle, side: int, bg: RGB) -> Image.Image:
    """An obstacle on ``bg`` in a ``side`` square (the farmer's line)."""
    size = side * SUPERSAMPLE * 0.45 / OBSTACLE
    centre = (side * SUPERSAMPLE / 2, side * SUPERSAMPLE / 2 - size * 0.2)
    return supersampled(PALETTE, (side, side), bg, lambda big, _: paint_obstacle(big, centre, size, obstacle))


# -- cards -----------------------------------------------------------------------------------------


def _name_lines(name: str, size: int, min_size: int, room: int) -> tuple[int, tuple[str, ...]]:
    """A card's name on up to two lines of ``room``: at ``size``, or smaller down to ``min_size``
    until no word is cut ("Condecoración" on a small card); cut only if even that fails."""
    for smaller in range(size, min_size - 1, -1):
        lines = wrap(name, smaller, True, room, 2)
        if lines is not None:
            return smaller, lines
    return min_size, wrap_or_cut(name, min_size, True, room, 2)


def paint_card(
    image: Image.Image,
    box: tuple[int, int, int, int],
    category: Category,
    name: str,
    category_name: str,
    min_size: int = 8,
) -> None:
    """A battle card filling ``box`` (inclusive) of an RGB image: a band in its category's
    colour with the category's icon and word, then its name on up to two lines, made smaller
    (not below ``min_size``) rather than cut in a word."""
    left, top, right, bottom = box
    width, height = right - left + 1, bottom - top + 1
    draw = ImageDraw.Draw(image)
    radius = width * 0.07
    edge = max(1, round(width * 0.015))
    draw.rounded_rectangle(box, radius=radius, fill=CARD, outline=INK, width=edge)
    band = round(height * 0.28)
    colour = CATEGORY_COLOURS[category]
    draw.rounded_rectangle(
        (left, top, right, top + band), radius=radius, fill=colour, outline=INK, width=edge
    )
    draw.rectangle((left + edge, top + band - radius, right - edge, top + band - edge), fill=colour)
    small = max(min_size, round(band * 0.42))
    room = width - round(band * 0.95) - 2 * edge
    if text_width(category_name, small, True) <= room:
        paint_icon(draw, category, (left + edge + band * 0.5, top + band / 2), band * 0.32, LIGHT)
        draw_text(
            image,
            (left + round(band * 0.95), top_for_middle(top + band // 2, small)),
            category_name,
            small,
            LIGHT,
            True,
        )
    else:  # a small card: its icon alone, larger (the legend says what the icons mean)
        paint_icon(draw, category, ((left + right) / 2, top + band / 2), band * 0.4, LIGHT)
    room = width - 4 * edge - round(width * 0.04)
    size, lines = _name_lines(name, max(min_size, round(width * 0.13)), min_size, room)
    pitch = line_height(size)
    y = top + band + (height - band - pitch * len(lines)) // 2
    for line in lines:
        x = left + (width - text_width(line, size, True)) // 2
        draw_text(image, (x, y), line, size, INK, True)
        y += pitch


@lru_cache(maxsize=256)
def card_tile(
    category: Category, name: str, category_name: str, width: int, height: int, bg: RGB, min_size: int
) -> Image.Image:
    """A card face as a palette tile on ``bg``, its name's text no smaller than ``min_size``."""
    return supersampled(
        PALETTE,
        (width, height),
        bg,
        lambda big, box: paint_card(big, box, category, name, category_name, min_size * SUPERSAMPLE),
    )


@lru_cache(maxsize=64)
def slot_tile(width: int, height: int, bg: RGB) -> Image.Image:
    """An empty card place."""
    return supersampled(
        PALETTE,
        (width, height),
        bg,
        lambda big, box: ImageDraw.Draw(big).rounded_rectangle(
            box, radius=width * 0.07 * SUPERSAMPLE, outline=SLOT, width=2 * SUPERSAMPLE
        ),
    )
