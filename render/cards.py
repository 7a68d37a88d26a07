"""What every card game's pictures share: a card's rounded outline, a face-down card with a count,
an empty card place, each drawn at any size on an RGB image or as a cached palette tile.

A game's own faces live in its module (:mod:`render.toppo_cards`, :mod:`render.spit_cards`);
the backs and places are the same in every game, so a player reads a deck or an empty pile the
same way at every table.
"""

from functools import lru_cache

from PIL import Image, ImageDraw

from render.canvas import Box, Palette, supersampled
from render.fonts import RGB, draw_text, text_width, top_for_middle
from render.theme import BACK, BACK_PATTERN, DIM, INK, SLOT, TEXT

CORNER = 0.12
"""Corner radius as a share of the card's width."""


def rounded_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: RGB | None,
    outline: RGB,
    stroke: float,
) -> None:
    """A card's rounded outline: corners and edge (``stroke``, a share of the width) scale with
    its width."""
    width = box[2] - box[0]
    draw.rounded_rectangle(
        box, radius=width * CORNER, fill=fill, outline=outline, width=max(1, round(width * stroke))
    )


def paint_back(image: Image.Image, box: Box, count: int | None) -> None:
    """A face-down card (a deck, the stock) with how many cards it holds written on it."""
    left, top, right, bottom = box
    width = right - left + 1
    draw = ImageDraw.Draw(image)
    rounded_card(draw, box, BACK, INK, 0.035)
    inset = width * 0.12
    rounded_card(draw, (left + inset, top + inset, right - inset, bottom - inset), None, BACK_PATTERN, 0.07)
    if count is not None:
        centre_text(image, box, str(count), round(width * 0.5), TEXT)


def paint_slot(image: Image.Image, box: Box, count: int | None) -> None:
    """An empty card place (a line not yet turned, an empty pile), with an optional count."""
    width = box[2] - box[0] + 1
    rounded_card(ImageDraw.Draw(image), box, None, SLOT, 0.04)
    if count is not None:
        centre_text(image, box, str(count), round(width * 0.5), DIM)


def centre_text(image: Image.Image, box: Box, text: str, size: int, fill: RGB) -> None:
    """Bold ``text`` centred in ``box``, capitals and digits on its middle."""
    left, top, right, bottom = box
    x = (left + right + 1 - text_width(text, size, True)) // 2
    draw_text(image, (x, top_for_middle((top + bottom + 1) // 2, size)), text, size, fill, bold=True)


@lru_cache(maxsize=512)
def back_tile(palette: Palette, width: int, height: int, bg: RGB, count: int | None = None) -> Image.Image:
    """A face-down card with ``count`` on it, as a palette tile."""
    return supersampled(palette, (width, height), bg, lambda image, box: paint_back(image, box, count))


@lru_cache(maxsize=512)
def slot_tile(palette: Palette, width: int, height: int, bg: RGB, count: int | None = None) -> Image.Image:
    """An empty card place, with ``count`` in it if given, as a palette tile."""
    return supersampled(palette, (width, height), bg, lambda image, box: paint_slot(image, box, count))
