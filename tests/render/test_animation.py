"""A replay's animation (render/animation.py): each frame shows exactly the picture it stands
for, halved, though only its changed pixels are written; pictures of different sizes share one
canvas; every step offered is kept, a long game shown faster, within Discord's limit for a bot's
attachment."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageSequence

from bench.bench_legibility import REAL_NAMES
from bench.legibility_sampled import _named
from engine.assets.state import new_game
from engine.rng import Rng
from engine.toppo.ai import choose_in_series
from engine.toppo.series import Series
from locales import catalog
from render.animation import FASTEST_MS, FRAME_MS, MOST_BYTES, animate, frame, frame_time, halved
from render.assets import table_png as assets_png
from render.toppo import table_png
from tables.registry import TableRegistry
from tables.replays import Replay
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, kind_of
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


def test_a_long_game_is_shown_faster_and_a_short_one_at_its_pace() -> None:
    assert frame_time(12) == FRAME_MS
    assert frame_time(120) == FASTEST_MS < FRAME_MS
    pictures = [frame(render, args) for render, args in toppo_frames(80)]
    durations = [
        image.info["duration"] for image in ImageSequence.Iterator(Image.open(io.BytesIO(animate(pictures))))
    ]
    assert set(durations[:-1]) == {frame_time(len(pictures))} and frame_time(80) < FRAME_MS


async def test_a_topoum_game_keeps_every_step_it_is_given_within_discords_limit(tmp_path: Path) -> None:
    """Players shared a Topoum game whose animation kept 18 of about 100 steps: the bytes were
    held to 1 MiB by leaving every other frame out, twice. A game of the bench's (181 steps, 120
    of them offered, as tables/replays.py spreads them) with long names keeps them all, well
    within Discord's 10 MiB for a bot's attachment."""
    kept, store = await finished_game("topoum", 1, tmp_path)
    try:
        kind = kind_of("topoum")
        replay = Replay(
            TableRegistry(store, ManualClock()), kind.table_class, _named(kept, REAL_NAMES), "x", "es-ES"
        )
        steps = replay.frames()
        pictures = [kind.picture(catalog(), table) for table in replay.tables(steps)]
        gif = animate([frame(picture.render, picture.args) for picture in pictures])
    finally:
        await store.close()
    frames = Image.open(io.BytesIO(gif)).n_frames
    assert frames >= len(replay) // 2 and frames >= 0.9 * len(steps), (frames, len(steps), len(replay))
    assert len(gif) <= MOST_BYTES < 10 * 1024 * 1024
