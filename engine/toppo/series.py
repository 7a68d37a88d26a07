"""A series of Toppo games with running totals (docs/rules.md §1, "Series of games").

The first game shows 3 cards. After each game the penalty points are added to the running
totals; the player with the highest total (the earliest seat on a tie [house]) is the next start
player and chooses the display size with :class:`ChooseDisplaySize` (3, 4 or 5; 3 or 4 with two
players). The lowest total wins the series; when to stop is the table's decision [house: the
rules set no length].

A series may instead fix the display size for every game (a league's setting): the start player
still "chooses", between that one size. A size two players cannot use (5) becomes the largest
they can (4).

Each game is dealt from its own seed, derived from the series seed and the game number, so a
saved series is its finished games' records plus the running game's own saved form.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction, Reason
from engine.rng import derive_seed
from engine.toppo.actions import ChooseDisplaySize, SeriesAction
from engine.toppo.events import Event, GameStarted, TotalsUpdated
from engine.toppo.state import (
    MAX_PLAYERS,
    ToppoOptions,
    ToppoState,
    ToppoView,
    allowed_display_sizes,
    new_game,
)

FIRST_DISPLAY_SIZE = 3


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game of the series."""

    display_size: int
    start_player: int
    caller: int
    """Who called toppo (and scored 0)."""
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeriesView:
    """The series as ``seat`` (or the public table, for None) sees it."""

    seat: int | None
    totals: tuple[int, ...]
    history: tuple[GameRecord, ...]
    game_number: int
    """The running game's number (1 = first), or the last one's while the next is chosen."""
    chooser: int | None
    """The seat that must choose the next display size, or None while a game runs."""
    display_sizes: tuple[int, ...]
    game: ToppoView


class Series:
    """Games of Toppo at one table, one after the other."""

    def __init__(
        self, players: int, seed: int, first_start_player: int | None = None, fixed_display: int | None = None
    ) -> None:
        """Deal the first game (display of 3, or ``fixed_display`` for every game;
        ``first_start_player`` None draws the start player from the seed)."""
        if fixed_display is not None and fixed_display not in allowed_display_sizes(MAX_PLAYERS):
            raise IllegalAction(Reason.BAD_OPTION, f"no display of {fixed_display}")
        self.players = players
        self.seed = seed
        self.first_start_player = first_start_player
        self.fixed_display = fixed_display
        self.history: list[GameRecord] = []
        first = FIRST_DISPLAY_SIZE if fixed_display is None else self.display_sizes()[0]
        self.game = self._deal(1, ToppoOptions(first, first_start_player))

    def _deal(self, number: int, options: ToppoOptions) -> ToppoState:
        return new_game(self.players, options, derive_seed(self.seed, "game", number))

    @property
    def game_number(self) -> int:
        return len(self.history) + (1 if self.game.outcome is None else 0)

    @property
    def totals(self) -> tuple[int, ...]:
        """Running penalty points by seat."""
        return tuple(sum(record.scores[seat] for record in self.history) for seat in range(self.players))

    def chooser(self) -> int | None:
        """The next start player while the next game waits to be chosen, else None."""
        return None if self.game.outcome is None else self.next_start_player()

    def next_start_player(self) -> int:
        """The highest running total; the earliest seat among ties [house]."""
        totals = self.totals
        return max(range(self.players), key=lambda seat: (totals[seat], -seat))

    def display_sizes(self) -> tuple[int, ...]:
        """The sizes the start player may choose: the rules', or the one fixed size."""
        allowed = allowed_display_sizes(self.players)
        if self.fixed_display is None:
            return allowed
        return (max(size for size in allowed if size <= self.fixed_display),)

    def standings(self) -> list[int]:
        """Seats from best (lowest total) to worst; ties keep seat order."""
        totals = self.totals
        return sorted(range(self.players), key=lambda seat: totals[seat])

    def legal_actions(self, seat: int) -> list[SeriesAction]:
        if self.game.outcome is None:
            return [*self.game.legal_actions(seat)]
        self.game.check_seat(seat)
        if seat != self.next_start_player():
            return []
        return [ChooseDisplaySize(seat, size) for size in self.display_sizes()]

    def apply(self, action: SeriesAction) -> list[Event]:
        """A game action goes to the running game (and a game's end updates the totals);
        ``ChooseDisplaySize`` deals the next game."""
        if isinstance(action, ChooseDisplaySize):
            return self._choose(action)
        events = self.game.apply(action)
        outcome = self.game.outcome
        if outcome is not None:
            game = self.game
            record = GameRecord(game.display_size, game.start_player, outcome.caller, outcome.scores)
            self.history.append(record)
            events.append(
                TotalsUpdated(len(self.history), outcome.scores, self.totals, self.next_start_player())
            )
        return events

    def _choose(self, action: ChooseDisplaySize) -> list[Event]:
        seat = action.seat
        self.game.check_seat(seat)
        if self.game.outcome is None:
            raise IllegalAction(Reason.STALE, "the game has already started")
        if seat != self.next_start_player():
            raise IllegalAction(Reason.NOT_YOUR_TURN, "the start player chooses")
        if action.size not in self.display_sizes():
            raise IllegalAction(Reason.BAD_OPTION, f"no display of {action.size}")
        number = len(self.history) + 1
        self.game = self._deal(number, ToppoOptions(action.size, seat))
        return [GameStarted(number, seat, tuple(self.game.display))]

    def view(self, seat: int | None = None) -> SeriesView:
        return SeriesView(
            seat=seat,
            totals=self.totals,
            history=tuple(self.history),
            game_number=self.game_number,
            chooser=self.chooser(),
            display_sizes=self.display_sizes(),
            game=self.game.view(seat),
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Series)
            and (self.players, self.seed, self.first_start_player, self.fixed_display, self.history)
            == (other.players, other.seed, other.first_start_player, other.fixed_display, other.history)
            and self.game == other.game
        )

    def to_json(self) -> dict[str, Any]:
        """Finished games as records, the running (or last) game as its own saved form."""
        return {
            "game": "toppo-series",
            "players": self.players,
            "seed": self.seed,
            "first_start_player": self.first_start_player,
            "fixed_display": self.fixed_display,
            "history": [
                {
                    "display_size": r.display_size,
                    "start_player": r.start_player,
                    "caller": r.caller,
                    "scores": list(r.scores),
                }
                for r in self.history
            ],
            "current": self.game.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Series":
        if data.get("game") != "toppo-series":
            raise ValueError("not a saved Toppo series")
        try:
            series = cls.__new__(cls)
            series.players = data["players"]
            series.seed = data["seed"]
            series.first_start_player = data["first_start_player"]
            series.fixed_display = data.get("fixed_display")  # absent from series saved before it
            series.history = [
                GameRecord(r["display_size"], r["start_player"], r["caller"], tuple(r["scores"]))
                for r in data["history"]
            ]
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed saved series: {exc}") from exc
        series.game = ToppoState.from_json(data["current"])
        if series.game.players != series.players:
            raise ValueError("the running game has a different number of players")
        return series
