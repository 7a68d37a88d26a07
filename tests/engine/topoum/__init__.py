"""Topoum engine tests, and the helpers that make a hand-built table a one-liner.

``table("F7:0@0 G7:1@1", hand=[C.BAYONET])`` lays out a board in the compact notation
(``engine.topoum.board``) at the start of seat 0's turn, seat 0 holding a Bayonet;
``enter(game, "G6", C.BAYONET, "G7")`` plays a whole Enter combat action and
``step(game, "G7", "H7")`` starts Move moles with one step.
"""

from collections.abc import Sequence

from engine.hexgrid import Hex
from engine.topoum.actions import (
    Action,
    ActionKind,
    ChooseAction,
    Direction,
    MoveTo,
    Place,
    PlayCard,
    SelectMole,
    Target,
)
from engine.topoum.board import parse_board
from engine.topoum.cards import CardType, Farmer
from engine.topoum.events import Event
from engine.topoum.state import Position, TopoumState

C = CardType


def table(
    board: str,
    *,
    hand: Sequence[CardType] = (),
    hands: Sequence[Sequence[CardType]] | None = None,
    line: Sequence[CardType | None] = (),
    deck: Sequence[CardType] = (),
    players: int = 2,
    seat: int = 0,
    start_player: int = 0,
    badges: Sequence[int] = (),
    discards: Sequence[Sequence[CardType]] = (),
    prisoners: Sequence[tuple[int, int]] = (),
    farmer: Farmer | None = Farmer.ROCK,
    peace_drawn: bool = False,
) -> TopoumState:
    """A table exactly as written, at the start of ``seat``'s turn; ``hand`` is that seat's hand
    (``hands`` gives every seat's)."""
    if hands is None:
        hands = [list(hand) if player == seat else [] for player in range(players)]
    return TopoumState.from_position(
        Position(
            board=board,
            players=players,
            seat=seat,
            start_player=start_player,
            hands=tuple(tuple(cards) for cards in hands),
            line=tuple(line),
            deck=tuple(deck),
            badges=tuple(badges),
            discards=tuple(tuple(pile) for pile in discards),
            prisoners=tuple(prisoners),
            farmer=farmer,
            peace_drawn=peace_drawn,
        )
    )


def h(label: str) -> Hex:
    return Hex.parse(label)


def play(game: TopoumState, *actions: Action) -> list[Event]:
    """Apply the actions in order; all their events."""
    events: list[Event] = []
    for action in actions:
        events += game.apply(action)
    return events


def enter(
    game: TopoumState,
    at: str,
    card: CardType,
    target: str | None = None,
    *,
    slot: int | None = None,
    direction: int | None = None,
) -> list[Event]:
    """The current player enters combat on ``at`` and plays ``card`` (from the hand, or from
    line slot ``slot``) on ``target`` (or in ``direction``)."""
    seat = game.current
    choice: Action = Direction(seat, direction) if direction is not None else Target(seat, h(target or ""))
    return play(
        game,
        ChooseAction(seat, ActionKind.ENTER),
        Place(seat, h(at)),
        PlayCard(seat, card, slot),
        choice,
    )


def step(game: TopoumState, mole: str, to: str) -> list[Event]:
    """The current player chooses Move moles and steps the mole on ``mole`` onto ``to``."""
    seat = game.current
    return play(game, ChooseAction(seat, ActionKind.MOVE), SelectMole(seat, h(mole)), MoveTo(seat, h(to)))


def board_is(game: TopoumState, board: str) -> bool:
    """Whether the board holds exactly what ``board`` says (in any token order)."""
    return game.board == parse_board(board)
