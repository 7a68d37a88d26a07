"""The values that cross the store's boundary.

Callers hand the store frozen dataclasses and get frozen dataclasses back, never rows or SQL, so
the schema can change (or the driver become PostgreSQL) without touching them. Checks here catch a
malformed record before it reaches the database, where the same rules are CHECK constraints.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from engine.games import recorded

Game = str
"""The game of a table, a league or a result: a name engine/games.py registers."""

SEASON_EVERY: Final = ("weekly", "monthly", "quarterly")
"""How often a league's seasons may turn over by themselves (:mod:`tables.season_calendar`)."""

JSONObject = dict[str, Any]
"""Options and table states: whatever ``json.dumps`` accepts at the top level as an object."""


def _check_game(game: str) -> None:
    if game not in recorded():
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(recorded())}")


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat ended: a human (``user_id`` set) or an AI seat (``ai_level`` set), not both.

    ``display_name`` is kept for humans so standings can be shown without asking Discord.
    ``score`` is the game's own measure for the seat (see :func:`engine.games.measure`): Toppo
    penalty points, Cover Your Assets money, Topoum badges; Spit and Speed are measured by ``won``.
    ``rank`` is 1 for the best seat, and tied seats share a rank.

    A person who stopped playing has their seat played for them (issue 30): ``stood_in`` counts
    the moves an AI or the turn timer made for them in this game, and ``absent`` says they left
    or were still away when it ended, so the table ranked them last and not a winner. Both
    describe a person, so an AI seat has neither; such a seat is still a human's, not an AI seat.

    ``forgotten`` is only read back, never written: the person asked the game's server to forget
    their name (``/forget-me``, see :mod:`data.forgotten`), so the seat is shown as "a former
    player".
    """

    seat: int
    user_id: int | None
    display_name: str
    ai_level: str | None
    score: int
    rank: int
    won: bool
    stood_in: int = 0
    absent: bool = False
    forgotten: bool = False

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError(f"seat {self.seat}: exactly one of user_id and ai_level must be set")
        if self.stood_in < 0:
            raise ValueError(f"seat {self.seat}: stood_in counts moves, not {self.stood_in}")
        if self.user_id is None and (self.stood_in or self.absent):
            raise ValueError(f"seat {self.seat}: only a person's seat is stood in for or absent")


@dataclass(frozen=True, slots=True)
class KeptLog:
    """What a finished game's replay is rebuilt from (issue 31): the table as it was saved when
    the game ended (``state``, its ``to_json``: seats, names, the series so far, the game as
    dealt), its whole ``moves`` log since that deal, and its ``steps``: the numbers of moves at
    which the channel saw the table, the first and the last included, in order."""

    state: JSONObject
    moves: tuple[JSONObject, ...]
    steps: tuple[int, ...]
    thread_id: int | None = None
    """The thread the game was played in (None: in its channel)."""

    def __post_init__(self) -> None:
        if not self.steps or list(self.steps) != sorted(set(self.steps)):
            raise ValueError("a kept game's steps are distinct move counts in order")
        if self.steps[0] < 0 or self.steps[-1] != len(self.moves):
            raise ValueError("a kept game's steps run from its first to its last move")


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
    """Normally left None: the store decides, in the transaction that records the game, whether
    it counts for a league (see :meth:`data.store.Store.record_game`)."""
    season_id: int | None = None
    kept: KeptLog | None = None
    """The game's log, kept beside its result for its replay (None: not kept)."""

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

    @property
    def stood_in(self) -> bool:
        """Whether an AI played a seat for a person (a league may leave such games out)."""
        return any(seat.stood_in > 0 for seat in self.seats)


@dataclass(frozen=True, slots=True)
class SavedPanel:
    """A private panel open at a table: the interaction that last drew it (its id says when
    its ``token`` lapses), whose, and in which language (see cogs/live_panels.py)."""

    table_id: str
    user_id: int
    application_id: int
    interaction_id: int
    token: str = field(repr=False)
    locale: str


@dataclass(frozen=True, slots=True)
class SavedTable:
    """A running table as saved after each action; ``state`` is the table's own JSON form."""

    table_id: str
    guild_id: int
    channel_id: int
    """The channel the table belongs to: its league's, where its card or its messages are."""
    game: Game
    state: JSONObject
    damage: str | None = None
    """Why the saved state could not be read (``state`` is then empty); such a table is set
    aside at start-up instead of resumed."""
    moves: tuple[JSONObject, ...] = ()
    """The running game's moves since it was dealt, in order: kept apart from ``state`` so a
    save appends the new ones instead of rewriting them all."""
    thread_id: int | None = None
    """The thread of ``channel_id`` the table plays in; None when it plays in the channel."""
    awaits_thread: bool = False
    """A new lobby whose thread is being started: it holds no place yet, so lobbies started
    together in one channel (or beside a table played in it) do not collide."""

    def __post_init__(self) -> None:
        _check_game(self.game)


@dataclass(frozen=True, slots=True)
class SetAsideTable:
    """A table kept aside from the running ones (see :meth:`data.store.Store.set_aside_table`):
    as it was saved, and why: a damaged state, or a place Discord no longer lets it use."""

    saved: SavedTable
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """A player's running totals, summed by the database from the stored results."""

    games: int
    wins: int
    score: int


# -- leagues ---------------------------------------------------------------------------------------


TOPPO_DISPLAYS: Final = (3, 4, 5)
TURN_TIMER_LIMITS: Final = (15, 3600)
"""Seconds a league may give a player per turn in the turn-based games."""
ABSENT_GAMES: Final = ("last", "excluded")
"""How a league counts a game in which an AI played a seat for a person (see
:class:`LeagueSettings`)."""


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """The game's options for a league's games.

    ``toppo_display`` fixes the size of every Toppo display (None: the rules' way, 3 cards and
    then the start player's choice); ``turn_timer`` gives each turn of a turn-based game that
    many seconds (None: the bot's ``TURN_SECONDS``); ``ai_games_count`` lets games with AI seats count for the
    league (they never do otherwise).

    ``absent_games`` says how a game in which an AI played a seat for a person counts (see
    :attr:`GameRecord.stood_in`): "last" (as on Lichess), like any other, the person ranked last
    by the table if they left or stayed away; or "excluded", left out of the league's standings
    and of the server's ratings, for leagues that would rather not rank a game someone did not
    finish.
    """

    ai_games_count: bool = False
    turn_timer: int | None = None
    toppo_display: int | None = None
    absent_games: str = "last"

    def __post_init__(self) -> None:
        low, high = TURN_TIMER_LIMITS
        if self.turn_timer is not None and not low <= self.turn_timer <= high:
            raise ValueError(f"a turn timer is {low} to {high} seconds, not {self.turn_timer}")
        if self.toppo_display is not None and self.toppo_display not in TOPPO_DISPLAYS:
            raise ValueError(f"a Toppo display holds 3, 4 or 5 cards, not {self.toppo_display}")
        if self.absent_games not in ABSENT_GAMES:
            raise ValueError(f"absent_games is one of {', '.join(ABSENT_GAMES)}, not {self.absent_games!r}")

    def to_json(self) -> JSONObject:
        return {
            "ai_games_count": self.ai_games_count,
            "turn_timer": self.turn_timer,
            "toppo_display": self.toppo_display,
            "absent_games": self.absent_games,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "LeagueSettings":
        """Settings as stored; a setting missing from an older row takes its default."""
        return cls(
            ai_games_count=bool(data.get("ai_games_count", False)),
            turn_timer=data.get("turn_timer"),
            toppo_display=data.get("toppo_display"),
            absent_games=data.get("absent_games", "last"),
        )


@dataclass(frozen=True, slots=True)
class Season:
    """A league's numbered season; running while ``ended_at`` is None."""

    id: int
    league_id: int
    number: int
    started_at: datetime
    ended_at: datetime | None
    period: str | None = None
    """The calendar period it runs for, when the league's seasons turn over by themselves
    (``monthly:2026-12-01``, see :mod:`tables.season_calendar`); None for a season started by hand."""

    @property
    def running(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class League:
    """A server's league of one game: the channels whose games count, its settings, and its
    running season (None between seasons)."""

    id: int
    guild_id: int
    name: str
    game: Game
    channel_ids: tuple[int, ...]
    settings: LeagueSettings
    season: Season | None


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a season's standings; ``measure`` is the sum of the game's measure.
    ``forgotten``: they asked the server to forget their name (shown as "a former player")."""

    rank: int
    user_id: int
    name: str
    games: int
    wins: int
    measure: int
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class LeaguePlayer:
    """A seat of a league game as a moderator picks the game: the person's name (or the AI's
    level), the game's measure for it, and whether the person asked the server to forget their
    name (shown as "a former player")."""

    name: str
    measure: int
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class LeagueGame:
    """A game counted for a league, as a moderator picks it to remove: its id, season, time and
    players (names with their measure, best first)."""

    id: int
    season_number: int
    finished_at: datetime
    players: tuple[LeaguePlayer, ...]


@dataclass(frozen=True, slots=True)
class Removal:
    """A result a moderator took out of a league, kept as the log of why."""

    game_id: int
    moderator_id: int
    reason: str
    removed_at: datetime


# -- statistics and ratings ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStats:
    """A player's games of one game in one server: how many, won, and the measure's sum."""

    game: Game
    games: int
    wins: int
    measure: int


@dataclass(frozen=True, slots=True)
class Finishes:
    """Where a player finished in one game at tables of one size: ``places[0]`` is how many
    times first, ``places[1]`` second, and so on to ``places[seats - 1]``, last (tied seats
    share the better place, so the counts add up to ``games``)."""

    game: Game
    seats: int
    games: int
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Opponent:
    """A person a player sat at the same tables with: in how many of the player's games, and in
    how many of those they finished ahead. ``forgotten``: they asked the server to forget their
    name (shown as "a former player")."""

    user_id: int
    name: str
    games: int
    ahead: int
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's shown rating after one rated game, when that game finished, and whether the
    rating was still provisional then (fewer than :data:`data.ratings.PROVISIONAL_GAMES`)."""

    finished_at: datetime
    rating: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class RatingHistory:
    """A player's rating in one game over time, a point per rated game, in the order the ratings
    were computed (recording order)."""

    game: Game
    points: tuple[RatingPoint, ...]

    def __post_init__(self) -> None:
        if not self.points:
            raise ValueError("a rating history has at least one rated game")


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's record in one server: per game, where they finished at each size of table,
    their ratings over time, and the people they played with most."""

    user_id: int
    name: str | None
    """The name of their latest recorded game; None if they have none here."""
    games: tuple[GameStats, ...]
    finishes: tuple[Finishes, ...] = ()
    """Per game (in the order of ``games``), per table size (fewest seats first)."""
    ratings: tuple[RatingHistory, ...] = ()
    """Per game they have a rating in, in the order of ``games``."""
    opponents: tuple[Opponent, ...] = ()
    """The people they played most games with, most first."""
    stood_in: int = 0
    """Of their games, how many an AI played some moves of for them."""
    absent: int = 0
    """Of their games, how many they left or were away at the end of, so were ranked last."""
    forgotten: bool = False
    """They asked the server to forget their name: anyone else is shown "a former player"."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill rating in one game and server: openskill's estimate ``mu`` and its
    uncertainty ``sigma``, shown as ``display`` (a familiar number: 1500 to start, never
    negative, see :func:`data.ratings.display_rating`), ``provisional`` until enough games.
    ``forgotten``: they asked the server to forget their name (shown as "a former player")."""

    user_id: int
    name: str
    mu: float
    sigma: float
    display: int
    games: int
    provisional: bool
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """How one game changed a seat's shown rating (see :func:`data.ratings.display_rating`)."""

    seat: int
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A finished game as ``/history`` lists it: its seats (a person by their last known name,
    marked if they asked the server to forget their name; an AI seat by its level), and whether
    its log is kept for a replay."""

    game_id: int
    game: Game
    channel_id: int
    finished_at: datetime
    seats: tuple[SeatResult, ...]
    kept: bool
    round: int | None = None
    """The round of its match this result was, for a Cover Your Assets round recorded on its
    own before a match was rated once (issue 42; None for any other result)."""


@dataclass(frozen=True, slots=True)
class KeptGame:
    """A finished game with its kept log: what a replay is rebuilt from (``forgotten``: the
    people of its server who asked for their name to be forgotten there, whom its rebuilt
    table names "a former player" wherever it names them)."""

    finished: FinishedGame
    guild_id: int
    result_key: str
    log: KeptLog
    forgotten: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Scheduled:
    """Something the bot does at a wall-clock time (see :mod:`tables.scheduler`): ``kind`` says
    what, ``key`` which one (one entry per kind and key), ``guild_id`` whose (the process that
    serves that server runs it). ``players_clock``: time given to people (a move's deadline),
    moved later by the time the bot was down; else a calendar time (a season's boundary), run
    late as it was due. ``payload``: what the doing needs, as JSON."""

    kind: str
    key: str
    guild_id: int
    due: datetime
    players_clock: bool = False
    payload: JSONObject = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.due.tzinfo is None:
            raise ValueError("a scheduled time is a moment: give it a time zone")


@dataclass(frozen=True, slots=True)
class SeasonSchedule:
    """A league whose seasons turn over by themselves: ``every`` week, month or quarter, at
    midnight in time zone ``zone``; the end posted in ``channel_id`` in ``locale``; the season's
    winner given role ``winner_role_id`` if its moderators named one."""

    league_id: int
    guild_id: int
    every: str
    zone: str
    channel_id: int
    locale: str
    winner_role_id: int | None = None

    def __post_init__(self) -> None:
        if self.every not in SEASON_EVERY:
            raise ValueError(f"seasons turn over {', '.join(SEASON_EVERY)}, not {self.every!r}")


NIGHT_FORMATS: Final = ("rounds", "arena")
"""How a game night seats people: rounds (Swiss, for tables of any size) or an arena (a pool)."""
NIGHT_STATES: Final = ("planned", "checkin", "running", "over", "cancelled")
"""A game night's life: planned, asking its people to check in, running, then over (or cancelled)."""


@dataclass(frozen=True, slots=True)
class Night:
    """A game night (issue 45, migration 0018): one ``game`` in ``channel_id`` from
    ``starts_at``, seated by ``format`` with its ``settings``, told in ``locale``; ``round`` is
    the round under way (0 before the first); ``event_id`` its Discord Scheduled Event,
    ``card_id`` its sign-up card, ``standings_id`` its live standings message."""

    id: int
    guild_id: int
    channel_id: int
    game: Game
    format: str
    settings: JSONObject
    starts_at: datetime
    locale: str
    planned_by: int
    state: str = "planned"
    round: int = 0
    event_id: int | None = None
    card_id: int | None = None
    standings_id: int | None = None

    def __post_init__(self) -> None:
        _check_game(self.game)
        if self.format not in NIGHT_FORMATS:
            raise ValueError(f"a night's format is one of {', '.join(NIGHT_FORMATS)}, not {self.format!r}")
        if self.state not in NIGHT_STATES:
            raise ValueError(f"a night's state is one of {', '.join(NIGHT_STATES)}, not {self.state!r}")

    @property
    def open(self) -> bool:
        """Whether it is still to come or under way."""
        return self.state not in ("over", "cancelled")


@dataclass(frozen=True, slots=True)
class NightPerson:
    """Someone who joined a night: checked in when asked, withdrawn (by a moderator, or after
    missing two of its games), and how many games they missed."""

    user_id: int
    name: str
    joined_at: datetime
    checked_in: bool = False
    withdrawn: bool = False
    absences: int = 0


@dataclass(frozen=True, slots=True)
class NightTable:
    """A table a night seated in ``round`` (0: the arena's): who sits at each seat (None: an
    AI), and whether its game has been counted."""

    table_id: str
    round: int
    seats: tuple[int | None, ...]
    started_at: datetime
    counted: bool = False


@dataclass(frozen=True, slots=True)
class NightScore:
    """What one person earned at one table of a night: their place there and its points."""

    user_id: int
    table_id: str
    round: int
    place: int
    points: float
    won: bool = False
