"""The picture workers draw side by side (issue 28, item 5); one dies under the bot, or the bot
under them (issue 19, items 1 and 2)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cogs.painter import PARENT_CHECK_SECONDS, WORKERS, Painter
from fakediscord import BotProcess
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, public
from tests.faults.processes import alive, painter_workers, signal_all


def _size(width: int) -> int:
    """A tiny picture job for the worker: the width of a new image."""
    from PIL import Image

    return Image.new("RGB", (width, 1)).width


def _meet(mine: str, other: str) -> int:
    """A picture job that waits (up to 20 s) for another one to start: both can finish only if
    two workers draw at once. Returns the worker's process id."""
    Path(mine).touch()
    deadline = time.monotonic() + 20
    while not Path(other).exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the other drawing never started: drawings wait for each other")
        time.sleep(0.01)
    return os.getpid()


async def test_two_pictures_are_drawn_at_once(tmp_path: Path) -> None:
    painter = Painter()
    await painter.start()
    try:
        first, second = str(tmp_path / "first"), str(tmp_path / "second")
        drawers = await asyncio.gather(painter.draw(_meet, first, second), painter.draw(_meet, second, first))
        assert len(set(drawers)) == 2 == WORKERS
    finally:
        painter.stop()


async def test_a_killed_worker_is_replaced_and_the_picture_drawn() -> None:
    painter = Painter()
    await painter.start()
    try:
        before = painter_workers(os.getpid())
        assert len(before) == WORKERS
        os.kill(before[0], signal.SIGKILL)
        while alive(before[0]):
            await asyncio.sleep(0.01)
        assert await painter.draw(_size, 7) == 7
        after = painter_workers(os.getpid())
        assert before[0] not in after and 1 <= len(after) <= WORKERS
        assert await painter.draw(_size, 9) == 9, "the new workers keep drawing"
    finally:
        painter.stop()


async def test_drawings_waiting_when_a_worker_dies_all_land() -> None:
    painter = Painter()
    await painter.start()
    try:
        worker = painter_workers(os.getpid())[0]
        drawings = [asyncio.ensure_future(painter.draw(_size, width)) for width in range(1, 6)]
        os.kill(worker, signal.SIGKILL)
        assert await asyncio.gather(*drawings) == [1, 2, 3, 4, 5]
        assert len(painter_workers(os.getpid())) <= WORKERS, "one new pool, not one per drawing"
    finally:
        painter.stop()


PARENT = """
import asyncio, sys
from cogs.painter import Painter

async def main():
    painter = Painter()
    await painter.start()
    print("started", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_the_worker_exits_when_the_bot_is_killed() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline().strip() == "started"
        workers = painter_workers(parent.pid)
        assert len(workers) == WORKERS
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 10 * PARENT_CHECK_SECONDS
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    orphans = [pid for pid in workers if alive(pid)]
    signal_all(orphans, signal.SIGKILL)
    assert orphans == [], "a worker outlived the bot that was killed"


async def test_a_game_goes_on_with_pictures_after_its_worker_is_killed(world: World, bot: BotProcess) -> None:
    assert bot.process is not None
    table = await open_table(world, [world.alice], ["easy"])
    worker = painter_workers(bot.process.pid)[0]
    os.kill(worker, signal.SIGKILL)

    panel = await open_panel(world.alice, table)
    assert panel.message.attachments, "the panel opens with its picture"
    shown = public(world)[-1].attachments[0].data
    deadline = time.monotonic() + 15
    while public(world)[-1].attachments[0].data == shown:  # play until the table has moved on
        assert time.monotonic() < deadline, "the table picture was not redrawn"
        panel = await panel.press("refresh" if panel.status == "waiting" else "turn")
        await asyncio.sleep(0.2)
    assert 1 <= len(painter_workers(bot.process.pid)) <= WORKERS
    assert "a picture worker died" in bot.output
