"""Rounds and the race (docs/rules.md §2, "End of round"): a round ends when every hand is empty, stacks
score their face values into running totals, the first to $1,000,000 wins (the highest total if
several reach it; an exact tie plays one more round), and the deal moves on each round."""

from collections import Counter

import pytest

from engine.assets.actions import Deal, GiveUp
from engine.assets.cards import make_deck
from engine.assets.events import GameWon, RoundDealt, RoundScored, TieForFirst, TurnStarted
from engine.assets.state import AssetsOptions, Outcome, Stage, new_game
from engine.errors import IllegalAction, Reason
from tests.engine.assets import challenge, discard, pair, play_ai, table


def test_round_ends_when_every_hand_is_empty_and_stacks_score_their_face_values() -> None:
    game = table("PB PB", "GO", stacks=["HM SI", "JW JW"], discard="CA")
    game.apply(pair(0, "PB PB"))
    assert game.stage is Stage.TURN
    events = game.apply(discard(1, "GO"))
    # Discards (the Gold and the Classic Auto) score for nobody.
    assert events[-1] == RoundScored(1, (45_000 + 10_000, 30_000), (55_000, 30_000))
    assert game.stage is Stage.ROUND_OVER
    assert game.view().round_scores == ((55_000, 30_000),)


def test_round_totals_run_from_round_to_round() -> None:
    game = table("PB PB", "BC", totals=(400_000, 350_000))
    game.apply(pair(0, "PB PB"))
    events = game.apply(discard(1, "BC"))
    assert events[-1] == RoundScored(1, (10_000, 0), (410_000, 350_000))
    assert game.totals == [410_000, 350_000]


def test_round_the_next_dealer_deals_every_card_and_the_deal_moves_on() -> None:
    game = new_game(3, AssetsOptions(dealer=2), seed=8)
    while game.stage is not Stage.ROUND_OVER:
        seat = game.to_act()
        assert seat is not None
        action = game.timeout_action(seat)
        assert action is not None
        game.apply(action)
    assert game.to_act() == 0  # the seat after dealer 2
    assert game.legal_actions(0) == [Deal(0)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(Deal(1))
    assert refused.value.reason is Reason.NOT_YOUR_TURN
    events = game.apply(Deal(0))
    assert events[0] == RoundDealt(2, 0, game.discard.top)
    assert events[1] == TurnStarted(1)
    assert (game.round_number, game.dealer, game.turn) == (2, 0, 1)
    assert [len(held) for held in game.hands] == [5, 5, 5]
    assert all(not stack for stack in game.stacks)
    cards = [*game.draw, *game.discard, *(card for held in game.hands for card in held)]
    assert Counter(cards) == Counter(make_deck())


def test_round_deal_only_between_rounds() -> None:
    game = table("PB PB", "BC")
    with pytest.raises(IllegalAction) as refused:
        game.apply(Deal(1))
    assert refused.value.reason is Reason.STALE


def test_race_the_first_to_reach_a_million_wins() -> None:
    game = table("PB PB", "BC", totals=(990_000, 0))
    game.apply(pair(0, "PB PB"))
    events = game.apply(discard(1, "BC"))
    assert events[-1] == GameWon(0, (1_000_000, 0))
    assert game.outcome == Outcome(0, (1_000_000, 0))
    assert game.stage is Stage.GAME_OVER and game.to_act() is None
    assert game.legal_actions(0) == game.legal_actions(1) == []
    with pytest.raises(IllegalAction) as refused:
        game.apply(Deal(0))
    assert refused.value.reason is Reason.GAME_OVER


def test_race_several_reach_it_in_the_same_round_the_highest_total_wins() -> None:
    game = table("PB PB", "JW JW", totals=(995_000, 980_000))
    game.apply(pair(0, "PB PB"))
    game.apply(pair(1, "JW JW"))
    assert game.outcome == Outcome(1, (1_005_000, 1_010_000))


def test_race_below_the_goal_the_game_goes_on() -> None:
    game = table("PB PB", "JW JW", totals=(900_000, 960_000))
    game.apply(pair(0, "PB PB"))
    game.apply(pair(1, "JW JW"))
    assert (game.outcome, game.stage) == (None, Stage.ROUND_OVER)


def test_race_an_exact_tie_plays_one_more_round() -> None:
    game = table("PB PB", "BC BC", totals=(990_000, 990_000))
    game.apply(pair(0, "PB PB"))
    events = game.apply(pair(1, "BC BC"))
    assert events[-2:] == [
        RoundScored(1, (10_000, 10_000), (1_000_000, 1_000_000)),
        TieForFirst((0, 1), 1_000_000),
    ]
    assert (game.outcome, game.stage, game.to_act()) == (None, Stage.ROUND_OVER, 0)
    game.apply(Deal(0))
    assert (game.round_number, game.stage) == (2, Stage.TURN)


def test_race_after_a_tie_the_next_round_decides_by_the_highest_total() -> None:
    game = table("PB PB", "BC", totals=(1_000_000, 1_000_000))
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    assert game.outcome == Outcome(0, (1_010_000, 1_000_000))


def test_race_a_challenge_as_the_last_turn_counts_before_scoring() -> None:
    game = table("HM", "", stacks=["PB PB", "BA BA / HM HM"], totals=(980_000, 990_000), dealer=1)
    game.apply(challenge(0, 1, "HM"))
    events = game.apply(GiveUp(1))
    assert events[-2] == RoundScored(1, (70_000, 20_000), (1_050_000, 1_010_000))
    assert game.outcome == Outcome(0, (1_050_000, 1_010_000))


def test_goal_option_one_round_for_a_quick_game() -> None:
    game = new_game(4, AssetsOptions(goal=1), seed=3)
    play_ai(game)
    assert game.outcome is not None
    assert (len(game.rounds), game.round_number) == (1, 1)
