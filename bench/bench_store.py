"""The store on SQLite against the store on PostgreSQL, in the same run, with a big league.

Run: ``.venv/bin/python -m bench.bench_store [--games N] [--records N] [--reads N]``.

For each driver a fresh database gets a league with a running season holding ``--games``
recorded games (100,000 by default: four seats each, three of eight people and an AI level,
so 400,000 seat results), loaded in one transaction through the driver layer, then analysed as
a database that has been running a while would be. Then, through :class:`data.Store`:

- recording: ``--records`` more league games, one :meth:`~data.Store.record_game` each (the
  season it counts for, its results and the ratings it changes, in one transaction);
- standings: ``--reads`` reads of the season's standings (:meth:`~data.Store.standings`), a sum
  over every result of the season each time.

PostgreSQL is the server ``DATABASE_TEST_URL`` names (a superuser's URL: the benchmark creates
and drops a database there) or else a throwaway cluster started as the tests start theirs
(:mod:`tests.postgres`), but durable (fsync on, PostgreSQL's defaults), as SQLite is here.

Prints mean / p50 / p95 in milliseconds per driver, the ratios PostgreSQL / SQLite (above 1:
PostgreSQL is slower), and a one-line JSON summary.
"""

import argparse
import asyncio
import json
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.measure import summary
from data import GameRecord, SeatResult, Store
from data.driver import Connection
from data.store import open_database
from data.times import db_time
from tests.postgres import Server

GUILD, CHANNEL = 1, 2
PEOPLE = range(1, 9)
SEASON_START = datetime(2025, 1, 1, tzinfo=UTC)


def seats(rng: random.Random) -> list[tuple[int | None, str | None, int, int, int]]:
    """(user_id, ai_level, score, rank, won) of a four-seat Toppo game: three people, an AI."""
    who: list[int | None] = [*rng.sample(PEOPLE, 3), None]
    scores = rng.sample(range(40), 4)
    ranks = [1 + sorted(scores).index(score) for score in scores]
    return [
        (user, None if user is not None else "hard", score, rank, int(rank == 1))
        for user, score, rank in zip(who, scores, ranks, strict=True)
    ]


async def load(conn: Connection, league_id: int, season_id: int, games: int) -> None:
    """``games`` recorded league games, written straight into the tables (recording them one by
    one would take the benchmark an hour); the SQL is the same for both drivers."""
    rng = random.Random(5)
    finished = db_time(SEASON_START + timedelta(hours=1))
    await conn.executemany(
        "INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?)",
        [(user, f"Player {user}", finished) for user in PEOPLE],
    )
    await conn.executemany(
        "INSERT INTO games (guild_id, channel_id, game, league_id, season_id, result_key, options,"
        " started_at, finished_at, has_ai) VALUES (?, ?, 'toppo', ?, ?, ?, '{}', ?, ?, 1)",
        [(GUILD, CHANNEL, league_id, season_id, f"bulk:{n}", finished, finished) for n in range(games)],
    )
    await conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won)"
        " VALUES ((SELECT id FROM games WHERE result_key = ?), ?, ?, ?, ?, ?, ?)",
        [(f"bulk:{n}", seat, *result) for n in range(games) for seat, result in enumerate(seats(rng))],
    )
    await conn.execute("ANALYZE")


async def measure(database: str | Path, games: int, records: int, reads: int) -> dict[str, dict[str, float]]:
    """Fill ``database`` and time recording and standings on it."""
    async with await Store.open(database) as store:
        league = await store.create_league(GUILD, "Friday", "toppo", [CHANNEL], now=SEASON_START)
        await store.change_league_settings(league.id, ai_games_count=True)
        season = await store.start_season(league.id, now=SEASON_START)
        raw = await open_database(database)
        try:
            await raw.writing(lambda conn: load(conn, league.id, season.id, games))
        finally:
            await raw.close()
        rng = random.Random(9)
        recording = []
        for number in range(records):
            now = datetime.now(UTC)
            seated = tuple(
                SeatResult(seat, user, f"Player {user}" if user else "AI", level, score, rank, won=bool(won))
                for seat, (user, level, score, rank, won) in enumerate(seats(rng))
            )
            record = GameRecord(GUILD, CHANNEL, "toppo", f"timed:{number}", {}, now, now, seated)
            start = time.perf_counter()
            await store.record_game(record)
            recording.append((time.perf_counter() - start) * 1000)
        (league,) = await store.leagues(GUILD)
        reading = []
        for _ in range(reads):
            start = time.perf_counter()
            table = await store.standings(league, season)
            reading.append((time.perf_counter() - start) * 1000)
        assert sum(row.games for row in table) == 3 * (games + records), "every person's game counted"
    return {"record_ms": summary(recording), "standings_ms": summary(reading)}


async def run(games: int, records: int, reads: int) -> dict[str, dict[str, dict[str, float]]]:
    server = Server(durable=True)
    try:
        url = await server.create_database()
        try:
            postgresql = await measure(url, games, records, reads)
        finally:
            await server.drop_database(url)
    finally:
        server.stop()
    with tempfile.TemporaryDirectory() as directory:
        sqlite = await measure(Path(directory) / "bench.sqlite3", games, records, reads)
    return {"sqlite": sqlite, "postgresql": postgresql}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000, help="games recorded in the league first")
    parser.add_argument("--records", type=int, default=300, help="league games recorded and timed")
    parser.add_argument("--reads", type=int, default=20, help="standings reads timed")
    args = parser.parse_args()
    figures = asyncio.run(run(args.games, args.records, args.reads))
    ratios = {}
    for key, label in (("record_ms", "recording a league game"), ("standings_ms", "reading the standings")):
        sqlite, postgresql = figures["sqlite"][key], figures["postgresql"][key]
        ratios[key.removesuffix("_ms")] = round(postgresql["mean"] / sqlite["mean"], 2)
        for name, f in (("sqlite", sqlite), ("postgresql", postgresql)):
            print(f"{label:24} {name:10}  mean {f['mean']:8.2f}  p50 {f['p50']:8.2f}  p95 {f['p95']:8.2f} ms")
        print(f"{'':24} ratio postgresql/sqlite {ratios[key.removesuffix('_ms')]}x")
    print(
        json.dumps(
            {
                "bench": "store",
                "games": args.games,
                "results": 4 * args.games,
                **figures,
                "ratio_postgresql_over_sqlite": ratios,
            }
        )
    )


if __name__ == "__main__":
    main()
