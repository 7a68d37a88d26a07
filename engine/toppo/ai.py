"""Toppo AI players at three levels, differing in how well and how fast they play.

The AI looks at the table as a player would and returns one action with a reaction delay in
seconds; the engine has no clock, so waiting that long (and asking again if the table changed
meanwhile) is the caller's job. ``None`` means "nothing to do now": waiting for the restarter,
or the game is over. Randomness (reaction times, oversights, blunders) comes from an ``Rng`` the
caller supplies, never from the game's own, so an AI seat cannot change how a game is dealt.

- easy: slow; overlooks many tops and matches, now and then calls a wrong top or match and
  jumps the gate (a false start).
- normal: medium speed; overlooks a few, rarely errs.
- hard: fast; never overlooks a top or a match and never errs.

Every level prefers a top to a match (a top sheds a whole line), and every level calls toppo as
soon as it holds fewer than 10 cards: for an AI seat the AI calls it, the bot never does for a
human.
"""

from collections.abc import Hashable
from dataclasses import dataclass

from engine.ai import Level, delay
from engine.rng import Rng
from engine.toppo.actions import (
    CallTop,
    CallToppo,
    ChooseDisplaySize,
    Match,
    Renew,
    SeriesAction,
    TurnCard,
    VoteReplace,
)
from engine.toppo.cards import find_matches, find_top
from engine.toppo.series import Series
from engine.toppo.state import TOPPO_LIMIT, ToppoState


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays; delays are uniform in ``(low, high)`` seconds."""

    turn_delay: tuple[float, float]
    """Turning the next card of a line."""
    think_delay: tuple[float, float]
    """Deciding about a full line, calling toppo, voting, choosing the display size."""
    sees_top: float
    """Chance of noticing a top that the line allows."""
    sees_match: float
    """Chance of noticing an identical card."""
    blunder: float
    """Chance, on a line it found nothing for, of calling a wrong top or a wrong match."""
    false_start: float
    """Chance, while waiting for the restarter, of turning a card too early."""
    patience: int
    """Votes to replace the display once it has outlasted this many renewed lines per player."""


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(
        turn_delay=(0.8, 1.4),
        think_delay=(2.5, 4.0),
        sees_top=0.55,
        sees_match=0.6,
        blunder=0.04,
        false_start=0.04,
        patience=10,
    ),
    Level.NORMAL: Profile(
        turn_delay=(0.5, 0.9),
        think_delay=(1.2, 2.5),
        sees_top=0.85,
        sees_match=0.9,
        blunder=0.01,
        false_start=0.01,
        patience=8,
    ),
    Level.HARD: Profile(
        turn_delay=(0.3, 0.5),
        think_delay=(0.6, 1.2),
        sees_top=1.0,
        sees_match=1.0,
        blunder=0.0,
        false_start=0.0,
        patience=6,
    ),
}


@dataclass(frozen=True, slots=True)
class Choice:
    """An AI decision: do ``action`` after ``delay`` seconds if the table has not changed."""

    action: SeriesAction
    delay: float


def choose(state: ToppoState, seat: int, level: Level, rng: Rng) -> Choice | None:
    """What an AI in ``seat`` does next in a game, or None if it waits."""
    if state.outcome is not None:
        return None
    profile = PROFILES[level]

    def turn() -> Choice:
        return Choice(TurnCard(seat), delay(profile.turn_delay, rng))

    def decide(action: SeriesAction) -> Choice:
        return Choice(action, delay(profile.think_delay, rng))

    if state.cards_left(seat) < TOPPO_LIMIT:
        return decide(CallToppo(seat))
    if state.restarter is not None:
        # With 10 or more cards and an empty line (the gate keeps lines empty), the deck has cards.
        if seat == state.restarter or rng.random() < profile.false_start:
            return turn()
        return None
    line, display = state.lines[seat], state.display
    if state.matching[seat]:
        matches = find_matches(line, display)
        if matches and rng.random() < profile.sees_match:
            return decide(Match(seat, *matches[0]))
        return turn()
    if len(line) < state.display_size:
        return turn()
    order = find_top(line, display)
    if order is not None and rng.random() < profile.sees_top:
        return decide(CallTop(seat, order))
    matches = find_matches(line, display)
    if matches and rng.random() < profile.sees_match:
        return decide(Match(seat, *matches[0]))
    if rng.random() < profile.blunder:
        return decide(_blunder(state, seat, rng))
    if state.display_age >= profile.patience * state.players and seat not in state.votes:
        return decide(VoteReplace(seat))
    return decide(Renew(seat))


def choose_in_series(series: Series, seat: int, level: Level, rng: Rng) -> Choice | None:
    """What an AI in ``seat`` does next in a series: choose the display size when it is the
    next start player between games, else play the running game."""
    chooser = series.chooser()
    if chooser is None:
        return choose(series.game, seat, level, rng)
    if seat != chooser:
        return None
    size = rng.choice(series.display_sizes())
    return Choice(ChooseDisplaySize(seat, size), delay(PROFILES[level].think_delay, rng))


def looks_at(series: Series, seat: int, level: Level) -> Hashable:
    """What :func:`choose_in_series` reads of the table for ``seat``: while this stays the same,
    so does its choice (the caller asks again only when it changes)."""
    if (chooser := series.chooser()) is not None:
        return series.game_number, chooser
    game = series.game
    patience = PROFILES[level].patience * game.players
    return (
        series.game_number,
        tuple(game.display),
        tuple(game.lines[seat]),
        game.matching[seat],
        game.restarter,
        game.cards_left(seat) < TOPPO_LIMIT,
        seat in game.votes,
        game.display_age >= patience,
    )


def _blunder(state: ToppoState, seat: int, rng: Rng) -> SeriesAction:
    """A mistake a hurried player makes: a card that merely looks alike laid as a match (same
    colour or symbol), or else a top called in a shuffled order."""
    line, display = state.lines[seat], state.display
    lookalikes = [
        (index, slot)
        for index, card in enumerate(line)
        for slot, shown in enumerate(display)
        if card is not shown and card.tops(shown)
    ]
    if lookalikes and rng.random() < 0.5:
        return Match(seat, *rng.choice(lookalikes))
    order = list(range(len(line)))
    rng.shuffle(order)
    return CallTop(seat, tuple(order))
