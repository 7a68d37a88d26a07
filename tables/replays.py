"""A finished game again, step by step, from its kept log (issue 31).

A kept game (:class:`data.KeptGame`) holds the table as it was saved when the game ended and the
game's moves since its deal; its steps are the numbers of moves at which the channel saw the
table. The table is rebuilt here by the game's own code (:func:`tables.loading.load_table` with
the moves up to a step), so a replay shows what the engine says
the game was, and its public picture is drawn by the game's own ``picture`` as on the day. The
rebuilt table is never registered, saved or driven: nothing it does reaches Discord.

A member who asked to be forgotten in the server's kept games is named ``former`` (the reader's
words for "a former player") in the table rebuilt for a replay, before anything is drawn from it:
in its seats and in the seats its game counts for (as dealt).
"""

from collections.abc import Hashable, Iterator, Sequence
from typing import Any, Final

from data import KeptGame, SavedTable
from tables.loading import load_table
from tables.registry import TableRegistry
from tables.seated import SeatedTable
from tables.stand_ins import StandIn, Why, stand_in_level
from tables.table import Table
from words.replays import spread

FRAMES: Final = 120
"""The most frames an animated replay has: steps are grouped to fit."""


async def _nowhere(table: Table) -> None:
    """A rebuilt table's publisher target: a replay's table is never shown as a live table."""


class Replay:
    """One kept game, rebuilt at any of its steps."""

    def __init__(
        self,
        registry: TableRegistry,
        table_class: type[SeatedTable[Any, Any]],
        kept: KeptGame,
        former: str,
        locale: str | None = None,
    ) -> None:
        """``former``: what to call a forgotten member; ``locale``: the reader's, for the words
        on the pictures (None: the table's own, as the channel saw it)."""
        self.kept = kept
        self._locale = locale
        self._registry = registry
        self._class = table_class
        state = dict(kept.log.state)

        def renamed(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [{**seat, "name": former} if seat["user_id"] in kept.forgotten else seat for seat in seats]

        state["lobby"] = {**state["lobby"], "seats": renamed(state["lobby"]["seats"])}
        if "dealt_seats" in state:  # whom the game counts for: renamed alike, or they differ
            state["dealt_seats"] = renamed(state["dealt_seats"])
        self._state = state
        self._stood: list[list[int]] = state.get("stood_changes", [])
        """When the seats an AI played for their person changed: ``[moves, seats]``, in order
        (none for a game saved before they were noted: then as at its end)."""
        self.steps: tuple[int, ...] = kept.log.steps
        """The numbers of moves at which the channel saw the table, first to last."""
        self._turns: tuple[int, ...] | None = None
        self._cursor: tuple[int, SeatedTable[Any, Any]] | None = None
        self._end: dict[int, StandIn] = {}
        """The seats an AI played for their person when the game ended."""
        """The step asked last and its table."""

    def __len__(self) -> int:
        return len(self.steps)

    def table_at(self, step: int) -> SeatedTable[Any, Any]:
        """The table as the channel saw it at step ``step`` (0 to ``len(self) - 1``). Going
        forward from the step asked last moves that table on (one press, a move or a few);
        going back rebuilds it."""
        if self._cursor is None or self._cursor[0] > step:
            self._cursor = (step, next(self.tables([step])))
            return self._cursor[1]
        at, table = self._cursor
        self._move_on(table, self.steps[at], self.steps[step])
        self._cursor = (step, table)
        return table

    def tables(self, steps: Sequence[int]) -> Iterator[SeatedTable[Any, Any]]:
        """The table at each of ``steps`` (in order), moved on from one to the next: one table,
        changed between yields, so whatever is drawn from it must be taken at once."""
        table = self._rebuilt(self.kept.log.moves[: self.steps[steps[0]]]) if steps else None
        done = self.steps[steps[0]] if steps else 0
        for step in steps:
            assert table is not None
            self._move_on(table, done, self.steps[step])
            done = self.steps[step]
            yield table

    def _move_on(self, table: SeatedTable[Any, Any], start: int, end: int) -> None:
        """Move ``table`` on from move ``start`` to move ``end`` of the log, with the seats an AI
        played for their person then (as at the end, where the channel's drawings said nothing)."""
        for move in self.kept.log.moves[start:end]:
            table.replay_move(move)
            table.moves.append(dict(move))
        changes = [seats for moves, seats in self._stood if moves <= end]
        if not changes:
            table.seating.stand_ins = dict(self._end)
            return
        level = stand_in_level([seat.ai_level for seat in table.seats if seat.ai_level is not None])
        table.seating.stand_ins = {
            seat: self._end.get(seat, StandIn(Why.LEFT, level))
            for seat in range(len(table.seats))
            if changes[-1] >> seat & 1
        }

    def turn_starts(self) -> tuple[int, ...]:
        """The steps at which a turn (or a deal, or a display) begins: where "next turn" goes."""
        if self._turns is None:
            starts, last = [0], None
            for step, table in enumerate(self.tables(range(len(self)))):
                turn: Hashable = table.replay_turn()
                if step and turn != last:
                    starts.append(step)
                last = turn
            self._turns = tuple(starts)
        return self._turns

    def next_turn(self, step: int) -> int:
        """The first step of the turn after the one ``step`` is in (the last step if none)."""
        return next((start for start in self.turn_starts() if start > step), len(self) - 1)

    def frames(self, most: int = FRAMES) -> list[int]:
        """The steps an animation shows: all of them if they fit in ``most`` frames, else
        ``most`` spread evenly from the first to the last (each frame stands for the steps up
        to the next)."""
        return spread(len(self), most)

    def _rebuilt(self, moves: Sequence[Any]) -> SeatedTable[Any, Any]:
        kept = self.kept
        saved = SavedTable(
            f"replay{kept.finished.game_id}",
            kept.guild_id,
            kept.finished.channel_id,
            self._class.game,
            self._state,
            moves=tuple(moves),
            thread_id=kept.log.thread_id,
        )
        table = load_table(self._class, self._registry, saved, _nowhere)
        table.locale = self._locale or table.locale
        self._end = dict(table.seating.stand_ins)
        self._move_on(table, len(moves), len(moves))
        return table
