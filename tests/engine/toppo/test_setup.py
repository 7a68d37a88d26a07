"""Setup (docs/rules.md §1 "Cards", "Setup", "Starting"): sets, decks, stock, display, start player."""

from collections import Counter

import pytest

from engine.errors import IllegalAction, Reason
from engine.toppo.cards import DECK_SIZE, make_deck, sets_for
from engine.toppo.selfplay import census
from engine.toppo.state import ToppoOptions, allowed_display_sizes, new_game


@pytest.mark.parametrize("players", range(2, 9))
def test_each_player_takes_a_deck_of_33_and_the_rest_is_the_stock(players: int) -> None:
    game = new_game(players, seed=5)
    total = 150 * sets_for(players)
    assert [len(deck) for deck in game.decks] == [DECK_SIZE] * players
    assert len(game.display) == 3
    assert len(game.stock) == total - DECK_SIZE * players - 3
    assert not game.topped
    assert all(not line for line in game.lines)
    assert census(game) == Counter(make_deck(sets_for(players)))


@pytest.mark.parametrize(("players", "size"), [(2, 3), (2, 4), (3, 5), (4, 4), (8, 5)])
def test_display_of_3_4_or_5_cards(players: int, size: int) -> None:
    game = new_game(players, ToppoOptions(display_size=size), seed=1)
    assert game.display_size == size
    assert len(game.display) == size


@pytest.mark.parametrize(("players", "size"), [(2, 5), (4, 2), (4, 6)])
def test_display_size_outside_3_4_5_or_5_with_two_players_is_refused(players: int, size: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(players, ToppoOptions(display_size=size))
    assert refused.value.reason is Reason.BAD_OPTION


def test_two_players_use_displays_of_three_or_four_only() -> None:
    assert allowed_display_sizes(2) == (3, 4)
    assert all(allowed_display_sizes(players) == (3, 4, 5) for players in range(3, 9))


@pytest.mark.parametrize("players", [0, 1, 9])
def test_toppo_is_for_2_to_8_players(players: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(players)
    assert refused.value.reason is Reason.BAD_OPTION


def test_play_waits_for_the_chosen_start_player() -> None:
    game = new_game(4, ToppoOptions(start_player=2), seed=9)
    assert game.start_player == 2
    assert game.restarter == 2


def test_start_player_not_at_the_table_is_refused() -> None:
    with pytest.raises(IllegalAction):
        new_game(3, ToppoOptions(start_player=3))


def test_start_player_left_open_is_drawn_from_the_seed() -> None:
    starts = [new_game(4, seed=seed).start_player for seed in range(40)]
    assert starts == [new_game(4, seed=seed).start_player for seed in range(40)]
    assert set(starts) == {0, 1, 2, 3}
