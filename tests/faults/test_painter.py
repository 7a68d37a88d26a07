"""The picture worker dies under the bot, or the bot under the worker (issue 19, items 1 and 2)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

from cogs.painter import PARENT_CHECK_SECONDS, Painter
from tests.conftest import World
from tests.e2e.toppo_play import open_panel, open_table, public
from tests.fakediscord import BotProcess
from tests.faults.processes import alive, painter_workers, signal_all


def _size(width: int) -> int:
    """A tiny picture job for the worker: the width of a new image."""
    from PIL import Image

    return Image.new("RGB", (width, 1)).width


async def test_a_killed_worker_is_replaced_and_the_picture_drawn() -> None:
    painter = Painter()
    await painter.start()
    try:
        (first,) = painter_workers(os.getpid())
        os.kill(first, signal.SIGKILL)
        while alive(first):
            await asyncio.sleep(0.01)
        assert await painter.draw(_size, 7) == 7
        (second,) = painter_workers(os.getpid())
        assert second != first
        assert await painter.draw(_size, 9) == 9, "the new worker keeps drawing"
    finally:
        painter.stop()


async def test_drawings_waiting_when_the_worker_dies_all_land() -> None:
    painter = Painter()
    await painter.start()
    try:
        (worker,) = painter_workers(os.getpid())
        drawings = [asyncio.ensure_future(painter.draw(_size, width)) for width in range(1, 6)]
        os.kill(worker, signal.SIGKILL)
        assert await asyncio.gather(*drawings) == [1, 2, 3, 4, 5]
        assert len(painter_workers(os.getpid())) == 1, "one new worker, not one per drawing"
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
        assert len(workers) == 1
    finally:
        parent.kill()
        parent.wait()
    deadline = time.monotonic() + 10 * PARENT_CHECK_SECONDS
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    orphans = [pid for pid in workers if alive(pid)]
    signal_all(orphans, signal.SIGKILL)
    assert orphans == [], "the worker outlived the bot that was killed"


async def test_a_game_goes_on_with_pictures_after_its_worker_is_killed(world: World, bot: BotProcess) -> None:
    assert bot.process is not None
    table = await open_table(world, [world.alice], ["easy"])
    (worker,) = painter_workers(bot.process.pid)
    os.kill(worker, signal.SIGKILL)

    panel = await open_panel(world.alice, table)
    assert panel.message.attachments, "the panel opens with its picture"
    shown = public(world)[-1].attachments[0].data
    deadline = time.monotonic() + 15
    while public(world)[-1].attachments[0].data == shown:  # play until the table has moved on
        assert time.monotonic() < deadline, "the table picture was not redrawn"
        panel = await panel.press("refresh" if panel.status == "waiting" else "turn")
        await asyncio.sleep(0.2)
    assert len(painter_workers(bot.process.pid)) == 1
    assert "the picture worker died" in bot.output
