"""What a game provides to its table, declared once.

A game's table class (``tables/<game>.py``) subclasses :class:`~tables.seated.SeatedTable` (or
:class:`~tables.turn_based.TurnBased`, or :class:`~tables.turn_by_turn.TurnByTurn` for a simple
game played turn by turn) and fills in the hooks below; everything else a table does (its lobby,
seats, waits, records, messages and saving) is the shared parts'. Each game's table class is
``@final``: mypy then refuses one that leaves a hook of this class abstract, so a game that
forgets one fails the type check, not a table in play.

The values a game's table works with are here too: a move (:class:`Move`), a wait
(:class:`Wait`), what one player chooses of the next game (:class:`NextChoice`) and a finished
game ranked for the store (:class:`Finished`); an AI's choice is the engine's
(:class:`engine.contract.AiChoice`).
"""

import abc
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from data.records import LeagueSettings
from engine.contract import AiChoice
from engine.errors import IllegalAction, Reason
from tables.night_seating import TableSizes
from words.common import Notice


class Move(Protocol):
    """A game's action: every one is some seat's."""

    @property
    def seat(self) -> int: ...


A = TypeVar("A", bound=Move)
G = TypeVar("G")


class Wait(NamedTuple):
    """The table waits for ``seat`` at ``moment``: a turn, a choice only that seat can make, a
    call both must make that one has not. A new moment is a new wait (its timer starts over)."""

    seat: int
    moment: Hashable


@dataclass(frozen=True, slots=True)
class NextChoice:
    """What one player chooses of the next game before it is dealt (Toppo's display size):
    ``seat`` chooses one of ``values``, and ``take`` deals the game with it (inside a change)."""

    seat: int
    values: Sequence[int]
    take: Callable[[int], list[Notice]]


@dataclass(frozen=True, slots=True)
class Finished:
    """A game that just ended, as its table ranks it for the store: per seat its ``scores`` (the
    game's own measure, see engine/games.py) and ``ranks`` (1 is first, ties share a rank), the
    seats that ``won``, and the ``options`` worth keeping. ``number`` counts the table's games
    (it ends the result key); the name it is recorded under is the table's
    (:meth:`GameHooks.recorded_as`)."""

    number: int
    scores: Sequence[int]
    ranks: Sequence[int]
    won: Collection[int]
    options: Mapping[str, Any]


def ranked(values: Sequence[Any], *, lowest_first: bool = False) -> list[int]:
    """Each value's rank among ``values`` (1 for the best; equal values share a rank)."""
    if lowest_first:
        return [1 + sum(1 for other in values if other < value) for value in values]
    return [1 + sum(1 for other in values if other > value) for value in values]


class GameHooks(abc.ABC, Generic[A, G]):
    """The hooks of one game's table; ``A`` is the game's action type, ``G`` its running game
    as the engine has it (a state, or a series of games). Abstract ones every game writes; the
    others have the default most games want."""

    seats_allowed: ClassVar[tuple[int, int]]
    """How many seats the game takes: the fewest and the most."""
    best_seats: ClassVar[int]
    """How many seats a game night's tables have when they can (:meth:`night_sizes`): the
    game as it plays best on Discord, which is seldom its most (a table of eight is long)."""
    lobby_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The game's own options the host chooses in the lobby, each with its values (the default
    first). The lobby shows them as buttons that move through their values
    (:meth:`shown_options`; words ``<game>.option.<name>`` and
    ``<game>.option_value.<name>.<value>``), unless the game lays out its own."""
    races: ClassVar[bool] = True
    """Everyone may play at any moment (a real-time game): a person who does not press their
    panel for the absence limit is waited for. Turn-based games wait for one seat at a time."""
    plays_series: ClassVar[bool] = True
    """The table plays game after game (a series, a match of rounds): the results offer the next
    one or the end. A table of one game (Topoum) ends with it."""
    saved_as: ClassVar[str] = "game"
    """The key of the running game in the table's saved form: each game keeps the name it
    always had, so tables saved before load."""
    rated_as: ClassVar[str] = ""
    """What its results' keys call one rated game, where that is not each game the table deals:
    Cover Your Assets rates a whole match of rounds (``assets:<table>:match1``), apart from the
    rounds rated on their own before (``assets:<table>:1``). Empty: each game (docs/rules.md,
    section 5, says what each game rates)."""

    @classmethod
    def night_sizes(cls) -> TableSizes:
        """The game's tables at a game night: its seats, the best size preferred."""
        return TableSizes(cls.seats_allowed[0], cls.best_seats, cls.seats_allowed[1])

    @abc.abstractmethod
    def deal(self) -> None:
        """Deal the first game for the seats the lobby has (under the lock, at Start) and hand
        it to ``play_dealt``."""

    @abc.abstractmethod
    def load_dealt(self, dealt: Mapping[str, Any]) -> G:
        """The running game as it was dealt, from its saved form (the table replays its moves)."""

    @abc.abstractmethod
    def replay_move(self, move: Mapping[str, Any]) -> None:
        """Apply one saved move to the running game: a resumed table replays its log this way,
        and a replay steps through a kept game one move at a time."""

    @abc.abstractmethod
    def replay_turn(self) -> Hashable:
        """What a replay's "next turn" button skips past: the turn (or deal, or display) the
        running game is in; it changes when the next one begins."""

    @abc.abstractmethod
    def deal_next(self) -> list[Notice]:
        """Deal the next game of the series or match (under the lock, between games), or move
        on to choosing its options; :class:`IllegalAction` if there is no next game."""

    @abc.abstractmethod
    def finished_game(self) -> Finished:
        """The game that just ended, ranked (the table builds its record from it)."""

    @abc.abstractmethod
    def ai_inputs(self, seat: int) -> Hashable:
        """What an AI seat's decision depends on: its driver asks again when this changes."""

    @abc.abstractmethod
    def ai_choice(self, seat: int) -> AiChoice[A] | None:
        """What the engine's AI chooses for ``seat`` now (an action and a delay), or None to wait."""

    @abc.abstractmethod
    def apply_action(self, action: A) -> list[Notice]:
        """Apply one of the game's actions (under the lock, in a change): log it in the table's
        ``moves``, add what happened to its ``notices`` and return them. AI seats' actions,
        timed ones and panels' presses all come this way."""

    def recorded_as(self) -> str | None:
        """The name the running game goes by where it is not the table's game (a variant's own:
        Speed at a Spit table), as its results are recorded and words name it (a call);
        None: the table's game."""
        return None

    def game_number(self) -> int:
        """Which game of the table the results show: the buttons between games carry it, so a
        button left on an older game's message is stale. A table of one game has only the
        first."""
        return 1

    def check_stamp(self, seat: int, stamp: str, action: A) -> None:
        """:class:`IllegalAction` unless the panel ``seat`` pressed ``action`` on (drawn at
        ``stamp``) still shows the table as the move needs it."""
        raise IllegalAction(Reason.STALE, "this game's panels make no moves")

    def apply_pressed(self, seat: int, stamp: str, action: A) -> list[Notice]:
        """A move from ``seat``'s panel, the game being played: made if the panel still shows
        the table as it is (:meth:`check_stamp`); a game may explain a refusal here."""
        self.check_stamp(seat, stamp, action)
        return self.apply_action(action)

    def waits_for(self) -> Wait | None:
        """The one seat the running game waits for now (a turn, an answer, a call only it can
        make), or None when it waits for nobody in particular. The table times that seat's
        person, unless an AI plays it (see :mod:`tables.waits`)."""
        return None

    def warn(self, seat: int) -> None:
        """Two thirds of the time the table gives ``seat``'s person are gone: by default nothing
        more to say than the call does (a turn-based game may add a callout)."""

    def time_out(self, seat: int) -> None:
        """``seat``'s time is up in a turn-based game: make the engine's timeout move for them.
        A race never times a move out (an AI plays an absent person's seat instead)."""

    def next_choice(self) -> NextChoice | None:
        """What a player chooses of the next game before it is dealt, while the table is
        ``choosing`` (a game's :meth:`deal_next` goes there); None for a game dealt at once."""
        return None

    def forget_games(self) -> None:
        """Forget the game's own tally of the games played so far (Play again begins a new
        series); games that keep none leave this as it is."""

    def adopt_league(self, settings: LeagueSettings) -> None:
        """A table opened in a league's channel plays by its settings: a game with settings of
        its own (Toppo's display size) takes them here."""

    def shown_options(self) -> Sequence[str]:
        """The lobby options shown now (a game's may depend on another's value): all of them."""
        return tuple(self.lobby_choices)

    @property
    def decided(self) -> bool:
        """The game whose results show decided the series (a match won): there is no next game,
        and the table ends once it is recorded."""
        return False
