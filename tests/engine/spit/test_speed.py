"""Speed (docs/rules.md §3 "Speed variant"): a secret hand of 5 refilled from your own stock, side piles
of 10 (or 5), both turn a middle card to start, stalemate flips from the side piles, the centre
reshuffled into new side piles, the winner, and optional scoring to a target."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import Flip, PlayHand
from engine.spit.cards import Card, make_deck, notation, parse_cards
from engine.spit.centre import Stage
from engine.spit.events import (
    CentreFlipped,
    DealStarted,
    DealWon,
    FlipCalled,
    GameWon,
    HandCardPlayed,
    HandRefilled,
    HandsRenewed,
    SidePilesRebuilt,
    Stalemated,
)
from engine.spit.speed import SpeedOptions, SpeedOutcome, new_game
from tests.engine.spit import centre, speed_table


def card(text: str) -> Card:
    return Card.parse(text)


def test_speed_deal_15_cards_each_hand_5_stock_10_side_piles_of_10_two_middle_cards() -> None:
    game = new_game(seed=4)
    assert [len(hand) for hand in game.hands] == [5, 5]
    assert [len(stock) for stock in game.stocks] == [10, 10]
    assert [len(side) for side in game.sides] == [10, 10]
    assert len(game.middle) == 2 and not any(game.centre)
    assert game.stage is Stage.START


def test_speed_deal_option_side_piles_of_5_and_20_cards_each() -> None:
    game = new_game(options=SpeedOptions(side_pile=5), seed=4)
    assert [len(stock) for stock in game.stocks] == [15, 15]
    assert [len(side) for side in game.sides] == [5, 5]


@pytest.mark.parametrize(
    ("players", "options"), [(3, SpeedOptions()), (2, SpeedOptions(side_pile=7)), (2, SpeedOptions(target=0))]
)
def test_speed_deal_refuses_a_setup_the_rules_do_not_have(players: int, options: SpeedOptions) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(players, options)
    assert refused.value.reason is Reason.BAD_OPTION


def test_speed_start_both_turn_a_middle_card_before_anyone_plays() -> None:
    game = speed_table("7h", "Kd", middle="6s 9d")
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayHand(0, card("7h"), 0))
    assert refused.value.reason is Reason.NOT_STARTED
    assert game.apply(Flip(1)) == [FlipCalled(1)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(Flip(1))
    assert refused.value.reason is Reason.STALE
    assert game.apply(Flip(0)) == [CentreFlipped((card("6s"), card("9d")), False)]
    assert centre(game) == "6s | 9d"
    assert game.stage is Stage.PLAY


def test_speed_play_a_hand_card_one_rank_away_onto_either_pile_and_refill_from_your_stock() -> None:
    game = speed_table("7h 8c Kd 2d 2h", "2c", stocks=("Qs Js", ""), centre="6s | 9d")
    assert game.apply(PlayHand(0, card("8c"), 1)) == [HandCardPlayed(0, card("8c"), 1), HandRefilled(0, 1)]
    assert notation(game.hands[0]) == "7h Kd 2d 2h Qs"
    game.apply(PlayHand(0, card("7h"), 0))
    assert centre(game) == "7h 6s | 8c 9d"
    assert notation(game.hands[0]) == "Kd 2d 2h Qs Js"


def test_speed_hand_stays_at_5_while_the_stock_lasts() -> None:
    game = speed_table("7h 2c 2d 2h 2s", "Kd", stocks=("8c", ""), centre="6s | 9d")
    game.apply(PlayHand(0, card("7h"), 0))
    assert len(game.hands[0]) == 5 and not game.stocks[0]
    game.apply(PlayHand(0, card("8c"), 0))
    assert notation(game.hands[0]) == "2c 2d 2h 2s"


def test_speed_a_hand_short_of_5_with_cards_in_stock_is_not_a_position() -> None:
    with pytest.raises(IllegalAction) as refused:
        speed_table("7h", "Kd", stocks=("Jc", ""), centre="6s | 9d")
    assert refused.value.reason is Reason.BAD_OPTION


def test_speed_play_a_card_that_no_longer_fits_is_stale_and_changes_nothing() -> None:
    game = speed_table("7h", "5c 2c", centre="6s | 9d")
    game.apply(PlayHand(1, card("5c"), 0))
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayHand(0, card("7h"), 0))
    assert refused.value.reason is Reason.STALE
    assert game.snapshot() == before


def test_speed_a_card_is_named_so_a_double_click_never_plays_the_card_drawn_in_its_place() -> None:
    game = speed_table("7h 2c 2d 2h 2s", "Kd", stocks=("8h", ""), centre="6s | 9d")
    game.apply(PlayHand(0, card("7h"), 0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayHand(0, card("7h"), 0))
    assert refused.value.reason is Reason.NO_SUCH_CARD
    assert notation(game.hands[0]) == "2c 2d 2h 2s 8h"


def test_speed_stalemate_both_stuck_each_turns_a_side_card_onto_the_pile_beside_it() -> None:
    game = speed_table("2c", "Kd", sides=("8h 4c", "Qh"), centre="6s | 9d")
    assert game.stalemate and game.waiting_for() == (0, 1)
    assert game.apply(Flip(0)) == [FlipCalled(0)]
    assert game.apply(Flip(1)) == [CentreFlipped((card("8h"), card("Qh")), True)]
    assert centre(game) == "8h 6s | Qh 9d"
    assert game.legal_actions(1) == [PlayHand(1, card("Kd"), 1)]


def test_speed_stalemate_flip_until_someone_can_play() -> None:
    game = speed_table("2c", "Kd", sides=("8h 3c", "7h"), centre="6s | 9d")
    game.apply(Flip(0))
    assert game.apply(Flip(1))[-1] == Stalemated((0, 1))
    game.apply(Flip(1))
    assert game.apply(Flip(0)) == [CentreFlipped((card("3c"), None), True)]
    assert game.can_play(0)


def test_speed_flip_is_refused_while_someone_can_play() -> None:
    game = speed_table("7h", "Kd", sides=("8h", "Qh"), centre="6s | 9d")
    with pytest.raises(IllegalAction) as refused:
        game.apply(Flip(1))
    assert refused.value.reason is Reason.NOT_ALLOWED


def test_speed_side_piles_empty_the_centre_but_its_tops_is_shuffled_into_new_side_piles() -> None:
    game = speed_table("2c", "Kd", centre="6s 3h 4h | 9d 5h", seed=1)
    game.apply(Flip(0))
    events = game.apply(Flip(1))
    assert events[0] == SidePilesRebuilt((2, 1))
    assert isinstance(events[1], CentreFlipped)
    flipped = [c for c in events[1].cards if c is not None]
    assert [pile.top for pile in game.centre] == flipped
    assert sorted(map(str, [*flipped, *game.sides[0], *game.sides[1]])) == ["3h", "4h", "5h"]
    assert [str(list(pile)[-1]) for pile in game.centre] == ["6s", "9d"]


def test_speed_dead_stalemate_hands_go_under_the_stocks_and_five_are_drawn_again() -> None:
    # Nothing under the tops or in the side piles is next to a 2, Q or K: flipping would never end.
    hands = ("2c 2d 2h 2s Kc", "Kd Ks Kh Qc Qd")
    game = speed_table(*hands, stocks=("7c", ""), sides=("6h", "6c"), centre="6s 6d | 9d 9h")
    game.apply(Flip(0))
    assert game.apply(Flip(1)) == [HandsRenewed()]
    assert (notation(game.hands[0]), notation(game.stocks[0])) == ("7c 2c 2d 2h 2s", "Kc")
    assert notation(game.hands[1]) == hands[1]
    assert game.legal_actions(0) == [PlayHand(0, card("7c"), 0)]


def test_speed_first_to_play_every_card_of_hand_and_stock_wins() -> None:
    game = speed_table("7h", "Kd 2c 3c 4c 5c", stocks=("", "Qs Js Ts"), centre="6s | 9d")
    assert game.apply(PlayHand(0, card("7h"), 0)) == [
        HandCardPlayed(0, card("7h"), 0),
        DealWon(0, 3, (3, 0)),
        GameWon(0),
    ]
    assert game.outcome == SpeedOutcome(0, (3, 0))
    assert game.stage is Stage.OVER


def test_speed_scoring_one_point_per_card_left_in_the_opponent_stock_deals_go_on_to_the_target() -> None:
    used = parse_cards("7h Kd Qd Jd Td 2c 6s 9d")
    rest = notation(c for c in make_deck() if c not in used)
    game = speed_table(
        "7h", "Kd Qd Jd Td 2c", stocks=("", rest), centre="6s | 9d", options=SpeedOptions(target=50)
    )
    events = game.apply(PlayHand(0, card("7h"), 0))
    assert events[1:] == [DealWon(0, 44, (44, 0)), DealStarted(2)]
    assert game.outcome is None
    assert (game.stage, game.deal_number, game.totals) == (Stage.START, 2, [44, 0])
    assert [len(hand) for hand in game.hands] == [5, 5] and len(game.middle) == 2
    assert sorted(
        c.code
        for c in [*game.middle, *game.sides[0], *game.sides[1]]
        + [c for seat in (0, 1) for c in (*game.hands[seat], *game.stocks[seat])]
    ) == list(range(52))


def test_speed_scoring_reaching_the_target_wins_the_game() -> None:
    game = speed_table(
        "7h", "Kd 2c 3c 4c 5c", stocks=("", "Qs Js Ts"), centre="6s | 9d", options=SpeedOptions(target=3)
    )
    assert game.apply(PlayHand(0, card("7h"), 0))[-1] == GameWon(0)
    assert game.outcome == SpeedOutcome(0, (3, 0))
