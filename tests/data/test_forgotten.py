"""A member who asked a server to forget their name (``/forget-me``), in the store on each
driver: every read that returns a person's stored name marks them (a finished game's seats, a
season's standings, the leaderboard, their statistics and those of the people they played with,
a league's games), in that server only, asking twice is asking once, and nothing is rewritten."""

from data import Store
from tests.data.test_leagues import ANA, BEN, CAT, GUILD, game, league_with_season, seats


async def test_every_read_of_a_stored_name_marks_a_forgotten_member(store: Store) -> None:
    league = await league_with_season(store)
    await store.record_game(game("g1", seats({ANA: 0, BEN: 5}, ai={"easy": 9})))
    await store.record_game(game("g2", seats({BEN: 0, CAT: 3})))
    await store.forget_member(GUILD, BEN)
    await store.forget_member(GUILD, BEN)
    assert await store.forgotten_members(GUILD) == {BEN}

    def marked(named: list[tuple[str, bool]]) -> set[str]:
        return {name for name, forgotten in named if forgotten}

    games, _ = await store.history(GUILD, 0)
    assert marked([(s.display_name, s.forgotten) for g in games for s in g.seats]) == {"Ben"}
    assert league.season is not None
    standings = await store.standings(league, league.season)
    assert marked([(s.name, s.forgotten) for s in standings]) == {"Ben"}
    board = await store.leaderboard(GUILD, "toppo")
    assert marked([(r.name, r.forgotten) for r in board]) == {"Ben"}
    played = await store.league_games(league, 10)
    assert marked([(p.name, p.forgotten) for g in played for p in g.players]) == {"Ben"}
    anas = await store.player_stats(GUILD, ANA)
    assert not anas.forgotten and marked([(o.name, o.forgotten) for o in anas.opponents]) == {"Ben"}
    bens = await store.player_stats(GUILD, BEN)
    assert bens.forgotten and bens.name == "Ben", "the name is kept: their own /stats shows it"
    assert (await store.player_stats(GUILD, 99)).forgotten is False


async def test_a_member_is_forgotten_only_in_the_server_they_asked(store: Store) -> None:
    await store.record_game(game("g1", seats({ANA: 0, BEN: 5})))
    await store.forget_member(GUILD + 1, BEN)
    assert await store.forgotten_members(GUILD) == frozenset()
    games, _ = await store.history(GUILD, 0)
    assert not any(seat.forgotten for seat in games[0].seats)
    assert not any(rating.forgotten for rating in await store.leaderboard(GUILD, "toppo"))
    assert not (await store.player_stats(GUILD, BEN)).forgotten
    assert (await store.player_stats(GUILD + 1, BEN)).forgotten, "even with no games there"
