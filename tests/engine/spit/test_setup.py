"""Spit deal and start (docs/rules.md §3 "Spit deal"): 26 cards each, stock piles of 1 to 5, 11 spit
cards, and both call "spit" to turn the two spit piles."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import MoveCard, PlayCard, Spit, TurnUp
from engine.spit.cards import parse_cards
from engine.spit.centre import Stage
from engine.spit.events import CardSpat, SpitCalled
from engine.spit.state import SpitOptions, new_game
from tests.engine.spit import centre, spit_table


def test_deal_26_cards_each_piles_of_1_to_5_tops_face_up_11_spit_cards() -> None:
    game = new_game(seed=3)
    for seat in (0, 1):
        assert [len(pile.cards) for pile in game.layouts[seat]] == [1, 2, 3, 4, 5]
        assert all(pile.face_up for pile in game.layouts[seat])
        assert len(game.spit_cards[seat]) == 11
        assert game.cards_left(seat) == 26
    assert game.stage is Stage.START
    assert not any(game.centre)


def test_deal_option_4_stock_piles_of_1_to_4_and_16_spit_cards() -> None:
    game = new_game(options=SpitOptions(piles=4), seed=3)
    assert [len(pile.cards) for pile in game.layouts[0]] == [1, 2, 3, 4]
    assert len(game.spit_cards[1]) == 16


@pytest.mark.parametrize(("players", "options"), [(3, SpitOptions()), (2, SpitOptions(piles=3))])
def test_deal_refuses_a_setup_the_rules_do_not_have(players: int, options: SpitOptions) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(players, options)
    assert refused.value.reason is Reason.BAD_OPTION


def test_start_nobody_touches_a_card_before_spit() -> None:
    game = spit_table("7h | 8c Kd", "Kd | 2c", spit=("4c", "Jh"))
    for action in (PlayCard(0, 0, 0), TurnUp(0, 1), MoveCard(0, 1, 2)):
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert refused.value.reason is Reason.NOT_STARTED


def test_start_both_call_spit_each_turns_a_card_onto_their_own_pile() -> None:
    game = spit_table("7h", "Kd", spit=("4c 5c", "Jh Qh"))
    assert game.waiting_for() == (0, 1)
    assert game.apply(Spit(1, 1)) == [SpitCalled(1)]
    assert centre(game) == " | "
    events = game.apply(Spit(0, 0))
    assert events[:2] == [CardSpat(0, 0, parse_cards("4c")[0]), CardSpat(1, 1, parse_cards("Jh")[0])]
    assert centre(game) == "4c | Jh"
    assert game.stage is Stage.PLAY


def test_start_spit_goes_onto_your_own_pile() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"))
    assert game.legal_actions(0) == [Spit(0, 0)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(Spit(0, 1))
    assert refused.value.reason is Reason.BAD_TARGET


def test_start_a_second_call_is_stale() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"))
    game.apply(Spit(0, 0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(Spit(0, 0))
    assert refused.value.reason is Reason.STALE
