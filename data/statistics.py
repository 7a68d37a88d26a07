"""A player's statistics on one server (``/stats``): per game their totals, where they finished
at each size of table, their rating over time, and the people they played with most.

Like the standings, everything is summed by the database from the recorded results when asked
for; a result a moderator removed counts nowhere.
"""

from typing import Final

from data import ratings
from data.driver import Connection
from data.forgotten import forgotten
from data.records import Finishes, GameStats, Opponent, PlayerStats
from data.standings import COUNTED
from engine.games import measure as measure_of

OPPONENTS: Final = 5
"""How many of the people a player sat with most their statistics name."""


async def player_stats(conn: Connection, guild_id: int, user_id: int) -> PlayerStats:
    """A player's games on one server, per game (the most played first), with how many an AI
    played for them in or they were ranked last in as absent; whether they asked the server to
    forget their name, and the people they played with most, marked the same way."""
    gone = await forgotten(conn, guild_id)
    totals = await conn.fetch(
        "SELECT g.game, COUNT(*), SUM(r.won), SUM(r.score), SUM(CASE WHEN r.stood_in > 0 THEN 1 ELSE 0 END),"
        " SUM(r.absent) FROM results r JOIN games g ON g.id = r.game_id"
        f" WHERE r.user_id = ? AND g.guild_id = ? AND {COUNTED}"
        " GROUP BY g.game ORDER BY COUNT(*) DESC, g.game",
        (user_id, guild_id),
    )
    per_game = [
        GameStats(
            game=str(game),
            games=int(games),
            wins=int(wins),
            measure=int(wins if measure_of(str(game)).column == "won" else score),
        )
        for game, games, wins, score, _, _ in totals
    ]
    if not per_game:
        return PlayerStats(user_id, None, (), forgotten=user_id in gone)
    named = await conn.fetchrow("SELECT display_name FROM players WHERE user_id = ?", (user_id,))
    order = {entry.game: index for index, entry in enumerate(per_game)}
    rated = sorted(await ratings.history(conn, guild_id, user_id), key=lambda line: order[line.game])
    return PlayerStats(
        user_id,
        None if named is None else str(named[0]),
        tuple(per_game),
        tuple(sorted(await finishes(conn, guild_id, user_id), key=lambda f: (order[f.game], f.seats))),
        tuple(rated),
        tuple(await opponents(conn, guild_id, user_id, gone)),
        stood_in=sum(int(row[4]) for row in totals),
        absent=sum(int(row[5]) for row in totals),
        forgotten=user_id in gone,
    )


async def finishes(conn: Connection, guild_id: int, user_id: int) -> list[Finishes]:
    """Per game and number of seats at the table (AI seats count), how many games the player
    played and how many times they finished in each place."""
    rows = await conn.fetch(
        "SELECT game, seats, rank, COUNT(*) FROM (SELECT g.game, r.rank,"
        " (SELECT COUNT(*) FROM results o WHERE o.game_id = g.id) AS seats"
        " FROM results r JOIN games g ON g.id = r.game_id"
        f" WHERE r.user_id = ? AND g.guild_id = ? AND {COUNTED}) AS played GROUP BY game, seats, rank",
        (user_id, guild_id),
    )
    places: dict[tuple[str, int], list[int]] = {}
    for game, seats, rank, count in rows:
        counts = places.setdefault((str(game), int(seats)), [0] * int(seats))
        counts[int(rank) - 1] += int(count)
    return [Finishes(game, seats, sum(counts), tuple(counts)) for (game, seats), counts in places.items()]


async def opponents(conn: Connection, guild_id: int, user_id: int, gone: frozenset[int]) -> list[Opponent]:
    """The people (not AI seats) the player sat at the most counted games with, most first
    (ties by name), with how often each finished ahead of them; one of the server's forgotten
    members (``gone``) is marked so."""
    rows = await conn.fetch(
        "SELECT o.user_id, p.display_name, COUNT(*), SUM(CASE WHEN o.rank < r.rank THEN 1 ELSE 0 END)"
        " FROM results r JOIN games g ON g.id = r.game_id"
        " JOIN results o ON o.game_id = r.game_id AND o.user_id IS NOT NULL AND o.user_id <> r.user_id"
        " JOIN players p ON p.user_id = o.user_id"
        f" WHERE r.user_id = ? AND g.guild_id = ? AND {COUNTED}"
        " GROUP BY o.user_id, p.display_name"
        " ORDER BY COUNT(*) DESC, lower(p.display_name), o.user_id LIMIT ?",
        (user_id, guild_id, OPPONENTS),
    )
    return [
        Opponent(int(other), str(name), int(games), int(ahead), int(other) in gone)
        for other, name, games, ahead in rows
    ]
