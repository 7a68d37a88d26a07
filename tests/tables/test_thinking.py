"""The shared thinker (tables/thinking.py) on a hand-moved clock, with a think step the test holds
until it lets it answer: a thought for a moment the game has left is not used, a seat thinks one
thought at a time, the pause between steps is kept (the time spent thinking counted in it), and
the AI that comes back from thinking is the one kept."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from engine.ai import Level
from engine.rng import Rng
from tables.registry import TableRegistry
from tables.thinking import Thinker, Thought
from tests.tables.manual_clock import ManualClock

PAUSE = 1.0


@dataclass(frozen=True)
class World:
    steps: int


@dataclass(frozen=True)
class Choice:
    action: str
    delay: float


@dataclass
class Mind:
    level: Level
    thoughts: int = 0


@dataclass
class Driver:
    woken: int = 0

    def changed(self) -> None:
        self.woken += 1

    def level(self, seat: int) -> Level:
        return Level.HARD

    def rng(self, seat: int) -> Rng:
        return Rng.from_seed(seat)


@dataclass
class Table:
    registry: TableRegistry
    ai: Driver = field(default_factory=Driver)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.tasks.add(asyncio.create_task(work))

    async def settle(self) -> None:
        while pending := {task for task in self.tasks if not task.done()}:
            await asyncio.wait(pending)


class Held:
    """A think step that answers only when the test lets it, counting the steps begun."""

    def __init__(self, delay: float = 0.2) -> None:
        self.delay = delay
        self.begun: list[int] = []
        self.answer = threading.Event()

    def __call__(self, mind: Mind, world: World, seat: int) -> tuple[Choice, Mind]:
        self.begun.append(world.steps)
        assert self.answer.wait(5), "the test let the thought answer"
        return Choice(f"step {world.steps}", self.delay), Mind(mind.level, mind.thoughts + 1)


def thinker(table: Table, think: Held) -> Thinker[str, World, Mind]:
    return Thinker(
        table,
        think,
        lambda level, rng: Mind(level),
        clone=lambda world: World(world.steps),
        moment=lambda world: world.steps,
        pause=PAUSE,
    )


async def answered(table: Table, think: Held) -> None:
    think.answer.set()
    await table.settle()
    think.answer.clear()


async def test_a_seat_thinks_once_at_a_time_and_its_thought_waits_out_the_pause(
    registry: TableRegistry, clock: ManualClock
) -> None:
    table, think = Table(registry), Held(delay=0.2)
    seats = thinker(table, think)
    world = World(0)
    assert seats.choice(0, world) is None and seats.inputs(0, world) == (0, False)
    await asyncio.sleep(0)
    assert seats.choice(0, world) is None, "still thinking"
    await clock.advance(0.3)  # time spent thinking counts in the pause
    await answered(table, think)
    assert think.begun == [0], "asked twice while thinking, the seat thought once"
    assert table.ai.woken == 1 and seats.inputs(0, world) == (0, True)
    assert seats.choice(0, world) == Thought(0, "step 0", PAUSE - 0.3)
    assert seats._ais[0] == Mind(Level.HARD, 1), "the AI that came back is kept (a worker's is a copy)"


async def test_an_ai_asking_for_more_than_the_pause_gets_it(registry: TableRegistry) -> None:
    table, think = Table(registry), Held(delay=2.5)
    seats = thinker(table, think)
    seats.choice(1, World(4))
    await answered(table, think)
    assert seats.choice(1, World(4)) == Thought(4, "step 4", 2.5)


async def test_a_thought_for_a_moment_the_game_left_is_not_used(registry: TableRegistry) -> None:
    table, think = Table(registry), Held()
    seats = thinker(table, think)
    seats.choice(0, World(0))
    await asyncio.sleep(0)
    await answered(table, think)  # the game moves on as the thought comes in
    moved_on = World(1)
    assert seats.inputs(0, moved_on) == (1, False)
    assert seats.choice(0, moved_on) is None, "the old thought is not used; the seat thinks again"
    await answered(table, think)
    assert think.begun == [0, 1]
    thought = seats.choice(0, moved_on)
    assert thought is not None and thought.action == "step 1"
    assert seats._ais[0].thoughts == 2, "the same AI thought on, its plan kept"


async def test_a_new_game_forgets_the_ais_and_their_thoughts(registry: TableRegistry) -> None:
    table, think = Table(registry), Held()
    seats = thinker(table, think)
    seats.choice(0, World(0))
    await answered(table, think)
    seats.forget()
    assert seats.inputs(0, World(0)) == (0, False)
    assert seats.choice(0, World(0)) is None
    await answered(table, think)
    assert seats._ais[0].thoughts == 1, "a fresh AI"
