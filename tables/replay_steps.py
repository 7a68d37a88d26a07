"""What a table notes for its running game's replay: the moves at which the channel saw it.

A replay shows a finished game as the channel saw it, one drawing of the table message at a
time: its *steps* are the numbers of moves at which the message was drawn
(:meth:`ReplaySteps.shown_at`). It also names the seats an AI played for their person as they
were at each step, so the changes of those seats are noted with the move they came at. When the
game ends, :meth:`ReplaySteps.kept_log` gives what the store keeps of it (:class:`KeptLog`).

A match logs all its rounds in one move log; the running game's moves begin at
:attr:`ReplaySteps.first_move`.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from data.records import KeptLog


class ReplaySteps:
    """The replay's notes of one table's running game; see the module's note."""

    def __init__(self) -> None:
        self.shown: list[int] = []
        """The numbers of moves at which the channel saw the running game (each drawing of the
        table message): its replay's steps."""
        self.stood_changes: list[list[int]] = []
        """When the seats an AI plays for their person changed in the running game's log:
        ``[moves, seats]`` (a bit per seat), from its first move, so a replay names them as the
        channel saw them at each step."""
        self.first_move = 0
        """Where the running game's moves begin in the table's move log."""

    def new_log(self, stood_seats: int) -> None:
        """A new move log begins (a game dealt anew): nothing shown yet, the seats stood in for
        as they are."""
        self.shown, self.first_move = [], 0
        self.stood_changes = [[0, stood_seats]]

    def game_dealt(self, moves: int) -> None:
        """The next game of a match begins after ``moves`` moves of its log."""
        self.first_move = moves

    def stood_changed(self, moves: int, stood_seats: int) -> None:
        """The seats an AI plays for their person are ``stood_seats`` from move ``moves`` on."""
        if self.stood_changes and self.stood_changes[-1][0] == moves:
            self.stood_changes.pop()
        self.stood_changes.append([moves, stood_seats])

    def shown_at(self, moves: int) -> None:
        """The table message is being drawn for the running game at move ``moves``."""
        if not self.shown or self.shown[-1] < moves:
            self.shown.append(moves)

    def kept_log(
        self, state: dict[str, Any], moves: Sequence[dict[str, Any]], thread_id: int | None
    ) -> KeptLog:
        """The game that just ended as its replay is rebuilt from: the table's saved form
        (``state``), its ``moves``, and the moves at which the channel saw it (every move, for a
        game saved before the table counted them)."""
        first, end = self.first_move, len(moves)
        inner = [n for n in self.shown if first < n < end] if self.shown else range(first + 1, end)
        steps = tuple(sorted({first, *inner, end}))
        return KeptLog(state, tuple(moves), steps, thread_id)

    def to_json(self) -> dict[str, Any]:
        """Its part of the table's saved form."""
        return {"shown": self.shown, "stood_changes": self.stood_changes, "first_move": self.first_move}

    def load(self, state: Mapping[str, Any]) -> None:
        """Put back what :meth:`to_json` saved; a game saved before games were kept has no step
        counted yet, and its moves begin with the log."""
        self.shown, self.first_move = list(state.get("shown", [])), state.get("first_move", 0)
        self.stood_changes = [list(change) for change in state.get("stood_changes", [])]
