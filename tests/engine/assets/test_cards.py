"""The deck and the pairing rules (docs/rules.md §2, "Cards" and "A turn" 1): 110 cards, values as
in the table, and what makes a set."""

from collections import Counter

import pytest

from engine.assets.cards import (
    DECK_SIZE,
    Asset,
    answers,
    least_useful,
    make_deck,
    notation,
    pairs,
    parse_cards,
)
from engine.assets.sets import AssetSet, parse_stack, stack_notation, stack_value
from tests.engine.assets import card

TABLE = {
    "PB": (5_000, 10),
    "BC": (5_000, 10),
    "SC": (5_000, 10),
    "CM": (5_000, 10),
    "BA": (10_000, 10),
    "CC": (10_000, 10),
    "ST": (10_000, 10),
    "CA": (15_000, 10),
    "JW": (15_000, 10),
    "HM": (20_000, 8),
    "SI": (25_000, 8),
    "GO": (50_000, 4),
}


def test_deck_has_110_cards_with_the_tables_values_and_counts() -> None:
    deck = make_deck()
    assert len(deck) == DECK_SIZE == 110
    counts = Counter(deck)
    assert {asset.code: (asset.worth, counts[asset]) for asset in Asset} == TABLE
    assert [asset.code for asset in Asset if asset.wild] == ["SI", "GO"]


def test_notation_round_trips_and_refuses_unknown_codes() -> None:
    assert notation(parse_cards("PB HM GO")) == "PB HM GO"
    assert parse_cards("") == ()
    with pytest.raises(ValueError):
        parse_cards("PB XX")


@pytest.mark.parametrize(
    ("asset", "partner", "ok"),
    [
        ("PB", "PB", True),  # two identical assets
        ("PB", "SI", True),  # an asset with a wild
        ("HM", "GO", True),
        ("PB", "BC", False),  # different assets
        ("SI", "GO", False),  # never two wilds
        ("GO", "GO", False),
        ("SI", "PB", False),  # the wild is never the set's asset
    ],
)
def test_pair_two_identical_assets_or_an_asset_with_a_wild_never_two_wilds(
    asset: str, partner: str, ok: bool
) -> None:
    assert pairs(card(asset), card(partner)) is ok


def test_pair_either_order_of_a_discard_and_a_hand_card_puts_the_asset_on_top() -> None:
    assert AssetSet.of(card("SI"), card("HM")) == AssetSet.parse("HM SI")
    assert AssetSet.of(card("HM"), card("SI")) == AssetSet.parse("HM SI")
    assert AssetSet.of(card("SI"), card("GO")) is None


def test_answers_the_sets_asset_or_a_wild() -> None:
    assert answers(card("HM"), card("HM"))
    assert answers(card("GO"), card("HM"))
    assert not answers(card("JW"), card("HM"))


def test_set_asset_is_its_non_wild_card_and_value_its_face_values() -> None:
    won = AssetSet.parse("SI HM").joined(parse_cards("GO HM"))
    assert won.asset is card("HM")
    assert str(won) == "HM SI GO HM"
    assert won.value == 20_000 + 25_000 + 50_000 + 20_000


@pytest.mark.parametrize("text", ["PB", "SI GO", "PB BC", "PB SI BC"])
def test_set_refuses_what_is_not_a_set(text: str) -> None:
    with pytest.raises(ValueError):
        AssetSet.parse(text)


def test_stack_notation_bottom_set_first_round_trips() -> None:
    stack = parse_stack("PB PB / HM SI")
    assert [str(asset_set) for asset_set in stack] == ["PB PB", "HM SI"]
    assert stack_notation(stack) == "PB PB / HM SI"
    assert stack_value(stack) == 55_000
    assert parse_stack("") == ()


@pytest.mark.parametrize(
    ("held", "expected"),
    [
        ("GO PB PB HM", "HM"),  # a card without a twin before one of a pair
        ("GO SI HM", "HM"),  # a non-wild before a wild
        ("GO SI", "SI"),  # only wilds: the cheaper
        ("JW BA CC", "BA"),  # the lowest worth, then the fixed order
        ("PB PB BC BC", "PB"),
    ],
)
def test_least_useful_card_is_chosen_sensibly_and_deterministically(held: str, expected: str) -> None:
    assert least_useful(parse_cards(held)) is card(expected)
