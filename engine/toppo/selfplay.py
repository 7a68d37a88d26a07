"""Toppo's part of self-play: a series of AI games and the invariants checked after each action.

The invariants are written from the rulebook, not from the engine's code: every card is in
exactly one place (decks, lines, display, topped pile, stock) and the count of each card never
changes; lines never exceed the display size; while play waits for the restarter no line has a
card; a passed vote has replaced the display; a finished game scores 0 for the caller, who held
fewer than 10 cards, and one point per card held for everyone else; the running totals are the
sums of the games' scores and the highest total (earliest seat on a tie) starts the next game.

Seat levels rotate from game to game (seat ``s`` plays level ``(s + game) % 3``) so every level
plays every seat and every player count.
"""

from collections import Counter
from collections.abc import Hashable
from itertools import chain

from engine.ai import Level
from engine.rng import Rng, derive_seed
from engine.selfplay import SelfPlaySpec
from engine.toppo.actions import SeriesAction
from engine.toppo.ai import Choice, choose_in_series
from engine.toppo.cards import Card, make_deck, sets_for
from engine.toppo.series import Series
from engine.toppo.state import MAX_PLAYERS, MIN_PLAYERS, TOPPO_LIMIT, ToppoState

LEVELS = (Level.EASY, Level.NORMAL, Level.HARD)


def census(state: ToppoState) -> Counter[Card]:
    """How many of each card lie anywhere on the table."""
    return Counter(chain(state.display, state.stock, state.topped, *state.decks, *state.lines))


def check_game(state: ToppoState, expected: Counter[Card]) -> list[str]:
    """The rulebook's invariants of one game; ``expected`` is the census it was dealt with."""
    problems: list[str] = []
    found = census(state)
    if found != expected:
        problems.append(
            f"cards not conserved: missing {dict(expected - found)}, extra {dict(found - expected)}"
        )
    size = state.display_size
    if len(state.display) != size:
        problems.append(f"display holds {len(state.display)} cards, not {size}")
    for seat, line in enumerate(state.lines):
        if len(line) > size:
            problems.append(f"seat {seat}'s line holds {len(line)} cards")
        if state.matching[seat] and not 0 < len(line) < size:
            problems.append(f"seat {seat} is matching from a line of {len(line)}")
    if state.restarter is not None and any(state.lines):
        problems.append(f"a line has cards while play waits for seat {state.restarter}")
    if len(state.votes) >= state.votes_needed():
        problems.append("a passed vote did not replace the display")
    outcome = state.outcome
    if outcome is not None:
        held = [state.cards_left(seat) for seat in range(state.players)]
        if held[outcome.caller] >= TOPPO_LIMIT:
            problems.append(f"toppo ended the game with {held[outcome.caller]} cards")
        expected_scores = [0 if seat == outcome.caller else held[seat] for seat in range(state.players)]
        if list(outcome.scores) != expected_scores:
            problems.append(f"scores {outcome.scores} should be {expected_scores}")
    return problems


class ToppoMatch:
    """A series of ``games`` games between AI seats, driven by :func:`engine.selfplay.run`."""

    def __init__(self, players: int, games: int, seed: int) -> None:
        self.series = Series(players, seed)
        self.games = games
        self.rngs = [Rng.from_seed(derive_seed(seed, "ai", seat)) for seat in range(players)]
        self.expected = Counter(make_deck(sets_for(players)))
        self.totals = [0] * players
        self.recorded = 0
        self.next_start: int | None = None

    @property
    def seats(self) -> int:
        return self.series.players

    @property
    def games_finished(self) -> int:
        return len(self.series.history)

    def finished(self) -> bool:
        return self.games_finished >= self.games

    def level(self, seat: int) -> Level:
        return LEVELS[(seat + self.games_finished) % len(LEVELS)]

    def situation(self, seat: int) -> Hashable:
        """What the AI decides on: the display, the gate, the seat's own line, deck size and vote
        (and the game number); other players' lines never change its decision."""
        game = self.series.game
        if game.outcome is not None:
            return (self.games_finished, self.series.chooser() == seat)
        return (
            self.games_finished,
            tuple(game.display),
            game.restarter,
            tuple(game.lines[seat]),
            game.matching[seat],
            len(game.decks[seat]),
            seat in game.votes,
        )

    def propose(self, seat: int) -> Choice | None:
        return choose_in_series(self.series, seat, self.level(seat), self.rngs[seat])

    def apply(self, action: SeriesAction) -> None:
        self.series.apply(action)

    def violations(self) -> list[str]:
        game = self.series.game
        problems = check_game(game, self.expected)
        history = self.series.history
        if len(history) > self.recorded:
            self.recorded = len(history)
            scores = game.outcome.scores if game.outcome is not None else ()
            if history[-1].scores != scores:
                problems.append(f"series recorded {history[-1].scores}, the game scored {scores}")
            self.totals = [total + score for total, score in zip(self.totals, scores, strict=True)]
            if list(self.series.totals) != self.totals:
                problems.append(f"running totals {self.series.totals} should be {self.totals}")
            self.next_start = self.totals.index(max(self.totals))
            if self.series.chooser() != self.next_start:
                problems.append(f"seat {self.series.chooser()} chooses, not seat {self.next_start}")
        elif self.next_start is not None and game.start_player != self.next_start:
            problems.append(f"seat {game.start_player} started, not seat {self.next_start}")
        return problems


SELFPLAY = SelfPlaySpec(
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_match=ToppoMatch,
    max_actions_per_game=200_000,
)
