"""Spit and Speed AI players at three levels, differing in how fast they react and how hard they
look for plays.

The AI looks at the table as a player would and returns one action with a reaction delay in
seconds; the engine has no clock, so waiting that long (and asking again if the table changed
meanwhile) is the caller's job. ``None`` means "nothing to do now": the other player is still
playing, or the game is over. Randomness (reaction times, plays overlooked) comes from an ``Rng``
the caller supplies, never from the game's own, so an AI seat cannot change a deal.

- easy: slow; at the first glance it notices only half of its plays, picks among them at
  random, and slaps a centre pile at random.
- normal: quicker; notices most plays, takes the first it sees, and usually slaps the smaller
  pile.
- hard: fast; sees every play, prefers the one that leaves it most plays to follow, and always
  slaps the smaller pile (spitting alone, it spits onto the larger one to keep the other small).

A play overlooked at first glance is found at a second look, twice as slow: a real player stares
at the table until they see it, so an AI never sits on a play for ever. Turning up a card and
moving one into an empty space come after any play noticed; calling spit or a flip comes as soon
as the game allows it, after the level's call delay.
"""

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from engine.ai import Level, delay
from engine.rng import Rng
from engine.spit.actions import Action, Flip, MoveCard, PlayCard, PlayHand, Slap, Spit, TurnUp
from engine.spit.cards import Card, fits
from engine.spit.centre import CENTRE_PILES, Stage, tops
from engine.spit.speed import SpeedState
from engine.spit.state import SpitState


class Pick(StrEnum):
    """Which of the plays it noticed a level makes."""

    ANY = "any"
    FIRST = "first"
    BEST = "best"
    """The one that leaves the most plays to follow."""


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays; delays are uniform in ``(low, high)`` seconds."""

    play_delay: tuple[float, float]
    """Seeing a play and making it."""
    tidy_delay: tuple[float, float]
    """Turning up a card, moving one into an empty space."""
    call_delay: tuple[float, float]
    """Calling spit or a flip once the game allows it."""
    slap_delay: tuple[float, float]
    sees: float
    """Chance of noticing each possible play at the first glance."""
    pick: Pick
    slaps_smaller: float
    """Chance of slapping the smaller centre pile (else a random one); spitting alone, the same
    player keeps the other pile small by spitting onto the larger one."""


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(
        play_delay=(1.0, 1.8),
        tidy_delay=(0.8, 1.4),
        call_delay=(1.2, 2.2),
        slap_delay=(0.8, 1.5),
        sees=0.5,
        pick=Pick.ANY,
        slaps_smaller=0.0,
    ),
    Level.NORMAL: Profile(
        play_delay=(0.6, 1.1),
        tidy_delay=(0.5, 0.9),
        call_delay=(0.7, 1.3),
        slap_delay=(0.5, 1.0),
        sees=0.8,
        pick=Pick.FIRST,
        slaps_smaller=0.8,
    ),
    Level.HARD: Profile(
        play_delay=(0.35, 0.6),
        tidy_delay=(0.3, 0.5),
        call_delay=(0.35, 0.7),
        slap_delay=(0.3, 0.6),
        sees=1.0,
        pick=Pick.BEST,
        slaps_smaller=1.0,
    ),
}

P = TypeVar("P", PlayCard, PlayHand)

SECOND_LOOK = 2.0
"""A play overlooked at first glance is found after this many times the play delay."""


@dataclass(frozen=True, slots=True)
class Choice:
    """An AI decision: do ``action`` after ``delay`` seconds if the table has not changed."""

    action: Action
    delay: float


def choose(state: SpitState | SpeedState, seat: int, level: Level, rng: Rng) -> Choice | None:
    """What an AI in ``seat`` does next, or None if it waits."""
    if state.outcome is not None:
        return None
    if isinstance(state, SpeedState):
        return _choose_speed(state, seat, PROFILES[level], rng)
    return _choose_spit(state, seat, PROFILES[level], rng)


def looks_at(state: SpitState | SpeedState, seat: int) -> Hashable:
    """What :func:`choose` reads of the game for ``seat``: while this stays the same, so does its
    choice (the caller asks again only when it changes)."""
    common = (state.stage, tops(state.centre), state.stalemate)
    if isinstance(state, SpeedState):
        return (*common, state.deal_number, tuple(state.hands[seat]), frozenset(state.calls))
    calls = tuple(sorted(state.calls.items()))
    return (*common, state.layouts_dealt, tuple(state.layouts[seat]), calls, state.lone_centre)


def _first_glance(
    plays: Sequence[P], follow_ups: Callable[[P], int], profile: Profile, rng: Rng
) -> Choice | None:
    """The play the level makes among those it notices at the first glance (None if it noticed
    none); ``follow_ups(play)`` is how many plays it leaves to follow."""
    noticed = [play for play in plays if rng.random() < profile.sees]
    if not noticed:
        return None
    if profile.pick is Pick.BEST:
        play = max(noticed, key=follow_ups)
    elif profile.pick is Pick.FIRST:
        play = noticed[0]
    else:
        play = rng.choice(noticed)
    return Choice(play, delay(profile.play_delay, rng))


def _second_look(plays: Sequence[PlayCard | PlayHand], profile: Profile, rng: Rng) -> Choice | None:
    """A play overlooked at the first glance, found at last (None if there is none)."""
    if not plays:
        return None
    return Choice(rng.choice(plays), SECOND_LOOK * delay(profile.play_delay, rng))


def _playable(cards: Sequence[Card], centre: Sequence[Card | None], alternate: bool = False) -> int:
    """How many plays ``cards`` have onto ``centre`` (tops, None for an empty pile)."""
    return sum(1 for card in cards for top in centre if top is not None and fits(card, top, alternate))


# -- Spit ----------------------------------------------------------------------------------------


def _choose_spit(state: SpitState, seat: int, profile: Profile, rng: Rng) -> Choice | None:
    if state.stage is Stage.SLAP:
        if seat not in state.waiting_for():
            return None
        sizes = [len(pile) for pile in state.centre]
        smaller = min(CENTRE_PILES, key=lambda centre: sizes[centre])
        centre = smaller if rng.random() < profile.slaps_smaller else rng.choice(CENTRE_PILES)
        return Choice(Slap(seat, centre), delay(profile.slap_delay, rng))
    targets = state.spit_targets(seat)
    if targets:
        sizes = [len(pile) for pile in state.centre]
        larger = max(targets, key=lambda centre: sizes[centre])
        centre = larger if rng.random() < profile.slaps_smaller else rng.choice(targets)
        return Choice(Spit(seat, centre), delay(profile.call_delay, rng))
    if state.stage is not Stage.PLAY:
        return None
    legal = state.legal_actions(seat)
    plays = [action for action in legal if isinstance(action, PlayCard)]
    choice = _first_glance(plays, lambda play: _spit_follow_ups(state, play), profile, rng)
    if choice is not None:
        return choice
    tidy = next((action for action in legal if isinstance(action, TurnUp | MoveCard)), None)
    if tidy is not None:
        return Choice(tidy, delay(profile.tidy_delay, rng))
    return _second_look(plays, profile, rng)


def _spit_follow_ups(state: SpitState, play: PlayCard) -> int:
    """Plays the seat has after ``play``, plus one if it uncovers a card to turn up."""
    layout = state.layouts[play.seat]
    played = layout[play.pile]
    centre = list(tops(state.centre))
    centre[play.centre] = played.top
    others = [pile.top for index, pile in enumerate(layout) if index != play.pile and pile.top is not None]
    return _playable(others, centre, state.options.alternate_colours) + (len(played.cards) > 1)


# -- Speed ---------------------------------------------------------------------------------------


def _choose_speed(state: SpeedState, seat: int, profile: Profile, rng: Rng) -> Choice | None:
    if seat in state.waiting_for():
        return Choice(Flip(seat), delay(profile.call_delay, rng))
    plays = [action for action in state.legal_actions(seat) if isinstance(action, PlayHand)]
    choice = _first_glance(plays, lambda play: _speed_follow_ups(state, play), profile, rng)
    return choice or _second_look(plays, profile, rng)


def _speed_follow_ups(state: SpeedState, play: PlayHand) -> int:
    """Plays the rest of the hand has after ``play`` (the card drawn in its place is unknown)."""
    centre = list(tops(state.centre))
    centre[play.centre] = play.card
    return _playable([card for card in state.hands[play.seat] if card is not play.card], centre)
