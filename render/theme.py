"""The colours of the table pictures: a dark table that reads the same on Discord's dark and
light themes (the picture is opaque, so the client theme never shows through)."""

from render.fonts import RGB

BG: RGB = (30, 36, 44)
"""The table."""
PANEL: RGB = (47, 56, 68)
"""A player's place, a results row."""
TEXT: RGB = (236, 239, 243)
DIM: RGB = (156, 168, 182)
"""Labels and secondary numbers (contrast 6.6:1 on the table)."""
GOLD: RGB = (247, 190, 60)
"""Whoever everyone is waiting for, the caller of toppo, the series leader."""
INK: RGB = (22, 24, 28)
"""Dark strokes: card edges, symbols and letters on light cards."""
LIGHT: RGB = (250, 250, 250)
"""Light strokes on dark cards."""
SLOT: RGB = (84, 96, 112)
"""The outline of an empty card place."""
BACK: RGB = (92, 76, 168)
"""The back of a card (a deck, the stock)."""
BACK_PATTERN: RGB = (128, 112, 204)
BUTTON: RGB = (78, 80, 88)
"""Slot letters and line numbers look like Discord's grey buttons that carry them."""

TABLE_COLOURS: tuple[RGB, ...] = (BG, PANEL, TEXT, DIM, GOLD, INK, LIGHT, SLOT, BACK, BACK_PATTERN, BUTTON)
"""The colours every table picture uses; each game's palette starts with them."""
TABLE_RAMPS: tuple[tuple[RGB, RGB], ...] = (
    (TEXT, BG),
    (TEXT, PANEL),
    (DIM, BG),
    (DIM, PANEL),
    (GOLD, BG),
    (GOLD, PANEL),
    (INK, BG),
    (INK, PANEL),
    (SLOT, BG),
    (SLOT, PANEL),
    (TEXT, BACK),
    (TEXT, BUTTON),
    (BUTTON, BG),
    (BUTTON, PANEL),
    (BACK_PATTERN, BACK),
)
"""The antialiasing ramps of text, outlines, backs and badges on the table and its panels."""

CHART_COLOURS: tuple[RGB, ...] = (
    (86, 180, 233),
    (230, 159, 0),
    (204, 121, 167),
    (0, 158, 115),
    (240, 228, 66),
    (213, 94, 0),
)
"""Lines of a chart, one colour each: Okabe and Ito's set, told apart with the common kinds of
colour blindness (sky blue, orange, reddish purple, bluish green, yellow, vermillion; their
dark blue is left out, as it hardly shows on the table)."""
