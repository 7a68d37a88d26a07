"""Text in any script, with emoji, from the fonts shipped in ``render/fonts/``.

Discord names are written in every script and full of emoji, and Pillow draws a character its
font lacks as an empty box (``.notdef``) without telling anyone. So each string is cut into
runs, each run in the first font of a fallback chain whose ``cmap`` (read by
:mod:`render.cmap`) has all of its characters, and the runs are drawn one after another on a
shared baseline. The chain: Noto Sans (Latin, Greek, Cyrillic), Noto Sans Arabic, Hebrew,
Devanagari and Thai, Droid Sans Fallback (CJK ideographs, kana, Hangul), Noto Color Emoji, then
GNU Unifont as the last resort for the rest of the Basic Multilingual Plane (other scripts,
symbols) and Unifont Upper for the other planes (such as the "fancy letters" of names).

Noto Color Emoji has bitmaps only at 109 pixels per em (CBDT), so emoji are drawn at that size
once and scaled down, and the scaled image is cached. Fonts, runs, widths and emoji are cached:
names repeat on every picture of a table.

Shaping (Arabic joining, Devanagari conjuncts, emoji ZWJ sequences) is raqm's, which the
project's Pillow has; raqm also orders the characters inside each run, and :mod:`render.bidi`
orders the runs.
"""

import math
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from render.bidi import isolate, strip_controls, strong_direction, visual_order
from render.cmap import Coverage, read_coverage
from words.graphemes import clusters, is_default_ignorable, is_emoji_modifier, is_regional_indicator
from words.names import ELLIPSIS, SHORT_NAME, cut_name

FONT_DIR = Path(__file__).with_name("fonts")
EMOJI_STRIKE = 109
"""The only size at which Noto Color Emoji has bitmaps."""
MIN_TEXT = 25
"""The smallest size a 1000-pixel-wide picture may draw text at: a phone shows it about 450
pixels wide, where 25 pixels become 11.25 (``bench/bench_legibility.py`` checks every picture)."""

RGB = tuple[int, int, int]
Run = tuple["Face", str]


@dataclass(frozen=True, slots=True)
class Face:
    """One shipped font file and how to use it."""

    file: str
    emoji: bool = False
    """Colour bitmaps: drawn at :data:`EMOJI_STRIKE` and scaled."""
    pixel_grid: int = 0
    """A pixel font's design grid: sizes snap to multiples of it so its pixels stay crisp."""

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file


EMOJI = Face("NotoColorEmoji.ttf", emoji=True)
CJK = Face("DroidSansFallback.ttf")
LAST_RESORT = (Face("unifont.otf", pixel_grid=16), Face("unifont_upper.otf", pixel_grid=16))
_SCRIPTS = ("", "Arabic", "Hebrew", "Devanagari", "Thai")

REGULAR: tuple[Face, ...] = (
    *(Face(f"NotoSans{script}-Regular.ttf") for script in _SCRIPTS),
    CJK,
    EMOJI,
    *LAST_RESORT,
)
"""The fallback chain for regular text, most preferred first."""
BOLD: tuple[Face, ...] = (
    *(Face(f"NotoSans{script}-Bold.ttf") for script in _SCRIPTS),
    CJK,
    EMOJI,
    *LAST_RESORT,
)
"""The fallback chain for bold text (the CJK, emoji and Unifont fonts have no bold)."""

_NEUTRAL_BIDI = frozenset({"WS", "ON", "EN", "ES", "ET", "CS", "NSM", "BN", "S", "AN"})
"""Bidi classes of spaces, digits and punctuation: these may stay in the run before them."""


def missing_files() -> list[Path]:
    """The shipped font files that are not there (a partial checkout, a packaging mistake):
    checked at start-up, so the bot names them instead of failing at its first picture."""
    faces = dict.fromkeys((*REGULAR, *BOLD))
    return [face.path for face in faces if not face.path.is_file()]


@cache
def coverage(face: Face) -> Coverage:
    return read_coverage(face.path)


@lru_cache(maxsize=256)
def font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    """The FreeType font of ``face`` at ``size`` (loading one costs far more than drawing)."""
    return ImageFont.truetype(str(face.path), size, layout_engine=ImageFont.Layout.RAQM)


def _wants_emoji(cluster: str) -> bool:
    """Emoji presentation asked for: VS16, a skin tone, a ZWJ sequence or a flag."""
    return any(
        char in ("\ufe0f", "\u200d") or is_emoji_modifier(char) or is_regional_indicator(char)
        for char in cluster
    )


def _significant(cluster: str) -> str:
    return "".join(char for char in cluster if not is_default_ignorable(char))


def covers(face: Face, cluster: str) -> bool:
    """Whether ``face`` has a glyph for every character of ``cluster`` that needs one."""
    significant = _significant(cluster)
    return bool(significant) and coverage(face).has_all(significant)


def face_for(cluster: str, bold: bool = False) -> Face:
    """The first face of the chain with a glyph for every character of ``cluster`` (the emoji
    font first when the cluster asks for emoji presentation); the last resort if none has."""
    if _wants_emoji(cluster) and covers(EMOJI, cluster):
        return EMOJI
    for face in BOLD if bold else REGULAR:
        if covers(face, cluster):
            return face
    return LAST_RESORT[0]


def _is_neutral(cluster: str) -> bool:
    return all(unicodedata.bidirectional(char) in _NEUTRAL_BIDI for char in cluster)


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """``text`` (without directional controls) as ``(face, run)`` pairs in logical order.

    Spaces, digits and punctuation stay in the run before them when its font has them and the
    next letter goes to that font too, so that "محمد علي" is one right-to-left run for raqm
    while the space in "محمد called" starts the Latin run. Each emoji is a run of its own (an
    image); clusters with nothing to draw (a stray joiner) are dropped."""
    parts = [cluster for cluster in clusters(text) if _significant(cluster)]
    faces = [face_for(cluster, bold) for cluster in parts]
    neutral = [_is_neutral(cluster) for cluster in parts]
    result: list[Run] = []
    for index, cluster in enumerate(parts):
        face = faces[index]
        if result and neutral[index] and not result[-1][0].emoji:
            before = result[-1][0]
            after = next(
                (faces[later] for later in range(index + 1, len(parts)) if not neutral[later]), before
            )
            if after == before and covers(before, cluster):
                face = before
        if result and result[-1][0] == face and not face.emoji:
            result[-1] = (face, result[-1][1] + cluster)
        else:
            result.append((face, cluster))
    return tuple(result)


@lru_cache(maxsize=4096)
def layout(text: str, bold: bool = False) -> tuple[Run, ...]:
    """The runs of ``text`` in drawing order, left to right. The paragraph direction is the
    first strong character's outside isolates (see :func:`render.bidi.isolate`)."""
    parts = runs(strip_controls(text), bold)
    directions = [None if face.emoji else strong_direction(run) for face, run in parts]
    rtl = strong_direction(text, skip_isolates=True) is True
    return tuple(parts[index] for index in visual_order(directions, rtl))


def _face_size(face: Face, size: int) -> int:
    if face.pixel_grid:
        return max(face.pixel_grid, round(size / face.pixel_grid) * face.pixel_grid)
    return size


def _scale(size: int) -> float:
    return size / EMOJI_STRIKE


@lru_cache(maxsize=512)
def emoji_image(cluster: str, size: int) -> Image.Image:
    """``cluster`` in colour, scaled from the 109-pixel strike to ``size`` (RGBA)."""
    strike = font(EMOJI, EMOJI_STRIKE)
    up, down = strike.getmetrics()
    width = max(1, round(strike.getlength(cluster)))
    big = Image.new("RGBA", (width, up + down), (0, 0, 0, 0))
    ImageDraw.Draw(big).text((0, up), cluster, font=strike, anchor="ls", embedded_color=True)
    scale = _scale(size)
    target = (max(1, round(width * scale)), max(1, round((up + down) * scale)))
    return big.resize(target, Image.Resampling.LANCZOS)


def _emoji_ascent(size: int) -> int:
    return round(font(EMOJI, EMOJI_STRIKE).getmetrics()[0] * _scale(size))


def ascent(size: int) -> int:
    """Distance from the top of a line box to the baseline (Noto Sans' ascent)."""
    return font(REGULAR[0], size).getmetrics()[0]


def line_height(size: int) -> int:
    """Height of the line box that :func:`draw_text` fills from its ``y``."""
    up, down = font(REGULAR[0], size).getmetrics()
    return up + down


@lru_cache(maxsize=64)
def cap_height(size: int) -> int:
    """Height of a capital letter (and of digits) above the baseline."""
    return -math.floor(font(REGULAR[0], size).getbbox("H", anchor="ls")[1])


def top_for_middle(middle: int, size: int) -> int:
    """The ``y`` to give :func:`draw_text` so that capitals and digits are centred on ``middle``."""
    return middle + cap_height(size) // 2 - ascent(size)


def _run_width(face: Face, run: str, size: int) -> int:
    if face.emoji:
        return emoji_image(run, size).width
    return round(font(face, _face_size(face, size)).getlength(run))


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``text`` drawn by :func:`draw_text` (without truncation)."""
    return sum(_run_width(face, run, size) for face, run in layout(text, bold))


@lru_cache(maxsize=4096)
def extent(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """The rows :func:`draw_text` touches, as ``(top, bottom)`` relative to the top of the line
    box and never inside it: Arabic dots and stacked marks may reach beyond Noto Sans' line."""
    top, bottom = 0, line_height(size)
    baseline = ascent(size)
    for face, run in layout(text, bold):
        if face.emoji:
            glyph_top = baseline - _emoji_ascent(size)
            glyph_bottom = glyph_top + emoji_image(run, size).height
        else:
            _, above, _, below = font(face, _face_size(face, size)).getbbox(run, anchor="ls")
            glyph_top, glyph_bottom = baseline + math.floor(above), baseline + math.ceil(below)
        top, bottom = min(top, glyph_top), max(bottom, glyph_bottom)
    return top, bottom


@lru_cache(maxsize=2048)
def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text``, or its longest prefix of whole clusters plus "…" that fits ``max_width``."""
    if text_width(text, size, bold) <= max_width:
        return text
    parts = clusters(text)
    low, high = 0, len(parts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if text_width("".join(parts[:middle]).rstrip() + ELLIPSIS, size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return "".join(parts[:low]).rstrip() + ELLIPSIS


def _shortened(name: str, limit: int | None) -> str:
    """``name`` isolated (see :func:`render.bidi.isolate`), cut to ``limit`` clusters with "…"."""
    return isolate(cut_name(name, limit))


Sentence = Callable[[Callable[[str], str]], str]
"""Builds a sentence, passing each player's (or league's) name through the function it is given."""


def no_names(text: str) -> Sentence:
    """A sentence that names nobody, for where a sentence about players may stand."""
    return lambda _: text


NAME_MARK = "\x00"
"""Where :class:`Naming`'s name goes in its text (a character no catalogue text holds)."""


@dataclass(frozen=True, slots=True)
class Naming:
    """A sentence naming one name, as data: a cog builds it from the catalogue with
    :data:`NAME_MARK` for the name and hands it to the painter's process, which a closure could
    not reach (it is pickled)."""

    text: str
    name: str

    def __call__(self, shorten: Callable[[str], str]) -> str:
        return self.text.replace(NAME_MARK, shorten(self.name))


def _longest_names(
    sentence: Sentence, size: int, bold: bool, max_width: int, low: int, high: int
) -> str | None:
    """``sentence`` with its names as long as they may be (``low`` to ``high`` clusters) to fit
    ``max_width`` at ``size``; None if not even ``low`` clusters fit."""
    if text_width(sentence(_names(low)), size, bold) > max_width:
        return None
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(sentence(_names(middle)), size, bold) <= max_width:
            low = middle
        else:
            high = middle - 1
    return sentence(_names(low))


def _names(limit: int | None) -> Callable[[str], str]:
    """What :func:`fit_names` passes a sentence: isolate a name, cut to ``limit`` clusters."""
    return lambda name: _shortened(name, limit)


def fit_names(
    sentence: Sentence, size: int, bold: bool, max_width: int, floor: int = MIN_TEXT
) -> tuple[str, int]:
    """A sentence about players (a headline) and the size to draw it at, so that it fits
    ``max_width`` without losing a word of its own: names are shortened first, to
    :data:`SHORT_NAME` characters with an ellipsis; then the sentence is made smaller, down to
    ``floor``; then names are shortened further. If it fits in no way, the sentence at ``floor``
    with one-character names (the caller's :func:`fit` will then cut it: a layout bug)."""
    whole = sentence(_names(None))
    if text_width(whole, size, bold) <= max_width:
        return whole, size
    longest = len(clusters(whole))
    for tried in (*range(size, floor, -2), floor):
        found = _longest_names(sentence, tried, bold, max_width, SHORT_NAME, longest)
        if found is not None:
            return found, tried
    found = _longest_names(sentence, floor, bold, max_width, 1, SHORT_NAME)
    return (found if found is not None else sentence(_names(1))), floor


@lru_cache(maxsize=1024)
def wrap(text: str, size: int, bold: bool, max_width: int, max_lines: int) -> tuple[str, ...] | None:
    """``text`` broken at spaces into at most ``max_lines`` lines, each no wider than
    ``max_width``, filling each line before the next; None if it does not fit that way (a word
    too wide, too many lines): the caller tries a smaller size."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, size, bold) <= max_width:
            lines[-1] = joined
        elif text_width(word, size, bold) <= max_width and len(lines) < max_lines:
            lines.append(word)
        else:
            return None
    return tuple(lines)


@lru_cache(maxsize=1024)
def wrap_or_cut(text: str, size: int, bold: bool, max_width: int, max_lines: int) -> tuple[str, ...]:
    """``text`` broken at spaces into at most ``max_lines`` lines that each fit ``max_width``
    (a card's name on two lines); a word wider than a line, or what does not fit on the last
    line, is cut with an ellipsis."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < max_lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", size, bold) <= max_width:
            line = f"{line} {words.pop(0)}"
        if len(lines) == max_lines - 1 and words:
            line = f"{line} {' '.join(words)}"
            words = []
        lines.append(fit(line, size, bold, max_width))
    return tuple(lines)


def draw_mark_text(image: Image.Image, xy: tuple[int, int], text: str, size: int, fill: RGB) -> int:
    """Bold ``text`` as :func:`draw_text` draws it, for a letter or a number that a player reads
    at a glance as a mark rather than as words (a Toppo card's colour letter, a Spit pile's
    count): it reads by the height of its capitals and digits (:func:`cap_height`), which the
    legibility bench holds to the marks' goal, not by its font's size."""
    return draw_text(image, xy, text, size, fill, bold=True)


def draw_text(
    image: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fill: RGB,
    bold: bool = False,
    max_width: int | None = None,
) -> int:
    """Draw ``text`` on an RGB(A) ``image`` with its line box's top-left at ``xy``, cut with an
    ellipsis to ``max_width`` if given; returns the width drawn."""
    if max_width is not None:
        text = fit(text, size, bold, max_width)
    draw = ImageDraw.Draw(image)
    x, top = xy
    baseline = top + ascent(size)
    for face, run in layout(text, bold):
        if face.emoji:
            glyph = emoji_image(run, size)
            image.paste(glyph, (x, baseline - _emoji_ascent(size)), glyph)
            x += glyph.width
        else:
            ft = font(face, _face_size(face, size))
            draw.text((x, baseline), run, font=ft, fill=fill, anchor="ls")
            x += round(ft.getlength(run))
    return x - xy[0]
