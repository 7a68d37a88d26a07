"""Top (docs/rules.md §1 "Play" 1, "Interrupt"): a correct top, a wrong top, a wrong order."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallTop, TopLine, TurnCard
from engine.toppo.cards import parse_cards
from engine.toppo.events import Interrupted, LineTopped, Penalty, PenaltyPaid, TopFailed
from tests.engine.toppo import deck, line, shown, table, turn

# Against the display "R~ Yo B#", the line "G# W~ Go" tops only reordered as (1, 2, 0):
# W~ on R~ (waves), Go on Yo (circle), G# on B# (square).
DISPLAY = "R~ Yo B#"
REORDERED = "G# W~ Go"
STOCK = "B+ B+ B- B- Bo Bo"


def test_top_correct_line_covers_display_in_called_order() -> None:
    game = table(DISPLAY, REORDERED + " R-", "Y+ Y+", stock=STOCK)
    turn(game, 0, 3)
    events = game.apply(CallTop(0, (1, 2, 0)))
    assert events[0] == LineTopped(0, parse_cards("W~ Go G#"), parse_cards(DISPLAY))
    assert shown(game) == "W~ Go G#"
    assert sorted(map(str, game.topped)) == sorted(DISPLAY.split())
    assert line(game, 0) == ""
    assert deck(game, 0) == "R-"


@pytest.mark.parametrize(
    ("display", "cards"),
    [
        ("R~ Yo B#", "Ro Y# B~"),  # colour only
        ("R~ Yo B#", "G~ Wo G#"),  # symbol only
        ("R~ Yo B#", "R~ Yo B#"),  # both
        ("R~ Yo B# G+", "Ro Y# B~ W+"),
        ("R~ Yo B# G+ W-", "Ro Y# B~ W+ G-"),
    ],
)
def test_top_each_card_matches_its_display_card_in_colour_or_symbol(display: str, cards: str) -> None:
    game = table(display, cards, "Y+", "W+", stock=STOCK)
    size = len(game.display)
    turn(game, 0, size)
    assert isinstance(game.apply(CallTop(0, tuple(range(size))))[0], LineTopped)
    assert shown(game) == cards


def test_top_interrupts_every_line_to_the_bottom_of_its_own_deck() -> None:
    game = table(DISPLAY, REORDERED, "Y+ Y- Yo W+", "W~ W- Wo", stock=STOCK)
    turn(game, 0, 3)
    turn(game, 1, 2)
    turn(game, 2, 3)
    events = game.apply(CallTop(0, (1, 2, 0)))
    assert events[1] == Interrupted(0, ((), parse_cards("Y+ Y-"), parse_cards("W~ W- Wo")))
    assert deck(game, 1) == "Yo W+ Y+ Y-"
    assert deck(game, 2) == "W~ W- Wo"
    assert all(not cards for cards in game.lines)


def test_top_the_caller_restarts_play() -> None:
    game = table(DISPLAY, REORDERED + " R-", "Y+ Y+", stock=STOCK)
    turn(game, 0, 3)
    turn(game, 1)
    game.apply(CallTop(0, (1, 2, 0)))
    assert game.restarter == 0
    game.apply(TurnCard(0))
    assert game.restarter is None


def test_wrong_top_penalty_line_plus_five() -> None:
    game = table(DISPLAY, "G+ G+ G+ W-", "Y+ Y- Yo", stock=STOCK + " W~")
    turn(game, 0, 3)
    turn(game, 1, 2)
    events = game.apply(CallTop(0, (0, 1, 2)))
    assert events == [
        TopFailed(0, (0, 1, 2), (0, 1, 2)),
        PenaltyPaid(0, Penalty.WRONG_TOP, parse_cards("G+ G+ G+"), parse_cards("B+ B+ B- B- Bo")),
        Interrupted(0, ((), parse_cards("Y+ Y-"))),
    ]
    assert deck(game, 0) == "W- G+ G+ G+ B+ B+ B- B- Bo"
    assert deck(game, 1) == "Yo Y+ Y-"
    assert [str(card) for card in game.stock] == ["Bo", "W~"]
    assert shown(game) == DISPLAY
    assert game.restarter == 0


def test_wrong_top_order_penalty_line_plus_five() -> None:
    """Even a line that could top pays when called in an order that does not."""
    game = table(DISPLAY, REORDERED, "Y+", stock=STOCK)
    turn(game, 0, 3)
    events = game.apply(CallTop(0, (1, 0, 2)))
    assert events[0] == TopFailed(0, (1, 0, 2), (1, 2))
    assert events[1] == PenaltyPaid(
        0, Penalty.WRONG_TOP, parse_cards(REORDERED), parse_cards("B+ B+ B- B- Bo")
    )
    assert deck(game, 0) == REORDERED + " B+ B+ B- B- Bo"
    assert shown(game) == DISPLAY


@pytest.mark.parametrize("order", [(0, 0, 1), (0, 1), (0, 1, 2, 3), (1, 2, 3)])
def test_top_order_must_name_every_line_card_once(order: tuple[int, ...]) -> None:
    game = table(DISPLAY, REORDERED, "Y+", stock=STOCK)
    turn(game, 0, 3)
    with pytest.raises(IllegalAction) as refused:
        game.apply(CallTop(0, order))
    assert refused.value.reason is Reason.BAD_OPTION
    assert line(game, 0) == REORDERED


def test_top_line_lays_the_line_in_an_order_that_tops() -> None:
    """The panel's one Top button: the same top as the order (1, 2, 0), with nothing to order."""
    game = table(DISPLAY, REORDERED + " R-", "Y+ Y+", stock=STOCK)
    turn(game, 0, 3)
    events = game.apply(TopLine(0))
    assert events[0] == LineTopped(0, parse_cards("W~ Go G#"), parse_cards(DISPLAY))
    assert shown(game) == "W~ Go G#"


def test_top_line_on_a_line_that_cannot_top_is_a_wrong_top() -> None:
    game = table(DISPLAY, "G+ W- Y+ R-", "Y+ Y+", stock=STOCK)
    turn(game, 0, 3)
    events = game.apply(TopLine(0))
    assert isinstance(events[0], TopFailed) and events[0].order == (0, 1, 2)
    assert PenaltyPaid in {type(event) for event in events} and shown(game) == DISPLAY
