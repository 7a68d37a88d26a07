"""Saved Topoum positions the tests and benchmarks play from (``tests/fixtures/``)."""

import json
from pathlib import Path

from engine.topoum.actions import action_from_json
from engine.topoum.state import TopoumState

SLOW_POSITION = Path(__file__).resolve().parents[2] / "fixtures" / "topoum_slow_position.json"
"""A 2-player table in Move moles, seat 1 to move, on which the AI once took 5 s a step."""


def slow_position() -> TopoumState:
    """The saved table's game replayed move by move, as the table does when it resumes."""
    saved = json.loads(SLOW_POSITION.read_text(encoding="utf-8"))
    state = TopoumState.from_json({**saved["game"], "log": []})
    for move in saved["moves"]:
        state.apply(action_from_json(move))
    return state
