"""Toppo (docs/rules.md §1 "Toppo"): fewer than 10 cards ends the game; a false toppo is penalised."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallToppo, Renew, TurnCard
from engine.toppo.cards import parse_cards
from engine.toppo.events import GameEnded, Interrupted, Penalty, PenaltyPaid, ToppoCalled, ToppoFailed
from engine.toppo.state import Outcome
from tests.engine.toppo import deck, table, turn

NINE = "G+ G- Go G~ G# W+ W- Wo W~"
TWELVE = "Y+ Y- Yo Y~ Y# B+ B- Bo B~ B# R+ R-"
STOCK = "R~ R~ R~ R~ R~ R~"


def test_toppo_below_10_cards_ends_the_game_caller_0_others_one_point_per_card_in_deck_and_line() -> None:
    game = table("R~ Yo B#", NINE, TWELVE, "W#", stock=STOCK)
    turn(game, 0, 2)
    turn(game, 1, 2)
    events = game.apply(CallToppo(0))
    assert events == [ToppoCalled(0, 9), GameEnded(0, (0, 12, 1))]
    assert game.outcome == Outcome(0, (0, 12, 1))


def test_toppo_counts_the_cards_of_the_line() -> None:
    game = table("R~ Yo B#", NINE + " Wo", TWELVE, stock=STOCK)
    turn(game, 0, 3)
    assert game.cards_left(0) == 10
    assert isinstance(game.apply(CallToppo(0))[0], ToppoFailed)


def test_false_toppo_with_10_or_more_cards_line_plus_five_penalty() -> None:
    game = table("R~ Yo B#", TWELVE, NINE + " W#", stock=STOCK)
    turn(game, 0, 3)
    turn(game, 1, 1)
    events = game.apply(CallToppo(0))
    assert events == [
        ToppoFailed(0, 12),
        PenaltyPaid(0, Penalty.FALSE_TOPPO, parse_cards("Y+ Y- Yo"), parse_cards("R~ R~ R~ R~ R~")),
        Interrupted(0, ((), parse_cards("G+"))),
    ]
    assert deck(game, 0) == "Y~ Y# B+ B- Bo B~ B# R+ R- Y+ Y- Yo R~ R~ R~ R~ R~"
    assert game.outcome is None
    assert game.restarter == 0


def test_toppo_is_the_players_call_the_game_goes_on_below_10_cards() -> None:
    game = table("R~ Yo B#", NINE, TWELVE, stock=STOCK)
    turn(game, 0, 3)
    game.apply(Renew(0))
    turn(game, 1)
    assert game.cards_left(0) == 9
    assert game.outcome is None
    assert CallToppo(0) in game.legal_actions(0)


def test_toppo_may_be_called_while_play_waits_for_the_restarter() -> None:
    """[house] Calling is not turning a card, so it is no false start."""
    game = table("R~ Yo B#", TWELVE, NINE, stock=STOCK)
    assert game.restarter == 0
    assert game.apply(CallToppo(1)) == [ToppoCalled(1, 9), GameEnded(1, (12, 0))]


@pytest.mark.parametrize("action", [TurnCard(1), CallToppo(0)])
def test_toppo_nothing_happens_after_the_game_ended(action: TurnCard | CallToppo) -> None:
    game = table("R~ Yo B#", NINE, TWELVE, stock=STOCK)
    game.apply(CallToppo(0))
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is Reason.GAME_OVER
