"""A name cut short, the same in a message and on a picture: whole clusters (a letter with its
accents, a whole emoji, see :mod:`words.graphemes`) and an ellipsis. Plain Python, so words
cut names without Pillow; :mod:`render.fonts` cuts text to a width with the same ellipsis."""

from typing import Final

from words.graphemes import clusters

ELLIPSIS: Final = "…"
SHORT_NAME: Final = 10
"""A name is shortened to this many characters before a picture's sentence is made smaller
(:func:`render.fonts.fit_names`), and in a select option's description too long for Discord."""


def cut_name(name: str, limit: int | None) -> str:
    """``name`` cut to ``limit`` clusters (a letter with its accents, a whole emoji) with "…";
    whole if it is that short or ``limit`` is None."""
    parts = clusters(name)
    if limit is None or len(parts) <= limit:
        return name
    return "".join(parts[:limit]).rstrip() + ELLIPSIS
