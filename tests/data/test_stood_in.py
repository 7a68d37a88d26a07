"""Honest results (issue 30), in the store on each driver: a seat an AI played for its person is
kept with how many moves and whether the person was absent; a league counts such games with the
absent person last, or leaves them out of its standings and of the ratings; results recorded
before migration 0011 read as played in full."""

import sqlite3
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

from data import LeagueSettings, SeatResult, Store
from tests.data.conftest import Databases, migrations_up_to, peek, poke
from tests.data.test_leagues import (
    ANA,
    BEN,
    CAT,
    GAMES,
    GUILD,
    LOUNGE,
    T0,
    game,
    league_with_season,
    seats,
    table,
)


def played_for(
    seated: tuple[SeatResult, ...], user: int, moves: int, *, absent: bool = True
) -> tuple[SeatResult, ...]:
    """``seated`` with ``user``'s seat played ``moves`` times for them (and them absent at the end)."""
    return tuple(replace(s, stood_in=moves, absent=absent) if s.user_id == user else s for s in seated)


async def ratings_of(store: Store) -> list[tuple[str, int, float]]:
    """The Toppo leaderboard as (name, games, mu)."""
    return [(r.name, r.games, r.mu) for r in await store.leaderboard(GUILD, "toppo")]


# -- the records -----------------------------------------------------------------------------------


def test_only_a_persons_seat_is_played_for_them_and_it_stays_a_persons_seat() -> None:
    for ai_seat in ({"stood_in": 1}, {"absent": True}):
        with pytest.raises(ValueError, match="only a person's seat"):
            SeatResult(0, None, "AI", "hard", 0, 1, won=True, **ai_seat)
    with pytest.raises(ValueError, match="counts moves"):
        SeatResult(0, ANA, "Ana", None, 0, 1, won=True, stood_in=-1)

    left = game("left", played_for(seats({ANA: 0, BEN: 5}), BEN, 3))
    assert left.stood_in and not left.has_ai, "a person's seat played for them is no AI seat"
    assert not game("ai", seats({ANA: 0}, ai={"hard": 5})).stood_in
    absent_only = game("gone", played_for(seats({ANA: 0, BEN: 5}), BEN, 0))
    assert not absent_only.stood_in, "left, but nobody played for them"


def test_settings_say_how_games_an_ai_played_for_someone_in_count() -> None:
    assert LeagueSettings().absent_games == "last"
    older = {"ai_games_count": True, "turn_timer": None, "toppo_display": 4}
    assert LeagueSettings.from_json(older) == LeagueSettings(ai_games_count=True, toppo_display=4)
    chosen = LeagueSettings(absent_games="excluded")
    assert LeagueSettings.from_json(chosen.to_json()) == chosen
    with pytest.raises(ValueError, match="absent_games"):
        LeagueSettings(absent_games="ignored")


# -- stored and read back --------------------------------------------------------------------------


async def test_seats_played_for_their_people_are_stored_and_counted_in_statistics(
    store: Store, database: str | Path
) -> None:
    league = await league_with_season(store)
    await store.record_game(game("left", played_for(seats({ANA: 0, BEN: 4, CAT: 9}), CAT, 7)))
    timed_out = played_for(seats({ANA: 3, BEN: 0}), ANA, 2, absent=False)  # back before the end
    await store.record_game(game("timer", timed_out, finished=T0 + timedelta(hours=2)))
    await store.record_game(game("full", seats({ANA: 0, CAT: 1}), finished=T0 + timedelta(hours=3)))

    rows = await peek(
        database, "SELECT game_id, user_id, stood_in, absent FROM results ORDER BY game_id, seat"
    )
    assert rows == [
        (1, ANA, 0, 0),
        (1, BEN, 0, 0),
        (1, CAT, 7, 1),
        (2, ANA, 2, 0),
        (2, BEN, 0, 0),
        (3, ANA, 0, 0),
        (3, CAT, 0, 0),
    ]
    assert await peek(database, "SELECT rated FROM games ORDER BY id") == [(1,), (1,), (1,)]
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await poke(
            database,
            "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won, stood_in)"
            " VALUES (3, 2, NULL, 'hard', 0, 3, 0, 1)",
        )
    said = {user: await store.player_stats(GUILD, user) for user in (ANA, BEN, CAT)}
    assert {user: (s.stood_in, s.absent) for user, s in said.items()} == {
        ANA: (1, 0),
        BEN: (0, 0),
        CAT: (1, 1),
    }
    assert said[CAT].games[0].games == 2, "their games still count in their statistics"
    assert league.season is not None
    assert await store.stood_in_games(league, league.season) == 2


async def test_results_recorded_before_migration_0011_read_as_played_in_full_and_rated(
    databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    older = migrations_up_to(databases.driver, tmp_path, 10)
    async with await Store.open(database, migrations_dir=older):
        pass
    finished = "2025-03-07T21:00:00.000000Z"
    await poke(
        database,
        f"INSERT INTO players (user_id, display_name, updated_at) VALUES ({ANA}, 'Ana', '{finished}'),"
        f" ({BEN}, 'Ben', '{finished}')",
        "INSERT INTO games (guild_id, channel_id, game, result_key, started_at, finished_at, has_ai)"
        f" VALUES ({GUILD}, {GAMES}, 'toppo', 'old', '{finished}', '{finished}', 0)",
        "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won)"
        f" SELECT id, 0, {ANA}, NULL, 0, 1, 1 FROM games"
        f" UNION ALL SELECT id, 1, {BEN}, NULL, 5, 2, 0 FROM games",
    )

    async with await Store.open(database) as store:
        assert await peek(database, "SELECT stood_in, absent FROM results") == [(0, 0), (0, 0)]
        assert await peek(database, "SELECT rated FROM games") == [(1,)]
        ana = await store.player_stats(GUILD, ANA)
        assert (ana.games[0].games, ana.stood_in, ana.absent) == (1, 0, 0)
        await store.rebuild_ratings(GUILD, "toppo")
        assert [(name, games) for name, games, _ in await ratings_of(store)] == [("Ana", 1), ("Ben", 1)]


async def test_settings_stored_before_the_setting_read_as_last(store: Store, database: str | Path) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES])
    older = '{"ai_games_count": true, "turn_timer": null, "toppo_display": 4}'
    await poke(database, f"UPDATE leagues SET settings = '{older}'")
    (again,) = await store.leagues(GUILD)
    assert again.settings == LeagueSettings(ai_games_count=True, toppo_display=4, absent_games="last")
    changed = await store.change_league_settings(league.id, absent_games="excluded")
    assert changed == LeagueSettings(ai_games_count=True, toppo_display=4, absent_games="excluded")
    (stored,) = await store.leagues(GUILD)
    assert stored.settings == changed


# -- leagues and ratings ---------------------------------------------------------------------------


async def test_a_game_an_ai_played_for_someone_in_counts_unless_the_league_leaves_it_out(
    store: Store,
) -> None:
    league = await league_with_season(store)
    await store.record_game(game("last", played_for(seats({ANA: 0, BEN: 5}), BEN, 3)))
    assert await table(store, league) == [(1, "Ana", 1, 1, 0), (2, "Ben", 1, 0, 5)]

    await store.change_league_settings(league.id, absent_games="excluded")
    await store.record_game(game("excluded", played_for(seats({ANA: 9, BEN: 0}), ANA, 3)))
    await store.record_game(game("gone", played_for(seats({ANA: 1, BEN: 2}), BEN, 0)))

    assert await table(store, league) == [(1, "Ana", 2, 2, 1), (2, "Ben", 2, 0, 7)], (
        "the left-out game is not counted; one where nobody played for the absent person is"
    )
    assert [g.id for g in await store.league_games(league, 10)] == [3, 1]
    assert league.season is not None
    assert await store.stood_in_games(league, league.season) == 1


async def test_a_game_left_out_is_not_rated_and_a_rebuild_leaves_it_out_too(
    store: Store, database: str | Path, databases: Databases
) -> None:
    league = await league_with_season(store, absent_games="excluded")
    kept = [game("a", seats({ANA: 0, BEN: 5, CAT: 8})), game("c", seats({CAT: 0, ANA: 3, BEN: 4}))]
    left_out = game("b", played_for(seats({BEN: 12, CAT: 9, ANA: 0}), BEN, 4))
    doubtful = game("d", seats({BEN: 0, ANA: 2, CAT: 3}))
    for record in (kept[0], left_out, kept[1], doubtful):
        await store.record_game(record)
    assert await peek(database, "SELECT rated FROM games ORDER BY id") == [(1,), (0,), (1,), (1,)]

    async with await Store.open(await databases.new()) as never_had_it:
        for record in (*kept, doubtful):
            await never_had_it.record_game(record)
        assert await ratings_of(store) == await ratings_of(never_had_it)

    await store.remove_result(league, 4, moderator_id=CAT, reason="played with a bot", now=T0)

    async with await Store.open(await databases.new()) as replayed:
        for record in kept:
            await replayed.record_game(record)
        assert await ratings_of(store) == await ratings_of(replayed)
    assert [games for _, games, _ in await ratings_of(store)] == [2, 2, 2]


async def test_the_channels_league_decides_the_rating_season_or_not(
    store: Store, database: str | Path
) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES])
    await store.change_league_settings(league.id, absent_games="excluded")
    left = played_for(seats({ANA: 0, BEN: 5}), BEN, 3)
    await store.record_game(game("between-seasons", left))
    await store.record_game(game("no-league", left, channel=LOUNGE))
    await store.record_game(game("other-game", left, kind="topoum"))

    assert await peek(database, "SELECT result_key, rated FROM games ORDER BY id") == [
        ("between-seasons", 0),
        ("no-league", 1),
        ("other-game", 1),
    ]
    assert [(name, games) for name, games, _ in await ratings_of(store)] == [("Ana", 1), ("Ben", 1)]
