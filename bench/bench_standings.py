"""How long the league's answers take: the standings picture, and a leaderboard read, each against
a naive way measured in the same run.

Run: ``.venv/bin/python -m bench.bench_standings [--renders N] [--games N]``.

- Picture: :func:`render.standings.table_png` (cached palette tiles, palette PNG at zlib level 1)
  against the same layout drawn from scratch on an RGB canvas with Pillow's drawing calls and
  :func:`render.fonts.draw_text`, saved as an RGB PNG at Pillow's default settings. The views
  are 15-line standings whose totals change from one picture to the next, as after each game.
- Leaderboard: ``--games`` four-player games (eight people and an AI level, random places) are
  recorded in a league; then :meth:`data.Store.leaderboard` (ratings kept up to date as games are
  recorded) against computing the ratings from every result on each request
  (:func:`data.ratings.computed`, what a leaderboard without stored ratings would do). Recording
  is timed too: the cost of attributing each game to its season and updating its ratings in the
  recording transaction.

Prints mean / p50 / p95 in milliseconds, the ratios naive / ours, and a one-line JSON summary.
"""

import argparse
import asyncio
import io
import json
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from PIL import Image, ImageDraw

from bench.measure import summary, timings
from data import GameRecord, SeatResult, Store
from data.ratings import computed
from data.store import open_database
from render.fonts import draw_text, line_height, text_width, top_for_middle
from render.standings import (
    HEAD_TOP,
    LABEL_SIZE,
    MARGIN,
    NAME_SIZE,
    NAME_X,
    NUMBER_SIZE,
    RANK_X,
    ROW_HEIGHT,
    ROW_PITCH,
    ROWS_TOP,
    TITLE_SIZE,
    VALUE_RIGHT,
    WIDTH,
    Columns,
    Labels,
    Row,
    table_png,
    table_size,
)
from render.theme import BG, DIM, GOLD, PANEL, TEXT

NAMES = ("Alice", "محمد علي", "Дмитрий", "राहुल", "王小明", "김민준", "Bob 👍🏽", "Zoë the Great")
PLAYERS = [f"{name} {n}" for n in range(2) for name in NAMES][:15]
TITLE, HINT, MEASURE = "Friday · Toppo · season 3", "Penalty points: the lowest total leads", "Penalty"
GUILD, CHANNEL = 1, 2


def views(count: int = 30, seed: int = 7) -> list[list[Row]]:
    """Standings after consecutive games: everyone's total grows, the order changes."""
    rng = random.Random(seed)
    totals = dict.fromkeys(PLAYERS, 0)
    result = []
    for _ in range(count):
        for name in rng.sample(PLAYERS, 4):
            totals[name] += rng.randrange(0, 30)
        ordered = sorted(totals.items(), key=lambda item: item[1])
        result.append([Row(place, name, 12, f"{total:,}") for place, (name, total) in enumerate(ordered, 1)])
    return result


def naive_table_png(rows: list[Row]) -> bytes:
    """The standings drawn from scratch: RGB, every shape and word drawn each time."""
    labels = Labels()
    image = Image.new("RGB", table_size(len(rows)), BG)
    draw = ImageDraw.Draw(image)
    draw_text(image, (MARGIN, MARGIN), TITLE, TITLE_SIZE, GOLD, True)
    draw_text(image, (MARGIN, MARGIN + line_height(TITLE_SIZE) + 8), HINT, LABEL_SIZE, DIM)
    columns = Columns.of(MEASURE, rows, labels)
    draw_text(image, (RANK_X, HEAD_TOP), labels.rank, LABEL_SIZE, DIM)
    draw_text(image, (NAME_X, HEAD_TOP), labels.player, LABEL_SIZE, DIM)
    games_width = text_width(labels.games, LABEL_SIZE)
    draw_text(image, (columns.games_right - games_width, HEAD_TOP), labels.games, LABEL_SIZE, DIM)
    draw_text(image, (VALUE_RIGHT - text_width(MEASURE, LABEL_SIZE), HEAD_TOP), MEASURE, LABEL_SIZE, DIM)
    for index, row in enumerate(rows):
        y = ROWS_TOP + index * ROW_PITCH
        outline = GOLD if row.rank == 1 else PANEL
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_HEIGHT), 12, PANEL, outline, 3)
        name_y = top_for_middle(y + ROW_HEIGHT // 2, NAME_SIZE)
        number_y = top_for_middle(y + ROW_HEIGHT // 2, NUMBER_SIZE)
        draw_text(image, (RANK_X, name_y), str(row.rank), NAME_SIZE, DIM, True)
        draw_text(image, (NAME_X, name_y), row.name, NAME_SIZE, TEXT, True, columns.name_right - NAME_X)
        games = str(row.games)
        draw_text(
            image, (columns.games_right - text_width(games, NUMBER_SIZE), number_y), games, NUMBER_SIZE, DIM
        )
        value_x = VALUE_RIGHT - text_width(row.value, NUMBER_SIZE, True)
        draw_text(image, (value_x, number_y), row.value, NUMBER_SIZE, TEXT, True)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


async def leaderboard_bench(games: int, requests: int) -> dict[str, object]:
    """Record ``games`` league games, then time the stored leaderboard against a computed one."""
    rng = random.Random(11)
    people = list(range(1, 9))
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "bench.sqlite3"
        async with await Store.open(path) as store:
            league = await store.create_league(GUILD, "Friday", "toppo", [CHANNEL])
            await store.change_league_settings(league.id, ai_games_count=True)
            await store.start_season(league.id, now=datetime.now(UTC) - timedelta(days=1))
            recording = []
            for number in range(games):
                seated: list[int | None] = [*rng.sample(people, 3), None]  # three people, an AI
                scores = rng.sample(range(40), 4)
                seats = tuple(
                    SeatResult(
                        seat,
                        user,
                        "AI" if user is None else f"P{user}",
                        "hard" if user is None else None,
                        score,
                        1 + sorted(scores).index(score),
                        score == min(scores),
                    )
                    for seat, (user, score) in enumerate(zip(seated, scores, strict=True))
                )
                now = datetime.now(UTC)
                record = GameRecord(GUILD, CHANNEL, "toppo", f"g{number}", {}, now, now, seats)
                start = time.perf_counter()
                await store.record_game(record)
                recording.append((time.perf_counter() - start) * 1000)
            ours, naive = [], []
            database = await open_database(path)
            try:
                for _ in range(requests):
                    start = time.perf_counter()
                    await store.leaderboard(GUILD, "toppo")
                    ours.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    await database.reading(lambda conn: computed(conn, GUILD, "toppo"))
                    naive.append((time.perf_counter() - start) * 1000)
            finally:
                await database.close()
    mine, theirs = summary(ours), summary(naive)
    return {
        "record_ms": summary(recording),
        "ours_ms": mine,
        "naive_ms": theirs,
        "ratio": round(theirs["mean"] / mine["mean"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="pictures per renderer")
    parser.add_argument("--games", type=int, default=2000, help="games recorded before the leaderboard")
    parser.add_argument("--requests", type=int, default=30, help="leaderboard reads per way")
    args = parser.parse_args()
    shown = views()

    def ours(rows: list[Row]) -> bytes:
        return table_png(TITLE, HINT, MEASURE, rows)

    cold = timings(ours, shown, 1)[0]
    timings(ours, shown, len(shown))  # every view once, so "ours" is measured with warm tiles
    mine = summary(timings(ours, shown, args.renders))
    theirs = summary(timings(naive_table_png, shown, args.renders))
    ratio = round(theirs["mean"] / mine["mean"], 1)
    print(
        f"standings picture  ours  mean {mine['mean']:6.2f}  p50 {mine['p50']:6.2f}"
        f"  p95 {mine['p95']:6.2f} ms"
        f"  ({len(ours(shown[0])) // 1024} KB; first render {cold:.0f} ms)"
    )
    print(
        f"{'':17}  naive mean {theirs['mean']:6.2f}  p50 {theirs['p50']:6.2f}  p95 {theirs['p95']:6.2f} ms"
        f"  ({len(naive_table_png(shown[0])) // 1024} KB)   ratio naive/ours {ratio}x"
    )
    board = asyncio.run(leaderboard_bench(args.games, args.requests))
    stored, naive, record = board["ours_ms"], board["naive_ms"], board["record_ms"]
    assert isinstance(stored, dict) and isinstance(naive, dict) and isinstance(record, dict)
    print(
        f"leaderboard after {args.games} games  stored mean {stored['mean']:7.2f} ms"
        f"   computed from results mean {naive['mean']:7.2f} ms   ratio {board['ratio']}x"
    )
    print(
        "recording a 4-seat league game (season, results, ratings):"
        f" mean {record['mean']:.2f} ms, p95 {record['p95']:.2f} ms"
    )
    print(
        json.dumps(
            {
                "bench": "standings",
                "renders": args.renders,
                "picture": {"ours_ms": mine, "naive_ms": theirs, "ratio": ratio, "cold_ms": round(cold, 1)},
                "leaderboard": {"games": args.games, **board},
            }
        )
    )


if __name__ == "__main__":
    main()
