"""Split text into user-perceived characters (grapheme clusters), closely enough for names and
fonts.

Font fallback (:mod:`render.fonts`) must not tear a cluster apart: a skin-tone modifier drawn
in another font than its thumb, or half of a family emoji, shows as separate glyphs or boxes.
Truncation with an ellipsis (:mod:`words.names`, in a message or a picture) must not cut one
either. The standard library has no segmentation (UAX #29), so this is the subset that matters
for names: combining marks, Indic conjuncts (virama + consonant), variation selectors, emoji
modifiers, zero-width-joiner sequences, tag sequences (subdivision flags), regional-indicator
pairs (flags) and conjoining Hangul jamo. Plain Python, so words use it without Pillow.
"""

import unicodedata

ZWJ = "\u200d"


def is_default_ignorable(char: str) -> bool:
    """Characters that steer shaping but have no glyph of their own: fonts need not map them."""
    code = ord(char)
    return (
        code in (0x200C, 0x200D, 0x2060, 0xFEFF)
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0000 <= code <= 0xE0FFF  # tags and supplementary variation selectors
        or 0x200E <= code <= 0x200F  # directional marks
        or 0x202A <= code <= 0x202E
        or 0x2066 <= code <= 0x2069
    )


def is_regional_indicator(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF


def is_emoji_modifier(char: str) -> bool:
    """The five skin tones, U+1F3FB..U+1F3FF."""
    return 0x1F3FB <= ord(char) <= 0x1F3FF


def _extends(char: str) -> bool:
    """Characters that always belong to the cluster before them."""
    return (
        unicodedata.category(char) in ("Mn", "Mc", "Me")
        or is_default_ignorable(char)
        or is_emoji_modifier(char)
        or 0x1160 <= ord(char) <= 0x11FF  # Hangul jamo vowels and finals
    )


def clusters(text: str) -> list[str]:
    """``text`` as a list of grapheme clusters, in order; ``"".join`` gives ``text`` back."""
    result: list[str] = []
    for char in text:
        if result:
            last = result[-1]
            previous = last[-1]
            joins = (
                _extends(char)
                or previous == ZWJ
                or (unicodedata.combining(previous) == 9 and unicodedata.category(char) == "Lo")
                or (len(last) == 1 and is_regional_indicator(previous) and is_regional_indicator(char))
            )
            if joins:
                result[-1] = last + char
                continue
        result.append(char)
    return result
