"""A turn as whole steps, chosen one small choice at a time (a private panel's menus).

The engine plays a turn as small steps and applies each at once, with no way back. A player who
picks the wrong hex must be able to step back, so the choices of a step are kept apart as a
*path*: indices into the menu of legal actions (``legal_actions``) at each step, replayed on a
copy of the game (:func:`menu_after`). Only a path that makes a whole step of the turn (a
complete Enter combat, one mole's step and what it does, stopping, a ransom: see
:func:`completes`) is played, all at once.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import IllegalAction, Reason
from engine.topoum.actions import Action, EndMoves
from engine.topoum.state import Cell, Pending, Stage, TopoumState


@dataclass(frozen=True, slots=True)
class Menu:
    """A player's choices so far in their turn (``path``) and what follows them."""

    path: tuple[int, ...]
    chosen: tuple[Action, ...]
    """The engine's actions the path stands for, in order."""
    pending: Pending
    """The decision the game would wait for after them."""
    options: tuple[Action, ...]
    """The next choices (empty once the path is complete)."""
    complete: bool
    """The path makes a whole step of the turn: confirming it plays it."""
    cells: tuple[Cell, ...]
    """The board after the choices (public: what the player's own choices put there)."""


def completes(before: TopoumState, after: TopoumState, seat: int) -> bool:
    """Whether the steps from ``before`` to ``after`` make a whole step of ``seat``'s turn: the
    turn (or the game) is over, or it waits at a point where the player decides afresh (the
    start of the turn after a ransom, or the next mole of Move moles after one has stepped)."""
    if len(after.log) == len(before.log):
        return False
    if after.outcome is not None or after.current != seat:
        return True
    if after.stage is Stage.START:
        return True
    return after.stage is Stage.MOVE_SELECT and EndMoves(seat) in after.legal_actions(seat)


def menu_after(state: TopoumState, seat: int, path: Sequence[int]) -> Menu:
    """What ``seat`` may choose after the choices ``path`` in ``state``; ``IllegalAction(STALE)``
    if the path is not one of choices now (a complete path ends it: nothing follows a whole
    step)."""
    after = state.clone()
    chosen: list[Action] = []
    for index in path:
        if chosen and completes(state, after, seat):
            raise IllegalAction(Reason.STALE, "a choice after a complete step")
        legal = after.legal_actions(seat)
        if not 0 <= index < len(legal):
            raise IllegalAction(Reason.STALE, "no such choice now")
        chosen.append(legal[index])
        after.apply(legal[index])
    done = completes(state, after, seat)
    return Menu(
        path=tuple(path),
        chosen=tuple(chosen),
        pending=after.pending,
        options=() if done else tuple(after.legal_actions(seat)),
        complete=done,
        cells=after.view().cells,
    )
