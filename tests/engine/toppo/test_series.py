"""A series of games (docs/rules.md §1 "Series of games"): running totals, next start player, display."""

import json

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.actions import ChooseDisplaySize, TurnCard
from engine.toppo.events import GameStarted, TotalsUpdated
from engine.toppo.series import GameRecord, Series
from tests.engine.toppo import finish_game


def test_series_first_game_shows_three_cards() -> None:
    series = Series(4, seed=1, first_start_player=2)
    assert series.game.display_size == 3
    assert series.game.start_player == 2
    assert series.chooser() is None
    assert series.game_number == 1


def test_series_running_totals_after_every_game() -> None:
    series = Series(3, seed=2, first_start_player=0)
    first = finish_game(series)[-1]
    assert isinstance(first, TotalsUpdated)
    assert first.totals == first.scores == series.history[0].scores
    chooser = series.chooser()
    assert chooser is not None
    series.apply(ChooseDisplaySize(chooser, 4))
    second = finish_game(series)[-1]
    assert isinstance(second, TotalsUpdated)
    assert second.game_number == 2
    assert second.totals == tuple(a + b for a, b in zip(first.scores, second.scores, strict=True))
    assert series.totals == second.totals


def test_series_highest_total_is_next_start_player_and_chooses_display_size() -> None:
    series = Series(4, seed=3, first_start_player=0)
    finish_game(series)
    totals = series.totals
    chooser = totals.index(max(totals))
    assert series.chooser() == chooser
    assert series.legal_actions(chooser) == [ChooseDisplaySize(chooser, size) for size in (3, 4, 5)]
    other = (chooser + 1) % 4
    assert series.legal_actions(other) == []
    with pytest.raises(IllegalAction) as refused:
        series.apply(ChooseDisplaySize(other, 4))
    assert refused.value.reason is Reason.NOT_YOUR_TURN
    [started] = series.apply(ChooseDisplaySize(chooser, 5))
    assert started == GameStarted(2, chooser, tuple(series.game.display))
    assert (series.game.display_size, series.game.start_player, series.game.restarter) == (
        5,
        chooser,
        chooser,
    )
    assert len(series.game.display) == 5


def test_series_tie_for_highest_total_earliest_seat_starts() -> None:
    series = Series(3, seed=4)
    series.history.append(GameRecord(3, 0, 0, (0, 7, 7)))
    assert series.next_start_player() == 1
    series.history.append(GameRecord(3, 1, 2, (8, 1, 0)))
    assert series.next_start_player() == 0


def test_series_two_players_choose_a_display_of_three_or_four_only() -> None:
    series = Series(2, seed=5)
    finish_game(series)
    chooser = series.chooser()
    assert chooser is not None
    with pytest.raises(IllegalAction) as refused:
        series.apply(ChooseDisplaySize(chooser, 5))
    assert refused.value.reason is Reason.BAD_OPTION
    assert series.apply(ChooseDisplaySize(chooser, 4))


def test_series_display_size_is_chosen_only_between_games() -> None:
    series = Series(3, seed=6, first_start_player=1)
    with pytest.raises(IllegalAction) as refused:
        series.apply(ChooseDisplaySize(1, 4))
    assert refused.value.reason is Reason.STALE
    finish_game(series)
    with pytest.raises(IllegalAction) as over:
        series.apply(TurnCard(0))
    assert over.value.reason is Reason.GAME_OVER
    with pytest.raises(IllegalAction) as unseated:
        series.apply(ChooseDisplaySize(3, 4))
    assert unseated.value.reason is Reason.NOT_SEATED


def test_series_lowest_running_total_wins() -> None:
    series = Series(3, seed=7)
    series.history += [GameRecord(3, 0, 1, (4, 0, 9)), GameRecord(3, 2, 0, (0, 6, 1))]
    assert series.totals == (4, 6, 10)
    assert series.standings() == [0, 1, 2]


@pytest.mark.parametrize("games", [0, 1, 2])
def test_series_saved_and_resumed_equals_the_live_series(games: int) -> None:
    series = Series(3, seed=8, first_start_player=0)
    for _ in range(games):
        finish_game(series)
        chooser = series.chooser()
        assert chooser is not None
        series.apply(ChooseDisplaySize(chooser, 4))
    series.apply(TurnCard(series.game.start_player))
    resumed = Series.from_json(json.loads(json.dumps(series.to_json())))
    assert resumed == series
    assert resumed.view(1) == series.view(1)


def test_series_view_shows_totals_and_who_chooses() -> None:
    series = Series(2, seed=9, first_start_player=0)
    finish_game(series)
    view = series.view(None)
    assert view.totals == series.totals
    assert view.chooser == series.chooser()
    assert view.display_sizes == (3, 4)
    assert view.game_number == 1
    assert view.game.outcome is not None


@pytest.mark.parametrize(("players", "fixed", "size"), [(4, 4, 4), (3, 5, 5), (2, 5, 4), (2, 3, 3)])
def test_a_fixed_display_size_holds_for_every_game(players: int, fixed: int, size: int) -> None:
    series = Series(players, seed=10, first_start_player=0, fixed_display=fixed)
    assert series.game.display_size == size, "the first game too, not the rules' 3"
    finish_game(series)
    chooser = series.chooser()
    assert chooser is not None
    assert series.display_sizes() == (size,)
    assert series.legal_actions(chooser) == [ChooseDisplaySize(chooser, size)]
    other = next(option for option in (3, 4) if option != size)
    with pytest.raises(IllegalAction) as refused:
        series.apply(ChooseDisplaySize(chooser, other))
    assert refused.value.reason is Reason.BAD_OPTION
    series.apply(ChooseDisplaySize(chooser, size))
    resumed = Series.from_json(json.loads(json.dumps(series.to_json())))
    assert resumed == series and resumed.display_sizes() == (size,)


def test_a_display_size_the_game_does_not_have_cannot_be_fixed() -> None:
    with pytest.raises(IllegalAction) as refused:
        Series(3, seed=11, fixed_display=6)
    assert refused.value.reason is Reason.BAD_OPTION


def test_a_series_saved_before_fixed_sizes_existed_still_loads() -> None:
    saved = Series(3, seed=12).to_json()
    del saved["fixed_display"]
    assert Series.from_json(saved).display_sizes() == (3, 4, 5)
