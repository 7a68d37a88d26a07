"""Skill ratings per server and game, from the recorded results, with openskill.

openskill's Plackett-Luce model (Weng and Lin, 2011) rates games of any number of players from
their finishing order, ties included, which a two-player Elo cannot do without inventing
pairings. Every seat of a game is rated, an AI seat under its level ("hard"), so a game between
one person and three AI seats still says how well the person did; leaderboards show people only.

Ratings are kept up to date in the transaction that records a game (:func:`rate_game`), so a
leaderboard is one read. A game a league leaves out because an AI played a seat for a person
(its ``absent_games`` setting) is stored unrated (``games.rated``) and never rated. Removing a
result rebuilds the server's ratings for that game by replaying the remaining rated games in the
order they were recorded, which is exactly what the incremental updates had computed without the
removed game; so ratings equal a replay of the counted, rated results. The replay is arithmetic
over every game (156 ms at 3,000 games), so it runs in a thread between a read and a short write
(:func:`counted_games`, :func:`replayed`, :func:`store_replay`) instead of holding the database
and the event loop.
"""

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from openskill.models import PlackettLuce

from data.driver import Connection
from data.forgotten import forgotten
from data.records import Game, Rating, RatingChange, RatingHistory, RatingPoint
from data.standings import COUNTED
from data.times import from_db_time

MODEL: Final = PlackettLuce()


class Seat(NamedTuple):
    """A rated seat: a person (``user_id``) or an AI level (``ai_level``), and where it finished;
    which game and seat it was (for the rating history)."""

    user_id: int | None
    ai_level: str | None
    rank: int
    game_id: int = 0
    seat: int = 0


class Skill(NamedTuple):
    mu: float
    sigma: float
    games: int


Participant = tuple[int | None, str | None]
"""(user_id, ai_level): who a rating belongs to."""


class Change(NamedTuple):
    """One seat's rating before a game (None: its first) and after it: a row of the history."""

    seat: Seat
    before: Skill | None
    after: Skill


class Replayed(NamedTuple):
    """Ratings computed from games in order, and every change on the way."""

    ratings: dict[Participant, Skill]
    changes: list[Change]


def updated(before: Sequence[Skill | None], ranks: Sequence[int]) -> list[Skill]:
    """The ratings after one game, given each seat's rating before it (None: not rated yet) and
    rank (1 is best; tied seats share a rank)."""
    teams = [[MODEL.rating() if skill is None else MODEL.rating(skill.mu, skill.sigma)] for skill in before]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        Skill(team[0].mu, team[0].sigma, 1 + (0 if skill is None else skill.games))
        for team, skill in zip(rated, before, strict=True)
    ]


DISPLAY_START: Final = 1500
"""A new player's shown rating: the number rating systems players know start at (Elo's
federations, Lichess). openskill starts everyone at mu 25."""
DISPLAY_SCALE: Final = 60
"""Shown rating points per unit of openskill's mu: 25 is 1500, and the starting uncertainty
(sigma 25/3) is about 500 points either way, as a Glicko rating's is."""
PROVISIONAL_GAMES: Final = 10
"""Games after which a rating is no longer provisional (shown with a "?" before)."""


def display_rating(mu: float) -> int:
    """A rating as players see it: 1500 to start, higher is better, never negative."""
    return max(0, round(DISPLAY_START + (mu - MODEL.mu) * DISPLAY_SCALE))


async def rate_game(conn: Connection, guild_id: int, game: Game, seats: Sequence[Seat]) -> None:
    """Update the ratings of a game's seats, and keep each change, inside the transaction
    recording it, which holds :func:`lock_key`: reading the ratings and writing them back cannot
    interleave with another game's update. A game of one seat rates nobody."""
    if len(seats) < 2:
        return
    who = [(seat.user_id, seat.ai_level) for seat in seats]
    known = await _current(conn, guild_id, game, who)
    before = [known.get(p) for p in who]
    after = updated(before, [seat.rank for seat in seats])
    rated = [((seat.user_id, seat.ai_level), skill) for seat, skill in zip(seats, after, strict=True)]
    await _store(conn, guild_id, game, rated)
    await _keep(conn, [Change(*change) for change in zip(seats, before, after, strict=True)])


STALE_PREFIX: Final = "ratings-stale:"
"""A meta key ``ratings-stale:<guild>:<game>``: a result was removed and that server's ratings
for that game still await their rebuild (see :meth:`data.Store.rebuild_ratings`)."""

Mark = tuple[int, int]
"""What a rebuild was computed from: the newest recorded game and the number of removals."""


def stale_key(guild_id: int, game: Game) -> str:
    return f"{STALE_PREFIX}{guild_id}:{game}"


def lock_key(guild_id: int, game: Game) -> str:
    """What every change to a server's ratings of ``game`` serialises on (see
    :meth:`data.driver.Connection.serialise`): each reads the ratings, then writes them."""
    return f"ratings:{guild_id}:{game}"


async def counted_games(conn: Connection, guild_id: int, game: Game) -> tuple[list[list[Seat]], Mark]:
    """The seats of a server's counted, rated games of ``game``, in recording order, and their
    mark."""
    rows = await conn.fetch(
        "SELECT r.game_id, r.user_id, r.ai_level, r.rank, r.seat"
        " FROM results r JOIN games g ON g.id = r.game_id"
        " WHERE g.guild_id = ? AND g.game = ? AND g.rated = 1"
        " AND NOT EXISTS (SELECT 1 FROM result_removals x WHERE x.game_id = g.id)"
        " ORDER BY r.game_id, r.seat",
        (guild_id, game),
    )
    games: dict[int, list[Seat]] = {}
    for game_id, user_id, ai_level, rank, seat in rows:
        games.setdefault(int(game_id), []).append(Seat(user_id, ai_level, int(rank), int(game_id), int(seat)))
    return list(games.values()), await _mark(conn, guild_id, game)


def replayed(games: Iterable[Sequence[Seat]]) -> Replayed:
    """Ratings computed from ``games`` alone, in order, with each change: pure arithmetic, so it
    may run in a thread, away from the event loop and the database."""
    ratings: dict[Participant, Skill] = {}
    changes: list[Change] = []
    for seats in games:
        if len(seats) < 2:
            continue
        who = [(seat.user_id, seat.ai_level) for seat in seats]
        before = [ratings.get(p) for p in who]
        after = updated(before, [seat.rank for seat in seats])
        ratings.update(zip(who, after, strict=True))
        changes += [Change(*change) for change in zip(seats, before, after, strict=True)]
    return Replayed(ratings, changes)


async def computed(conn: Connection, guild_id: int, game: Game) -> dict[Participant, Skill]:
    """A server's ratings for ``game`` computed from its counted, rated results alone."""
    games, _ = await counted_games(conn, guild_id, game)
    return replayed(games).ratings


async def store_replay(conn: Connection, guild_id: int, game: Game, ratings: Replayed, mark: Mark) -> bool:
    """Replace a server's ratings for ``game`` and their history with ``ratings``, computed at
    ``mark``, and clear its stale flag; False (and nothing written) if a game was recorded or
    removed since."""
    await conn.serialise(lock_key(guild_id, game))
    if await _mark(conn, guild_id, game) != mark:
        return False
    await conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
    await _store(conn, guild_id, game, ratings.ratings.items())
    await conn.execute(
        "DELETE FROM rating_changes WHERE game_id IN (SELECT id FROM games WHERE guild_id = ? AND game = ?)",
        (guild_id, game),
    )
    await _keep(conn, ratings.changes)
    await conn.execute("DELETE FROM meta WHERE key = ?", (stale_key(guild_id, game),))
    return True


async def _keep(conn: Connection, changes: Sequence[Change]) -> None:
    """Write rating changes to the history (a first game's has no rating before)."""
    await conn.executemany(
        "INSERT INTO rating_changes (game_id, seat, mu_before, sigma_before, mu_after, sigma_after)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                change.seat.game_id,
                change.seat.seat,
                None if change.before is None else change.before.mu,
                None if change.before is None else change.before.sigma,
                change.after.mu,
                change.after.sigma,
            )
            for change in changes
        ],
    )


async def changes_of(conn: Connection, guild_id: int, result_key: str) -> list[RatingChange]:
    """How a recorded game changed its seats' shown ratings, by seat (none if it was unrated)."""
    rows = await conn.fetch(
        "SELECT c.seat, c.mu_before, c.mu_after FROM rating_changes c JOIN games g ON g.id = c.game_id"
        " WHERE g.guild_id = ? AND g.result_key = ? ORDER BY c.seat",
        (guild_id, result_key),
    )
    return [
        RatingChange(
            int(seat), display_rating(MODEL.mu if before is None else float(before)), display_rating(after)
        )
        for seat, before, after in rows
    ]


async def history(conn: Connection, guild_id: int, user_id: int) -> list[RatingHistory]:
    """A person's shown rating after each of their counted, rated games on a server, per game
    (by name), in the order the ratings were computed; a point is provisional while it follows
    fewer than :data:`PROVISIONAL_GAMES` rated games, as on the leaderboard. The rows of a
    removed result still waiting for their rebuild are left out."""
    rows = await conn.fetch(
        "SELECT g.game, g.finished_at, c.mu_after FROM rating_changes c JOIN games g ON g.id = c.game_id"
        " JOIN results r ON r.game_id = c.game_id AND r.seat = c.seat"
        f" WHERE r.user_id = ? AND g.guild_id = ? AND {COUNTED} ORDER BY g.game, g.id",
        (user_id, guild_id),
    )
    points: dict[Game, list[RatingPoint]] = {}
    for game, finished_at, mu in rows:
        line = points.setdefault(str(game), [])
        line.append(
            RatingPoint(from_db_time(finished_at), display_rating(mu), len(line) + 1 < PROVISIONAL_GAMES)
        )
    return [RatingHistory(game, tuple(line)) for game, line in points.items()]


async def _mark(conn: Connection, guild_id: int, game: Game) -> Mark:
    row = await conn.fetchrow(
        "SELECT (SELECT coalesce(max(id), 0) FROM games WHERE guild_id = ? AND game = ?),"
        " (SELECT count(*) FROM result_removals x JOIN games g ON g.id = x.game_id"
        "  WHERE g.guild_id = ? AND g.game = ?)",
        (guild_id, game, guild_id, game),
    )
    assert row is not None
    return int(row[0]), int(row[1])


async def leaderboard(conn: Connection, guild_id: int, game: Game) -> list[Rating]:
    """The people rated in ``game`` on a server, best first, provisional ratings after the
    settled ones (ties: more games, then by name); a member who asked the server to forget them
    is marked so."""
    rows = await conn.fetch(
        "SELECT r.user_id, p.display_name, r.mu, r.sigma, r.games FROM ratings r"
        " JOIN players p ON p.user_id = r.user_id"
        " WHERE r.guild_id = ? AND r.game = ? AND r.user_id IS NOT NULL",
        (guild_id, game),
    )
    gone = await forgotten(conn, guild_id)
    board = [
        Rating(
            int(user),
            str(name),
            float(mu),
            float(sigma),
            display_rating(mu),
            int(games),
            int(games) < PROVISIONAL_GAMES,
            int(user) in gone,
        )
        for user, name, mu, sigma, games in rows
    ]
    # As Lichess lists them: settled ratings first, provisional ones after.
    board.sort(key=lambda r: (r.provisional, -r.display, -r.games, r.name.casefold(), r.user_id))
    return board


async def _current(
    conn: Connection, guild_id: int, game: Game, participants: Sequence[Participant]
) -> dict[Participant, Skill]:
    """The stored ratings of these participants (one query: recording waits for it)."""
    people = [user for user, _ in participants if user is not None]
    levels = [level for user, level in participants if user is None]
    # No "IN ()" for an empty list: SQLite takes it, PostgreSQL does not.
    wanted = [
        f"{column} IN ({', '.join('?' * len(keys))})"
        for column, keys in (("user_id", people), ("ai_level", levels))
        if keys
    ]
    rows = await conn.fetch(
        "SELECT user_id, ai_level, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
        f" AND ({' OR '.join(wanted)})",
        (guild_id, game, *people, *levels),
    )
    return {
        (user, level): Skill(float(mu), float(sigma), int(games)) for user, level, mu, sigma, games in rows
    }


async def _store(
    conn: Connection, guild_id: int, game: Game, ratings: Iterable[tuple[Participant, Skill]]
) -> None:
    """Insert or replace ratings (each participant's unique index decides which)."""
    people, ais = [], []
    for (user_id, ai_level), skill in ratings:
        if user_id is not None:
            people.append((guild_id, game, user_id, skill.mu, skill.sigma, skill.games))
        else:
            ais.append((guild_id, game, ai_level, skill.mu, skill.sigma, skill.games))
    for column, rows in (("user_id", people), ("ai_level", ais)):
        await conn.executemany(
            f"INSERT INTO ratings (guild_id, game, {column}, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
            f" ON CONFLICT (guild_id, game, {column}) WHERE {column} IS NOT NULL DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games",
            rows,
        )
