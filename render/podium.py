"""A game night's podium (issue 45): its top three on their steps, first in the middle and
highest, each with their name, points and games; posted once when the night ends.

A pure function of plain values and the words (the caller's locale), like the league pictures;
colour is never the only cue (each step carries its place's number). 1000 pixels wide like every
picture, names 44 pixels high, so at a phone's 450 they read at about 20.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from render.canvas import Palette, encode, paste_sentence, paste_text, rounded_tile
from render.fonts import line_height, no_names
from render.theme import BG, DIM, GOLD, PANEL, TEXT

WIDTH = 1000
HEIGHT = 560
MARGIN = 24
TITLE_SIZE = 44
NAME_SIZE = 44
DETAIL_SIZE = 34
PLACE_SIZE = 72
SILVER = (192, 200, 210)
BRONZE = (205, 137, 80)
STEP_WIDTH = (WIDTH - 2 * MARGIN - 2 * 16) // 3
STEP_HEIGHTS = (260, 190, 140)
"""The steps of first, second and third place."""
COLUMNS = (1, 0, 2)
"""Which column each place stands in: first in the middle, second left, third right."""

PALETTE = Palette(
    colours=[BG, PANEL, TEXT, DIM, GOLD, SILVER, BRONZE],
    ramps=[
        (TEXT, BG),
        (DIM, BG),
        (GOLD, BG),
        (TEXT, PANEL),
        (DIM, PANEL),
        (BG, GOLD),
        (BG, SILVER),
        (BG, BRONZE),
    ],
)


@dataclass(frozen=True, slots=True)
class Place:
    """Someone on the podium: their place (shared places keep their number), name, and what
    to show under it, the points and games as the caller's words say them."""

    rank: int
    name: str
    points: str
    games: str


def podium_png(title: str, places: Sequence[Place]) -> bytes:
    """The podium of ``places`` (the top three at most, best first) under ``title``."""
    canvas = PALETTE.canvas((WIDTH, HEIGHT), BG)
    paste_sentence(
        PALETTE,
        canvas,
        (MARGIN, MARGIN),
        no_names(title),
        TITLE_SIZE,
        GOLD,
        BG,
        bold=True,
        max_width=WIDTH - 2 * MARGIN,
    )
    floor = HEIGHT - MARGIN
    for index, place in enumerate(places[:3]):
        column = COLUMNS[index]
        left = MARGIN + column * (STEP_WIDTH + 16)
        height = STEP_HEIGHTS[index]
        colour = (GOLD, SILVER, BRONZE)[index]
        top = floor - height
        canvas.paste(rounded_tile(PALETTE, (STEP_WIDTH, height), colour, colour, 0, 14, BG), (left, top))
        middle = left + STEP_WIDTH // 2
        paste_text(
            PALETTE,
            canvas,
            (middle, top + 24),
            str(place.rank),
            PLACE_SIZE,
            BG,
            colour,
            bold=True,
            align="centre",
        )
        games_y = top - 12 - line_height(DETAIL_SIZE)
        points_y = games_y - line_height(DETAIL_SIZE)
        name_y = points_y - 4 - line_height(NAME_SIZE)
        room = STEP_WIDTH - 8
        paste_text(
            PALETTE,
            canvas,
            (middle, name_y),
            place.name,
            NAME_SIZE,
            TEXT,
            BG,
            bold=True,
            max_width=room,
            align="centre",
        )
        paste_text(
            PALETTE,
            canvas,
            (middle, points_y),
            place.points,
            DETAIL_SIZE,
            TEXT,
            BG,
            max_width=room,
            align="centre",
        )
        paste_text(
            PALETTE,
            canvas,
            (middle, games_y),
            place.games,
            DETAIL_SIZE,
            DIM,
            BG,
            max_width=room,
            align="centre",
        )
    return encode(canvas)
