"""Standings: queries over the recorded results, summed by the database.

Nothing here is stored: a season's standings are the sum of its counted games whenever they are
asked for, so a recorded game and a removed result show at once, and concurrent recordings can
never make a total lose an update. A result a moderator removed counts nowhere.
"""

from typing import Final

from data.driver import Connection
from data.forgotten import forgotten
from data.records import Game, Standing
from engine.games import measure as measure_of

COUNTED: Final = "NOT EXISTS (SELECT 1 FROM result_removals x WHERE x.game_id = g.id)"
"""SQL condition: game ``g`` still counts (no moderator removed it)."""


async def standings(
    conn: Connection, guild_id: int, league_id: int, season_id: int, game: Game
) -> list[Standing]:
    """A season's players, best first by the game's measure; equal measures share a rank and
    are listed by name. A member who asked the league's server to forget them is marked so."""
    measure = measure_of(game)
    order = "ASC" if measure.lowest_first else "DESC"
    rows = await conn.fetch(
        "SELECT r.user_id, p.display_name, COUNT(*), SUM(r.won), SUM(r." + measure.column + ") AS total"
        " FROM results r JOIN games g ON g.id = r.game_id JOIN players p ON p.user_id = r.user_id"
        f" WHERE g.league_id = ? AND g.season_id = ? AND r.user_id IS NOT NULL AND {COUNTED}"
        f" GROUP BY r.user_id, p.display_name ORDER BY total {order}, lower(p.display_name), r.user_id",
        (league_id, season_id),
    )
    gone = await forgotten(conn, guild_id)
    table: list[Standing] = []
    for place, (user_id, name, games, wins, total) in enumerate(rows, start=1):
        rank = table[-1].rank if table and table[-1].measure == total else place
        table.append(
            Standing(rank, int(user_id), str(name), int(games), int(wins), int(total), int(user_id) in gone)
        )
    return table


async def stood_in_games(conn: Connection, league_id: int, season_id: int) -> int:
    """How many of a season's counted games had a seat an AI played for a person."""
    row = await conn.fetchrow(
        "SELECT COUNT(*) FROM games g WHERE g.league_id = ? AND g.season_id = ?"
        f" AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.stood_in > 0) AND {COUNTED}",
        (league_id, season_id),
    )
    assert row is not None, "COUNT(*) returns a row"
    return int(row[0])
