"""Cover Your Assets engine tests, and the helpers that make a stacked table a one-liner.

``table("PB PB GO", "HM SI", draw="CC CC", discard="ST", stacks=["", "JW JW / BA BA"])`` deals
the hands as written (seat 0 plays first unless ``dealer`` says otherwise), piles top first,
stacks bottom set first. Actions take cards in notation: ``pair(0, "PB GO")``,
``challenge(0, 1, "SI")``.
"""

from collections.abc import Sequence

from engine.ai import Level
from engine.assets.actions import (
    Answer,
    Challenge,
    Discard,
    PairFromHand,
    PairWithDiscard,
)
from engine.assets.ai import choose
from engine.assets.cards import Asset, notation, parse_cards
from engine.assets.events import Event
from engine.assets.sets import parse_stack, stack_notation
from engine.assets.state import AssetsState, Position
from engine.rng import Rng


def table(
    *hands: str,
    draw: str = "",
    discard: str = "",
    stacks: Sequence[str] = (),
    dealer: int | None = None,
    totals: Sequence[int] = (),
    seed: int = 0,
) -> AssetsState:
    """A round dealt exactly as written; the dealer is the last seat unless given, so seat 0
    plays first."""
    return AssetsState.from_position(
        Position(
            hands=tuple(parse_cards(hand) for hand in hands),
            draw=parse_cards(draw),
            discard=parse_cards(discard),
            stacks=tuple(parse_stack(stack) for stack in stacks),
            dealer=len(hands) - 1 if dealer is None else dealer,
            totals=tuple(totals),
        ),
        seed,
    )


def card(code: str) -> Asset:
    return Asset.parse(code)


def pair(seat: int, cards: str) -> PairFromHand:
    """``pair(0, "PB GO")``: the asset first, then its partner."""
    asset, partner = parse_cards(cards)
    return PairFromHand(seat, asset, partner)


def with_discard(seat: int, code: str) -> PairWithDiscard:
    return PairWithDiscard(seat, card(code))


def challenge(seat: int, target: int, code: str) -> Challenge:
    return Challenge(seat, target, card(code))


def answer(seat: int, code: str) -> Answer:
    return Answer(seat, card(code))


def discard(seat: int, code: str) -> Discard:
    return Discard(seat, card(code))


def hand(game: AssetsState, seat: int) -> str:
    """A seat's hand in notation, in the fixed card order."""
    return notation(sorted(game.hands[seat], key=lambda held: held.rank))


def stack(game: AssetsState, seat: int) -> str:
    """A seat's stack in notation, bottom set first."""
    return stack_notation(game.stacks[seat])


def play_ai(game: AssetsState, seed: int = 0, steps: int = 100_000) -> list[Event]:
    """AI seats (seat ``s`` plays level ``s % 3``) play until the game ends or its log holds
    ``steps`` actions."""
    rng = Rng.from_seed(seed)
    levels = list(Level)
    events: list[Event] = []
    while game.outcome is None and len(game.log) < steps:
        seat = game.to_act()
        assert seat is not None
        choice = choose(game, seat, levels[seat % 3], rng)
        assert choice is not None
        events += game.apply(choice.action)
    return events
