"""Cards (docs/rules.md §3): a standard deck, the rank rule turning the corner, colours, notation."""

import pytest

from engine.spit.cards import ALL_CARDS, Card, Rank, Suit, fits, make_deck, notation, parse_cards
from engine.spit.layout import StockPile, deal_layout, layout_notation, parse_layout


def test_deck_holds_52_different_cards() -> None:
    deck = make_deck()
    assert len(deck) == len(set(deck)) == 52
    assert {card.rank for card in deck} == set(Rank)
    assert {card.suit for card in deck} == set(Suit)


def test_notation_round_trips_every_card() -> None:
    text = notation(ALL_CARDS)
    assert parse_cards(text) == ALL_CARDS
    assert notation(parse_cards("Ah Td 7s Kc")) == "Ah Td 7s Kc"
    assert Card.parse("Th") is Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["", "A", "Ahh", "1h", "10h", "Ax", "ah"])
def test_notation_refuses_what_is_not_a_card(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


@pytest.mark.parametrize(
    ("card", "onto"),
    [
        ("8c", "7h"),
        ("6c", "7h"),
        ("Kd", "Qs"),
        ("Js", "Qs"),
        ("Ac", "Kd"),
        ("Kd", "Ac"),
        ("2s", "Ah"),
        ("Ah", "2s"),
    ],
)
def test_rank_rule_one_higher_or_lower_turning_the_corner(card: str, onto: str) -> None:
    assert fits(Card.parse(card), Card.parse(onto))


@pytest.mark.parametrize(
    ("card", "onto"), [("7c", "7h"), ("9c", "7h"), ("Qd", "Ac"), ("3s", "Ah"), ("2s", "Kh")]
)
def test_rank_rule_refuses_any_other_rank(card: str, onto: str) -> None:
    assert not fits(Card.parse(card), Card.parse(onto))


def test_alternating_colours_option_needs_the_other_colour() -> None:
    red, black, also_red = Card.parse("8h"), Card.parse("8c"), Card.parse("8d")
    onto = Card.parse("7d")
    assert fits(black, onto, alternate_colours=True)
    assert not fits(red, onto, alternate_colours=True)
    assert not fits(also_red, onto, alternate_colours=True)
    assert fits(red, onto)


def test_layout_notation_marks_face_down_tops_and_empty_spaces() -> None:
    layout = parse_layout("7h | ?8c Kd | - | Qs Js Ts |")
    assert layout == (
        StockPile(parse_cards("7h"), True),
        StockPile(parse_cards("8c Kd"), False),
        StockPile(),
        StockPile(parse_cards("Qs Js Ts"), True),
        StockPile(),
    )
    assert layout[1].top is None and layout[1].hidden_top
    assert layout[3].top == Card.parse("Qs")
    assert layout_notation(layout) == "7h | ?8c Kd | - | Qs Js Ts | -"


def test_layout_deal_piles_of_one_to_five_tops_face_up_then_spit_cards() -> None:
    cards = parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d")
    layout, spit = deal_layout(cards, 5)
    assert layout_notation(layout) == "Ac | 2c 3c | 4c 5c 6c | 7c 8c 9c Tc | Jc Qc Kc Ad 2d"
    assert spit == parse_cards("3d 4d")


def test_layout_deal_fewer_than_a_full_layout_piles_of_one_two_three_no_spit_cards() -> None:
    layout, spit = deal_layout(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c"), 5)
    assert layout_notation(layout) == "Ac | 2c 3c | 4c 5c 6c | 7c 8c | -"
    assert spit == ()
