"""A table of Tally, the tests' own turn-based game, for the tests of a table's parts: opened,
seated and started, and a game played to its end by whoever's turn it is."""

from __future__ import annotations

from functools import partial

from tables.loading import open_table
from tables.lobby import Lobby
from tables.registry import TableRegistry
from tests.fixture_game.tables import TallyTable
from tests.tables.stacked import nothing_to_publish

HOST, ANA, BEN = 10, 11, 12


async def started(
    registry: TableRegistry, *people: int, ai: str | None = None, channel_id: int = 2
) -> TallyTable:
    """A Tally table hosted by :data:`HOST` with ``people`` (and an AI seat at ``ai``), started,
    in channel ``channel_id``."""
    table = open_table(
        TallyTable,
        registry,
        guild_id=1,
        channel_id=channel_id,
        publish=nothing_to_publish,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    registry.add(table)
    for user in people:
        await table.in_lobby(Lobby.join, user, f"P{user}")
    if ai is not None:
        await table.in_lobby(Lobby.add_ai, HOST, ai)
    await table.start(HOST)
    return table


async def play_to_the_end(table: TallyTable) -> None:
    """The running game played to its end, the largest step each turn: a person's by their panel,
    a seat an AI plays as its driver would."""
    while (state := table.require_state()).winner is None:
        user = table.seats[state.current].user_id
        action = state.legal_actions(state.current)[-1]
        if user is None or table.seating.plays_for(state.current):
            await table.change(partial(table.apply_action, action))
        else:
            await table.press(user, table.stamp(), action)
