"""Tables dealt from a stacked position, for tests that need to know the cards."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from engine.assets.state import AssetsState
from engine.topoum.state import Position as TopoumPosition
from engine.topoum.state import TopoumState
from engine.toppo.series import Series
from engine.toppo.state import Position, ToppoState
from tables.assets import AssetsTable
from tables.lobby import Lobby, Seat
from tables.registry import TableRegistry
from tables.seated import SeatedTable
from tables.spit import Game, SpitTable
from tables.table import Table
from tables.topoum import TopoumTable
from tables.toppo import ToppoTable

T = TypeVar("T", bound=SeatedTable[Any, Any])


async def nothing_to_publish(table: Table) -> None:
    """A publish that does nothing (the test looks at the table, not at Discord)."""


def seated_table(
    cls: type[T],
    registry: TableRegistry,
    seats: Sequence[Seat],
    *,
    table_id: str = "5eeded0000",
    guild_id: int = 1,
    channel_id: int = 2,
    host_id: int | None = None,
    locale: str = "en-US",
    publish: Callable[[Table], Awaitable[None]] = nothing_to_publish,
) -> T:
    """A table of ``cls`` whose lobby holds ``seats``, not yet dealt; the host is the first human
    unless given."""
    if host_id is None:
        host_id = next(seat.user_id for seat in seats if seat.user_id is not None)
    return cls(
        registry,
        table_id=table_id,
        guild_id=guild_id,
        channel_id=channel_id,
        publish=publish,
        locale=locale,
        lobby=Lobby(host_id, *cls.seats_allowed, seats),
    )


def stacked_table(
    registry: TableRegistry, seats: Sequence[Seat], position: Position, **table: Any
) -> ToppoTable:
    """A Toppo table already playing its first game, dealt from ``position`` (``table``: the
    keywords of :func:`seated_table`)."""
    toppo = seated_table(ToppoTable, registry, seats, **table)
    toppo.begin(stacked_series(position))
    return toppo


def stacked_series(position: Position) -> Series:
    """A Toppo series whose first game is dealt from ``position``."""
    game = ToppoState.from_position(position, seed=7)
    return Series.from_json(
        {
            "game": "toppo-series",
            "players": len(position.decks),
            "seed": 7,
            "first_start_player": position.start_player,
            "history": [],
            "current": game.to_json(),
        }
    )


def stacked_spit_table(
    registry: TableRegistry, seats: Sequence[Seat], match: Game, **table: Any
) -> SpitTable:
    """A Spit or Speed table already playing its first match, ``match`` (a stacked game from
    ``tests.engine.spit``)."""
    spit = seated_table(SpitTable, registry, seats, **table)
    spit.begin(match)
    return spit


def stacked_assets_table(
    registry: TableRegistry, seats: Sequence[Seat], state: AssetsState, **table: Any
) -> AssetsTable:
    """A Cover Your Assets table playing ``state`` (a stacked round, say: see
    ``tests.engine.assets.table``)."""
    assets = seated_table(AssetsTable, registry, seats, **table)
    assets.begin(state)
    return assets


def stacked_topoum_table(
    registry: TableRegistry, seats: Sequence[Seat], position: TopoumPosition, **table: Any
) -> TopoumTable:
    """A Topoum table already playing, from ``position``; the host is the first human unless given."""
    topoum = seated_table(TopoumTable, registry, seats, **table)
    topoum.begin(TopoumState.from_position(position, seed=7))
    return topoum
