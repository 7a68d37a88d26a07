"""/league remove-result off the hot path (issue 19, item 14): the ratings are replayed in a
thread, without holding the database; a game recorded meanwhile is not lost, and a rebuild cut
short by a crash is caught up at the next start."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from data import Store, ratings
from data.ratings import Seat
from tests.data.test_leagues import ANA, BEN, CAT, DAN, GUILD, T0, game, league_with_season, seats


async def ratings_now(store: Store) -> dict[tuple[int | None, str | None], tuple[float, float, int]]:
    rows = await store._db.fetch(
        "SELECT user_id, ai_level, mu, sigma, games FROM ratings WHERE guild_id = ?", (GUILD,)
    )
    return {(row[0], row[1]): (round(row[2], 9), round(row[3], 9), row[4]) for row in rows}


async def replay_now(store: Store) -> dict[tuple[int | None, str | None], tuple[float, float, int]]:
    computed = await store._db.reading(lambda conn: ratings.computed(conn, GUILD, "toppo"))
    return {who: (round(s.mu, 9), round(s.sigma, 9), s.games) for who, s in computed.items()}


async def test_the_replay_runs_in_a_thread_and_takes_in_a_game_recorded_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await Store.open(tmp_path / "db.sqlite3") as store:
        league = await league_with_season(store)
        for number in range(6):
            await store.record_game(game(f"g{number}", seats({ANA: number, BEN: 3, CAT: 5 - number})))
        threads: list[threading.Thread] = []
        plain = ratings.replayed
        record_meanwhile = True

        def replayed(games: list[list[Seat]]) -> dict:  # type: ignore[type-arg]
            nonlocal record_meanwhile
            threads.append(threading.current_thread())
            if record_meanwhile:  # a game ends on another table while the replay computes
                record_meanwhile = False
                late = game("late", seats({CAT: 0, BEN: 1, ANA: 2}))
                asyncio.run_coroutine_threadsafe(store.record_game(late), loop).result()
            return plain(games)

        loop = asyncio.get_running_loop()
        monkeypatch.setattr(ratings, "replayed", replayed)
        removed_id = (await store.league_games(league, 10))[2].id
        await store.remove_result(league, removed_id, moderator_id=DAN, reason="doubtful", now=T0)

        assert threading.main_thread() not in threads and len(threads) == 2, (
            "computed again after the late game"
        )
        assert await ratings_now(store) == await replay_now(store)
        assert await store.get_meta(ratings.stale_key(GUILD, "toppo")) is None


async def test_a_rebuild_cut_short_is_caught_up_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db.sqlite3"
    async with await Store.open(path) as store:
        league = await league_with_season(store)
        for number in range(4):
            await store.record_game(game(f"g{number}", seats({ANA: number, BEN: 2, CAT: 4 - number})))
        removed_id = (await store.league_games(league, 10))[0].id

        async def crash(guild_id: int, kind: str) -> None:
            raise SystemExit("the bot was killed")

        monkeypatch.setattr(store, "rebuild_ratings", crash)
        with pytest.raises(SystemExit):
            await store.remove_result(league, removed_id, moderator_id=DAN, reason="doubtful", now=T0)
        assert await ratings_now(store) != await replay_now(store), "the removed game still counts"

    async with await Store.open(path) as store:
        assert await store.rebuild_stale_ratings() == 1
        assert await ratings_now(store) == await replay_now(store)
        assert await store.rebuild_stale_ratings() == 0
