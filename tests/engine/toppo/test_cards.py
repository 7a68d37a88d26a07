"""Cards (docs/rules.md §1 "Cards"): 5 colours x 5 symbols x 6 copies, and the notation tests use."""

import copy
import pickle
from collections import Counter

import pytest

from engine.toppo.cards import ALL_CARDS, Card, Colour, Symbol, make_deck, notation, parse_cards, sets_for


def test_one_set_is_150_cards_5_colours_5_symbols_6_copies() -> None:
    deck = make_deck(1)
    assert len(deck) == 150
    assert {card.colour for card in deck} == set(Colour)
    assert {card.symbol for card in deck} == set(Symbol)
    assert set(Counter(deck).values()) == {6}


def test_one_set_up_to_four_players_two_sets_from_five() -> None:
    assert [sets_for(players) for players in range(2, 9)] == [1, 1, 1, 2, 2, 2, 2]
    assert len(make_deck(2)) == 300
    assert set(Counter(make_deck(2)).values()) == {12}


def test_notation_round_trips() -> None:
    text = "R~ Y+ Wo G# B-"
    cards = parse_cards(text)
    assert cards == (
        Card(Colour.RED, Symbol.WAVES),
        Card(Colour.YELLOW, Symbol.PLUS),
        Card(Colour.WHITE, Symbol.CIRCLE),
        Card(Colour.GREEN, Symbol.SQUARE),
        Card(Colour.BLUE, Symbol.BAR),
    )
    assert notation(cards) == text
    assert [Card.parse(str(card)) for card in ALL_CARDS] == list(ALL_CARDS)
    assert parse_cards("") == ()


@pytest.mark.parametrize("bad", ["R", "R~~", "X~", "R*", "~R"])
def test_notation_rejects_unknown_cards(bad: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_cards_are_interned_and_immutable() -> None:
    card = Card.parse("Go")
    assert Card(Colour.GREEN, Symbol.CIRCLE) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.colour = Colour.RED
    assert len(set(ALL_CARDS)) == 25
    assert [card.code for card in ALL_CARDS] == list(range(25))


def test_a_card_tops_on_same_colour_or_same_symbol() -> None:
    red_waves = Card.parse("R~")
    assert red_waves.tops(Card.parse("Ro"))
    assert red_waves.tops(Card.parse("B~"))
    assert red_waves.tops(Card.parse("R~"))
    assert not red_waves.tops(Card.parse("Bo"))
