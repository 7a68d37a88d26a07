"""Replays of finished games (issue 31): how many steps a seeded game keeps, and what its replay
costs to look at and to share.

    .venv/bin/python -m bench.bench_replay [--seed 1] [--runs 3] [--games toppo ...]

For a seeded first game of every game engine/games.py registers (a Cover Your Assets round, a
Spit match; two scripted people and AI seats up to four, tests/tables/scripted.py; the table
message's drawings mark the steps, as cogs.seated.public_draft does), kept in a temporary store:

- ``steps`` of the replay, ``frames`` of its animation (every step offered to it, at most 120:
  tables/replays.py ``FRAMES``; steps whose pictures are alike make one frame);
- the animation as the bot shares it: the frames rebuilt by the game's own code, drawn and put
  together in the animator's process (cogs/animator.py, started when a replay is opened;
  ``cold_s`` is the first share, its pictures' caches empty, ``gif_s`` the next ones): ``gif_kib`` and
  ``gif_s`` (median of ``--runs``), goals at most render/animation.py ``MOST_BYTES`` (8 MiB,
  under Discord's 10 MiB for a bot's attachment) and 3 s; beside it the baseline, the steps
  offered to the animation drawn as separate full PNGs in the same process: ``pngs_kib`` and
  ``pngs_s``;
- one step of a step-through replay as a press draws it (the table rebuilt at a random step,
  then its picture): p50 and p99 in milliseconds, beside the baseline of drawing the same
  picture of a live table (``live_p50_ms``, ``live_p99_ms``).

Ends with one JSON line keyed by game.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from cogs.animator import Animator
from engine.games import names
from locales import catalog
from render.animation import MOST_BYTES, frame
from tables.registry import TableRegistry
from tables.replays import Replay
from tests.tables.manual_clock import ManualClock
from tests.tables.scripted import finished_game, kind_of

STEP_SAMPLES = 60
"""Steps drawn at random for the step-through figures."""


def percentile(samples: Sequence[float], share: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1)


async def measure(game: str, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    kept, store = await finished_game(game, args.seed, folder)
    try:
        kind = kind_of(game)
        messages = catalog()
        replay = Replay(TableRegistry(store, ManualClock()), kind.table_class, kept, "a former player")
        steps = replay.frames()

        def frames() -> list[bytes]:
            pictures = (kind.picture(messages, table) for table in replay.tables(steps))
            return [frame(picture.render, picture.args) for picture in pictures]

        animator = Animator()
        try:
            await animator.start()  # as the bot does when a replay is opened
            start = time.perf_counter()
            gif = await animator.animation(frames())
            cold = time.perf_counter() - start
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                gif = await animator.animation(frames())
                times.append(time.perf_counter() - start)
        finally:
            animator.stop()

        start = time.perf_counter()
        pngs = [kind.picture(messages, table) for table in replay.tables(steps)]
        png_bytes = sum(len(picture.render(*picture.args)) for picture in pngs)
        png_seconds = time.perf_counter() - start

        chosen = random.Random(args.seed).choices(range(len(replay)), k=STEP_SAMPLES)
        pressed, live = [], []
        for step in chosen:
            begin = time.perf_counter()
            table = replay.table_at(step)
            picture = kind.picture(messages, table)
            middle = time.perf_counter()
            picture.render(*picture.args)
            end = time.perf_counter()
            pressed.append((end - begin) * 1000)
            live.append((end - middle) * 1000)
        return {
            "steps": len(replay),
            "frames": getattr(Image.open(io.BytesIO(gif)), "n_frames", 1),
            "gif_kib": round(len(gif) / 1024, 1),
            "pngs_kib": round(png_bytes / 1024, 1),
            "gif_s": round(statistics.median(times), 2),
            "cold_s": round(cold, 2),
            "pngs_s": round(png_seconds, 2),
            "step_p50_ms": percentile(pressed, 0.5),
            "step_p99_ms": percentile(pressed, 0.99),
            "live_p50_ms": percentile(live, 0.5),
            "live_p99_ms": percentile(live, 0.99),
        }
    finally:
        await store.close()


async def main(args: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games or names():
            found = figures[game] = await measure(game, args, Path(folder))
            print(
                f"{game:7} {found['steps']:4} steps, {found['frames']:3} frames: "
                f"GIF {found['gif_kib']:7.1f} KiB in {found['gif_s']:.2f} s (first {found['cold_s']:.2f} s; "
                f"goals {MOST_BYTES // 1024} KiB, 3 s) against {found['pngs_kib']:8.1f} KiB of PNGs in "
                f"{found['pngs_s']:.2f} s ({found['gif_kib'] / found['pngs_kib']:.2f}x the bytes); one step "
                f"p50 {found['step_p50_ms']} ms p99 {found['step_p99_ms']} ms against the live picture's "
                f"p50 {found['live_p50_ms']} ms p99 {found['live_p99_ms']} ms "
                f"({found['step_p50_ms'] / max(found['live_p50_ms'], 0.1):.2f}x)",
                flush=True,
            )
    return figures


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3, help="animations timed per game (warm)")
    parser.add_argument("--games", nargs="*", default=[], help="only these games (default: every game)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(parse(sys.argv[1:])))))
