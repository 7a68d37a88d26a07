"""Right-to-left text between runs of different fonts: a run-level subset of the Unicode
Bidirectional Algorithm (UAX #9).

raqm orders the characters *inside* a run it shapes, but a name such as "محمد 👍 علي" is three
runs in two fonts, and "محمد called toppo!" is a right-to-left name inside a left-to-right
sentence. So the runs themselves are ordered here: each run gets the direction of its first
strong character (neutral runs, such as spaces and emoji, take their neighbours' direction when
both agree, else the paragraph's), then runs are reversed level by level (rule L2).

Text from users is put into sentences inside isolates (:func:`isolate`, U+2068 ... U+2069), as
Unicode recommends: the paragraph's direction then comes from the sentence, not from the name.
"""

import unicodedata
from collections.abc import Sequence

FSI, PDI = "\u2068", "\u2069"
_ISOLATE_STARTS = frozenset("\u2066\u2067\u2068")
_CONTROLS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))
"""Directional marks, embeddings and isolates: read for the paragraph direction, then removed,
since the runs are ordered here and some fallback fonts draw these as visible boxes."""


def isolate(text: str) -> str:
    """``text`` marked as an isolate, to be inserted into a sentence in another direction."""
    return f"{FSI}{text}{PDI}"


def strip_controls(text: str) -> str:
    return text.translate(_CONTROLS)


def strong_direction(text: str, skip_isolates: bool = False) -> bool | None:
    """True for right to left, False for left to right, from the first strong character of
    ``text`` (outside isolates if asked); None if it has none."""
    depth = 0
    for char in text:
        if skip_isolates and char in _ISOLATE_STARTS:
            depth += 1
        elif skip_isolates and char == PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            direction = unicodedata.bidirectional(char)
            if direction == "L":
                return False
            if direction in ("R", "AL"):
                return True
    return None


def visual_order(directions: Sequence[bool | None], rtl_paragraph: bool) -> list[int]:
    """Indices of runs in drawing order (left to right), given each run's direction (True:
    right to left, None: neutral) and the paragraph's."""
    resolved: list[bool] = []
    for index, direction in enumerate(directions):
        if direction is None:
            before = next((d for d in reversed(directions[:index]) if d is not None), rtl_paragraph)
            after = next((d for d in directions[index + 1 :] if d is not None), rtl_paragraph)
            direction = before if before == after else rtl_paragraph
        resolved.append(direction)
    # Embedding levels: 0 left to right, 1 right to left; left-to-right runs in a right-to-left
    # paragraph sit one level higher (2). Then reverse every maximal stretch at or above each
    # level, from the highest down to 1 (rule L2).
    levels = [(2 if rtl_paragraph else 0) if not rtl else 1 for rtl in resolved]
    order = list(range(len(levels)))
    for level in range(max(levels, default=0), 0, -1):
        start = 0
        while start < len(order):
            if levels[order[start]] < level:
                start += 1
                continue
            end = start
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[start:end] = order[start:end][::-1]
            start = end
    return order
