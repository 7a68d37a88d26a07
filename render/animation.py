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
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any, Final

from PIL import Image, ImageChops

from render import canvas

NONE: Final = Image.Dither.NONE
FRAME_MS: Final = 500
"""How long each frame shows in a short animation."""
RUNNING_MS: Final = 30_000
"""About how long a longer animation runs before its end is held: its frames show shorter, down
to :data:`FASTEST_MS` (a game of 120 steps in 30 s), so every step is kept and the game is still
followed at a glance, not left out."""
FASTEST_MS: Final = 250
UNCHANGED: Final = 255
"""The palette index a frame marks its unchanged pixels with (transparent): the table pictures'
palettes leave the last entries free (:class:`render.canvas.Palette`)."""
CHANGED_MASK: Final = bytes(3) + bytes([255]) * 765
"""A palette that maps a difference of palette indices to a mask: 0 black, the rest white."""
BAND: Final = 32
"""Rows of a full frame halved together where something changed (even)."""
MOST_BYTES: Final = 8 * 1024 * 1024
"""An animation's most bytes: Discord takes a bot's attachment up to 10 MiB (discord-api-docs
pull request 7312, from January 2025 for interaction responses too); this leaves the message's
other parts room. Every game the replay bench plays stays far under it (bench/bench_replay.py)."""
HOLD_MS: Final = 4000
"""How long the last frame (the game's end) shows before the animation starts again."""


def frame(render: Callable[..., bytes], args: tuple[Any, ...]) -> bytes:
    """One frame, pickled as :func:`animate` takes it."""
    return pickle.dumps((render, args), protocol=pickle.HIGHEST_PROTOCOL)


def frame_time(frames: int) -> int:
    """How long each of ``frames`` frames shows (the last is held longer: :data:`HOLD_MS`), in
    whole hundredths of a second, as a GIF keeps it."""
    return max(FASTEST_MS, min(FRAME_MS, RUNNING_MS // max(1, frames) // 10 * 10))


def animate(
    frames: Sequence[bytes],
    frame_ms: int | None = None,
    hold_ms: int = HOLD_MS,
    most_bytes: int = MOST_BYTES,
) -> bytes:
    """The frames (see :func:`frame`) drawn, halved and put together as a looping GIF, every one
    of them (a replay offers at most ``tables.replays.FRAMES``), each shown ``frame_ms``
    (:func:`frame_time` of their number unless given). Over ``most_bytes``, which no game
    reaches, every other frame is left out until it fits, so that Discord still takes it."""
    if not frames:
        raise ValueError("an animation needs at least one frame")
    with canvas.frames():
        halves = _same_size(list(_halves(frames)))
    while True:
        gif = _gif(halves, frame_ms or frame_time(len(halves)), hold_ms)
        if len(gif) <= most_bytes or len(halves) <= 2:
            return gif
        halves = [*halves[:-1:2], halves[-1]]


def _halves(frames: Sequence[bytes]) -> Iterator[Image.Image]:
    """Each frame drawn and halved, in the first frame's palette, one full frame held at a time
    (a Topoum board is 968 x 2000: a hundred of them would not fit a small machine's memory).
    After a frame of the same size only the bands of rows that changed are halved again (a move
    changes a few cards and a line of text; halving a whole large picture costs more than
    drawing it)."""
    before: Image.Image | None = None
    shown: Image.Image | None = None
    colours: list[int] | None = None
    for pickled in frames:
        after = _even(_drawn(pickled))
        if colours is None:
            colours = after.getpalette()
        elif after.getpalette() != colours:
            after = after.convert("RGB").quantize(palette=_palette(bytes(colours)), dither=NONE)
        if before is None or shown is None or before.size != after.size:
            shown = halved(after)
        else:
            shown = _halved_changes(before, after, shown)
        yield shown
        before = after


def _drawn(pickled: bytes) -> Image.Image:
    render, args = pickle.loads(pickled)
    return canvas.decode(render(*args))


def _even(image: Image.Image) -> Image.Image:
    """``image`` with an even width and height (padded with its background, its top-left pixel),
    so that it halves exactly."""
    if image.width % 2 == 0 and image.height % 2 == 0:
        return image
    return _padded(image, (image.width + image.width % 2, image.height + image.height % 2))


def _padded(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    padding = Image.new("P", size, image.getpixel((0, 0)))
    padding.putpalette(image.getpalette() or [])
    padding.paste(image, (0, 0))
    return padding


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
    """The halved frames on one canvas, the largest's size (a table picture grows in a
    challenge, say): a smaller one is padded with its own background (its top-left pixel)."""
    size = max(image.width for image in images), max(image.height for image in images)
    return [image if image.size == size else _padded(image, size) for image in images]


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
