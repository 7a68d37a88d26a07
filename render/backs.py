"""Card backs and empty card places, the same in every card game: a face-down deck or pile with
its count, and the outline of a place with no card (an empty pile, a line not yet turned).

The tiles take the picture's palette, which must hold :data:`~render.theme.BACK`,
:data:`~render.theme.BACK_PATTERN`, :data:`~render.theme.SLOT`, ink and text colours and
their ramps (see :data:`render.toppo_cards.PALETTE`).
"""

from functools import lru_cache

from PIL import Image, ImageDraw

from render.canvas import Box, Palette, centre_text, finish, rounded_card, supersampled
from render.fonts import RGB
from render.theme import BACK, BACK_PATTERN, DIM, INK, SLOT, TEXT


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


@lru_cache(maxsize=512)
def back_tile(palette: Palette, width: int, height: int, bg: RGB, count: int | None = None) -> Image.Image:
    """A face-down card with ``count`` on it, as a palette tile."""
    big, box = supersampled(width, height, bg)
    paint_back(big, box, count)
    return finish(palette, big)


@lru_cache(maxsize=512)
def slot_tile(palette: Palette, width: int, height: int, bg: RGB, count: int | None = None) -> Image.Image:
    """An empty card place, with ``count`` in it if given, as a palette tile."""
    big, box = supersampled(width, height, bg)
    paint_slot(big, box, count)
    return finish(palette, big)
