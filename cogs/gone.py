"""Discord's answers that mean a table's place has gone away for it.

A moderator may delete a table's thread or its channel, archive and lock its thread, or take
away a permission the bot writes with (View Channel, Send Messages, Send Messages in Threads).
Every later write to that place fails the same way, so retrying is pointless and logging each
failure floods the log: the first such answer sets the table aside
(:meth:`tables.registry.TableRegistry.set_aside`, told by :mod:`cogs.set_aside`).
"""

import contextlib
from collections.abc import Iterator
from typing import Final

import discord

UNKNOWN_CHANNEL: Final = 10003
MISSING_ACCESS: Final = 50001
REASONS: Final = ("deleted", "locked", "no_access", "no_permission")
"""Why a place is gone: its thread or channel deleted; its thread archived and locked, which the
bot may not reopen; the bot no longer sees the channel; it lacks a permission it writes with."""


class PlaceGone(Exception):
    """A write found the table's place gone (:data:`REASONS`)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def reason_of(error: discord.HTTPException) -> str | None:
    """Why ``error`` means the place is gone for good, or None for any other failure."""
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
        return "deleted"
    if isinstance(error, discord.Forbidden):
        return "no_access" if error.code == MISSING_ACCESS else "no_permission"
    return None


@contextlib.contextmanager
def place_checked() -> Iterator[None]:
    """Turn a failure that means the place is gone into :class:`PlaceGone`."""
    try:
        yield
    except discord.HTTPException as error:
        if (reason := reason_of(error)) is None:
            raise
        raise PlaceGone(reason) from error
