"""Each rating change kept (issue 32), on each driver: recording a rated game keeps how it moved
every seat; a removed result's rebuild rewrites them; games recorded before migration 0014 get
theirs from the rebuild the bot runs at start."""

from pathlib import Path

from data import RatingChange, Store
from data.ratings import display_rating
from tests.data.conftest import Databases, migrations_up_to, poke
from tests.data.test_leagues import ANA, BEN, CAT, game, league_with_season, seats


async def history(store: Store, keys: list[str]) -> list[list[RatingChange]]:
    return [await store.rating_changes(100, key) for key in keys]


async def test_a_rated_game_keeps_how_it_moved_every_seat(store: Store) -> None:
    await store.record_game(game("g1", seats({ANA: 0, BEN: 5}, ai={"hard": 9})))
    await store.record_game(game("g2", seats({BEN: 0, ANA: 5})))
    first, second = await history(store, ["g1", "g2"])
    assert [(c.seat, c.before) for c in first] == [(0, 1500), (1, 1500), (2, 1500)]
    assert first[0].after > 1500 > first[2].after
    assert second[1].before == first[0].after, "Ana's second game starts where her first ended"
    board = {r.name: r.display for r in await store.leaderboard(100, "toppo")}
    assert board == {"Ana": second[1].after, "Ben": second[0].after}
    assert await store.rating_changes(100, "nothing") == []


async def test_a_removal_rewrites_the_history_as_if_the_game_never_counted(store: Store) -> None:
    league = await league_with_season(store)
    for number in range(3):
        await store.record_game(game(f"g{number}", seats({ANA: number, BEN: 2, CAT: 4 - number})))
    removed = (await store.league_games(league, 10))[-1]  # the first game
    await store.remove_result(league, removed.id, moderator_id=CAT, reason="test")
    first, second, third = await history(store, ["g0", "g1", "g2"])
    assert first == [], "a removed result moves nobody"
    assert all(c.before == display_rating(25.0) for c in second), "the first counted game is now g1"
    assert [c.before for c in third] == [c.after for c in second]


async def test_games_recorded_before_0014_get_their_history_at_the_next_start(
    databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    async with await Store.open(database, migrations_dir=migrations_up_to(databases.driver, tmp_path, 13)):
        pass
    finished = "2025-03-07T21:00:00.000000Z"
    statements = [
        f"INSERT INTO players (user_id, display_name, updated_at) VALUES ({ANA}, 'Ana', '{finished}'),"
        f" ({BEN}, 'Ben', '{finished}')"
    ]
    for number in range(3):
        statements += [
            "INSERT INTO games (guild_id, channel_id, game, result_key, started_at, finished_at, has_ai)"
            f" VALUES (100, 200, 'toppo', 'g{number}', '{finished}', '{finished}', 0)",
            "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won)"
            f" SELECT id, 0, {ANA}, NULL, {number}, 1, 1 FROM games WHERE result_key = 'g{number}'"
            f" UNION ALL SELECT id, 1, {BEN}, NULL, 9, 2, 0 FROM games WHERE result_key = 'g{number}'",
        ]
    await poke(database, *statements)
    async with await Store.open(database) as store:
        assert await history(store, ["g0"]) == [[]], "nothing kept yet"
        assert await store.rebuild_stale_ratings() == 1
        rebuilt = await history(store, ["g0", "g1", "g2"])
    async with await Store.open(await databases.new()) as fresh:
        for number in range(3):
            await fresh.record_game(game(f"g{number}", seats({ANA: number, BEN: 9})))
        assert rebuilt == await history(fresh, ["g0", "g1", "g2"])
