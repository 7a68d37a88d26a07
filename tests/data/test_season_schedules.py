"""Seasons that turn over by themselves (issue 45), in the store on each driver: a schedule
starts a season in its period if none runs, a boundary ends the running one there and starts the
next in one transaction, done once however often it is retried; seasons from before migration
0017 read back without a period."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from data import SeasonSchedule, Store
from tests.data.conftest import Databases, migrations_up_to, poke
from tests.data.test_leagues import GAMES, GUILD

T0 = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
BOUNDARY = datetime(2026, 12, 1, tzinfo=UTC)


def monthly(league_id: int) -> SeasonSchedule:
    return SeasonSchedule(league_id, GUILD, "monthly", "UTC", GAMES, "en-US")


async def test_a_schedule_starts_a_season_in_its_period_unless_one_runs(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
    started = await store.set_season_schedule(monthly(league.id), period="monthly:2026-11-01", now=T0)
    assert started is not None and started.period == "monthly:2026-11-01" and started.number == 1
    assert await store.season_schedule(league.id) == monthly(league.id)
    weekly = replace(monthly(league.id), every="weekly", zone="Europe/Madrid", winner_role_id=77)
    assert await store.set_season_schedule(weekly, period="weekly:2026-11-23", now=T0) is None
    assert await store.season_schedule(league.id) == weekly, "changed in place; the season runs on"
    await store.drop_season_schedule(league.id)
    assert await store.season_schedule(league.id) is None
    [season] = await store.seasons(league.id)
    assert season.running and season.period == "monthly:2026-11-01"


async def test_a_boundary_ends_the_season_there_and_starts_the_next_once(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
    await store.set_season_schedule(monthly(league.id), period="monthly:2026-11-01", now=T0)
    rolled = await store.roll_season(league.id, BOUNDARY, "monthly:2026-12-01")
    assert rolled is not None
    ended, started = rolled
    assert ended is not None and (ended.number, ended.ended_at) == (1, BOUNDARY)
    assert (started.number, started.started_at, started.period) == (2, BOUNDARY, "monthly:2026-12-01")
    assert await store.roll_season(league.id, BOUNDARY, "monthly:2026-12-01") is None, "done once"
    assert [s.number for s in await store.seasons(league.id)] == [1, 2]
    [running] = [league for league in await store.leagues(GUILD) if league.id == league.id]
    assert running.season is not None and running.season.period == "monthly:2026-12-01"


async def test_a_boundary_with_no_season_running_starts_one(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
    rolled = await store.roll_season(league.id, BOUNDARY, "monthly:2026-12-01")
    assert rolled is not None and rolled[0] is None and rolled[1].number == 1


async def test_seasons_from_before_migration_0017_have_no_period(
    databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    async with await Store.open(
        database, migrations_dir=migrations_up_to(databases.driver, tmp_path, 16)
    ) as store:
        await store.set_absent_after(GUILD, 60)
    started = "2026-11-28T20:00:00.000000Z"
    await poke(
        database,
        "INSERT INTO leagues (guild_id, name, game, created_at)"
        f" VALUES ({GUILD}, 'Friday', 'toppo', '{started}')",
        f"INSERT INTO seasons (league_id, number, started_at) SELECT id, 1, '{started}' FROM leagues",
    )
    async with await Store.open(database) as store:
        [league] = await store.leagues(GUILD)
        [season] = await store.seasons(league.id)
        assert season.running and season.period is None
        assert await store.season_schedule(league.id) is None
        rolled = await store.roll_season(league.id, T0 + timedelta(days=3), "monthly:2026-12-01")
        assert rolled is not None and rolled[0] is not None and rolled[0].period is None
