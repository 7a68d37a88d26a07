"""Refills and the draw pile (docs/rules.md §2, "Refill" and "End of round"): everyone draws back up
after every turn, the player whose turn it was first; once the draw pile is empty play goes on
without refills and empty hands are skipped."""

from engine.assets.actions import GiveUp
from engine.assets.events import CardsDrawn, DrawPileEmptied, TurnStarted
from engine.assets.state import Stage
from tests.engine.assets import challenge, discard, hand, pair, stack, table


def test_refill_after_every_turn_the_player_whose_turn_it_was_first_then_in_turn_order() -> None:
    # Four players, hands of 4: seat 1 plays after dealer 0; seats 2 and 0 are short too, and the
    # draw pile runs out before seat 0 has a full hand again.
    game = table("PB", "JW JW BA CC", "HM", "CA CA CA CA", dealer=0, draw="GO SI ST ST ST CM")
    events = game.apply(pair(1, "JW JW"))
    assert events[1:] == [
        CardsDrawn(1, 2),
        CardsDrawn(2, 3),
        CardsDrawn(0, 1),
        DrawPileEmptied(),
        TurnStarted(2),
    ]
    assert (hand(game, 1), hand(game, 2), hand(game, 0)) == ("BA CC SI GO", "ST ST ST HM", "PB CM")


def test_refill_after_a_challenge_includes_both_sides() -> None:
    game = table("HM SI PB", "HM CC BA", stacks=["PB PB", "BA BA / HM HM"], draw="ST ST ST ST ST ST")
    game.apply(challenge(0, 1, "HM"))
    game.apply(GiveUp(1))
    assert [len(held) for held in game.hands] == [5, 5]
    assert len(game.draw) == 6 - 3 - 2


def test_draw_pile_running_out_play_goes_on_without_refilling() -> None:
    game = table("PB PB BC", "JW JW CC", draw="")
    game.apply(pair(0, "PB PB"))
    assert (hand(game, 0), game.to_act()) == ("BC", 1)
    game.apply(discard(1, "CC"))
    assert hand(game, 1) == "JW JW"


def test_draw_pile_empty_a_player_with_an_empty_hand_is_skipped() -> None:
    game = table("PB PB", "", "JW JW CC", dealer=2)
    events = game.apply(pair(0, "PB PB"))
    assert events[-1] == TurnStarted(2, skipped=(1,))
    game.apply(pair(2, "JW JW"))
    # Seats 0 and 1 are empty-handed: seat 2 plays again.
    assert game.to_act() == 2


def test_draw_pile_empty_an_empty_handed_players_stack_can_still_be_challenged() -> None:
    game = table("SI CC", "", stacks=["PB PB", "BA BA / HM HM"], dealer=1)
    game.apply(challenge(0, 1, "SI"))
    game.apply(GiveUp(1))
    assert stack(game, 0) == "PB PB / HM HM SI"
    assert game.stage is Stage.TURN and game.to_act() == 0
