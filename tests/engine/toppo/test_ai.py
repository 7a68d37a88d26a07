"""AI players: three levels that differ in how well and how fast they play."""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rng import Rng
from engine.selfplay import Report, play
from engine.toppo.actions import CallTop, CallToppo, ChooseDisplaySize, Match, Renew, TurnCard, VoteReplace
from engine.toppo.ai import PROFILES, Level, choose, choose_in_series
from engine.toppo.cards import ALL_CARDS, Card, find_top
from engine.toppo.selfplay import LEVELS as LEVELS_BY_SEAT
from engine.toppo.selfplay import SELFPLAY, ToppoMatch
from engine.toppo.series import Series
from engine.toppo.state import ToppoState
from tests.engine.toppo import finish_game, table, turn

LEVELS = list(Level)
TOPPABLE = "G# W~ Go"  # tops "R~ Yo B#" only as (1, 2, 0)
MATCHABLE = "G+ B# W-"  # no top; B# is identical to display slot 2
NOTHING = "Ro Y+ G+"  # no top (nothing for B#), no identical card, but look-alikes
DECK_TAIL = " W+" * 12


def decisions(game: ToppoState, seat: int, level: Level, tries: int = 300) -> list[object]:
    """The actions ``level`` picks over many independent random streams."""
    picks: list[object] = []
    for seed in range(tries):
        choice = choose(game, seat, level, Rng.from_seed(seed))
        picks.append(None if choice is None else choice.action)
    return picks


def full_line(cards: str) -> ToppoState:
    game = table("R~ Yo B#", cards + DECK_TAIL, "Y+" + DECK_TAIL)
    turn(game, 0, 3)
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_ai_calls_toppo_with_fewer_than_10_cards_at_every_level(level: Level) -> None:
    game = table("R~ Yo B#", "G+ G- W- Wo W~ W# Y+ Y- Yo", "Y+" + DECK_TAIL, start=1)
    assert set(decisions(game, 0, level, 20)) == {CallToppo(0)}
    assert CallToppo(1) not in decisions(game, 1, level, 20)


def test_ai_hard_waits_for_the_restarter_who_turns_first() -> None:
    game = table("R~ Yo B#", "G+" + DECK_TAIL, "Y+" + DECK_TAIL, start=1)
    assert set(decisions(game, 0, Level.HARD)) == {None}
    assert set(decisions(game, 1, Level.HARD)) == {TurnCard(1)}


def test_ai_easy_sometimes_false_starts_hard_never() -> None:
    game = table("R~ Yo B#", "G+" + DECK_TAIL, "Y+" + DECK_TAIL, start=1)
    easy = decisions(game, 0, Level.EASY, 1000)
    assert 0 < easy.count(TurnCard(0)) < 200
    assert TurnCard(0) not in decisions(game, 0, Level.HARD, 1000)


def test_ai_hard_finds_the_top_order() -> None:
    assert set(decisions(full_line(TOPPABLE), 0, Level.HARD)) == {CallTop(0, (1, 2, 0))}


def test_ai_hard_matches_identical_cards_when_there_is_no_top() -> None:
    game = full_line(MATCHABLE)
    assert set(decisions(game, 0, Level.HARD)) == {Match(0, 1, 2)}
    game.apply(Match(0, 1, 2))
    assert set(decisions(game, 0, Level.HARD)) == {TurnCard(0)}


def test_ai_renews_a_line_that_neither_tops_nor_matches() -> None:
    assert set(decisions(full_line(NOTHING), 0, Level.HARD)) == {Renew(0)}


def test_ai_easy_overlooks_more_tops_and_matches_than_normal() -> None:
    seen = {
        level: [
            decisions(full_line(TOPPABLE), 0, level, 1000).count(CallTop(0, (1, 2, 0))),
            decisions(full_line(MATCHABLE), 0, level, 1000).count(Match(0, 1, 2)),
        ]
        for level in LEVELS
    }
    assert all(easy < normal < hard == 1000 for easy, normal, hard in zip(*seen.values(), strict=True))


def test_ai_easy_sometimes_calls_a_wrong_top_or_match_hard_never() -> None:
    easy = decisions(full_line(NOTHING), 0, Level.EASY, 2000)
    mistakes = [action for action in easy if isinstance(action, CallTop | Match)]
    assert 0 < len(mistakes) < 200
    assert {type(action) for action in mistakes} == {CallTop, Match}
    assert set(decisions(full_line(NOTHING), 0, Level.HARD, 2000)) == {Renew(0)}


@pytest.mark.parametrize("level", LEVELS)
def test_ai_delays_are_in_the_levels_range_and_faster_with_level(level: Level) -> None:
    game = full_line(NOTHING)
    low, high = PROFILES[level].think_delay
    delays = []
    for seed in range(200):
        choice = choose(game, 0, level, Rng.from_seed(seed))
        assert choice is not None
        delays.append(choice.delay)
    assert all(low <= delay <= high for delay in delays)
    assert PROFILES[Level.HARD].think_delay[1] <= PROFILES[Level.NORMAL].think_delay[1]
    assert PROFILES[Level.NORMAL].think_delay[1] <= PROFILES[Level.EASY].think_delay[0]
    assert PROFILES[Level.HARD].turn_delay[1] < PROFILES[Level.EASY].turn_delay[0]


def test_ai_votes_to_replace_a_display_nobody_has_topped_for_a_while() -> None:
    game = full_line(NOTHING)
    game.display_age = PROFILES[Level.HARD].patience * game.players
    assert set(decisions(game, 0, Level.HARD)) == {VoteReplace(0)}
    game.apply(VoteReplace(0))
    assert set(decisions(game, 0, Level.HARD)) == {Renew(0)}


def test_ai_leaves_the_game_untouched() -> None:
    game = full_line(TOPPABLE)
    before = game.snapshot()
    for level in LEVELS:
        choose(game, 0, level, Rng.from_seed(1))
    assert game.snapshot() == before


def test_ai_next_start_player_chooses_an_allowed_display_size() -> None:
    series = Series(2, seed=1, first_start_player=0)
    assert choose_in_series(series, 0, Level.HARD, Rng.from_seed(3)) == choose(
        series.game, 0, Level.HARD, Rng.from_seed(3)
    )
    finish_game(series)
    chooser = series.chooser()
    assert chooser is not None
    sizes = {
        choice.action
        for seed in range(50)
        if (choice := choose_in_series(series, chooser, Level.NORMAL, Rng.from_seed(seed)))
    }
    assert sizes == {ChooseDisplaySize(chooser, 3), ChooseDisplaySize(chooser, 4)}
    assert choose_in_series(series, 1 - chooser, Level.NORMAL, Rng.from_seed(3)) is None


cards = st.sampled_from(ALL_CARDS)


@given(
    st.integers(3, 5).flatmap(
        lambda n: st.tuples(st.lists(cards, min_size=n, max_size=n), st.lists(cards, min_size=n, max_size=n))
    )
)
def test_find_top_agrees_with_trying_every_order(line_and_display: tuple[list[Card], list[Card]]) -> None:
    line, display = line_and_display
    found = find_top(line, display)
    possible = [
        order
        for order in permutations(range(len(line)))
        if all(line[index].tops(shown) for index, shown in zip(order, display, strict=True))
    ]
    assert (found is None) == (not possible)
    assert found is None or found in possible


def test_ai_hard_wins_more_games_than_normal_and_normal_more_than_easy() -> None:
    """Levels rotate over the seats from game to game, so each level plays every seat."""
    match = ToppoMatch(3, 60, seed=1)
    report = play(match, SELFPLAY.max_actions_per_game, Report("toppo", 3, 60, 1))
    assert (report.violations, report.games) == (0, 60)
    wins = Counter(
        LEVELS_BY_SEAT[(record.caller + number) % 3] for number, record in enumerate(match.series.history)
    )
    assert wins[Level.HARD] > wins[Level.NORMAL] > wins[Level.EASY]
