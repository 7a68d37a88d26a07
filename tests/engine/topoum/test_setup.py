"""The battle deck and setting up a game: types, copies, Peace, hands, the line, the first
battlefield."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.hexgrid import ORIGIN
from engine.rng import Rng
from engine.topoum.actions import Place
from engine.topoum.board import CENTRE
from engine.topoum.cards import (
    BATTLE_TYPES,
    CATEGORY,
    CardType,
    Category,
    Farmer,
    build_deck,
    check_card_types,
    choose_card_types,
)
from engine.topoum.events import TurnBegan
from engine.topoum.state import Stage, TopoumOptions, new_game

from . import h

TYPES = (
    CardType.BAYONET,
    CardType.GRENADE,
    CardType.PATROL,
    CardType.NEW_RECRUIT,
    CardType.BUILD_BASE,
    CardType.DECORATION,
    CardType.FARMER,
)


@pytest.mark.parametrize("seed", range(20))
def test_random_card_types_are_seven_with_every_category(seed: int) -> None:
    types = choose_card_types(Rng.from_seed(seed))
    check_card_types(types)
    assert {CATEGORY[card] for card in types} == set(Category)


def test_card_types_without_a_category_are_refused() -> None:
    no_special = (*BATTLE_TYPES[:5], CardType.PATROL, CardType.NEW_RECRUIT)
    with pytest.raises(ValueError, match="special"):
        check_card_types(no_special)
    with pytest.raises(IllegalAction) as caught:
        new_game(2, TopoumOptions(card_types=no_special))
    assert caught.value.reason is Reason.BAD_OPTION


@pytest.mark.parametrize(("players", "size"), [(2, 36), (3, 43), (4, 50)])
def test_deck_has_copies_by_player_count_and_peace_among_the_last_six(players: int, size: int) -> None:
    for seed in range(30):
        deck = build_deck(TYPES, players, Rng.from_seed(seed)).to_list()
        assert len(deck) == size
        assert deck.count(CardType.PEACE) == 1
        assert CardType.PEACE in deck[-6:]
        assert all(deck.count(card) == players + 3 for card in TYPES)


def test_peace_lands_anywhere_in_the_last_six() -> None:
    places = {
        build_deck(TYPES, 2, Rng.from_seed(seed)).to_list().index(CardType.PEACE) for seed in range(200)
    }
    assert places == set(range(30, 36))


def test_new_game_deals_hands_of_two_and_five_line_cards_and_puts_the_neutral_centre() -> None:
    game = new_game(3, TopoumOptions(card_types=TYPES, farmer=Farmer.TURNIP, start_player=2), seed=5)
    assert [len(hand) for hand in game.hands] == [2, 2, 2]
    assert None not in game.line and len(game.line) == 5
    assert len(game.deck) == 43 - 6 - 5
    assert game.board.base[CENTRE] == 2 and game.board.neutral[CENTRE]
    assert game.base_reserve == [14, 14, 13]
    assert game.badges == [10, 10, 10]
    assert (game.stage, game.current, game.farmer) == (Stage.SETUP_BASE, 2, Farmer.TURNIP)


def test_start_player_card_types_and_farmer_come_from_the_seed() -> None:
    games = [new_game(4, seed=seed) for seed in range(40)]
    assert {game.start_player for game in games} == {0, 1, 2, 3}
    assert len({game.card_types for game in games}) > 10
    for game in games:
        assert (game.farmer is None) == (CardType.FARMER not in game.card_types)


def test_setup_bases_next_to_the_centre_then_bases_with_moles_then_the_first_turn() -> None:
    game = new_game(2, TopoumOptions(card_types=TYPES, start_player=1), seed=3)
    assert game.legal_actions(1) == [Place(1, hex_) for hex_ in sorted(ORIGIN.neighbours())]
    assert game.legal_actions(0) == []
    game.apply(Place(1, h("H7")))
    assert Place(0, h("H7")) not in game.legal_actions(0)
    game.apply(Place(0, h("F7")))
    assert game.stage is Stage.SETUP_MOLE and game.current == 1
    game.apply(Place(1, h("I7")))
    events = game.apply(Place(0, h("E7")))
    assert game.board.mole.count(0) == 1 and game.board.mole.count(1) == 1
    assert TurnBegan(1, 1) in events
    assert game.stage is Stage.START and game.current == 1


def test_player_counts_outside_two_to_four_are_refused() -> None:
    for players in (1, 5):
        with pytest.raises(IllegalAction) as caught:
            new_game(players)
        assert caught.value.reason is Reason.BAD_OPTION
