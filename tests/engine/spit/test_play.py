"""Spit play (docs/rules.md §3 "Play"): both at once, a face-up stock card onto either spit pile, turning
up a face-down top, moving a top card into an empty space; first valid action received wins."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import MoveCard, PlayCard, TurnUp
from engine.spit.cards import Card
from engine.spit.events import CardMoved, CardPlayed, CardTurnedUp
from engine.spit.state import SpitOptions
from tests.engine.spit import centre, layout, spit_table

SPIT = ("4c 5c", "Jh Qh")


def test_play_one_higher_or_lower_onto_either_spit_pile() -> None:
    game = spit_table("7h | 8d Kd | Ts", "2c", spit=SPIT, centre="6s | 9d")
    assert game.apply(PlayCard(0, 0, 0)) == [CardPlayed(0, 0, 0, Card.parse("7h"))]
    game.apply(PlayCard(0, 2, 1))
    game.apply(PlayCard(0, 1, 0))
    assert centre(game) == "8d 7h 6s | Ts 9d"
    assert layout(game, 0) == "- | ?Kd"


def test_play_turns_the_corner_ace_next_to_king_and_two() -> None:
    game = spit_table("Ac | Kd | 2s", "2c", spit=SPIT, centre="Kh | Ah")
    game.apply(PlayCard(0, 0, 0))
    game.apply(PlayCard(0, 2, 0))
    game.apply(PlayCard(0, 1, 1))
    assert centre(game) == "2s Ac Kh | Kd Ah"


def test_play_a_card_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    game = spit_table("8h | Kd", "2c", spit=SPIT, centre="6s | 9d")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, 0, 0))
    assert refused.value.reason is Reason.STALE
    assert game.snapshot() == before


def test_play_leaves_the_next_card_face_down_so_a_double_click_is_stale() -> None:
    game = spit_table("7h 6c", "2c", spit=SPIT, centre="6s | 9d")
    game.apply(PlayCard(0, 0, 0))
    assert layout(game, 0) == "?6c"
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, 0, 0))
    assert refused.value.reason is Reason.STALE


def test_turn_up_the_face_down_top_of_your_own_pile() -> None:
    game = spit_table("?7h 6c", "?8h", spit=SPIT, centre="6s | 9d")
    assert game.apply(TurnUp(0, 0)) == [CardTurnedUp(0, 0, Card.parse("7h"))]
    assert layout(game, 0) == "7h 6c"
    assert layout(game, 1) == "?8h"
    with pytest.raises(IllegalAction) as refused:
        game.apply(TurnUp(0, 0))
    assert refused.value.reason is Reason.STALE
    with pytest.raises(IllegalAction) as refused:
        game.apply(TurnUp(0, 1))
    assert refused.value.reason is Reason.NO_SUCH_CARD


def test_move_a_face_up_top_into_an_empty_space() -> None:
    game = spit_table("Kd 2c 3c | - | Qs", "2c", spit=SPIT, centre="6s | 9d")
    assert game.apply(MoveCard(0, 0, 1)) == [CardMoved(0, 0, 1, Card.parse("Kd"))]
    assert layout(game, 0) == "?2c 3c | Kd | Qs"


def test_move_never_more_than_the_spaces_of_the_layout() -> None:
    game = spit_table("Kd 2c | Qs | Js | Ts | 9s", "2c", spit=SPIT, centre="6s | 9d")
    assert not [action for action in game.legal_actions(0) if isinstance(action, MoveCard)]
    for space in (1, 5):
        with pytest.raises(IllegalAction) as refused:
            game.apply(MoveCard(0, 0, space))
        assert refused.value.reason is Reason.BAD_TARGET


def test_move_a_lone_card_to_another_space_is_refused_it_changes_nothing() -> None:
    game = spit_table("Kd | - | Qs Js", "2c", spit=SPIT, centre="6s | 9d")
    with pytest.raises(IllegalAction) as refused:
        game.apply(MoveCard(0, 0, 1))
    assert refused.value.reason is Reason.NOT_ALLOWED
    assert MoveCard(0, 2, 1) in game.legal_actions(0)


def test_play_with_alternating_colours_option_refuses_the_same_colour() -> None:
    options = SpitOptions(alternate_colours=True)
    game = spit_table("7h | 7c", "2c", spit=SPIT, centre="6d | 9d", options=options)
    assert game.legal_actions(0) == [PlayCard(0, 1, 0)]
    with pytest.raises(IllegalAction):
        game.apply(PlayCard(0, 0, 0))
    game.apply(PlayCard(0, 1, 0))
    assert centre(game) == "7c 6d | 9d"


def test_first_valid_action_wins_a_later_play_that_still_fits_the_new_top_stays() -> None:
    # Both saw 6s; seat 1's 7c lands first, seat 0's 8h still fits on it.
    game = spit_table("8h", "7c 2c", spit=SPIT, centre="6s | 9d")
    game.apply(PlayCard(1, 0, 0))
    game.apply(PlayCard(0, 0, 0))
    assert centre(game) == "8h 7c 6s | 9d"


def test_first_valid_action_wins_a_later_play_that_no_longer_fits_is_stale_and_changes_nothing() -> None:
    # Both saw 6s and meant to play on it; seat 1's 5c lands first, seat 0's 7h no longer fits.
    game = spit_table("7h", "5c 2c", spit=SPIT, centre="6s | 9d")
    game.apply(PlayCard(1, 0, 0))
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, 0, 0))
    assert refused.value.reason is Reason.STALE
    assert refused.value.detail == "that pile changed"
    assert game.snapshot() == before
