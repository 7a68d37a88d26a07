"""Cover Your Assets AI players at three levels, differing in how well they play.

The AI decides from its seat's view (its own hand and the public table, never another hand)
among the legal actions, and returns one with a short thinking delay that the table applies.
``None`` means the game is not waiting for this seat. Randomness (slips, delays) comes from an
``Rng`` the caller supplies, never from the game's own.

Every level values a turn's options in dollars and takes the best: a pair is worth its cards; a
challenge is worth the stake times its estimated chance of winning, less the card risked; a
discard is worth nothing, so it is the fallback, of the least useful card. Answering a
challenge, it shows its cheapest matching card while that is worth the risk, else gives up.
The levels differ in how well they judge:

- easy: one decision in four is a random legal action; spends wilds like any card, guesses the
  other side's matching cards from the deck's make-up alone, and values a set at its face value.
- normal: one slip in twenty; holds wilds back a little while cards are still drawn; counts a
  set taken from (or kept from) another player double, since that player loses it.
- hard: never slips; holds wilds back for challenges and defence while cards are still drawn,
  unless a pair puts one in its safe first set; estimates the other side's matching cards from
  every card it has seen.
"""

from dataclasses import dataclass
from math import comb, inf

from engine.ai import Level, delay
from engine.assets.actions import (
    Action,
    Answer,
    Challenge,
    Deal,
    Discard,
    GiveUp,
    PairFromHand,
    PairWithDiscard,
)
from engine.assets.cards import DECK_SIZE, WILDS, Asset, answers, least_useful
from engine.assets.sets import AssetSet
from engine.assets.state import AssetsState, AssetsView
from engine.rng import Rng


@dataclass(frozen=True, slots=True)
class Profile:
    """How a level plays."""

    think_delay: tuple[float, float]
    """Seconds, uniform between the two."""
    slip: float
    """Chance of taking a random legal action instead of its choice."""
    wild_cost: float
    """Share of a wild's worth counted as lost when it completes a set that can be stolen."""
    safe_wild: float
    """Share of a wild's worth counted as a bonus when it goes into the safe first set."""
    spite: float
    """What a set taken from (or kept from) another player is worth beyond its own value."""
    reads_cards: bool
    """Estimates the other side's matching cards from the cards seen, else a flat guess."""


PROFILES: dict[Level, Profile] = {
    Level.EASY: Profile(
        think_delay=(2.5, 4.5), slip=0.25, wild_cost=0.0, safe_wild=0.0, spite=0.0, reads_cards=False
    ),
    Level.NORMAL: Profile(
        think_delay=(1.5, 3.0), slip=0.05, wild_cost=0.5, safe_wild=0.1, spite=1.0, reads_cards=False
    ),
    Level.HARD: Profile(
        think_delay=(0.8, 1.8), slip=0.0, wild_cost=2.0, safe_wild=0.3, spite=1.0, reads_cards=True
    ),
}

WILD_COPIES = sum(wild.copies for wild in WILDS)
"""12: every wild answers every challenge."""
FLAT_MATCH_RATE = (10 + WILD_COPIES) / DECK_SIZE
"""The share of the deck that answers a challenge over one (ten-copy) asset: the guess of a
level that does not read the cards."""


@dataclass(frozen=True, slots=True)
class Choice:
    """An AI decision: do ``action`` after ``delay`` seconds."""

    action: Action
    delay: float


def choose(state: AssetsState, seat: int, level: Level, rng: Rng) -> Choice | None:
    """What an AI in ``seat`` does next, or None if the game is not waiting for it."""
    legal = state.legal_actions(seat)
    if not legal:
        return None
    profile = PROFILES[level]
    if rng.random() < profile.slip:
        action = rng.choice(legal)
    else:
        view = state.view(seat)
        action = max(legal, key=lambda candidate: _worth(candidate, view, profile))
    return Choice(action, delay(profile.think_delay, rng))


def _worth(action: Action, view: AssetsView, profile: Profile) -> float:
    """What ``action`` is worth to the seat in dollars; the first of equals wins (``max``)."""
    match action:
        case PairFromHand(asset=asset, partner=partner):
            return _set_worth(AssetSet.pair(asset, partner), view, profile)
        case PairWithDiscard(card=card):
            assert view.discard_top is not None
            placed = AssetSet.of(view.discard_top, card)
            assert placed is not None
            return _set_worth(placed, view, profile)
        case Challenge(target=target, card=card):
            stake = view.stacks[target].top
            assert stake is not None
            return _contest_worth(stake.value, stake.asset, card, target, view, profile)
        case Answer(card=card):
            duel = view.duel
            assert duel is not None
            pot = duel.stake.value + sum(shown.worth for _, shown in duel.shown)
            other = duel.challenger if view.seat == duel.defender else duel.defender
            return _contest_worth(pot, duel.stake.asset, card, other, view, profile)
        case Discard(card=card):
            assert view.hand is not None
            return -1.0 if card is least_useful(view.hand) else -2.0
        case GiveUp() | Deal():
            return 0.0


def _set_worth(placed: AssetSet, view: AssetsView, profile: Profile) -> float:
    """A new set's cards, with a wild in it counted up in the safe first set and down in a set
    that can be stolen."""
    wilds = sum(card.worth for card in placed.cards if card.wild)
    assert view.seat is not None
    if view.stacks[view.seat].top is None:
        return placed.value + wilds * profile.safe_wild
    # A wild held back is only worth something while there are turns (and refills) to come.
    return placed.value - (wilds * profile.wild_cost if view.draw_size else 0)


def _contest_worth(
    pot: int, asset: Asset, card: Asset, other: int, view: AssetsView, profile: Profile
) -> float:
    """Showing ``card`` for ``pot`` (a set of ``asset``) against ``other``: winning takes the pot
    and keeps the card (it joins the set), losing gives the card away; ``spite`` counts what
    ``other`` loses or fails to take. Only the cheapest matching card is ever shown (an asset
    before Silver before Gold), keeping the dearer ones for the answers to come."""
    assert view.hand is not None
    if card is not min((held for held in view.hand if answers(held, asset)), key=lambda held: held.worth):
        return -inf
    mine = sum(1 for held in view.hand if answers(held, asset))
    chance = _win_chance(mine, view.hand_sizes[other], _match_rate(asset, view, profile))
    return chance * pot * (1 + profile.spite) + (2 * chance - 1) * card.worth


def _win_chance(mine: int, their_hand: int, rate: float) -> float:
    """The chance that the other side holds fewer matching cards than ``mine`` (counting the
    one about to be shown), each of its ``their_hand`` cards matching with chance ``rate``:
    the side with more matching cards shows last."""
    return sum(
        comb(their_hand, held) * rate**held * (1 - rate) ** (their_hand - held)
        for held in range(min(mine, their_hand + 1))
    )


def _match_rate(asset: Asset, view: AssetsView, profile: Profile) -> float:
    """The chance that a card the seat has not seen answers a challenge over ``asset``."""
    if not profile.reads_cards:
        return FLAT_MATCH_RATE
    assert view.hand is not None
    seen = list(view.hand)
    seen.extend(card for stack in view.stacks if stack.top is not None for card in stack.top.cards)
    if view.duel is not None:
        seen.extend(card for _, card in view.duel.shown)
    if view.discard_top is not None:
        seen.append(view.discard_top)
    unseen_matching = max(asset.copies + WILD_COPIES - sum(1 for card in seen if answers(card, asset)), 0)
    return unseen_matching / max(DECK_SIZE - len(seen), 1)
