"""Toppo engine tests, and the helpers that make a stacked table a one-liner.

``table("R~ Yo B#", "Ro Y~ G#", "W+ W+ W+", stock="G- G-")`` lays a display and one deck per
seat (top card first), seat 0 to start; ``turn(game, seat, n)`` turns ``n`` cards.
"""

from collections.abc import Callable

from engine.rng import Rng
from engine.toppo.actions import SeriesAction, TurnCard
from engine.toppo.ai import Level, choose
from engine.toppo.cards import notation, parse_cards
from engine.toppo.events import Event
from engine.toppo.series import Series
from engine.toppo.state import Position, ToppoState

LEVELS = list(Level)


def table(
    display: str, *decks: str, stock: str = "", topped: str = "", start: int = 0, seed: int = 0
) -> ToppoState:
    """A game dealt exactly as written, play waiting for ``start`` to turn the first card."""
    return ToppoState.from_position(
        Position(
            display=parse_cards(display),
            decks=tuple(parse_cards(deck) for deck in decks),
            stock=parse_cards(stock),
            topped=parse_cards(topped),
            start_player=start,
        ),
        seed,
    )


def turn(game: ToppoState, seat: int, count: int = 1) -> list[Event]:
    """``seat`` turns ``count`` cards; the events of all of them."""
    events: list[Event] = []
    for _ in range(count):
        events += game.apply(TurnCard(seat))
    return events


def deck(game: ToppoState, seat: int) -> str:
    """A seat's deck in notation, top first."""
    return notation(game.decks[seat])


def line(game: ToppoState, seat: int) -> str:
    return notation(game.lines[seat])


def shown(game: ToppoState) -> str:
    """The display in notation."""
    return notation(game.display)


def play_ai(
    game: ToppoState,
    apply: Callable[[SeriesAction], list[Event]] | None = None,
    steps: int = 100_000,
    seed: int = 0,
) -> list[Event]:
    """AI seats (seat ``s`` plays level ``s % 3``) take turns, no clock needed, until the game
    ends or its log holds ``steps`` actions. ``apply`` is the game's own unless given (a series'
    keeps the running totals)."""
    apply = apply or game.apply
    rng = Rng.from_seed(seed)
    events: list[Event] = []
    step = 0
    while game.outcome is None and len(game.log) < steps:
        seat = step % game.players
        step += 1
        choice = choose(game, seat, LEVELS[seat % 3], rng)
        if choice is not None:
            events += apply(choice.action)
    return events


def finish_game(series: Series) -> list[Event]:
    """Play the series' running game to its end."""
    return play_ai(series.game, series.apply)
