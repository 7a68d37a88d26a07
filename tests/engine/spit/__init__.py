"""Spit and Speed engine tests, and the helpers that make a stacked table a one-liner.

``spit_table("7h | ?8c Kd", "Kd", centre="6s | 9d", spit=("4c", "Jh"))`` lays seat 0's and seat
1's layouts (layout notation, padded with empty spaces), their spit cards and the centre piles
(left | right, each top first; no centre means the layout waits for the spit that starts it).
``speed_table("7h 8c", "Kd 2c", centre="6s | 9d", stocks=("Ac", ""))`` lays hands, stocks, side
piles and centre piles (or ``middle`` cards face down, waiting for the flip) the same way.
"""

from engine.ai import Level
from engine.rng import Rng
from engine.spit.ai import choose
from engine.spit.cards import Card, notation, parse_cards
from engine.spit.events import Event
from engine.spit.layout import StockPile, parse_layout
from engine.spit.speed import SpeedOptions, SpeedPosition, SpeedState
from engine.spit.state import Position, SpitOptions, SpitState

PAIR = tuple[str, str]


def _centre(text: str) -> tuple[tuple[Card, ...], ...]:
    """``"6s 5s | 9d"`` -> the left and right piles, top first; ``""`` -> two empty piles."""
    return tuple(parse_cards(part) for part in (text.split("|") if text else ["", ""]))


def spit_table(
    *layouts: str,
    spit: PAIR = ("", ""),
    centre: str = "",
    options: SpitOptions | None = None,
    seed: int = 0,
) -> SpitState:
    """A game of Spit laid exactly as written (see the module docstring)."""
    options = options or SpitOptions()
    laid = []
    for text in layouts:
        layout = parse_layout(text)
        laid.append(layout + (StockPile(),) * (options.piles - len(layout)))
    position = Position(
        layouts=tuple(laid),
        spit_cards=tuple(parse_cards(cards) for cards in spit),
        centre=_centre(centre),
    )
    return SpitState.from_position(position, options, seed)


def speed_table(
    *hands: str,
    stocks: PAIR = ("", ""),
    sides: PAIR = ("", ""),
    centre: str = "",
    middle: str = "",
    options: SpeedOptions | None = None,
    seed: int = 0,
) -> SpeedState:
    """A game of Speed laid exactly as written (see the module docstring)."""
    position = SpeedPosition(
        hands=tuple(parse_cards(hand) for hand in hands),
        stocks=tuple(parse_cards(stock) for stock in stocks),
        sides=tuple(parse_cards(side) for side in sides),
        centre=_centre(centre),
        middle=parse_cards(middle),
    )
    return SpeedState.from_position(position, options, seed)


def layout(game: SpitState, seat: int) -> str:
    """A seat's layout in notation, trailing empty spaces left out."""
    spaces = [str(pile) for pile in game.layouts[seat]]
    while spaces and spaces[-1] == "-":
        spaces.pop()
    return " | ".join(spaces)


def centre(game: SpitState | SpeedState) -> str:
    """The centre piles in notation, ``left | right``."""
    return " | ".join(notation(pile) for pile in game.centre)


def play_ai(
    game: SpitState | SpeedState,
    levels: tuple[Level, Level] = (Level.HARD, Level.NORMAL),
    seed: int = 0,
    steps: int = 100_000,
) -> list[Event]:
    """AI seats act, no clock needed (the quicker of the two choices goes first), until the game
    ends or its log holds ``steps`` actions; the events of all of them."""
    rng = Rng.from_seed(seed)
    events: list[Event] = []
    while game.outcome is None and len(game.log) < steps:
        choices = [choose(game, seat, levels[seat], rng) for seat in (0, 1)]
        ready = [choice for choice in choices if choice is not None]
        assert ready, f"nobody can act: {game.view()}"
        events += game.apply(min(ready, key=lambda choice: choice.delay).action)
    return events
