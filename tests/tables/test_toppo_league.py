"""A Toppo table in a league's channel: the league's display rule holds for its games (and
survives a restart), and the finished game the table records counts for the running season."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from data import Store
from engine.toppo.actions import TurnCard
from tables.loading import load_table, open_table
from tables.lobby import Lobby
from tables.registry import TableRegistry
from tables.table import Table
from tables.toppo import Phase, ToppoTable
from tests.tables.manual_clock import ManualClock

GUILD, CHANNEL, HOST = 1, 2, 11


async def ignore(table: Table) -> None:
    """A publish that draws nothing: this test reads the table and the store."""


async def test_a_league_table_deals_the_leagues_display_and_its_game_counts(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [CHANNEL])
    await store.change_league_settings(league.id, ai_games_count=True, toppo_display=4)
    await store.start_season(league.id, now=datetime.now(UTC) - timedelta(minutes=1))
    clock = ManualClock()
    registry = TableRegistry(store, clock)
    found = await store.league_of_channel(GUILD, CHANNEL, "toppo")
    assert found is not None
    table = open_table(
        ToppoTable,
        registry,
        guild_id=GUILD,
        channel_id=CHANNEL,
        publish=ignore,
        locale="en-US",
        host_id=HOST,
        host_name="Host",
    )
    table.fixed_display = found.settings.toppo_display
    registry.add(table)
    for _ in range(2):
        await table.in_lobby(Lobby.add_ai, HOST, "hard")
    resumed = load_table(ToppoTable, registry, table.snapshot(), ignore)
    assert resumed.fixed_display == 4, "the rule is saved with the lobby"

    await table.start(HOST)
    game = table.require_state().game
    assert game.display_size == 4
    if game.restarter == 0:  # play waits for the host, the start player, to turn a first card
        await table.press(HOST, table.panel_stamp(0), TurnCard(0))
    for _ in range(600):  # then the host only looks at their panel; an AI seat calls toppo
        table.seating.pressed_by(HOST)
        await clock.advance(5, table.settle)
        if table.phase is not Phase.PLAYING:
            break
    await table.settle()

    assert table.phase is Phase.RESULTS
    (counted,) = await store.league_games(league, 10)
    assert counted.season_number == 1 and len(counted.players) == 3
    season = (await store.seasons(league.id))[0]
    (host,) = await store.standings(league, season)
    assert (host.name, host.games, host.wins) == ("Host", 1, 0)
    assert host.measure == table.require_state().totals[0] > 0
    assert table.require_state().display_sizes() == (4,)
    await table.stop()
