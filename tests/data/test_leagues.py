"""Leagues in the store: which games count for a season (decided when a game is recorded, in the
same transaction), seasons and their archived standings, idempotent and concurrent recording,
removed results with their log, each game's measure in the standings, statistics and ratings."""

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import (
    Game,
    GameRecord,
    GameStats,
    League,
    LeagueError,
    LeagueSettings,
    SeatResult,
    Store,
)
from data.ratings import PROVISIONAL_GAMES, display_rating
from tests.data.conftest import Databases, peek

T0 = datetime(2025, 3, 7, 20, 0, tzinfo=UTC)
GUILD, GAMES, LOUNGE = 100, 200, 201
ANA, BEN, CAT, DAN = 1, 2, 3, 4
NAMES = {ANA: "Ana", BEN: "Ben", CAT: "Cat", DAN: "Dan"}


def seats(
    scores: dict[int, int], *, ai: dict[str, int] | None = None, lowest_wins: bool = True
) -> tuple[SeatResult, ...]:
    """Seats with these scores (people by id, AI seats by level); ranks follow the scores."""
    entries: list[tuple[int | None, str | None, int]] = [
        (user, None, score) for user, score in scores.items()
    ]
    entries += [(None, level, score) for level, score in (ai or {}).items()]
    values = [score if lowest_wins else -score for _, _, score in entries]
    result = []
    for seat, ((user, level, score), value) in enumerate(zip(entries, values, strict=True)):
        rank = 1 + sum(1 for other in values if other < value)
        name = NAMES[user] if user is not None else f"AI ({level})"
        result.append(SeatResult(seat, user, name, level, score, rank, won=rank == 1))
    return tuple(result)


def game(
    key: str,
    seated: tuple[SeatResult, ...],
    *,
    kind: Game = "toppo",
    channel: int = GAMES,
    finished: datetime = T0 + timedelta(hours=1),
) -> GameRecord:
    return GameRecord(
        guild_id=GUILD,
        channel_id=channel,
        game=kind,
        result_key=key,
        options={},
        started_at=finished - timedelta(minutes=10),
        finished_at=finished,
        seats=seated,
    )


async def league_with_season(store: Store, game_kind: Game = "toppo", **settings: object) -> League:
    league = await store.create_league(GUILD, "Friday", game_kind, [GAMES], now=T0)
    if settings:
        await store.change_league_settings(league.id, **settings)
    await store.start_season(league.id, now=T0)
    (league,) = await store.leagues(GUILD)
    return league


async def table(store: Store, league: League, number: int = 1) -> list[tuple[int, str, int, int, int]]:
    """(rank, name, games, wins, measure) per player of season ``number``."""
    season = next(s for s in await store.seasons(league.id) if s.number == number)
    return [(s.rank, s.name, s.games, s.wins, s.measure) for s in await store.standings(league, season)]


# -- leagues and their channels --------------------------------------------------------------------


async def test_a_league_name_is_one_per_server_whatever_its_case(store: Store) -> None:
    created = await store.create_league(GUILD, "Friday", "toppo", [GAMES, LOUNGE, GAMES])
    assert (created.name, created.game, created.channel_ids, created.season) == (
        "Friday",
        "toppo",
        (GAMES, LOUNGE),
        None,
    )
    assert created.settings == LeagueSettings(ai_games_count=False, turn_timer=None, toppo_display=None)

    with pytest.raises(LeagueError) as refused:
        await store.create_league(GUILD, "FRIDAY", "assets", [999])
    assert refused.value.code == "name_taken" and refused.value.values == {"league": "Friday"}
    other_server = await store.create_league(GUILD + 1, "friday", "toppo", [GAMES + 50])
    assert other_server.guild_id == GUILD + 1
    assert [league.name for league in await store.leagues(GUILD)] == ["Friday"]


async def test_a_channel_counts_for_one_league_per_game(store: Store) -> None:
    await store.create_league(GUILD, "Friday", "toppo", [GAMES])

    with pytest.raises(LeagueError) as refused:
        await store.create_league(GUILD, "Saturday", "toppo", [LOUNGE, GAMES])
    assert refused.value.code == "channel_taken"
    assert refused.value.values == {"channel": GAMES, "league": "Friday"}
    assert [league.name for league in await store.leagues(GUILD)] == ["Friday"], "nothing was created"

    assets = await store.create_league(GUILD, "Money", "assets", [GAMES])
    assert await store.league_of_channel(GUILD, GAMES, "assets") == assets
    toppo = await store.league_of_channel(GUILD, GAMES, "toppo")
    assert toppo is not None and toppo.name == "Friday"
    assert await store.league_of_channel(GUILD, LOUNGE, "toppo") is None


async def test_settings_are_kept_and_checked(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES])
    chosen = LeagueSettings(ai_games_count=True, turn_timer=None, toppo_display=4)
    await store.change_league_settings(league.id, **chosen.to_json())
    (again,) = await store.leagues(GUILD)
    assert again.settings == chosen
    with pytest.raises(ValueError, match="3, 4 or 5"):
        LeagueSettings(toppo_display=6)
    with pytest.raises(ValueError, match="15 to 3600"):
        LeagueSettings(turn_timer=5)


async def test_the_moderator_role_is_set_and_cleared_per_server(store: Store) -> None:
    assert await store.get_moderator_role(GUILD) is None
    await store.set_guild_locale(GUILD, "es-ES")
    await store.set_moderator_role(GUILD, 555)
    assert await store.get_moderator_role(GUILD) == 555
    assert await store.get_guild_locale(GUILD) == "es-ES", "the server's other settings stay"
    await store.set_moderator_role(GUILD, None)
    assert await store.get_moderator_role(GUILD) is None
    assert await store.get_moderator_role(GUILD + 1) is None


# -- which games count ------------------------------------------------------------------------------


async def test_a_game_counts_when_recorded_in_a_league_channel_while_a_season_runs(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
    await store.record_game(game("before-any-season", seats({ANA: 0, BEN: 9})))
    await store.start_season(league.id, now=T0)

    await store.record_game(game("counts", seats({ANA: 5, BEN: 0})))
    await store.record_game(game("other-channel", seats({ANA: 0, BEN: 7}), channel=LOUNGE))
    await store.record_game(game("other-game", seats({ANA: 0, BEN: 7}, lowest_wins=False), kind="assets"))
    await store.record_game(
        game("finished-before-the-season", seats({ANA: 0, BEN: 7}), finished=T0 - timedelta(seconds=1))
    )

    assert await table(store, league) == [(1, "Ben", 1, 1, 0), (2, "Ana", 1, 0, 5)]
    assert [g.id for g in await store.league_games(league, 10)] == [2]


async def test_games_with_ai_seats_count_only_if_the_league_says_so(store: Store) -> None:
    league = await league_with_season(store)
    await store.record_game(game("ai-1", seats({ANA: 0, BEN: 4}, ai={"hard": 8})))
    assert await table(store, league) == []

    await store.change_league_settings(league.id, ai_games_count=True)
    await store.record_game(game("ai-2", seats({ANA: 3, BEN: 0}, ai={"hard": 8})))
    assert await table(store, league) == [(1, "Ben", 1, 1, 0), (2, "Ana", 1, 0, 3)]


# -- seasons ---------------------------------------------------------------------------------------


async def test_seasons_run_one_at_a_time_and_an_ended_one_keeps_its_standings(store: Store) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
    with pytest.raises(LeagueError, match="no_season"):
        await store.end_season(league.id)

    first = await store.start_season(league.id, now=T0)
    with pytest.raises(LeagueError) as running:
        await store.start_season(league.id, now=T0 + timedelta(minutes=1))
    assert running.value.code == "season_running" and running.value.values == {"number": 1}
    await store.record_game(game("s1", seats({ANA: 0, BEN: 6})))
    ended = await store.end_season(league.id, now=T0 + timedelta(days=7))
    assert (first.number, first.running, ended.number, ended.running) == (1, True, 1, False)
    assert ended.ended_at == T0 + timedelta(days=7)

    await store.record_game(game("between", seats({ANA: 9, BEN: 0}), finished=T0 + timedelta(days=8)))
    second = await store.start_season(league.id, now=T0 + timedelta(days=9))
    await store.record_game(game("s2", seats({ANA: 2, BEN: 0}), finished=T0 + timedelta(days=10)))

    assert second.number == 2
    assert await table(store, league, 1) == [(1, "Ana", 1, 1, 0), (2, "Ben", 1, 0, 6)], "archived"
    assert await table(store, league, 2) == [(1, "Ben", 1, 1, 0), (2, "Ana", 1, 0, 2)]
    (now_running,) = await store.leagues(GUILD)
    assert now_running.season == second
    assert [s.number for s in await store.seasons(league.id)] == [1, 2]


# -- recording once, and concurrently ------------------------------------------------------------------


async def test_a_retried_recording_counts_once_for_standings_and_ratings(store: Store) -> None:
    league = await league_with_season(store)
    record = game("toppo:abc:1", seats({ANA: 0, BEN: 6, CAT: 9}))

    ids = await asyncio.gather(*(store.record_game(record) for _ in range(3)))
    again = await store.record_game(record)

    assert len(set(ids)) == 1 and again == ids[0]
    assert await table(store, league) == [(1, "Ana", 1, 1, 0), (2, "Ben", 1, 0, 6), (3, "Cat", 1, 0, 9)]
    board = await store.leaderboard(GUILD, "toppo")
    assert [(rating.name, rating.games) for rating in board] == [("Ana", 1), ("Ben", 1), ("Cat", 1)]


async def test_two_tables_finishing_at_the_same_moment_are_both_kept(
    store: Store, database: str | Path
) -> None:
    league = await store.create_league(GUILD, "Friday", "toppo", [GAMES, LOUNGE], now=T0)
    await store.start_season(league.id, now=T0)
    one = game("toppo:one:1", seats({ANA: 0, BEN: 4}), channel=GAMES)
    two = game("toppo:two:1", seats({CAT: 0, DAN: 7}), channel=LOUNGE)

    async with await Store.open(database) as second_process:
        ids = await asyncio.gather(store.record_game(one), second_process.record_game(two))

    assert len(set(ids)) == 2
    assert await table(store, league) == [
        (1, "Ana", 1, 1, 0),
        (1, "Cat", 1, 1, 0),
        (3, "Ben", 1, 0, 4),
        (4, "Dan", 1, 0, 7),
    ]


async def test_many_concurrent_games_lose_no_result_or_rating_update(store: Store) -> None:
    league = await league_with_season(store)
    records = [game(f"g{n}", seats({ANA: n % 3, BEN: 3 - n % 3})) for n in range(12)]

    await asyncio.gather(*(store.record_game(record) for record in records))

    assert await table(store, league) == [(1, "Ana", 12, 8, 12), (2, "Ben", 12, 4, 24)]
    assert {rating.name: rating.games for rating in await store.leaderboard(GUILD, "toppo")} == {
        "Ana": 12,
        "Ben": 12,
    }


async def test_processes_recording_games_against_one_ai_level_at_once_rate_every_game(
    database: str | Path,
) -> None:
    """Different people, so only the AI level's rating is shared: each game's update of it
    must start from the one before."""
    async with await Store.open(database) as one, await Store.open(database) as other:
        records = [
            game(
                f"ai{n}",
                (
                    SeatResult(0, 1000 + n, f"P{n}", None, 0, 1, won=True),
                    SeatResult(1, None, "AI (hard)", "hard", 5, 2, won=False),
                ),
            )
            for n in range(16)
        ]
        await asyncio.gather(*(store.record_game(r) for r in records for store in (one, other)))
    assert await peek(database, "SELECT games FROM ratings WHERE ai_level = 'hard'") == [(16,)]


async def test_processes_changing_different_settings_at_once_keep_both(database: str | Path) -> None:
    async with await Store.open(database) as one, await Store.open(database) as other:
        league = await one.create_league(GUILD, "Friday", "toppo", [GAMES])
        for display in (3, 4, 5, 3, 4, 5):  # each round sets both from scratch: a lost update shows
            ai_games = display % 2 == 0
            await asyncio.gather(
                one.change_league_settings(league.id, toppo_display=display),
                other.change_league_settings(league.id, ai_games_count=ai_games),
            )
            (stored,) = await one.leagues(GUILD)
            assert (stored.settings.toppo_display, stored.settings.ai_games_count) == (display, ai_games)


async def test_processes_ending_and_starting_seasons_at_once_run_one_at_a_time(database: str | Path) -> None:
    async with await Store.open(database) as one, await Store.open(database) as other:
        league = await one.create_league(GUILD, "Friday", "toppo", [GAMES], now=T0)
        outcomes = await asyncio.gather(
            *(store.start_season(league.id, now=T0) for store in (one, other, one, other)),
            return_exceptions=True,
        )
    refused = [o for o in outcomes if isinstance(o, LeagueError)]
    assert len(refused) == 3 and {o.code for o in refused} == {"season_running"}, outcomes


async def test_two_moderators_removing_one_result_at_once_log_it_once(database: str | Path) -> None:
    async with await Store.open(database) as one, await Store.open(database) as other:
        league = await league_with_season(one)
        await one.record_game(game("doubtful", seats({ANA: 0, BEN: 5})))
        (doubtful,) = await one.league_games(league, 10)
        outcomes = await asyncio.gather(
            one.remove_result(league, doubtful.id, moderator_id=DAN, reason="first"),
            other.remove_result(league, doubtful.id, moderator_id=CAT, reason="second"),
            return_exceptions=True,
        )
        assert len(await one.removals(league.id)) == 1
    assert sorted(type(o).__name__ for o in outcomes) == ["LeagueError", "LeagueGame"], outcomes
    assert all(o.code == "not_league_game" for o in outcomes if isinstance(o, LeagueError))


# -- removing a result -----------------------------------------------------------------------------


async def test_a_removed_result_leaves_standings_statistics_and_ratings_and_is_logged(
    store: Store, databases: Databases
) -> None:
    league = await league_with_season(store)
    kept = [game("a", seats({ANA: 0, BEN: 5, CAT: 8})), game("c", seats({CAT: 0, ANA: 3, BEN: 4}))]
    doubtful = game("b", seats({BEN: 0, ANA: 12, CAT: 9}))
    for record in (kept[0], doubtful, kept[1]):
        await store.record_game(record)
    doubtful_id = (await store.league_games(league, 10))[1].id

    removed = await store.remove_result(
        league, doubtful_id, moderator_id=DAN, reason="played with a bot", now=T0
    )

    assert [(p.name, p.measure) for p in removed.players] == [("Ben", 0), ("Cat", 9), ("Ana", 12)]
    assert await table(store, league) == [(1, "Ana", 2, 1, 3), (2, "Cat", 2, 1, 8), (3, "Ben", 2, 0, 9)]
    assert [g.id for g in await store.league_games(league, 10)] == [3, 1]
    (log,) = await store.removals(league.id)
    assert (log.game_id, log.moderator_id, log.reason, log.removed_at) == (
        doubtful_id,
        DAN,
        "played with a bot",
        T0,
    )
    ben = await store.player_stats(GUILD, BEN)
    assert ben.games == (GameStats("toppo", games=2, wins=0, measure=9),)
    assert (await store.player_totals(BEN)).games == 2

    async with await Store.open(await databases.new()) as never_had_it:
        for record in kept:
            await never_had_it.record_game(record)
        assert await store.leaderboard(GUILD, "toppo") == await never_had_it.leaderboard(GUILD, "toppo")

    with pytest.raises(LeagueError) as twice:
        await store.remove_result(league, doubtful_id, moderator_id=DAN, reason="again")
    assert twice.value.code == "not_league_game"
    assert len(await store.removals(league.id)) == 1


async def test_only_a_counted_game_of_the_league_can_be_removed(store: Store) -> None:
    league = await league_with_season(store)
    other = await store.create_league(GUILD, "Money", "assets", [GAMES])
    await store.start_season(other.id, now=T0)
    await store.record_game(game("outside", seats({ANA: 0, BEN: 3}), channel=LOUNGE))
    await store.record_game(game("assets", seats({ANA: 900, BEN: 100}, lowest_wins=False), kind="assets"))

    for game_id in (1, 2, 99):
        with pytest.raises(LeagueError, match="not_league_game"):
            await store.remove_result(league, game_id, moderator_id=DAN, reason="no")
    assert await store.removals(league.id) == []


# -- each game's measure --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "lowest_wins", "games", "expected"),
    [
        (
            "toppo",  # penalty points, lowest total first
            True,
            [{ANA: 0, BEN: 12, CAT: 30}, {ANA: 20, BEN: 0, CAT: 2}],
            [(1, "Ben", 2, 1, 12), (2, "Ana", 2, 1, 20), (3, "Cat", 2, 0, 32)],
        ),
        (
            "assets",  # money, most first
            False,
            [{ANA: 1_000_000, BEN: 400_000}, {ANA: 150_000, BEN: 1_050_000}],
            [(1, "Ben", 2, 1, 1_450_000), (2, "Ana", 2, 1, 1_150_000)],
        ),
        (
            "topoum",  # badges, most first; equal totals share a rank
            False,
            [{ANA: 3, BEN: 5, CAT: 1}, {ANA: 4, BEN: 2, CAT: 6}],
            [(1, "Ana", 2, 0, 7), (1, "Ben", 2, 1, 7), (1, "Cat", 2, 1, 7)],
        ),
    ],
)
async def test_standings_follow_each_games_own_measure(
    store: Store,
    kind: Game,
    lowest_wins: bool,
    games: list[dict[int, int]],
    expected: list[tuple[object, ...]],
) -> None:
    league = await league_with_season(store, kind)
    for number, scores in enumerate(games):
        await store.record_game(game(f"{kind}{number}", seats(scores, lowest_wins=lowest_wins), kind=kind))
    assert await table(store, league) == expected


async def test_equal_totals_are_listed_by_name_in_the_same_order_on_every_driver(store: Store) -> None:
    """Case aside, by the names' bytes (SQLite's order; PostgreSQL's columns are COLLATE "C"),
    whatever the PostgreSQL database's locale would say."""
    league = await league_with_season(store)
    names = {10: "zoe", 11: "Émile", 12: "Zack", 13: "adam", 14: "Ådne"}
    await store.record_game(
        game(
            "tie",
            tuple(
                SeatResult(n, user, name, None, 0, 1, won=True)
                for n, (user, name) in enumerate(names.items())
            ),
        )
    )
    assert [name for _, name, *_ in await table(store, league)] == ["adam", "Zack", "zoe", "Ådne", "Émile"]


@pytest.mark.parametrize("kind", ["spit", "speed"])
async def test_spit_and_speed_standings_count_wins(store: Store, kind: Game) -> None:
    league = await league_with_season(store, kind)
    # The score (cards left, say) is not the measure: wins are.
    for number, (winner, loser) in enumerate([(ANA, BEN), (ANA, CAT), (CAT, BEN), (ANA, BEN)]):
        pair = (
            SeatResult(0, winner, NAMES[winner], None, 0, 1, won=True),
            SeatResult(1, loser, NAMES[loser], None, 40, 2, won=False),
        )
        await store.record_game(game(f"{kind}{number}", pair, kind=kind))
    assert await table(store, league) == [(1, "Ana", 3, 3, 3), (2, "Cat", 2, 1, 1), (3, "Ben", 3, 0, 0)]


# -- statistics and ratings -----------------------------------------------------------------------------


async def test_player_statistics_per_game_most_played_first(store: Store) -> None:
    for number, scores in enumerate([{ANA: 0, BEN: 5}, {ANA: 7, BEN: 0, CAT: 3}, {ANA: 1, BEN: 0}]):
        await store.record_game(game(f"t{number}", seats(scores), finished=T0 + timedelta(minutes=number)))
    await store.record_game(
        game("a", seats({ANA: 700_000, BEN: 1_000_000}, lowest_wins=False), kind="assets", finished=T0)
    )
    await store.record_game(
        GameRecord(GUILD + 1, 9, "toppo", "elsewhere", {}, T0, T0, seats({ANA: 0, BEN: 1}))
    )

    stats = await store.player_stats(GUILD, ANA)

    assert stats.name == "Ana"
    assert stats.games == (
        GameStats("toppo", games=3, wins=1, measure=8),
        GameStats("assets", games=1, wins=0, measure=700_000),
    )
    nobody = await store.player_stats(GUILD, DAN)
    assert (nobody.name, nobody.games, nobody.finishes, nobody.ratings, nobody.opponents) == (
        None,
        (),
        (),
        (),
        (),
    )


async def test_ratings_rank_winners_above_losers_and_rate_ai_seats_without_listing_them(store: Store) -> None:
    for number in range(5):
        await store.record_game(game(f"g{number}", seats({ANA: 0, BEN: 6, CAT: 12}, ai={"easy": 20})))
    await store.record_game(game("spit", seats({DAN: 0, BEN: 1}), kind="spit"))

    board = await store.leaderboard(GUILD, "toppo")

    assert [rating.name for rating in board] == ["Ana", "Ben", "Cat"]
    assert all(rating.games == 5 for rating in board)
    assert (
        board[0].display > 1500 > board[2].display and board[0].display > board[1].display > board[2].display
    )
    assert all(rating.provisional for rating in board), "five games: still provisional"
    assert [rating.name for rating in await store.leaderboard(GUILD, "spit")] == ["Dan", "Ben"]
    assert await store.leaderboard(GUILD + 1, "toppo") == []


async def test_rated_games_come_most_rated_first(store: Store) -> None:
    assert await store.rated_games(GUILD) == []
    await store.record_game(game("s", seats({ANA: 0, BEN: 1}), kind="spit"))
    await store.record_game(game("t", seats({ANA: 0, BEN: 1, CAT: 2}, ai={"easy": 9})))
    assert await store.rated_games(GUILD) == ["toppo", "spit"]


def test_a_shown_rating_starts_at_1500_and_is_never_negative() -> None:
    assert display_rating(25.0) == 1500
    assert display_rating(30.0) == 1800 and display_rating(20.0) == 1200
    assert display_rating(-100.0) == 0


async def test_settled_ratings_come_before_provisional_ones(store: Store) -> None:
    for number in range(PROVISIONAL_GAMES):
        await store.record_game(game(f"g{number}", seats({BEN: 0, CAT: 6})))
    await store.record_game(game("lucky", seats({DAN: 0, BEN: 6})))
    board = await store.leaderboard(GUILD, "toppo")
    assert [(r.name, r.provisional) for r in board] == [("Ben", False), ("Cat", False), ("Dan", True)]
