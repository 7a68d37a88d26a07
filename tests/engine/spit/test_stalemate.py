"""Stalemates and spitting (docs/rules.md §3 "Stalemate"): when neither player can play, both call
"spit" and turn a spit card onto the pile they started; a player out of spit cards leaves the
other to spit alone, always onto the pile of their choosing."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import PlayCard, Spit, TurnUp
from engine.spit.cards import Card
from engine.spit.events import CardSpat, SpitCalled, Stalemated
from tests.engine.spit import centre, spit_table

STUCK = "6s | 9d"
"""Centre tops that neither 2c nor Kd (nor Qc) fits."""


def test_stalemate_neither_player_can_play() -> None:
    game = spit_table("2c", "Kd | Qc", spit=("4c", "Jh"), centre=STUCK)
    assert game.stalemate
    assert game.view().stalemate
    assert game.waiting_for() == (0, 1)


@pytest.mark.parametrize(
    ("layout", "why"),
    [("7c", "a card fits"), ("2c | ?Kh", "a top to turn up"), ("2c Kh | -", "a card to move into a space")],
)
def test_stalemate_not_while_one_player_can_still_play(layout: str, why: str) -> None:
    game = spit_table(layout, "Kd", spit=("4c", "Jh"), centre=STUCK)
    assert not game.stalemate, why
    with pytest.raises(IllegalAction) as refused:
        game.apply(Spit(1, 1))
    assert refused.value.reason is Reason.NOT_ALLOWED


def test_stalemate_is_announced_by_the_move_that_causes_it() -> None:
    game = spit_table("?2c", "Kd", spit=("4c", "Jh"), centre=STUCK)
    assert game.apply(TurnUp(0, 0))[-1] == Stalemated((0, 1))


def test_spit_both_call_then_each_turns_onto_the_pile_they_started() -> None:
    game = spit_table("2c", "Kd", spit=("3c 5c", "Qh Jh"), centre=STUCK)
    assert game.apply(Spit(0, 0)) == [SpitCalled(0)]
    assert game.waiting_for() == (1,)
    assert game.apply(Spit(1, 1)) == [CardSpat(0, 0, Card.parse("3c")), CardSpat(1, 1, Card.parse("Qh"))]
    assert centre(game) == "3c 6s | Qh 9d"


def test_spit_again_while_the_spit_cards_leave_both_stuck() -> None:
    game = spit_table("2c", "Kd", spit=("8c 4c", "7h Jh"), centre=STUCK)
    game.apply(Spit(0, 0))
    events = game.apply(Spit(1, 1))
    assert events[-1] == Stalemated((0, 1))
    assert game.legal_actions(0) == [Spit(0, 0)]


def test_spit_alone_when_the_other_player_has_no_spit_cards_on_a_pile_of_your_choice() -> None:
    game = spit_table("2c", "Kd", spit=("", "8h 7h Jh"), centre=STUCK)
    assert game.waiting_for() == (1,)
    assert game.legal_actions(0) == []
    assert game.legal_actions(1) == [Spit(1, 0), Spit(1, 1)]
    assert game.apply(Spit(1, 0)) == [CardSpat(1, 0, Card.parse("8h")), Stalemated((1,))]
    assert centre(game) == "8h 6s | 9d"


def test_spit_alone_always_onto_the_same_pile_from_then_on() -> None:
    game = spit_table("2c", "Kd", spit=("", "8h 7h Jh"), centre=STUCK)
    game.apply(Spit(1, 0))
    assert game.lone_centre == 0
    assert game.legal_actions(1) == [Spit(1, 0)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(Spit(1, 1))
    assert refused.value.reason is Reason.BAD_TARGET
    game.apply(Spit(1, 0))
    assert centre(game) == "7h 8h 6s | 9d"


def test_spit_a_player_without_spit_cards_cannot_call() -> None:
    game = spit_table("2c", "Kd", spit=("", "8h"), centre=STUCK)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Spit(0, 0))
    assert refused.value.reason is Reason.NO_SUCH_CARD


def test_spit_breaks_the_stalemate_and_play_goes_on() -> None:
    game = spit_table("2c", "Kd", spit=("3h", "Jh"), centre=STUCK)
    game.apply(Spit(0, 0))
    game.apply(Spit(1, 1))
    assert not game.stalemate
    assert game.legal_actions(0) == [PlayCard(0, 0, 0)]
    assert game.legal_actions(1) == []
