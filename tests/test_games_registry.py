"""engine/games.py is the one place that names the games: everything that lists them reads it,
each registered game finds its modules and words by convention, every catalogue key the shared
pieces read for it is there in every language, and the database no longer lists them (migration
0007), so a new game is one registration line plus files named for it."""

from __future__ import annotations

import importlib
import json
import sqlite3
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from cogs.actions import SHARED
from cogs.kinds import GameKind
from cogs.rules import sections
from data import GameRecord, Season, Store
from data.times import db_time
from engine import selfplay
from engine.games import Measure, Registered, game_of, names, recorded, register, registered, turn_based
from locales import catalog
from tests.data.test_leagues import ANA, BEN, T0, game, seats
from tests.faults.older import database_at

ROOT = Path(__file__).resolve().parents[1]


def kind_of(name: str) -> GameKind[Any]:
    kind: GameKind[Any] = importlib.import_module(game_of(name).module("cogs")).KIND
    return kind


@pytest.mark.parametrize("name", names())
def test_a_registered_game_has_its_kind_its_selfplay_and_every_key_in_every_language(name: str) -> None:
    kind = kind_of(name)
    assert kind.name == name
    assert selfplay.load(name).min_players >= 1
    for language in catalog().languages:
        words = catalog().messages[language]
        missing = [key for key in kind.text_keys() if key not in words]
        assert missing == [], f"{language}: {missing}"


@pytest.mark.parametrize("name", names())
def test_every_language_gives_a_games_rules_in_the_same_sections(name: str) -> None:
    found = {language: sections(catalog(), name, language) for language in catalog().languages}
    english = found["en"]
    assert len(english) >= 3 and english[-1] == "discord", "how to play it here comes last"
    assert all(those == english for those in found.values()), found


@pytest.mark.parametrize("name", names())
def test_a_games_own_actions_are_not_the_ones_every_table_shares(name: str) -> None:
    """A panel's move named like a shared button (Leave game, the host's seat menu, Play
    again, the lobby's, the results') would be routed to that button instead."""
    panel = kind_of(name).panel
    assert not ({panel.opener} | panel.actions) & SHARED


@pytest.mark.parametrize("name", names())
def test_a_game_nights_tables_are_within_a_games_seats_its_best_preferred(name: str) -> None:
    table = kind_of(name).table_class
    sizes = table.night_sizes()  # refused unless fewest <= best <= most
    assert (sizes.fewest, sizes.most) == table.seats_allowed
    assert sizes.best == {"toppo": 4, "assets": 4, "spit": 2, "topoum": 3}.get(name, sizes.best), (
        "docs/rules.md, section 6, names each game's best size"
    )


def test_the_games_prefixes_differ() -> None:
    prefixes = [kind_of(name).prefix for name in names()]
    assert len(set(prefixes)) == len(prefixes)


def test_every_recorded_name_belongs_to_one_game_and_the_store_checks_against_them() -> None:
    assert recorded() == tuple(name for known in registered() for name in known.recorded_as)
    assert turn_based("speed") is turn_based("spit")
    with pytest.raises(ValueError, match="unknown game 'fifth'"):
        game("fifth:1", seats({ANA: 0, BEN: 1}), kind="fifth")
    with pytest.raises(ValueError, match="registered already"):
        register(Registered("speed", Measure("won")))


def old_game(
    conn: sqlite3.Connection, record: GameRecord, league_id: int | None, season_id: int | None
) -> None:
    """``record`` written as the store of version 6 wrote it."""
    finished = db_time(record.finished_at)
    conn.execute(
        "INSERT INTO games (guild_id, channel_id, game, league_id, season_id, result_key, started_at,"
        " finished_at, has_ai) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
        (
            record.guild_id,
            record.channel_id,
            record.game,
            league_id,
            season_id,
            record.result_key,
            db_time(record.started_at),
            finished,
        ),
    )
    conn.executemany(
        "INSERT OR IGNORE INTO players (user_id, display_name, updated_at) VALUES (?, ?, ?)",
        [(s.user_id, s.display_name, finished) for s in record.seats],
    )
    conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, score, rank, won)"
        " SELECT id, ?, ?, ?, ?, ? FROM games WHERE result_key = ?",
        [(s.seat, s.user_id, s.score, s.rank, int(s.won), record.result_key) for s in record.seats],
    )


async def test_migration_0007_keeps_every_row_and_stops_listing_the_games(tmp_path: Path) -> None:
    path = await database_at(tmp_path, 6)
    with sqlite3.connect(path) as then:  # a league and its season as the bot kept them then
        then.execute(
            "INSERT INTO leagues (guild_id, name, name_key, game, created_at)"
            " VALUES (100, 'Friday', 'friday', 'speed', ?)",
            (db_time(T0),),
        )
        (league_id,) = then.execute("SELECT id FROM leagues").fetchone()
        then.execute("INSERT INTO league_channels (league_id, channel_id) VALUES (?, 200)", (league_id,))
        then.execute(
            "INSERT INTO seasons (league_id, number, started_at) VALUES (?, 1, ?)", (league_id, db_time(T0))
        )
        (season_id,) = then.execute("SELECT id FROM seasons").fetchone()
    season = Season(int(season_id), int(league_id), 1, T0, None)
    moves = ({"type": "play", "n": 1}, {"type": "play", "n": 2})
    before = sqlite3.connect(path)
    with before:  # games as the bot recorded them then (today's store writes 0011's columns)
        for record, counts in (
            (game("speed:1", seats({ANA: 0, BEN: 1}), kind="speed"), (season.league_id, season.id)),
            (game("topoum:1", seats({ANA: 3, BEN: 1}), kind="topoum", channel=201), (None, None)),
        ):
            old_game(before, record, *counts)
    with before:  # a table as the bot saved it then (its store wrote no thread)
        before.execute(
            "INSERT INTO saved_tables (table_id, guild_id, channel_id, game, state, updated_at)"
            " VALUES ('t1', 100, 200, 'spit', '{\"dealt\": \"x\"}', '2026-01-01 00:00:00')"
        )
        before.executemany(
            "INSERT INTO saved_moves (table_id, seq, move) VALUES ('t1', ?, ?)",
            [(n, json.dumps(move)) for n, move in enumerate(moves)],
        )
    counted = {
        name: before.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
        for name in (
            "leagues",
            "seasons",
            "league_channels",
            "games",
            "results",
            "saved_moves",
        )
    }
    before.close()

    async with await Store.open(path) as store:
        (league_now,) = await store.leagues(100)
        assert (league_now.name, league_now.game, league_now.season) == ("Friday", "speed", season)
        assert [(s.name, s.measure) for s in await store.standings(league_now, season)] == [
            ("Ana", 1),
            ("Ben", 0),
        ]
        await store.rebuild_ratings(100, "speed")
        assert [r.name for r in await store.leaderboard(100, "speed")] == ["Ana", "Ben"]
        (saved,) = await store.load_tables()
        assert saved.moves == moves
        await store.delete_table("t1")

    after = sqlite3.connect(path)
    try:
        assert after.execute("PRAGMA foreign_key_check").fetchall() == []
        assert after.execute("SELECT count(*) FROM saved_moves").fetchone()[0] == 0, "still cascades"
        for name, count in counted.items():
            expected = 0 if name == "saved_moves" else count
            assert after.execute(f"SELECT count(*) FROM {name}").fetchone()[0] == expected, name
        schema = " ".join(
            sql for (sql,) in after.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL")
        )
        assert "'toppo'" not in schema, "no table lists the games any more"
        after.execute(
            "INSERT INTO games (guild_id, channel_id, game, result_key, started_at, finished_at, has_ai)"
            " VALUES (1, 2, 'fifth', 'fifth:1', ?, ?, 0)",
            ((T0 - timedelta(minutes=5)).isoformat(), T0.isoformat()),
        )
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            after.execute(
                "INSERT INTO saved_tables (table_id, guild_id, channel_id, game, state, updated_at)"
                " VALUES ('t2', 1, 3, '', '{}', ?)",
                (T0.isoformat(),),
            )
    finally:
        after.close()


def test_the_bot_alone_plays_only_its_own_games() -> None:
    """Tally is registered by the tests' own process and their bot's entry point only: a fresh
    interpreter that loads the bot (as ``python bot.py`` does) offers the bot's games alone."""
    script = (
        "import bot\nfrom engine.games import GAMES, names\nprint(names() == tuple(g.name for g in GAMES))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "True"
    assert "tally" in names(), "the tests' process plays it"
