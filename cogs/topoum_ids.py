"""The custom ids of a Topoum panel's components, written and read in one place.

A panel component's argument is ``<stamp>.<i>.<j>...``: the moment it was drawn at (how many
steps the game has taken, in base 36) and the player's choices so far through the engine's menus
(:mod:`engine.topoum.steps`). A disabled ransom's is ``<stamp>-<captor>``, never a path, so a
forged press of it is refused. The panel writes each argument with :func:`path_arg`; a press is
read back with :func:`read_path`.
"""

from collections.abc import Sequence
from typing import Final

from cogs.ids import numbers
from engine.errors import IllegalAction, Reason

STEP, PICK, GO, VIEW = "step", "pick", "go", "view"
"""Follow a choice (or go back), a menu's choice, play a whole step, redraw."""
MOVES: Final = frozenset({STEP, PICK, GO, VIEW})


def path_arg(stamp: str, path: Sequence[int]) -> str:
    """A panel component's argument: the stamp and the choices so far, ``<stamp>.<i>.<j>``."""
    return ".".join([stamp, *map(str, path)])


def ransom_arg(stamp: str, captor: int) -> str:
    """A ransom that cannot be paid: a disabled button's argument, which names no path."""
    return f"{stamp}-{captor}"


def read_path(arg: str) -> tuple[str, tuple[int, ...]]:
    """A panel component's argument as (stamp, path), the inverse of :func:`path_arg`;
    ``IllegalAction(STALE)`` if it is not one (a disabled ransom's, say)."""
    stamp, _, choices = arg.partition(".")
    if not stamp.isalnum():
        raise IllegalAction(Reason.STALE, "malformed component")
    return stamp, tuple(numbers(choices))
