"""The end (docs/rules.md §3 "End"): with one spit pile, the first player to empty their stock takes
nothing from the centre and the other takes the spit pile and their own stock; the first player
rid of all their spit cards and layout cards wins."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import PlayCard, Spit, TurnUp
from engine.spit.cards import Card
from engine.spit.centre import Stage
from engine.spit.events import CardPlayed, CentreTaken, GameWon, LayoutEnded
from engine.spit.state import Outcome
from tests.engine.spit import spit_table

SIXTEEN = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ah 2h 3h"
BIG_PILE = "6s 5s 4s 3s 2s As Ks Qs Js Ts 9s 8s 7s"
"""A spit pile that gives whoever takes it more than a full layout."""


def test_end_one_spit_pile_the_player_without_spit_cards_empties_their_stock_and_wins() -> None:
    game = spit_table("7h", "Kd | 2c 3c", spit=("", "4c 5c"), centre=" | 6s")
    assert game.apply(PlayCard(0, 0, 1)) == [CardPlayed(0, 0, 1, Card.parse("7h")), GameWon(0)]
    assert game.outcome == Outcome(0, (0, 5))


def test_end_the_winner_is_rid_of_every_card_even_with_two_spit_piles() -> None:
    game = spit_table("7h", "Kd", spit=("", "4c"), centre="6s | 9d")
    events = game.apply(PlayCard(0, 0, 0))
    assert events[-1] == GameWon(0)
    assert game.outcome == Outcome(0, (0, 2))
    assert game.stage is Stage.OVER
    with pytest.raises(IllegalAction) as refused:
        game.apply(TurnUp(1, 0))
    assert refused.value.reason is Reason.GAME_OVER


def test_end_a_player_who_empties_their_layout_but_holds_spit_cards_has_not_won() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    game.apply(PlayCard(0, 0, 0))
    assert game.outcome is None


def test_end_one_spit_pile_the_spitter_empties_first_takes_nothing_the_other_takes_pile_and_stock() -> None:
    game = spit_table("Kd | 2c 3c", "7h", spit=("", SIXTEEN), centre=" | 6s")
    events = game.apply(PlayCard(1, 0, 1))
    assert events[1:3] == [LayoutEnded(1, False, None), CentreTaken(0, 1, 2)]
    assert game.cards_left(0) == 2 + 3
    assert game.cards_left(1) == 16
    assert game.stage is Stage.START


def test_end_one_spit_pile_both_stuck_without_spit_cards_the_player_with_more_stock_takes_it() -> None:
    game = spit_table("2c | Kd", "Qc", spit=("", "8h"), centre=" | " + BIG_PILE)
    events = game.apply(Spit(1, 1))
    assert events[1:3] == [LayoutEnded(None, False, None), CentreTaken(0, 1, 14)]
    assert (game.cards_left(0), game.cards_left(1)) == (16, 1)


def test_end_one_spit_pile_both_stuck_with_equal_stocks_the_player_who_started_it_takes_it() -> None:
    game = spit_table("2c", "Qc", spit=("", "8h"), centre=" | " + BIG_PILE)
    events = game.apply(Spit(1, 1))
    assert CentreTaken(1, 1, 14) in events
    assert (game.cards_left(0), game.cards_left(1)) == (1, 15)
