"""Views (docs/architecture.md, engine contract): hands are hidden but for the seat's own; stacks show their
top set, how many sets lie under it, and their value."""

import dataclasses

import pytest

from engine.assets.cards import parse_cards
from engine.assets.sets import AssetSet
from engine.assets.state import Duel, StackView, Stage
from engine.errors import IllegalAction, Reason
from tests.engine.assets import card, challenge, table


def test_view_hides_hands_but_the_seats_own() -> None:
    game = table("GO PB PB", "HM SI", draw="CC CA", discard="ST JW")
    public = game.view()
    assert public.hand is None
    assert public.hand_sizes == (3, 2)
    assert game.view(0).hand == parse_cards("PB PB GO")
    assert game.view(1).hand == parse_cards("HM SI")
    assert (public.draw_size, public.discard_top, public.discard_size) == (2, card("ST"), 2)


def test_view_two_deals_that_differ_only_in_hidden_cards_look_the_same() -> None:
    one = table("GO PB", "HM SI", draw="CC CA")
    two = table("GO PB", "JW JW", draw="CA CC")
    assert one.view(0) == two.view(0)
    assert one.view() == two.view()
    assert one.view(1) != two.view(1)


def test_view_stacks_show_the_top_set_the_sets_under_it_and_the_value() -> None:
    game = table("PB", "PB", stacks=["BA BA / HM SI / JW JW", ""])
    assert game.view().stacks == (
        StackView(AssetSet.parse("JW JW"), under=2, value=20_000 + 45_000 + 30_000),
        StackView(None, under=0, value=0),
    )


def test_view_shows_a_challenge_and_who_must_answer() -> None:
    game = table("HM GO", "JW", stacks=["PB PB", "BA BA / HM SI"])
    game.apply(challenge(0, 1, "GO"))
    view = game.view(0)
    assert view.stage is Stage.CHALLENGE
    assert view.duel == Duel(0, 1, AssetSet.parse("HM SI"), ((0, card("GO")),))
    assert (view.turn, view.to_act) == (0, 1)
    assert game.view(1) == dataclasses.replace(game.view(), seat=1, hand=parse_cards("JW"))


@pytest.mark.parametrize("seat", [-1, 2, "0"])
def test_view_of_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    game = table("PB", "PB")
    with pytest.raises(IllegalAction) as refused:
        game.view(seat)  # type: ignore[arg-type]
    assert refused.value.reason is Reason.NOT_SEATED
