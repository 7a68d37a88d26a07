"""Tables dealt from a stacked position, for tests that need to know the cards: Toppo's and
Topoum's."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from engine.topoum.state import Position as TopoumPosition
from engine.topoum.state import TopoumState
from engine.toppo.series import Series
from engine.toppo.state import Position, ToppoState
from tables.lobby import Lobby, Seat
from tables.registry import TableRegistry
from tables.table import Table
from tables.topoum import TopoumTable
from tables.toppo import ToppoTable


async def nothing_to_publish(table: Table) -> None:
    """A publish that does nothing (the test looks at the table, not at Discord)."""


def stacked_table(
    registry: TableRegistry,
    seats: Sequence[Seat],
    position: Position,
    *,
    table_id: str = "5eeded0000",
    guild_id: int = 1,
    channel_id: int = 2,
    host_id: int | None = None,
    locale: str = "en-US",
    publish: Callable[[Table], Awaitable[None]] = nothing_to_publish,
) -> ToppoTable:
    """A table already playing its first game, dealt from ``position``; the host is the first
    human unless given."""
    if host_id is None:
        host_id = next(seat.user_id for seat in seats if seat.user_id is not None)
    table = ToppoTable(
        registry,
        table_id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        publish=publish,
        locale=locale,
        lobby=Lobby(host_id, 2, 8, seats),
    )
    game = ToppoState.from_position(position, seed=7)
    table.begin(
        Series.from_json(
            {
                "game": "toppo-series",
                "players": len(seats),
                "seed": 7,
                "first_start_player": position.start_player,
                "history": [],
                "current": game.to_json(),
            }
        )
    )
    return table


def stacked_topoum_table(
    registry: TableRegistry,
    seats: Sequence[Seat],
    position: TopoumPosition,
    *,
    table_id: str = "5eeded0000",
    guild_id: int = 1,
    channel_id: int = 2,
    host_id: int | None = None,
    locale: str = "en-US",
    publish: Callable[[Table], Awaitable[None]] = nothing_to_publish,
) -> TopoumTable:
    """A Topoum table already playing, from ``position``; the host is the first human unless given."""
    if host_id is None:
        host_id = next(seat.user_id for seat in seats if seat.user_id is not None)
    table = TopoumTable(
        registry,
        table_id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        publish=publish,
        locale=locale,
        lobby=Lobby(host_id, 2, 4, seats),
    )
    table.begin(TopoumState.from_position(position, seed=7))
    return table
