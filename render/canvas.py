"""Pictures in a fixed 256-colour palette, built from cached tiles, encoded fast.

Why a palette: on the 2-core machine the bot runs on, Pillow takes about 22 ms to encode a
1000 x 1000 RGB PNG at zlib level 1 (15 ms even uncompressed, as it filters every row), and about
3 ms for a palette ("P") picture of the same size, which is also smaller. A table picture is
flat colours, text and simple shapes, so 256 colours suffice when the palette holds the theme
colours, ramps between the colour pairs that meet at antialiased edges (text on a panel, a
symbol on a card), and a colour cube for everything else (emoji).

Everything that does not change from one picture to the next is drawn once in RGB, with
antialiasing, quantized to the palette and cached as a tile; a picture is then a fresh canvas,
some ``paste`` calls (byte copies, no colour work) and the encoder.
"""

import io
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.fonts import (
    RGB,
    Sentence,
    ascent,
    draw_mark_text,
    draw_text,
    extent,
    fit,
    fit_names,
    text_width,
    top_for_middle,
)
from render.theme import BUTTON, TEXT

RAMP_STEPS = 5
"""Intermediate colours between the two ends of a ramp (antialiasing levels, ends excluded)."""
MIN_SEPARATION = 10
"""Palette entries closer than this (largest channel difference) to an earlier entry are
skipped: Pillow maps colours to the palette through a cache of 4x4x4 cells, and two entries that
close could capture each other's pixels, so a theme colour would not come back exactly."""
SUPERSAMPLE = 3
"""Shapes are drawn at three times their size and reduced: Pillow draws shapes without
antialiasing, and the reduction smooths their edges."""
PNG_OPTIONS = {"compress_level": 1}
"""zlib level 1: on the 8-player table about 2.8 ms and 50 KB; levels 2-6 and the run-length or
filtered strategies were no faster, Huffman-only was 2.5 times slower and six times bigger."""


def mix(fg: RGB, bg: RGB, amount: float) -> RGB:
    """``amount`` of ``fg`` over ``bg`` (0 = bg, 1 = fg)."""
    r, g, b = (round(f * amount + k * (1 - amount)) for f, k in zip(fg, bg, strict=True))
    return (r, g, b)


class Palette:
    """A fixed palette: the given colours first, in order, then ramps, then a colour cube."""

    def __init__(self, colours: Sequence[RGB], ramps: Iterable[tuple[RGB, RGB]]) -> None:
        entries: list[RGB] = []
        for colour in colours:
            if colour in entries:
                raise ValueError(f"colour {colour} is listed twice")
            entries.append(colour)
        for fg, bg in ramps:
            for step in range(1, RAMP_STEPS + 1):
                self._add(entries, mix(fg, bg, step / (RAMP_STEPS + 1)))
        if len(entries) > 256 - 8:
            raise ValueError(f"{len(entries)} colours and ramps leave no room for a colour cube")
        steps = 2
        while (steps + 1) ** 3 <= 256 - len(entries):
            steps += 1
        levels = [round(255 * level / (steps - 1)) for level in range(steps)]
        for r in levels:
            for g in levels:
                for b in levels:
                    self._add(entries, (r, g, b))
        self.colours: tuple[RGB, ...] = tuple(entries)
        self._index = {colour: index for index, colour in enumerate(entries)}
        self._flat = [channel for colour in entries for channel in colour]
        self._flat += [0] * (768 - len(self._flat))
        self.image = Image.new("P", (1, 1))
        self.image.putpalette(self._flat)

    @staticmethod
    def _add(entries: list[RGB], colour: RGB) -> None:
        if all(
            max(abs(a - b) for a, b in zip(colour, other, strict=True)) >= MIN_SEPARATION for other in entries
        ):
            entries.append(colour)

    def index(self, colour: RGB) -> int:
        """The palette index of one of the listed colours."""
        return self._index[colour]

    def canvas(self, size: tuple[int, int], colour: RGB) -> Image.Image:
        """A new picture filled with ``colour`` (one of the listed colours)."""
        image = Image.new("P", size, self.index(colour))
        image.putpalette(self._flat)
        return image

    def quantize(self, image: Image.Image) -> Image.Image:
        """An RGB drawing mapped to the nearest palette colours (no dithering: the ramps hold the
        edge colours, and dithering would speckle flat areas)."""
        return image.convert("RGB").quantize(palette=self.image, dither=Image.Dither.NONE)


@dataclass(frozen=True, slots=True)
class TextTile:
    """Text drawn on a strip of its background. ``mask`` covers the pixels the text changed, so
    pasting through it leaves whatever else is under the strip (a frame, a neighbour) alone;
    ``dy`` (zero or negative) places the strip relative to the line box, as some scripts reach
    above it."""

    image: Image.Image
    mask: Image.Image
    dy: int

    def paste_on(self, canvas: Image.Image, xy: tuple[int, int]) -> None:
        """Paste the text with its line box's top-left at ``xy``."""
        canvas.paste(self.image, (xy[0], xy[1] + self.dy), self.mask)


@lru_cache(maxsize=4096)
def text_tile(
    palette: Palette,
    text: str,
    size: int,
    fg: RGB,
    bg: RGB,
    bold: bool = False,
    max_width: int | None = None,
    mark: bool = False,
) -> TextTile:
    """``text`` drawn once on a ``bg`` strip as wide as the text and as high as its ink or its
    line box, as a palette tile (cut with an ellipsis to ``max_width``); a ``mark`` (a count read
    at a glance) bold, by :func:`~render.fonts.draw_mark_text`."""
    bold = bold or mark
    shown = text if max_width is None else fit(text, size, bold, max_width)
    top, bottom = extent(shown, size, bold)
    strip = Image.new("RGB", (max(1, text_width(shown, size, bold)), bottom - top), bg)
    if mark:
        draw_mark_text(strip, (0, -top), shown, size, fg)
    else:
        draw_text(strip, (0, -top), shown, size, fg, bold)
    changed = ImageChops.difference(strip, Image.new("RGB", strip.size, bg)).convert("L")
    return TextTile(palette.quantize(strip), changed.point(lambda value: 255 if value else 0, "1"), top)


Box = tuple[int, int, int, int]
"""left, top, right, bottom; inclusive."""


def supersampled(
    palette: Palette, size: tuple[int, int], bg: RGB, paint: Callable[[Image.Image, Box], None]
) -> Image.Image:
    """A palette tile of ``size`` on ``bg``: ``paint`` draws on an RGB canvas :data:`SUPERSAMPLE`
    times as big, given the box that fills it; the canvas is reduced (antialiasing) and quantized."""
    return palette.quantize(smoothed(size, bg, paint))


def smoothed(
    size: tuple[int, int],
    bg: RGB | tuple[int, int, int, int],
    paint: Callable[[Image.Image, Box], None],
    mode: str = "RGB",
) -> Image.Image:
    """A ``mode`` image of ``size`` on ``bg``: ``paint`` draws on a canvas :data:`SUPERSAMPLE`
    times as big, given the box that fills it, and the canvas is reduced (antialiasing). Every
    supersampled drawing goes through here, so that the legibility bench knows what it reduces."""
    big = Image.new(mode, (size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), bg)
    paint(big, (0, 0, big.width - 1, big.height - 1))
    return big.reduce(SUPERSAMPLE)


def paste_text(
    palette: Palette,
    canvas: Image.Image,
    xy: tuple[int, int],
    text: str,
    size: int,
    fg: RGB,
    bg: RGB,
    *,
    bold: bool = False,
    max_width: int | None = None,
    align: str = "left",
    mark: bool = False,
) -> int:
    """Paste ``text`` (a cached tile; a ``mark``: see :func:`text_tile`) with its line box's top
    at ``y`` and its left, centre or right edge (per ``align``) at ``x``; returns its width."""
    tile = text_tile(palette, text, size, fg, bg, bold, max_width, mark)
    x, y = xy
    if align == "right":
        x -= tile.image.width
    elif align == "centre":
        x -= tile.image.width // 2
    tile.paste_on(canvas, (x, y))
    return tile.image.width


def paste_sentence(
    palette: Palette,
    canvas: Image.Image,
    xy: tuple[int, int],
    sentence: Sentence,
    size: int,
    fg: RGB,
    bg: RGB,
    *,
    bold: bool = False,
    max_width: int,
    align: str = "left",
) -> int:
    """Paste a sentence about players (a headline) fitted to ``max_width`` by
    :func:`~render.fonts.fit_names`: names shortened first, then smaller, on the baseline it
    would have at ``size``; returns its width."""
    text, fitted = fit_names(sentence, size, bold, max_width)
    x, y = xy
    y += ascent(size) - ascent(fitted)
    return paste_text(
        palette, canvas, (x, y), text, fitted, fg, bg, bold=bold, max_width=max_width, align=align
    )


@lru_cache(maxsize=128)
def rounded_tile(
    palette: Palette, size: tuple[int, int], fill: RGB, outline: RGB, border: int, radius: int, bg: RGB
) -> Image.Image:
    """A rounded rectangle on ``bg`` (a panel, a row, a button), antialiased."""

    def paint(image: Image.Image, box: Box) -> None:
        ImageDraw.Draw(image).rounded_rectangle(
            box, radius=radius * SUPERSAMPLE, fill=fill, outline=outline, width=border * SUPERSAMPLE
        )

    return supersampled(palette, size, bg, paint)


@lru_cache(maxsize=128)
def badge(palette: Palette, text: str, size: tuple[int, int], bg: RGB) -> Image.Image:
    """A short text (a slot letter, a card number) drawn like the grey Discord button that
    carries it, so a picture points at the buttons under it."""
    tile = rounded_tile(palette, size, BUTTON, BUTTON, 0, size[1] // 4, bg).copy()
    text_size = round(size[1] * 0.62)
    y = top_for_middle(size[1] // 2, text_size)
    paste_text(palette, tile, (size[0] // 2, y), text, text_size, TEXT, BUTTON, bold=True, align="centre")
    return tile


_FRAMES: ContextVar[bool] = ContextVar("frames", default=False)
FRAME_MAGIC = b"gnframe1"
"""How the bytes of an uncompressed frame begin (see :func:`frames`)."""


def encode(image: Image.Image) -> bytes:
    """The picture as PNG bytes (or, while :func:`frames` is on, as an uncompressed frame)."""
    if _FRAMES.get():
        header = struct.pack(">HH", image.width, image.height)
        palette = bytes(image.getpalette() or []).ljust(768, b"\0")
        return FRAME_MAGIC + header + palette + image.convert("P").tobytes()
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **PNG_OPTIONS)
    return buffer.getvalue()


@contextmanager
def frames() -> Iterator[None]:
    """Within it, pictures come out as uncompressed palette frames: an animation takes each
    back as a picture at once (:func:`decode`), and the PNG compression and decompression it
    would throw away cost as much as drawing a large frame (bench/bench_replay.py)."""
    token = _FRAMES.set(True)
    try:
        yield
    finally:
        _FRAMES.reset(token)


def decode(data: bytes) -> Image.Image:
    """A picture from :func:`encode`'s bytes, either kind."""
    if not data.startswith(FRAME_MAGIC):
        png = Image.open(io.BytesIO(data))
        png.load()
        return png
    start = len(FRAME_MAGIC)
    width, height = struct.unpack(">HH", data[start : start + 4])
    frame = Image.frombytes("P", (width, height), data[start + 4 + 768 :])
    frame.putpalette(data[start + 4 : start + 4 + 768])
    return frame
