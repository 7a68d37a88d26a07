"""A replay's animation (render/animation.py): each frame shows exactly the picture it stands
for, halved, though only its changed pixels are written; pictures of different sizes share one
canvas; a large picture keeps fewer frames; the bytes stay within their limit."""

from __future__ import annotations

import io

from PIL import Image, ImageSequence

from engine.assets.state import new_game
from engine.rng import Rng
from engine.toppo.ai import choose_in_series
from engine.toppo.series import Series
from render.animation import animate, frame, halved
from render.assets import table_png as assets_png
from render.toppo import table_png
from words.replays import spread

NAMES = ["Ana", "Bruno", "Carla", "Dmitri"]


def toppo_frames(count: int) -> list[tuple[object, tuple[object, ...]]]:
    """The public Toppo table after each of ``count`` AI moves of a seeded game."""
    series, rng, pictures = Series(4, 7), Rng.from_seed(3), []
    while len(pictures) < count and series.game.outcome is None:
        pictures.append((table_png, (series.game.view(), NAMES, tuple(series.totals), 1)))
        for seat in range(4):
            choice = choose_in_series(series, seat, "normal", rng)
            if choice is not None and choice.action is not None:
                series.apply(choice.action)
                break
    return pictures


def shown(gif: bytes) -> list[Image.Image]:
    """Every frame of ``gif`` as a viewer composites it."""
    return [image.convert("RGB") for image in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]


def test_each_frame_shows_its_whole_picture_halved() -> None:
    pictures = toppo_frames(12)
    gif = animate([frame(render, args) for render, args in pictures])
    seen = shown(gif)
    assert len(seen) == len(pictures)
    for image, (render, args) in zip(seen, pictures, strict=True):
        whole = Image.open(io.BytesIO(render(*args)))
        expected = halved(whole).convert("RGB")
        assert image.size == expected.size == (whole.width // 2, whole.height // 2)
        assert image.tobytes() == expected.tobytes()
    durations = [image.info["duration"] for image in ImageSequence.Iterator(Image.open(io.BytesIO(gif)))]
    assert durations[:-1] == [500] * (len(pictures) - 1) and durations[-1] > 500, "the end is held"


def test_pictures_of_other_sizes_share_the_largest_canvas() -> None:
    small = toppo_frames(1)[0]
    large = (assets_png, (new_game(6, seed=5).view(), [*NAMES, "Eve", "Finn"]))
    seen = shown(animate([frame(*small), frame(*large), frame(*small)]))
    width, height = Image.open(io.BytesIO(large[0](*large[1]))).size
    assert all(image.size == ((width + 1) // 2, (height + 1) // 2) for image in seen)
    assert seen[0].tobytes() == seen[2].tobytes(), "the same picture again looks the same"


def test_frames_are_spread_from_first_to_last_within_the_limits() -> None:
    assert spread(5, 120) == [0, 1, 2, 3, 4]
    chosen = spread(300, 120)
    assert len(chosen) == 120 and chosen[0] == 0 and chosen[-1] == 299
    assert spread(300, 1) == [0, 299]
    pictures = [frame(render, args) for render, args in toppo_frames(8)]
    assert len(shown(animate(pictures, most_bytes=1))) == 2, "over its bytes, frames go, not the end"
