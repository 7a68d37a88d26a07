"""Finished games kept for their replays (issue 31), in the store on each driver: the log is
written with the result, listed newest first ten a page, read back whole; a moderator deletes one
log and the result stays; retention deletes what is past the server's period (90 days unless
chosen); forgotten members are returned beside the games; games recorded before migration 0013
are listed without a replay."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import GameRecord, KeptLog, Store
from data.history import KEEP_DAYS, PAGE
from tests.data.conftest import Databases, migrations_up_to, peek, poke
from tests.data.test_leagues import ANA, BEN, GAMES, GUILD, game, seats

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
LOG = KeptLog(
    state={"phase": "results", "lobby": {"seats": []}},
    moves=({"kind": "a"}, {"kind": "b"}, {"kind": "c"}),
    steps=(0, 2, 3),
    thread_id=555,
)


def kept(key: str, *, days_ago: float = 1, guild: int = GUILD) -> GameRecord:
    """A Toppo game between Ana and Ben, Ana winning, finished ``days_ago``, with ``LOG``."""
    record = game(key, seats({ANA: 0, BEN: 5}), finished=NOW - timedelta(days=days_ago))
    return replace(record, guild_id=guild, kept=LOG)


def test_a_kept_log_runs_from_its_first_step_to_its_last_move() -> None:
    with pytest.raises(ValueError, match="in order"):
        replace(LOG, steps=(0, 2, 2, 3))
    with pytest.raises(ValueError, match="first to its last"):
        replace(LOG, steps=(0, 2))


async def test_a_finished_game_is_kept_with_its_result_and_read_back_whole(store: Store) -> None:
    game_id = await store.record_game(kept("t:1"))
    assert await store.record_game(kept("t:1")) == game_id, "a retry keeps it once"
    found = await store.kept_game(GUILD, game_id)
    assert found is not None
    assert found.log == LOG and found.result_key == "t:1" and found.forgotten == frozenset()
    assert [(s.display_name, s.won) for s in found.finished.seats] == [("Ana", True), ("Ben", False)]
    assert await store.kept_game(GUILD + 1, game_id) is None, "another server's game is not shown"
    assert await store.game_by_key(GUILD, "t:1") == game_id
    assert await store.game_by_key(GUILD + 1, "t:1") is None


async def test_history_lists_a_servers_games_newest_first_ten_a_page(store: Store) -> None:
    for number in range(PAGE + 2):
        await store.record_game(kept(f"t:{number}", days_ago=number))
    await store.record_game(replace(kept("other"), guild_id=GUILD + 1))
    await store.record_game(game("spit:1", seats({BEN: 1}, ai={"hard": 0}), kind="spit"))
    first, older = await store.history(GUILD, 0)
    assert older and len(first) == PAGE
    assert [g.finished_at for g in first] == sorted((g.finished_at for g in first), reverse=True)
    second, older = await store.history(GUILD, 1)
    assert not older and len(second) == 3
    assert [g.kept for g in second].count(False) == 1, "a game without a log is listed without a replay"
    spit, _ = await store.history(GUILD, 0, "spit")
    assert [g.game for g in spit] == ["spit"] and spit[0].seats[1].ai_level == "hard"
    with_ana, _ = await store.history(GUILD, 0, user_id=ANA)
    assert len(with_ana) == PAGE and all(any(s.user_id == ANA for s in g.seats) for g in with_ana)


async def test_a_moderator_deletes_a_replay_and_the_result_stays(store: Store) -> None:
    game_id = await store.record_game(kept("t:1"))
    assert not await store.drop_kept_game(GUILD + 1, game_id), "only the server's own"
    assert await store.drop_kept_game(GUILD, game_id)
    assert not await store.drop_kept_game(GUILD, game_id)
    assert await store.kept_game(GUILD, game_id) is None
    [listed], _ = await store.history(GUILD, 0)
    assert listed.game_id == game_id and not listed.kept
    assert (await store.player_totals(ANA)).games == 1


async def test_retention_deletes_what_is_past_each_servers_period(store: Store, database: str | Path) -> None:
    old = await store.record_game(kept("old", days_ago=KEEP_DAYS + 1))
    recent = await store.record_game(kept("recent", days_ago=KEEP_DAYS - 1))
    weekly = await store.record_game(kept("weekly", days_ago=8, guild=GUILD + 1))
    fresh = await store.record_game(kept("fresh", days_ago=6, guild=GUILD + 1))
    await store.set_keep_days(GUILD + 1, 7)
    assert await store.keep_days(GUILD + 1) == 7 and await store.keep_days(GUILD) is None
    assert await store.purge_kept_games(NOW) == 2
    assert await store.purge_kept_games(NOW) == 0
    remaining = {int(row[0]) for row in await peek(database, "SELECT game_id FROM kept_games")}
    assert remaining == {recent, fresh}
    assert old not in remaining and weekly not in remaining
    assert await peek(database, "SELECT COUNT(*) FROM games") == [(4,)], "every result stays"


async def test_a_forgotten_member_is_returned_beside_the_servers_games(store: Store) -> None:
    game_id = await store.record_game(kept("t:1"))
    await store.forget_member(GUILD, BEN)
    await store.forget_member(GUILD, BEN)
    found = await store.kept_game(GUILD, game_id)
    assert found is not None and found.forgotten == {BEN}
    assert await store.forgotten_members(GUILD + 1) == frozenset(), "only in that server"


async def test_games_recorded_before_migration_0013_are_listed_without_a_replay(
    databases: Databases, tmp_path: Path
) -> None:
    database = await databases.new()
    older = migrations_up_to(databases.driver, tmp_path, 12)
    async with await Store.open(database, migrations_dir=older) as store:
        await store.set_absent_after(GUILD, 60)
    finished = "2025-03-07T21:00:00.000000Z"
    await poke(
        database,
        f"INSERT INTO players (user_id, display_name, updated_at) VALUES ({ANA}, 'Ana', '{finished}')",
        "INSERT INTO games (guild_id, channel_id, game, result_key, started_at, finished_at, has_ai)"
        f" VALUES ({GUILD}, {GAMES}, 'toppo', 'old', '{finished}', '{finished}', 1)",
        "INSERT INTO results (game_id, seat, user_id, ai_level, score, rank, won)"
        f" SELECT id, 0, {ANA}, NULL, 0, 1, 1 FROM games"
        " UNION ALL SELECT id, 1, NULL, 'easy', 5, 2, 0 FROM games",
    )
    async with await Store.open(database) as store:
        [listed], older_page = await store.history(GUILD, 0)
        assert not listed.kept and not older_page
        assert await store.kept_game(GUILD, listed.game_id) is None
        assert await store.keep_days(GUILD) is None, "the default for a server that chose nothing"
        assert await store.forgotten_members(GUILD) == frozenset()


async def test_a_round_recorded_alone_before_matches_were_rated_once_says_which_round(store: Store) -> None:
    """Cover Your Assets rated each round until issue 42: those results are kept (their ratings
    were given) and marked as the round of their match they were; a match recorded now is not."""
    old = replace(kept("assets:t1:2"), game="assets", options={"round": 2, "dealer": 1, "totals": [5, 9]})
    match = replace(kept("assets:t2:match1", days_ago=0.5), game="assets", options={"rounds": [[5, 9]]})
    old_id, match_id = await store.record_game(old), await store.record_game(match)
    listed, _ = await store.history(GUILD, 0)
    assert [(g.game_id, g.round) for g in listed] == [(match_id, None), (old_id, 2)]
    found = await store.kept_game(GUILD, old_id)
    assert found is not None and found.finished.round == 2
