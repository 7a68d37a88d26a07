"""Views (docs/architecture.md, engine contract): Spit shows the layouts' face-up tops and hides face-down
cards from everyone; a Speed hand is seen by its owner only."""

import dataclasses

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.cards import Card, parse_cards
from engine.spit.centre import Stage
from engine.spit.state import PileView
from tests.engine.spit import speed_table, spit_table


def test_spit_view_shows_each_layout_top_face_up_or_hidden_and_pile_sizes() -> None:
    game = spit_table("7h | ?8c Kd", "Kd", spit=("4c 5c", "Jh"), centre="6s 5s | 9d")
    view = game.view()
    assert view.layouts[0][:3] == (PileView(1, Card.parse("7h")), PileView(2, None), PileView(0, None))
    assert view.spit_cards == (2, 1)
    assert view.centre == (Card.parse("6s"), Card.parse("9d"))
    assert view.centre_sizes == (2, 1)
    assert (view.stage, view.stalemate, view.waiting_for) == (Stage.PLAY, False, ())


def test_spit_view_face_down_cards_are_hidden_from_everyone() -> None:
    """Two tables that differ only in face-down cards look the same to every seat."""
    one = spit_table("7h | ?8c Kd", "Kd 2c", spit=("4c 5c", "Jh"), centre="6s | 9d")
    two = spit_table("7h | ?Kd 8c", "Kd 3c", spit=("5c 4c", "Qh"), centre="6s | 9d")
    for seat in (None, 0, 1):
        assert one.view(seat) == two.view(seat)


def test_spit_view_a_seat_sees_the_public_table_and_who_it_is() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    assert game.view(1) == dataclasses.replace(game.view(None), seat=1)


def test_speed_view_a_hand_is_private_to_its_owner() -> None:
    game = speed_table("7h 8c 2d 2h 2s", "Kd 2c 3c 4c 5c", stocks=("Qs", ""), centre="6s | 9d")
    assert game.view(0).hand == parse_cards("7h 8c 2d 2h 2s")
    assert game.view(1).hand == parse_cards("Kd 2c 3c 4c 5c")
    assert game.view(None).hand is None
    assert game.view(None).hand_sizes == (5, 5)
    assert game.view(None).stock_sizes == (1, 0)


def test_speed_view_the_other_hand_and_every_stock_are_hidden() -> None:
    """Two tables that differ only in seat 1's hand and the stocks look the same to seat 0."""
    one = speed_table("7h 8c 2d 2h 2s", "Kd 2c 3c 4c 5c", stocks=("Qs", "Jh"), centre="6s | 9d")
    two = speed_table("7h 8c 2d 2h 2s", "Ad Ac 3c 4c 5c", stocks=("Js", "Qh"), centre="6s | 9d")
    for seat in (None, 0):
        assert one.view(seat) == two.view(seat)
    assert one.view(1) != two.view(1)


def test_speed_view_the_middle_cards_are_face_down_until_the_flip() -> None:
    game = speed_table("7h", "Kd", middle="6s 9d")
    view = game.view()
    assert (view.centre, view.stage, view.waiting_for) == ((None, None), Stage.START, (0, 1))


@pytest.mark.parametrize("seat", [2, -1])
def test_view_of_a_seat_that_is_not_at_the_table_is_refused(seat: int) -> None:
    for game in (spit_table("7h", "Kd", centre="6s | 9d"), speed_table("7h", "Kd", centre="6s | 9d")):
        with pytest.raises(IllegalAction) as refused:
            game.view(seat)
        assert refused.value.reason is Reason.NOT_SEATED
