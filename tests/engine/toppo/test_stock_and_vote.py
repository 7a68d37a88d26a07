"""The stock running out and the display-replacement vote (docs/rules.md §1 "Stock", "Stuck display")."""

from collections import Counter

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import CallTop, Match, Renew, VoteReplace
from engine.toppo.cards import parse_cards
from engine.toppo.events import DisplayReplaced, Penalty, PenaltyPaid, StockReshuffled, TopFailed, VoteCast
from tests.engine.toppo import shown, table, turn

DISPLAY = "R~ Yo B#"
LOSING_LINE = "G+ G+ G+"


def test_stock_running_out_shuffles_the_topped_pile_into_a_new_stock() -> None:
    game = table(DISPLAY, LOSING_LINE, "Y+", stock="Bo", topped="W+ W- Wo W~ W#", seed=3)
    turn(game, 0, 3)
    events = game.apply(CallTop(0, (0, 1, 2)))
    assert events[:2] == [TopFailed(0, (0, 1, 2), (0, 1, 2)), StockReshuffled(5)]
    penalty = events[2]
    assert isinstance(penalty, PenaltyPaid)
    assert penalty.penalty_cards[0] == parse_cards("Bo")[0]
    assert Counter(penalty.penalty_cards[1:]) + Counter(game.stock) == Counter(parse_cards("W+ W- Wo W~ W#"))
    assert [len(game.stock), len(game.topped)] == [1, 0]


def test_stock_reshuffle_order_comes_from_the_seed() -> None:
    def penalty(seed: int) -> tuple[object, ...]:
        game = table(DISPLAY, LOSING_LINE, "Y+", stock="", topped="W+ W- Wo W~ W# Y- Yo", seed=seed)
        turn(game, 0, 3)
        paid = game.apply(CallTop(0, (0, 1, 2)))[2]
        assert isinstance(paid, PenaltyPaid)
        return paid.penalty_cards

    assert penalty(1) == penalty(1)
    assert len({penalty(seed) for seed in range(6)}) > 1


def test_stock_and_topped_pile_empty_a_penalty_takes_only_the_cards_there_are() -> None:
    game = table(DISPLAY, LOSING_LINE, "Y+", stock="Bo B~")
    turn(game, 0, 3)
    paid = game.apply(CallTop(0, (0, 1, 2)))[1]
    assert paid == PenaltyPaid(0, Penalty.WRONG_TOP, parse_cards(LOSING_LINE), parse_cards("Bo B~"))


def test_display_replaced_by_a_majority_vote_old_display_to_topped_pile() -> None:
    game = table(DISPLAY, "Y+", "Y+", "Y+", stock="W+ W- Wo W~")
    assert game.apply(VoteReplace(0)) == [VoteCast(0, 1, 2)]
    assert shown(game) == DISPLAY
    events = game.apply(VoteReplace(2))
    assert events == [VoteCast(2, 2, 2), DisplayReplaced(parse_cards(DISPLAY), parse_cards("W+ W- Wo"))]
    assert shown(game) == "W+ W- Wo"
    assert sorted(map(str, game.topped)) == sorted(DISPLAY.split())
    assert game.votes == set()


@pytest.mark.parametrize(("players", "needed"), [(2, 2), (3, 2), (4, 3), (5, 3), (8, 5)])
def test_display_vote_needs_a_majority_of_the_players(players: int, needed: int) -> None:
    game = table(DISPLAY, *["Y+"] * players, stock="W+ W- Wo W~")
    for seat in range(needed - 1):
        game.apply(VoteReplace(seat))
    assert shown(game) == DISPLAY
    assert isinstance(game.apply(VoteReplace(needed - 1))[-1], DisplayReplaced)


def test_display_vote_lapses_when_the_display_changes() -> None:
    game = table(DISPLAY, "Yo G+ W-", "Y+", "Y+", stock="W+ W- Wo W~")
    game.apply(VoteReplace(1))
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    assert game.votes == set()
    assert game.apply(VoteReplace(2)) == [VoteCast(2, 1, 2)]


def test_display_vote_twice_by_the_same_seat_is_stale() -> None:
    game = table(DISPLAY, "Y+", "Y+", "Y+", stock="W+ W- Wo")
    game.apply(VoteReplace(1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(VoteReplace(1))
    assert refused.value.reason is Reason.ALREADY_VOTED


def test_display_replacement_with_a_short_stock_reshuffles_the_old_display_in() -> None:
    game = table(DISPLAY, "Y+", "Y+", stock="W+", seed=2)
    game.apply(VoteReplace(0))
    events = game.apply(VoteReplace(1))
    assert events[1] == StockReshuffled(3)
    replaced = events[2]
    assert isinstance(replaced, DisplayReplaced)
    assert replaced.new[0] == parse_cards("W+")[0]
    assert Counter(replaced.new[1:]) <= Counter(parse_cards(DISPLAY))
    assert len(game.stock) + len(game.topped) == 1


def test_display_age_counts_lines_renewed_since_the_display_changed() -> None:
    game = table(DISPLAY, "G+ G+ G+ G+ G+ G+ Yo", "Y+", stock="W+ W- Wo")
    for renewed in (1, 2):
        turn(game, 0, 3)
        game.apply(Renew(0))
        assert game.display_age == renewed
    turn(game, 0, 3)
    game.apply(Match(0, 0, 1))
    assert game.display_age == 0
