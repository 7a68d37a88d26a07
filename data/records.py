"""The values that cross the store's boundary.

Callers hand the store frozen dataclasses and get frozen dataclasses back, never rows or SQL, so
the schema can change (or the driver become PostgreSQL) without touching them. Checks here catch a
malformed record before it reaches the database, where the same rules are CHECK constraints.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, get_args

Game = Literal["toppo", "assets", "spit", "speed", "topoum"]
"""The game of a table, a league or a result; the same names as the schema's CHECKs."""

GAMES: Final[tuple[Game, ...]] = get_args(Game)

JSONObject = dict[str, Any]
"""Options and table states: whatever ``json.dumps`` accepts at the top level as an object."""


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(GAMES)}")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat ended: a human (``user_id`` set) or an AI seat (``ai_level`` set), not both.

    ``display_name`` is kept for humans so standings can be shown without asking Discord.
    """

    seat: int
    user_id: int | None
    display_name: str
    ai_level: str | None
    score: int
    rank: int
    won: bool

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError(f"seat {self.seat}: exactly one of user_id and ai_level must be set")


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game, written once: ``result_key`` identifies it so a retry stores nothing new.

    Times must be timezone-aware; they are stored in UTC.
    """

    guild_id: int
    channel_id: int
    game: Game
    result_key: str
    options: JSONObject
    started_at: datetime
    finished_at: datetime
    seats: tuple[SeatResult, ...]
    league_id: int | None = None
    season_id: int | None = None

    def __post_init__(self) -> None:
        _check_game(self.game)
        if not self.seats:
            raise ValueError("a game record needs at least one seat")
        if self.started_at.tzinfo is None or self.finished_at.tzinfo is None:
            raise ValueError("started_at and finished_at must be timezone-aware")

    @property
    def has_ai(self) -> bool:
        """Whether an AI took part; derived from the seats so the two can never disagree."""
        return any(seat.user_id is None for seat in self.seats)


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A running table as saved after each action; ``state`` is the table's own JSON form."""

    table_id: str
    guild_id: int
    channel_id: int
    game: Game
    state: JSONObject

    def __post_init__(self) -> None:
        _check_game(self.game)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """A player's running totals, summed by the database from the stored results."""

    games: int
    wins: int
    score: int
