"""AI seats think in a worker process (tables/worker.py, the registry's thinker): a step there is
the same step as in the bot's own process, a worker that dies is replaced, and none outlives its
registry. (A worker whose bot is killed exits by itself: tests/faults/test_painter.py, the same
Worker drawing pictures.)"""

from __future__ import annotations

import os
import signal
from collections.abc import AsyncIterator

import pytest

from data import Store
from engine.ai import Level
from engine.rng import Rng
from engine.topoum.ai import TopoumAI, think
from tables.lobby import Seat
from tables.registry import TableRegistry
from tables.worker import Worker
from tests.engine.topoum.test_ai_budget import slow_position
from tests.faults.processes import alive
from tests.tables.manual_clock import ManualClock
from tests.tables.test_topoum_table import ANA, stacked


@pytest.fixture
async def thinking(store: Store, clock: ManualClock) -> AsyncIterator[TableRegistry]:
    registry = TableRegistry(store, clock, thinker=Worker("AI"))
    yield registry
    await registry.shutdown()


async def test_a_step_thought_in_the_worker_is_the_step_thought_here(thinking: TableRegistry) -> None:
    here = TopoumAI(Level.HARD, Rng.from_seed(2))
    there = TopoumAI(Level.HARD, Rng.from_seed(2))
    state = slow_position()
    choice, _ = think(here, state, state.current)
    far_choice, thought = await thinking.think(think, there, slow_position(), state.current)
    assert far_choice == choice
    assert thought is not there, "the AI that thought was a copy in the other process"
    assert (thought._plan, thought.rng.state, thought.spent) == (here._plan, here.rng.state, here.spent)


async def test_a_killed_worker_is_replaced_and_the_step_thought_again(thinking: TableRegistry) -> None:
    first = await thinking.think(os.getpid)
    assert first != os.getpid()
    os.kill(first, signal.SIGKILL)
    state = slow_position()
    choice, _ = await thinking.think(think, TopoumAI(Level.NORMAL, Rng.from_seed(1)), state, state.current)
    assert choice is not None and choice.action in state.legal_actions(state.current)
    second = await thinking.think(os.getpid)
    assert second != first and alive(second)


async def test_the_worker_ends_with_the_registry(store: Store, clock: ManualClock) -> None:
    registry = TableRegistry(store, clock, thinker=Worker("AI"))
    worker = await registry.think(os.getpid)
    await registry.shutdown()
    assert not alive(worker)


async def test_an_ai_seat_at_a_table_thinks_in_the_worker(
    thinking: TableRegistry, clock: ManualClock
) -> None:
    table = stacked(thinking, [Seat(None, "", "hard"), Seat(ANA, "Ana")])
    for _ in range(400):
        await clock.advance(0.1, table.settle)
        if table.require_state().current == 1:
            break
    assert table.require_state().current == 1, "the AI seat played its turn"
    assert table.thinker._ais[0].rng.state != table.ai.rng(0).state, (
        "the AI came back from the worker moved on"
    )
