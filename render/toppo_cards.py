"""Toppo card faces, backs and empty places, and the palette of the Toppo pictures.

Colour is never the only cue: every face shows its symbol as a large shape and its colour's
letter (the engine's notation: R, Y, W, G, B) in the corner, as big as the card allows: it is
the colour's mark, read at a glance (:func:`render.fonts.draw_mark_text`). The five fills are
chosen to stay apart for protanopia, deuteranopia and tritanopia too, a red that reads red (not
Okabe-Ito's vermillion, which players took for orange) beside a deep bluish green, yellow, white
and Okabe-Ito's sky blue: the smallest CIE76 distance between any two of them, for everyone and
under the Machado 2009 simulations, is 29.7 (it was 29.3 with the vermillion; a plain red (220,
40, 40) and green (40, 170, 60) are 12 apart for deuteranopes). tests/render/test_toppo_render.py
holds both.

:func:`paint_card` draws on any RGB image at any size; the pictures use :func:`card_tile`, a
face drawn once at three times the size, reduced (antialiasing) and quantized to the palette.
Backs and empty places are every game's (:mod:`render.cards`).
"""

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.toppo.cards import Card, Colour, Symbol
from render.canvas import Palette, supersampled
from render.cards import rounded_card
from render.fonts import RGB, draw_mark_text, text_width
from render.theme import (
    INK,
    LIGHT,
    TABLE_COLOURS,
    TABLE_RAMPS,
)

CARD_COLOURS: dict[Colour, RGB] = {
    Colour.RED: (230, 40, 30),
    Colour.YELLOW: (245, 205, 50),
    Colour.WHITE: (240, 240, 236),
    Colour.GREEN: (0, 110, 90),
    Colour.BLUE: (86, 180, 233),
}
MARK_SHARE = 0.5
"""The colour's mark, one letter or two ("Ro", "Am"), is drawn at this share of the card's width:
on the table's line cards, 70 pixels wide, at 35 pixels, its capitals 25 high (11.2 on a phone)."""
MARK_ROOM = 0.86
"""How much of the card's width the mark may take: "Am" at 35 pixels is 59 of a line card's 70."""
STROKES: dict[Colour, RGB] = {
    colour: LIGHT if colour in (Colour.RED, Colour.GREEN) else INK for colour in Colour
}
"""Symbol and letter colour per card: whichever of dark or light contrasts more with the fill."""

PALETTE = Palette(
    colours=[*TABLE_COLOURS, *CARD_COLOURS.values()],
    ramps=[
        *TABLE_RAMPS,
        *((STROKES[colour], fill) for colour, fill in CARD_COLOURS.items()),
    ],
)


def paint_card(
    image: Image.Image, box: tuple[int, int, int, int], card: Card, mark: str | None = None
) -> None:
    """Draw ``card`` face up filling ``box`` (left, top, right, bottom; inclusive) of an RGB
    image: its colour, a dark edge, the colour's mark top left (``mark``, in the viewer's
    language; the English letter by default) and the symbol in the middle. The mark and the
    symbol's shape, not the colour alone, tell the cards apart."""
    left, top, right, bottom = box
    width, height = right - left + 1, bottom - top + 1
    draw = ImageDraw.Draw(image)
    fill, stroke = CARD_COLOURS[card.colour], STROKES[card.colour]
    rounded_card(draw, box, fill, INK, 0.035)
    mark = mark or card.colour.value
    letter_size = round(width * MARK_SHARE)
    while letter_size > 8 and text_width(mark, letter_size, True) > width * MARK_ROOM:
        letter_size -= 1
    draw_mark_text(
        image, (left + round(width * 0.08), top - round(letter_size * 0.12)), mark, letter_size, stroke
    )
    side = width * 0.54
    paint_symbol(draw, card.symbol, (left + width / 2, top + height * 0.6), side, stroke)


def paint_symbol(
    draw: ImageDraw.ImageDraw, symbol: Symbol, centre: tuple[float, float], side: float, colour: RGB
) -> None:
    """The symbol as a bold shape inside a ``side`` square: shapes, not colours, tell them apart."""
    x, y = centre
    half = side / 2
    bar = side * 0.26
    if symbol is Symbol.CIRCLE:
        radius = side * 0.42
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)
    elif symbol is Symbol.SQUARE:
        edge = side * 0.36
        draw.rectangle((x - edge, y - edge, x + edge, y + edge), fill=colour)
    elif symbol is Symbol.BAR:
        draw.rectangle((x - half, y - bar / 2, x + half, y + bar / 2), fill=colour)
    elif symbol is Symbol.PLUS:
        draw.rectangle((x - half, y - bar / 2, x + half, y + bar / 2), fill=colour)
        draw.rectangle((x - bar / 2, y - half, x + bar / 2, y + half), fill=colour)
    else:  # waves: three wavy lines with round ends
        stroke = side * 0.11
        for row in (-1, 0, 1):
            points = [
                (
                    x - half + side * step / 24,
                    y + row * side * 0.32 + math.sin(math.pi * 3 * step / 24) * side * 0.08,
                )
                for step in range(25)
            ]
            draw.line(points, fill=colour, width=max(1, round(stroke)), joint="curve")
            for end_x, end_y in (points[0], points[-1]):
                r = stroke / 2
                draw.ellipse((end_x - r, end_y - r, end_x + r, end_y + r), fill=colour)


@lru_cache(maxsize=512)
def card_tile(card: Card, width: int, height: int, bg: RGB, mark: str | None = None) -> Image.Image:
    """``card`` face up as a palette tile of ``width`` x ``height`` on ``bg``, with ``mark``."""
    return supersampled(PALETTE, (width, height), bg, lambda image, box: paint_card(image, box, card, mark))
