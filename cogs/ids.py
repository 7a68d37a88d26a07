"""The numbers in a component's custom id, read in one place with bounds.

A custom id comes back from Discord as the client sent it, and a modified client sends what it
likes: a game id, a page or a member's id of ninety digits reaches the store as a number no
column holds, and the press failed with "This interaction failed". Every number a component
reads goes through :func:`number`: ASCII digits, below 2**63 (or the bound it is read against),
else the press is a :class:`ForgedId`, answered as none of this bot's buttons.
"""

from typing import Final

from engine.errors import IllegalAction, Reason

ID_LIMIT: Final = 2**63
"""Every number in a custom id is below this: a Discord id, a game's, a page, an index."""


class ForgedId(IllegalAction):
    """A custom id no component of this bot drew (a forged client's): it changes nothing and
    is answered as none of the bot's buttons (``error.unknown_button``)."""

    def __init__(self, detail: str = "malformed button") -> None:
        super().__init__(Reason.STALE, detail)


def number(field: str, below: int = ID_LIMIT) -> int:
    """``field`` as a number below ``below``; :class:`ForgedId` for anything else."""
    if not (field.isascii() and field.isdigit()) or len(field) > len(str(ID_LIMIT)) or int(field) >= below:
        raise ForgedId()
    return int(field)


def numbers(arg: str, count: int | None = None) -> list[int]:
    """A component's argument made of numbers (``3.12.0``; ``count`` of them if given)."""
    fields = arg.split(".") if arg else []
    if count not in (None, len(fields)):
        raise ForgedId()
    return [number(field) for field in fields]
