"""A player's statistics (``/stats``, issue 32) in the store, on each driver: where they finished
per game and size of table, their rating after each rated game with its date, and the people they
played with most; removed results count nowhere, other servers' games neither."""

from datetime import timedelta

from data import Finishes, GameRecord, LeaguePlayer, Opponent, RatingPoint, SeatResult, Store
from data.ratings import PROVISIONAL_GAMES
from tests.data.test_leagues import ANA, BEN, CAT, DAN, GUILD, T0, game, league_with_season, seats

EVE, FAY, GUS = 5, 6, 7
MORE = {EVE: "Eve", FAY: "Fay", GUS: "Gus"}


def people(order: list[int]) -> tuple[SeatResult, ...]:
    """Seats of these people (any of Ana to Gus), finishing in the order given."""
    names = {ANA: "Ana", BEN: "Ben", CAT: "Cat", DAN: "Dan", **MORE}
    return tuple(
        SeatResult(seat, user, names[user], None, seat, seat + 1, won=seat == 0)
        for seat, user in enumerate(order)
    )


async def test_places_are_counted_per_game_and_size_of_table_ties_sharing_the_better_place(
    store: Store,
) -> None:
    await store.record_game(game("t1", seats({ANA: 0, BEN: 5})))
    await store.record_game(game("t2", seats({ANA: 5, BEN: 0})))
    await store.record_game(game("t3", seats({ANA: 5, BEN: 0}, ai={"easy": 9})))  # the AI seat counts
    await store.record_game(game("t4", seats({ANA: 3, BEN: 3, CAT: 0})))  # Ana and Ben share 2nd
    await store.record_game(game("t5", seats({ANA: 0, BEN: 3, CAT: 6})))
    await store.record_game(game("s1", seats({ANA: 0, DAN: 1}), kind="spit"))
    await store.record_game(
        GameRecord(GUILD + 1, 9, "toppo", "elsewhere", {}, T0, T0, seats({ANA: 0, BEN: 1}))
    )

    stats = await store.player_stats(GUILD, ANA)

    assert [entry.game for entry in stats.games] == ["toppo", "spit"]
    assert stats.finishes == (
        Finishes("toppo", seats=2, games=2, places=(1, 1)),
        Finishes("toppo", seats=3, games=3, places=(1, 2, 0)),
        Finishes("spit", seats=2, games=1, places=(1, 0)),
    )


async def test_a_removed_result_counts_in_no_place_rating_or_opponent(store: Store) -> None:
    league = await league_with_season(store)
    await store.record_game(game("g1", seats({ANA: 0, BEN: 5}), finished=T0))
    await store.record_game(game("g2", seats({ANA: 0, CAT: 5}), finished=T0 + timedelta(days=1)))
    removed = next(g for g in await store.league_games(league, 10) if LeaguePlayer("Cat", 5) in g.players)
    await store.remove_result(league, removed.id, moderator_id=DAN, reason="test")

    stats = await store.player_stats(GUILD, ANA)

    assert stats.finishes == (Finishes("toppo", seats=2, games=1, places=(1, 0)),)
    (history,) = stats.ratings
    assert [point.finished_at for point in history.points] == [T0]
    assert [opponent.name for opponent in stats.opponents] == ["Ben"]


async def test_the_rating_history_is_dated_provisional_for_the_first_games_and_ends_at_the_leaderboard(
    store: Store,
) -> None:
    for number in range(PROVISIONAL_GAMES + 2):
        order = {ANA: 0, BEN: 5} if number % 3 else {ANA: 5, BEN: 0}
        await store.record_game(game(f"t{number}", seats(order), finished=T0 + timedelta(days=number)))
    await store.record_game(game("spit", seats({ANA: 0, CAT: 1}), kind="spit", finished=T0))

    toppo, spit = (await store.player_stats(GUILD, ANA)).ratings

    assert toppo.game == "toppo" and spit.game == "spit", "the most played game first"
    assert [point.finished_at for point in toppo.points] == [
        T0 + timedelta(days=number) for number in range(PROVISIONAL_GAMES + 2)
    ]
    assert [point.provisional for point in toppo.points] == [True] * (PROVISIONAL_GAMES - 1) + [False] * 3
    assert toppo.points[0].rating < 1500 < toppo.points[1].rating, "she lost the first game, won the second"
    (ana, *_) = [r for r in await store.leaderboard(GUILD, "toppo") if r.name == "Ana"]
    assert (toppo.points[-1].rating, toppo.points[-1].provisional) == (ana.display, ana.provisional)
    assert spit.points == (RatingPoint(T0, spit.points[0].rating, True),)
    assert spit.points[0].rating > 1500


async def test_an_unrated_game_counts_for_places_but_draws_no_point(store: Store) -> None:
    await league_with_season(store, absent_games="excluded")
    away = tuple(
        s if s.user_id != BEN else SeatResult(1, BEN, "Ben", None, 5, 2, False, 4, True)
        for s in seats({ANA: 0, BEN: 5})
    )
    await store.record_game(game("left", away))

    stats = await store.player_stats(GUILD, ANA)

    assert stats.finishes == (Finishes("toppo", seats=2, games=1, places=(1, 0)),)
    assert stats.ratings == ()


async def test_the_most_frequent_opponents_are_people_with_how_often_they_finished_ahead(
    store: Store,
) -> None:
    tables = [
        [BEN, ANA, CAT],
        [ANA, BEN],
        [CAT, BEN, ANA],
        [ANA, DAN],
        [EVE, ANA],
        [FAY, ANA],
        [ANA, GUS],
        [ANA, BEN, CAT],
    ]
    for number, order in enumerate(tables):
        await store.record_game(game(f"g{number}", people(order)))
    await store.record_game(game("ai", seats({ANA: 0}, ai={"hard": 5, "easy": 9})))
    await store.forget_member(GUILD, CAT)

    stats = await store.player_stats(GUILD, ANA)

    assert stats.opponents == (
        Opponent(BEN, "Ben", games=4, ahead=2),
        Opponent(CAT, "Cat", games=3, ahead=1, forgotten=True),
        Opponent(DAN, "Dan", games=1, ahead=0),
        Opponent(EVE, "Eve", games=1, ahead=1),
        Opponent(FAY, "Fay", games=1, ahead=1),
    ), "five at most, most games first, then by name; AI seats are nobody's opponents"
    (ben,) = [o for o in (await store.player_stats(GUILD, BEN)).opponents if o.user_id == ANA]
    assert (ben.games, ben.ahead) == (4, 2)
