"""Starting, turning a line and renewing it (docs/rules.md §1 "Starting", "Play", "Renew")."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import (
    Action,
    CallTop,
    CallToppo,
    Match,
    MatchCard,
    Renew,
    TopLine,
    TurnCard,
    VoteReplace,
)
from engine.toppo.cards import Card, parse_cards
from engine.toppo.events import (
    CardTurned,
    FalseStart,
    GameEnded,
    Interrupted,
    Penalty,
    PenaltyPaid,
    PlayStarted,
    Renewed,
    ToppoCalled,
)
from tests.engine.toppo import deck, line, table, turn

R_TILDE, G_MINUS = Card.parse("R~"), Card.parse("G-")


def test_nobody_plays_before_the_start_player_turns_a_card() -> None:
    game = table("R~ Yo B#", "G- G+", "W+ W+", start=1)
    assert game.restarter == 1
    assert game.apply(TurnCard(1)) == [CardTurned(1, Card.parse("W+")), PlayStarted(1)]
    assert game.restarter is None
    assert game.apply(TurnCard(0)) == [CardTurned(0, G_MINUS)]


def test_false_start_turned_card_plus_one_penalty_card_under_the_deck() -> None:
    game = table("R~ Yo B#", "G- G+ Go", "W+ W+ W+", "Y- Y-", stock="Bo B~", start=1)
    events = game.apply(TurnCard(0))
    assert events == [
        FalseStart(0, G_MINUS),
        PenaltyPaid(0, Penalty.FALSE_START, (G_MINUS,), (Card.parse("Bo"),)),
        Interrupted(1, ((), (), ())),
    ]
    assert deck(game, 0) == "G+ Go G- Bo"
    assert line(game, 0) == ""
    assert [len(game.stock), deck(game, 2)] == [1, "Y- Y-"]


def test_false_start_the_same_restarting_player_keeps_the_restart() -> None:
    game = table("R~ Yo B#", "G- G+ Go", "W+ W+ W+", "Y- Y-", stock="Bo B~", start=1)
    game.apply(TurnCard(0))
    assert game.restarter == 1
    game.apply(TurnCard(2))
    assert game.restarter == 1
    assert turn(game, 1) == [CardTurned(1, Card.parse("W+")), PlayStarted(1)]


def test_false_start_before_the_restarting_player_after_an_interrupt() -> None:
    game = table("R~ Yo B#", "W~ Go G# R+", "Y- Y- Y- Y-", stock="Bo B~")
    turn(game, 0, 3)
    turn(game, 1, 2)
    game.apply(CallTop(0, (0, 1, 2)))
    assert game.restarter == 0
    events = game.apply(TurnCard(1))
    assert events[0] == FalseStart(1, Card.parse("Y-"))
    assert events[1] == PenaltyPaid(1, Penalty.FALSE_START, (Card.parse("Y-"),), (Card.parse("Bo"),))
    assert deck(game, 1) == "Y- Y- Y- Y- Bo"
    assert game.restarter == 0


def test_cards_are_turned_one_at_a_time_into_a_line_of_display_size() -> None:
    game = table("R~ Yo B# G+", "G- G+ Go W~ W~", "W+")
    assert turn(game, 0)[0] == CardTurned(0, G_MINUS)
    assert line(game, 0) == "G-"
    turn(game, 0, 3)
    assert line(game, 0) == "G- G+ Go W~"
    assert deck(game, 0) == "W~"


def test_a_full_line_takes_no_more_cards() -> None:
    game = table("R~ Yo B#", "G- G+ Go W~", "W+")
    turn(game, 0, 3)
    with pytest.raises(IllegalAction) as refused:
        game.apply(TurnCard(0))
    assert refused.value.reason is Reason.LINE_FULL
    assert line(game, 0) == "G- G+ Go"


def test_renew_puts_the_line_under_the_deck_and_a_new_line_is_turned() -> None:
    game = table("R~ Yo B#", "G- G+ Go W~ W-", "W+")
    turn(game, 0, 3)
    assert game.apply(Renew(0)) == [Renewed(0, parse_cards("G- G+ Go"))]
    assert deck(game, 0) == "W~ W- G- G+ Go"
    assert line(game, 0) == ""
    turn(game, 0, 3)
    assert line(game, 0) == "W~ W- G-"


@pytest.mark.parametrize(
    "action", [Renew(0), CallTop(0, (0, 1, 2)), TopLine(0), Match(0, 0, 0), MatchCard(0, Card.parse("R~"))]
)
def test_renew_top_and_match_need_a_full_line(action: Action) -> None:
    game = table("R~ Yo B#", "R~ Yo B# W-", "W+")
    turn(game, 0, 2)
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is Reason.LINE_NOT_FULL


def test_an_empty_deck_has_no_card_to_turn() -> None:
    game = table("R~ Yo B#", "G-", "W+")
    turn(game, 0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(TurnCard(0))
    assert refused.value.reason is Reason.DECK_EMPTY


def test_deck_running_out_before_the_line_is_full_leaves_toppo() -> None:
    """[house] A short line cannot top, match or renew; its owner holds fewer than 10 cards."""
    game = table("R~ Yo B#", "R~ G+", "W+ W+ W+ W+ W+ W+ W+ W+ W+ W+")
    turn(game, 0, 2)
    assert game.legal_actions(0) == [CallToppo(0), VoteReplace(0)]
    assert game.apply(CallToppo(0)) == [ToppoCalled(0, 2), GameEnded(0, (0, 10))]
