"""Setup (docs/rules.md §2, "Setup"): 2 to 6 players, hands of 4 (5 with 2 or 3 players), the discard
pile turned from the rest, the player left of the dealer first."""

from collections import Counter

import pytest

from engine.assets.cards import make_deck, parse_cards
from engine.assets.state import AssetsOptions, Stage, deal, new_game
from engine.errors import IllegalAction, Reason
from tests.engine.assets import hand, table


@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (5, 4), (6, 4)])
def test_setup_hands_of_4_or_5_with_2_or_3_players(players: int, size: int) -> None:
    game = new_game(players, seed=players)
    assert [len(held) for held in game.hands] == [size] * players
    assert game.hand_size == size
    assert len(game.discard) == 1
    assert len(game.draw) == 110 - players * size - 1
    assert Counter([*game.draw, *game.discard, *(card for held in game.hands for card in held)]) == Counter(
        make_deck()
    )


@pytest.mark.parametrize("players", [1, 7])
def test_setup_2_to_6_players(players: int) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(players)
    assert refused.value.reason is Reason.BAD_OPTION


def test_setup_the_player_left_of_the_dealer_goes_first() -> None:
    game = new_game(4, AssetsOptions(dealer=2), seed=1)
    assert (game.dealer, game.turn, game.to_act(), game.stage) == (2, 3, 3, Stage.TURN)
    assert new_game(4, AssetsOptions(dealer=3), seed=1).turn == 0


def test_setup_dealing_one_card_at_a_time_from_the_dealers_left_then_turning_the_discard() -> None:
    cards = parse_cards("PB BC SC CM BA CC ST CA JW HM SI GO PB")
    position = deal(2, 1, cards)
    assert position.hands == (parse_cards("PB SC BA ST JW"), parse_cards("BC CM CC CA HM"))
    assert (position.discard, position.draw) == (parse_cards("SI"), parse_cards("GO PB"))


def test_setup_the_first_dealer_is_drawn_from_the_seed_unless_given() -> None:
    dealers = {new_game(5, seed=seed).dealer for seed in range(40)}
    assert dealers == set(range(5))


@pytest.mark.parametrize(
    "options", [AssetsOptions(dealer=4), AssetsOptions(dealer=-1), AssetsOptions(goal=0)]
)
def test_setup_refuses_impossible_options(options: AssetsOptions) -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(4, options)
    assert refused.value.reason is Reason.BAD_OPTION


def test_setup_a_stacked_position_is_played_as_written() -> None:
    game = table("PB PB GO", "HM SI", draw="CC", discard="ST", stacks=["", "JW JW"], dealer=0)
    assert (hand(game, 0), hand(game, 1), game.turn) == ("PB PB GO", "HM SI", 1)
    with pytest.raises(IllegalAction):
        table("", "", draw="PB")  # nobody holds a card
    with pytest.raises(IllegalAction):
        table("PB", "PB", stacks=["PB PB"])  # one stack per seat
    with pytest.raises(IllegalAction):
        table("PB", "PB", dealer=2)  # no such dealer
