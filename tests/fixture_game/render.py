"""Tally's picture: the 21 steps to the goal, those reached so far filled, and the players."""

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.canvas import encode
from render.fonts import draw_text
from render.theme import BG, DIM, GOLD, PANEL, TEXT
from tests.fixture_game.engine import GOAL
from tests.fixture_game.words import Labels

CELL, GAP, MARGIN, TEXT_SIZE = 20, 4, 24, 26
WIDTH = MARGIN * 2 + GOAL * (CELL + GAP)


def table_png(total: int, current: int | None, names: Sequence[str], labels: Labels) -> bytes:
    """The track to 21 with ``total`` steps filled, then each player, the one to play in gold."""
    height = MARGIN * 3 + CELL + (TEXT_SIZE + 10) * (len(names) + 1)
    image = Image.new("RGB", (WIDTH, height), BG)
    draw = ImageDraw.Draw(image)
    for step in range(GOAL):
        left = MARGIN + step * (CELL + GAP)
        draw.rectangle((left, MARGIN, left + CELL, MARGIN + CELL), fill=GOLD if step < total else PANEL)
    y = MARGIN * 2 + CELL
    draw_text(
        image, (MARGIN, y), f"{labels.total}: {total} / {labels.goal}: {GOAL}", TEXT_SIZE, TEXT, bold=True
    )
    for seat, name in enumerate(names):
        y += TEXT_SIZE + 10
        colour = GOLD if seat == current else DIM
        draw_text(image, (MARGIN, y), name, TEXT_SIZE, colour, max_width=WIDTH - 2 * MARGIN)
    return encode(image.convert("P", palette=Image.Palette.ADAPTIVE))
