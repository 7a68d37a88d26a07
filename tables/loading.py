"""How a seated table comes to be: opened as a new lobby, or loaded as it was saved.

A saved table is every part as it saved itself (:mod:`tables.saved_form`), then the game's own
part (:meth:`~tables.seated.SeatedTable.restore`: the running game as dealt, replayed from its
moves). A replay loads a kept game's table the same way, with its moves up to a step.
"""

import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from data import SavedTable
from tables.lobby import Lobby
from tables.registry import TableRegistry
from tables.saved_form import load_parts
from tables.seated import SeatedTable
from tables.table import Table

S = TypeVar("S", bound=SeatedTable[Any, Any])

Publish = Callable[[Table], Awaitable[None]]
"""Redraws a table's public message (the publisher calls it, paced)."""


def open_table(
    cls: type[S],
    registry: TableRegistry,
    *,
    guild_id: int,
    channel_id: int,
    publish: Publish,
    locale: str,
    host_id: int,
    host_name: str,
) -> S:
    """A new lobby of ``cls``'s game with its host in the first seat."""
    lobby = Lobby(host_id, *cls.seats_allowed)
    lobby.join(host_id, host_name)
    return cls(
        registry,
        table_id=secrets.token_hex(5),
        guild_id=guild_id,
        channel_id=channel_id,
        publish=publish,
        locale=locale,
        lobby=lobby,
    )


def load_table(cls: type[S], registry: TableRegistry, saved: SavedTable, publish: Publish) -> S:
    """The table as ``saved``, its moves logged as already saved."""
    state = saved.state
    table = cls(
        registry,
        table_id=saved.table_id,
        guild_id=saved.guild_id,
        channel_id=saved.channel_id,
        publish=publish,
        locale=state["locale"],
        lobby=Lobby.from_json(state["lobby"]),
    )
    table.thread_id = saved.thread_id
    load_parts(table, state)
    table.restore(state, saved.moves)
    if table.state is not None:
        table.start_move_log(saved.moves, saved=True)
    return table
