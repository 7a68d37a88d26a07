"""A seated table's saved form: each part's own, put together, and put back.

The saved form is one JSON object holding the keys every seated table has always saved (so a
table saved before its parts were split out loads as it did), beside the running game as it was
dealt under the game's own key (:attr:`~tables.game_hooks.GameHooks.saved_as`); the game's moves
are saved apart, only the new ones each time (:class:`~tables.table.Table`). Each part writes and
reads its own keys (its ``to_json`` and ``load``); this is only where they meet.
"""

from collections import deque
from collections.abc import Mapping
from typing import Any, Protocol

from tables.phases import Phase
from tables.replay_steps import ReplaySteps
from tables.scorebook import Scorebook
from tables.seating import Seating
from tables.table_message import TableMessage
from tables.waits import Waits
from words.common import Notice


class SavedParts(Protocol):
    """The parts of a table that are saved."""

    phase: Phase
    locale: str
    notices: deque[Notice]
    seating: Seating
    waits: Waits
    message: TableMessage
    book: Scorebook
    steps: ReplaySteps


def saved_parts(table: SavedParts) -> dict[str, Any]:
    """What every seated table saves: its phase, locale, lobby and notices, its league's turn
    timer, and each part's own."""
    return {
        "phase": table.phase.value,
        "locale": table.locale,
        "lobby": table.seating.lobby.to_json(),
        "notices": [notice.to_json() for notice in table.notices],
        "turn_seconds": table.waits.timer.chosen_seconds,
        **table.message.to_json(),
        **table.book.to_json(),
        **table.seating.to_json(),
        **table.steps.to_json(),
    }


def load_parts(table: SavedParts, state: Mapping[str, Any]) -> None:
    """Put back what :func:`saved_parts` saved (the lobby and locale make the table itself)."""
    table.phase = Phase(state["phase"])
    table.notices.extend(Notice.from_json(notice) for notice in state["notices"])
    if (seconds := state.get("turn_seconds")) is not None:
        table.waits.timer.set_seconds(seconds)
    table.message.load(state)
    table.book.load(state, table.phase)
    table.seating.load(state)
    table.steps.load(state)
