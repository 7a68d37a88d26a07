"""Views (docs/rules.md §1; docs/architecture.md, engine contract): lines are face up, decks hidden."""

import dataclasses

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallToppo, Match, VoteReplace
from engine.toppo.cards import parse_cards
from engine.toppo.state import Outcome
from tests.engine.toppo import table, turn


def test_view_lines_are_face_up_on_the_table() -> None:
    game = table("R~ Yo B#", "Yo G+ R#", "W+ W- Wo")
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    turn(game, 1, 2)
    view = game.view()
    assert view.lines == (parse_cards("G+ R#"), parse_cards("W+ W-"))
    assert view.matching == (True, False)
    assert view.display == parse_cards("R~ Yo B#")
    assert view.deck_sizes == (0, 1)
    assert (view.stock_size, view.topped_size, view.restarter) == (0, 1, None)


def test_view_deck_contents_are_hidden_from_everyone() -> None:
    """Two tables that differ only in the order of decks and stock look the same to every seat."""
    one = table("R~ Yo B#", "Y+ G+ Go W~", "W+ W- Wo B-", stock="B~ Bo")
    two = table("R~ Yo B#", "Y+ W~ G+ Go", "W+ B- Wo W-", stock="Bo B~")
    for game in (one, two):
        turn(game, 0)
    for seat in (None, 0, 1):
        assert one.view(seat) == two.view(seat)


def test_view_a_seat_sees_what_the_table_shows_and_who_it_is() -> None:
    game = table("R~ Yo B#", "Yo G+ R#", "W+ W- Wo", "B+")
    game.apply(VoteReplace(2))
    assert game.view(1) == dataclasses.replace(game.view(None), seat=1)
    assert game.view(None).votes == (2,)
    assert game.view(None).votes_needed == 2


def test_view_shows_the_outcome() -> None:
    game = table("R~ Yo B#", "Yo G+ R#", "W+ W- Wo")
    game.apply(CallToppo(1))
    assert game.view(0).outcome == Outcome(1, (3, 0))


@pytest.mark.parametrize("seat", [-1, 2, "0"])
def test_view_of_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    game = table("R~ Yo B#", "Yo", "W+")
    with pytest.raises(IllegalAction) as refused:
        game.view(seat)  # type: ignore[arg-type]
    assert refused.value.reason is Reason.NOT_SEATED
