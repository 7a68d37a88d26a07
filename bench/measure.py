"""Timing helpers every picture benchmark shares: milliseconds per call, their summary, and the
event loop's longest stall while pictures are drawn off it.

A benchmark compares its renderer with a naive baseline measured in the same run through these,
so both sides are timed the same way.
"""

import asyncio
import statistics
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

V = TypeVar("V")


def timings(render: Callable[[V], bytes], views: Sequence[V], renders: int) -> list[float]:
    """Milliseconds of each of ``renders`` calls, cycling through ``views``."""
    result = []
    for index in range(renders):
        view = views[index % len(views)]
        start = time.perf_counter()
        render(view)
        result.append((time.perf_counter() - start) * 1000)
    return result


def summary(samples: list[float]) -> dict[str, float]:
    """Mean, median and 95th percentile of ``samples``, rounded to microseconds."""
    ordered = sorted(samples)
    return {
        "mean": round(statistics.fmean(samples), 3),
        "p50": round(ordered[len(ordered) // 2], 3),
        "p95": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 3),
    }


async def loop_stall(render: Callable[[], bytes], renders: int) -> float:
    """The longest the event loop waited beyond a 1 ms sleep while ``renders`` pictures were
    drawn one after another in a worker thread (milliseconds)."""
    worst = 0.0
    done = False

    async def ticker() -> None:
        nonlocal worst
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(0.001)
            worst = max(worst, (time.perf_counter() - start) * 1000 - 1)

    tick = asyncio.create_task(ticker())
    for _ in range(renders):
        await asyncio.to_thread(render)
    done = True
    await tick
    return worst
