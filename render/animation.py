"""A replay as one animated picture to share (issue 31): its frames are the game's own table
pictures, drawn again, in a GIF.

Discord animates GIF and WebP attachments (not APNG). Every table picture is drawn over one fixed
palette (:class:`render.canvas.Palette`), so its frames are GIF frames as drawn, with no colour
quantising; and Pillow writes each frame as the rectangle that changed since the one before (as
Lichess' lila-gif does), so a card moving costs that card's bytes, not a whole table's. A WebP
animation of the same frames came out bigger and several times slower to encode (bench_replay).

Each frame arrives pickled (``(render, args)``, taken when the step was rebuilt, so later steps
cannot change it) and is drawn here, in the animator's process (``cogs/animator.py``).
"""

import io
import itertools
import pickle
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageChops

from render import canvas
from words.replays import spread

NONE: Final = Image.Dither.NONE
FRAME_MS: Final = 500
"""How long each frame shows."""
UNCHANGED: Final = 255
"""The palette index a frame marks its unchanged pixels with (transparent): the table pictures'
palettes leave the last entries free (:class:`render.canvas.Palette`)."""
CHANGED_MASK: Final = bytes(3) + bytes([255]) * 765
"""A palette that maps a difference of palette indices to a mask: 0 black, the rest white."""
BAND: Final = 32
"""Rows of a full frame halved together where something changed (even)."""
DRAWN_PIXELS: Final = 120 * 1000 * 1000
"""The most pixels an animation draws at full size: 120 frames of a 1000 x 1000 picture. Drawing
time and bytes grow with them, so a picture twice as large keeps half as many frames."""
MOST_BYTES: Final = 1024 * 1024
"""An animation's most bytes (Discord takes far bigger files; a replay to share should load
fast on a phone)."""
HOLD_MS: Final = 4000
"""How long the last frame (the game's end) shows before the animation starts again."""


def frame(render: Callable[..., bytes], args: tuple[Any, ...]) -> bytes:
    """One frame, pickled as :func:`animate` takes it."""
    return pickle.dumps((render, args), protocol=pickle.HIGHEST_PROTOCOL)


def animate(
    frames: Sequence[bytes], frame_ms: int = FRAME_MS, hold_ms: int = HOLD_MS, most_bytes: int = MOST_BYTES
) -> bytes:
    """The frames (see :func:`frame`) drawn, halved and put together as a looping GIF of at
    most ``most_bytes``. A large picture (Topoum's board) keeps fewer of the frames, evenly
    spread with the first and the last (:data:`DRAWN_PIXELS`); over ``most_bytes``, every other
    frame is left out until it fits."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    with canvas.frames():
        first, last = _drawn(frames[0]), _drawn(frames[-1])  # a board grows: the end is largest
        largest = max(image.width * image.height for image in (first, last))
        kept = spread(len(frames), DRAWN_PIXELS // largest)
        full = [first, *(_drawn(frames[index]) for index in kept[1:-1]), last] if len(kept) > 1 else [first]
    full = _same_size(full)
    halves = [halved(full[0])]
    for before, after in itertools.pairwise(full):
        halves.append(_halved_changes(before, after, halves[-1]))
    while True:
        gif = _gif(halves, frame_ms, hold_ms)
        if len(gif) <= most_bytes or len(halves) <= 2:
            return gif
        halves = [*halves[:-1:2], halves[-1]]


def _drawn(pickled: bytes) -> Image.Image:
    render, args = pickle.loads(pickled)
    return canvas.decode(render(*args))


def _gif(images: Sequence[Image.Image], frame_ms: int, hold_ms: int) -> bytes:
    """``images`` as a looping GIF, each frame only what changed since the one before."""
    frames = [images[0], *(_changes(before, after) for before, after in itertools.pairwise(images))]
    buffer = io.BytesIO()
    frames[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=[frame_ms] * (len(frames) - 1) + [hold_ms],
        loop=0,
        optimize=False,
        disposal=1,
        transparency=UNCHANGED,
    )
    return buffer.getvalue()


def _same_size(images: list[Image.Image]) -> list[Image.Image]:
    """The frames on one canvas, the largest's size (a table picture grows in a challenge, say),
    and in the first one's palette (a game's pictures share theirs; any other is mapped to it):
    a smaller one is padded with its own background (its top-left pixel)."""
    width, height = max(image.width for image in images), max(image.height for image in images)
    width, height = width + width % 2, height + height % 2  # halved exactly
    colours = images[0].getpalette()
    padded = []
    for image in images:
        if image.getpalette() != colours:
            image = image.convert("RGB").quantize(palette=_palette(bytes(colours or [])), dither=NONE)
        if image.size != (width, height):
            padding = Image.new("P", (width, height), image.getpixel((0, 0)))
            padding.putpalette(image.getpalette() or [])
            padding.paste(image, (0, 0))
            image = padding
        padded.append(image)
    return padded


def halved(image: Image.Image) -> Image.Image:
    """A table picture at half its size (500 px wide: Discord shows a picture no wider than
    about that, and a GIF's bytes grow with its pixels), averaged, back in its own palette
    (without the index that marks unchanged pixels)."""
    palette = _palette(bytes(image.getpalette() or []))
    return image.convert("RGB").reduce(2).quantize(palette=palette, dither=NONE)


@lru_cache(maxsize=8)
def _palette(colours: bytes) -> Image.Image:
    """The palette a halved frame is mapped back to: the picture's, less its last entry."""
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours[: 3 * UNCHANGED])
    return palette


def _halved_changes(before: Image.Image, after: Image.Image, shown: Image.Image) -> Image.Image:
    """``after`` halved, from ``before`` halved (``shown``): only the bands of rows that
    changed are halved again (a move changes a few cards and a line of text; halving a whole
    large picture costs more than drawing it)."""
    changed = ImageChops.difference(before, after)  # palette indices: 0 where unchanged
    result = shown.copy()
    for top in range(0, after.height, BAND):
        bottom = min(after.height, top + BAND)
        box = changed.crop((0, top, after.width, bottom)).getbbox()
        if box is not None:
            left, right = box[0] - box[0] % 2, box[2] + box[2] % 2
            result.paste(halved(after.crop((left, top, right, bottom))), (left // 2, top // 2))
    return result


def _changes(before: Image.Image, after: Image.Image) -> Image.Image:
    """``after`` with every pixel that ``before`` already had made transparent: the frame shows
    through to the one before it (disposal 1), and long transparent runs cost almost nothing.
    The mask comes from the difference of the palette indices, mapped through a palette of
    black for 0 and white for the rest: Pillow's C code all the way."""
    changed = ImageChops.difference(before, after)
    changed.putpalette(CHANGED_MASK)
    frame = Image.new("P", after.size, UNCHANGED)
    frame.putpalette(after.getpalette() or [])
    frame.paste(after, mask=changed.convert("L"))
    return frame
