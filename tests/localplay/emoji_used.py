"""Every emoji the bot's messages can hold: those of the message catalogues (both languages, the
tests' own game's too) and those written in the code that makes messages (cogs/, words/,
tables/), each with where it was found.

Emoji are found by the ``emoji`` package (Unicode's emoji list), not by what Twemoji has
pictures for, so an emoji Twemoji lacks is listed all the same and its test fails. What counts
is what the page draws as a picture (``static/app.js``): any of Unicode's emoji sequences, and a
single emoji character written without its VS16 (``⏮``, ``♠``, ``↗``), as Discord draws them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import emoji

from locales import catalog

ROOT = Path(__file__).resolve().parents[2]
CODE = ("cogs", "words", "tables")
"""The packages whose code writes text the bot sends (whole files are read: an emoji in a comment
is listed too, which only asks for a picture more)."""


def found_in(text: str) -> list[str]:
    """The emoji in ``text``, in order."""
    return [str(match["emoji"]) for match in emoji.emoji_list(text)]


@cache
def emoji_used() -> dict[str, list[str]]:
    """Each emoji the bot can send, with where it is used (``en:common.limit_turn``,
    ``words/topoum.py``), in the order first found."""
    used: dict[str, list[str]] = {}
    for language, messages in catalog().messages.items():
        for key, template in messages.items():
            for found in found_in(template):
                used.setdefault(found, []).append(f"{language}:{key}")
    for package in CODE:
        for path in sorted((ROOT / package).rglob("*.py")):
            for found in found_in(path.read_text(encoding="utf-8")):
                used.setdefault(found, []).append(str(path.relative_to(ROOT)))
    return used
