"""Match (docs/rules.md §1 "Play" 2): identical cards, one at a time; the rest of the line goes back."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallTop, Match, MatchCard, Renew, TurnCard
from engine.toppo.cards import Card, parse_cards
from engine.toppo.events import CardTurned, Interrupted, Matched, MatchFailed, Penalty, PenaltyPaid, Renewed
from tests.engine.toppo import deck, line, shown, table, turn

DISPLAY = "R~ Yo B#"
STOCK = "B+ B+ B- B- Bo Bo"


def test_match_identical_card_covers_display_slot() -> None:
    game = table(DISPLAY, "G+ B# W-", "Y+", stock=STOCK, topped="Wo")
    turn(game, 0, 3)
    assert game.apply(Match(0, 1, 2)) == [Matched(0, Card.parse("B#"), 2, Card.parse("B#"))]
    assert shown(game) == DISPLAY
    assert game.display[2] is Card.parse("B#")
    assert [str(card) for card in game.topped] == ["B#", "Wo"]
    assert line(game, 0) == "G+ W-"


def test_match_does_not_interrupt_the_others() -> None:
    game = table(DISPLAY, "G+ B# W-", "Y+ Y- Y-", stock=STOCK)
    turn(game, 0, 3)
    turn(game, 1, 2)
    game.apply(Match(0, 1, 2))
    assert line(game, 1) == "Y+ Y-"
    assert game.restarter is None
    game.apply(TurnCard(1))
    assert line(game, 1) == "Y+ Y- Y-"


def test_match_one_card_at_a_time_then_rest_of_line_under_the_deck() -> None:
    game = table(DISPLAY, "Yo G+ R~ W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    assert game.matching[0]
    assert game.apply(Match(0, 1, 0)) == [Matched(0, Card.parse("R~"), 0, Card.parse("R~"))]
    assert line(game, 0) == "G+"
    assert game.apply(Renew(0)) == [Renewed(0, parse_cards("G+"))]
    assert deck(game, 0) == "W- G+"
    assert not game.matching[0]


def test_match_turning_the_next_card_first_puts_the_rest_of_the_line_under_the_deck() -> None:
    """The rest may not be completed into a new line: it goes back before the next card."""
    game = table(DISPLAY, "Yo G+ R- W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    assert game.apply(TurnCard(0)) == [Renewed(0, parse_cards("G+ R-")), CardTurned(0, Card.parse("W-"))]
    assert line(game, 0) == "W-"
    assert deck(game, 0) == "G+ R-"


def test_match_no_top_with_what_is_left_of_the_line() -> None:
    game = table(DISPLAY, "Yo G+ R- W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(CallTop(0, (0, 1)))
    assert refused.value.reason is Reason.LINE_NOT_FULL


def test_match_every_card_of_the_line_leaves_nothing_to_put_back() -> None:
    game = table(DISPLAY, "Yo R~ B# W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    for slot in (1, 0, 2):  # Yo, then R~, then B#: always the first card left
        game.apply(Match(0, 0, slot))
    assert line(game, 0) == ""
    assert not game.matching[0]
    assert game.apply(TurnCard(0)) == [CardTurned(0, Card.parse("W-"))]


def test_wrong_match_card_taken_back_line_plus_five_penalty() -> None:
    game = table(DISPLAY, "Yo G+ R# W-", "Y+ Y-", stock=STOCK)
    turn(game, 0, 3)
    turn(game, 1)
    events = game.apply(Match(0, 2, 0))
    assert events == [
        MatchFailed(0, Card.parse("R#"), 0),
        PenaltyPaid(0, Penalty.WRONG_MATCH, parse_cards("Yo G+ R#"), parse_cards("B+ B+ B- B- Bo")),
        Interrupted(0, ((), parse_cards("Y+"))),
    ]
    assert shown(game) == DISPLAY
    assert deck(game, 0) == "W- Yo G+ R# B+ B+ B- B- Bo"
    assert deck(game, 1) == "Y- Y+"
    assert game.restarter == 0


def test_wrong_match_after_a_correct_match_pays_with_the_rest_of_the_line() -> None:
    game = table(DISPLAY, "Yo G+ R# W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    events = game.apply(Match(0, 0, 0))
    assert events[1] == PenaltyPaid(
        0, Penalty.WRONG_MATCH, parse_cards("G+ R#"), parse_cards("B+ B+ B- B- Bo")
    )
    assert not game.matching[0]


def test_match_of_a_card_no_longer_in_the_line_is_stale() -> None:
    game = table(DISPLAY, "Yo G+ R# W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(Match(0, 2, 1))
    assert refused.value.reason is Reason.NOT_IN_LINE


@pytest.mark.parametrize("slot", [-1, 3])
def test_match_onto_a_slot_outside_the_display_is_refused(slot: int) -> None:
    game = table(DISPLAY, "Yo G+ R# W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Match(0, 0, slot))
    assert refused.value.reason is Reason.BAD_TARGET


def test_match_card_lays_the_card_on_its_twin_wherever_it_lies() -> None:
    """The panel's line-card button names the card, not its place: after a first match shifted
    the line, the second card is still found, and laid on the slot holding its twin."""
    game = table(DISPLAY, "Yo G+ R~ W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    assert game.apply(MatchCard(0, Card.parse("Yo"))) == [Matched(0, Card.parse("Yo"), 1, Card.parse("Yo"))]
    assert game.apply(MatchCard(0, Card.parse("R~"))) == [Matched(0, Card.parse("R~"), 0, Card.parse("R~"))]
    assert line(game, 0) == "G+"


def test_match_card_with_no_twin_is_a_wrong_match_on_a_slot_it_resembles() -> None:
    game = table(DISPLAY, "G+ Bo W-", "Y+", stock=STOCK)
    turn(game, 0, 3)
    events = game.apply(MatchCard(0, Card.parse("Bo")))
    assert events[0] == MatchFailed(0, Card.parse("Bo"), 1)
    assert PenaltyPaid in {type(event) for event in events}
