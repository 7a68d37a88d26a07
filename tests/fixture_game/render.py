"""Tally's picture: the 21 steps to the goal, those reached so far filled, and the players; and
the picture at its busiest, for the legibility bench."""

from collections.abc import Sequence
from functools import partial

from PIL import Image, ImageDraw

from render.canvas import encode
from render.fonts import draw_text
from render.legibility import Render, Scene
from render.theme import BG, DIM, GOLD, PANEL, TEXT
from tests.fixture_game.engine import GOAL, MAX_PLAYERS, TallyView
from tests.fixture_game.words import Labels

CELL, GAP, MARGIN, TEXT_SIZE = 20, 4, 24, 26
WIDTH = MARGIN * 2 + GOAL * (CELL + GAP)


def table_png(view: TallyView, names: Sequence[str], labels: Labels) -> bytes:
    """The track to 21 with the total's steps filled, then each player, the one to play (until the
    game is won) in gold."""
    total, current = view.total, (view.current if view.winner is None else None)
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


# -- at its busiest, for the legibility bench (render/legibility.py) -------------------------------


def busiest() -> tuple[TallyView, ...]:
    """The track one step from the goal with the last of the most players to play, and won."""
    last = MAX_PLAYERS - 1
    return TallyView(MAX_PLAYERS, last, GOAL - 1, None), TallyView(MAX_PLAYERS, last, GOAL, last)


def _busiest_tables(views: tuple[TallyView, ...], labels: Labels, names: Sequence[str]) -> list[Render]:
    return [partial(table_png, view, names[:MAX_PLAYERS], labels) for view in views]


LEGIBILITY: tuple[Scene[tuple[TallyView, ...], Labels], ...] = (
    Scene("tally.table", busiest, _busiest_tables),
)
"""Tally's one picture (its table message's, its panel's and its results') at its busiest, for
bench/bench_legibility.py: the most players, each name as long as Discord allows."""
