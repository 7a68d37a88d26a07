"""A turn's pairs and discard (docs/rules.md §2, "A turn" 1, 2 and 4; "Setup" on the empty discard
pile): one action per turn, sets of exactly two, never merged, and the discard pile's top."""

import pytest

from engine.assets.actions import Discard, PairFromHand, PairWithDiscard
from engine.assets.events import Discarded, PairPlaced, TurnStarted
from engine.assets.sets import AssetSet
from engine.errors import IllegalAction, Reason
from tests.engine.assets import card, discard, hand, pair, stack, table, with_discard


def test_pair_from_hand_two_identical_assets_go_on_the_stack() -> None:
    game = table("PB PB HM", "JW")
    events = game.apply(pair(0, "PB PB"))
    assert events == [PairPlaced(0, AssetSet.parse("PB PB"), from_discard=False), TurnStarted(1)]
    assert (stack(game, 0), hand(game, 0)) == ("PB PB", "HM")


def test_pair_from_hand_an_asset_with_a_wild_under_it() -> None:
    game = table("HM GO JW", "JW")
    game.apply(pair(0, "HM GO"))
    assert stack(game, 0) == "HM GO"
    assert game.stacks[0][-1].asset is card("HM")


@pytest.mark.parametrize(
    ("held", "action", "reason"),
    [
        ("SI GO", pair(0, "SI GO"), Reason.NOT_ALLOWED),  # never two wilds
        ("SI PB", pair(0, "SI PB"), Reason.NOT_ALLOWED),  # the asset is named first
        ("PB BC", pair(0, "PB BC"), Reason.NOT_ALLOWED),
        ("PB HM", pair(0, "PB PB"), Reason.NO_SUCH_CARD),  # one PB is not two
        ("PB HM", pair(0, "HM GO"), Reason.NO_SUCH_CARD),
    ],
)
def test_pair_from_hand_refuses_what_is_not_a_set_or_not_held(
    held: str, action: PairFromHand, reason: Reason
) -> None:
    game = table(held, "JW")
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before


def test_pair_only_two_cards_per_set_even_with_three_alike() -> None:
    game = table("JW JW JW BA", "PB")
    assert pair(0, "JW JW") in game.legal_actions(0)
    game.apply(pair(0, "JW JW"))
    assert (stack(game, 0), hand(game, 0)) == ("JW JW", "BA JW")


def test_pair_equal_to_the_top_set_is_a_new_set_never_merged() -> None:
    game = table("JW JW PB", "PB", stacks=["JW JW", ""])
    game.apply(pair(0, "JW JW"))
    assert stack(game, 0) == "JW JW / JW JW"
    assert game.view().stacks[0].under == 1


@pytest.mark.parametrize(
    ("top", "held", "played", "placed"),
    [
        ("CA", "CA PB", "CA", "CA CA"),  # the same asset
        ("CA", "SI PB", "SI", "CA SI"),  # a wild from hand under the discard's asset
        ("GO", "CA PB", "CA", "CA GO"),  # a wild discard under the hand's asset
    ],
)
def test_pair_with_the_discard_takes_its_top_card(top: str, held: str, played: str, placed: str) -> None:
    game = table(held, "PB", discard=f"{top} ST")
    events = game.apply(with_discard(0, played))
    assert events[0] == PairPlaced(0, AssetSet.parse(placed), from_discard=True)
    assert stack(game, 0) == placed
    assert game.view().discard_top is card("ST")


@pytest.mark.parametrize(
    ("top", "held", "played", "reason"),
    [
        ("CA", "JW", "JW", Reason.NOT_ALLOWED),
        ("SI", "GO", "GO", Reason.NOT_ALLOWED),  # never two wilds
        ("CA", "JW", "CA", Reason.NO_SUCH_CARD),
    ],
)
def test_pair_with_the_discard_follows_the_same_pairing_rules(
    top: str, held: str, played: str, reason: Reason
) -> None:
    game = table(held, "PB", discard=top)
    with pytest.raises(IllegalAction) as refused:
        game.apply(with_discard(0, played))
    assert refused.value.reason is reason


def test_empty_discard_pile_stays_empty_until_someone_discards() -> None:
    game = table("CA PB", "CA BA", discard="CA", draw="HM JW")
    game.apply(with_discard(0, "CA"))
    assert (len(game.discard), game.view().discard_top) == (0, None)
    assert not any(isinstance(action, PairWithDiscard) for action in game.legal_actions(1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(with_discard(1, "CA"))
    assert refused.value.reason is Reason.NOT_ALLOWED
    assert len(game.draw) == 0  # the refill took the draw pile; nothing was turned over
    game.apply(discard(1, "BA"))
    assert game.view().discard_top is card("BA")


def test_discard_is_always_allowed_for_any_card_in_hand() -> None:
    game = table("SI GO PB", "PB")
    assert [action for action in game.legal_actions(0) if isinstance(action, Discard)] == [
        discard(0, "PB"),
        discard(0, "SI"),
        discard(0, "GO"),
    ]
    assert game.apply(discard(0, "GO"))[0] == Discarded(0, card("GO"))
    assert (game.view().discard_top, hand(game, 0)) == (card("GO"), "PB SI")


def test_turn_is_exactly_one_action_then_the_next_player() -> None:
    game = table("PB PB BC BC", "JW JW", "HM")
    game.apply(pair(0, "PB PB"))
    assert game.to_act() == 1
    with pytest.raises(IllegalAction) as refused:
        game.apply(pair(0, "BC BC"))
    assert refused.value.reason is Reason.NOT_YOUR_TURN
    game.apply(discard(1, "JW"))
    game.apply(discard(2, "HM"))
    assert game.to_act() == 0
