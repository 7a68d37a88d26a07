"""Challenges (docs/rules.md §2, "A turn" 3): who may challenge whom, the back-and-forth of matching
assets and wilds, and the set going to the last card shown."""

import pytest

from engine.assets.actions import Action, Answer, Challenge, Discard, GiveUp
from engine.assets.events import Answered, Challenged, GaveUp, SetWon, TurnStarted
from engine.assets.sets import AssetSet
from engine.assets.state import Duel, Stage
from engine.errors import IllegalAction, Reason
from tests.engine.assets import answer, card, challenge, discard, hand, stack, table

MINE = "PB PB"
THEIRS = "BA BA / HM SI"
"""Seat 1's top set is a Home set (with a Silver) over a safe Bank Account pair."""


def test_challenge_with_a_matching_asset_or_a_wild_opens_a_duel_the_defender_answers() -> None:
    game = table("HM GO PB", "CC", "JW", stacks=[MINE, THEIRS, ""])
    assert [action for action in game.legal_actions(0) if isinstance(action, Challenge)] == [
        challenge(0, 1, "HM"),
        challenge(0, 1, "GO"),
    ]
    events = game.apply(challenge(0, 1, "GO"))
    assert events == [Challenged(0, 1, card("GO"), AssetSet.parse("HM SI"))]
    assert game.stage is Stage.CHALLENGE
    assert game.duel == Duel(0, 1, AssetSet.parse("HM SI"), ((0, card("GO")),))
    assert (game.to_act(), hand(game, 0)) == (1, "PB HM")


def test_challenge_the_defender_answers_with_a_matching_asset_or_a_wild_or_gives_up() -> None:
    game = table("HM PB", "HM SI JW GO", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    assert game.legal_actions(1) == [answer(1, "HM"), answer(1, "SI"), answer(1, "GO"), GiveUp(1)]
    assert game.legal_actions(0) == game.legal_actions(2) == []


def test_challenge_giving_up_at_once_gives_the_set_to_the_challenger_on_top_of_its_stack() -> None:
    game = table("HM PB", "CC", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    events = game.apply(GiveUp(1))
    assert events[:2] == [GaveUp(1), SetWon(0, 1, AssetSet.parse("HM SI HM"), defended=False)]
    assert (stack(game, 0), stack(game, 1)) == ("PB PB / HM SI HM", "BA BA")
    assert game.stage is Stage.TURN and game.duel is None


def test_challenge_back_and_forth_the_last_card_shown_wins_every_card_shown() -> None:
    game = table("HM GO PB", "HM SI", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    assert game.apply(answer(1, "SI")) == [Answered(1, card("SI"))]
    assert game.to_act() == 0
    game.apply(answer(0, "GO"))
    assert game.to_act() == 1
    game.apply(answer(1, "HM"))
    assert game.legal_actions(0) == [GiveUp(0)]  # PB does not match a Home set
    game.apply(GiveUp(0))
    # The defender showed last: the set, grown by all four cards, goes back on its stack.
    assert stack(game, 1) == "BA BA / HM SI HM SI GO HM"
    assert stack(game, 0) == MINE
    assert game.stacks[1][-1].asset is card("HM")  # an asset card on top


def test_challenge_the_challenger_wins_when_the_defender_gives_up_after_answering() -> None:
    game = table("HM GO PB", "SI JW", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    game.apply(answer(1, "SI"))
    game.apply(answer(0, "GO"))
    events = game.apply(GiveUp(1))
    assert events[1] == SetWon(0, 1, AssetSet.parse("HM SI HM SI GO"), defended=False)
    assert (stack(game, 0), stack(game, 1)) == ("PB PB / HM SI HM SI GO", "BA BA")


def test_challenge_ends_the_challengers_turn_whoever_wins() -> None:
    game = table("HM PB", "SI JW", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    game.apply(answer(1, "SI"))
    events = game.apply(GiveUp(0))
    assert events[-1] == TurnStarted(1)


def test_challenge_each_players_first_set_is_safe() -> None:
    game = table("BA SI", "JW", stacks=[MINE, "BA BA"])
    assert not any(isinstance(action, Challenge) for action in game.legal_actions(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(challenge(0, 1, "BA"))
    assert refused.value.reason is Reason.BAD_TARGET


def test_challenge_needs_a_set_of_the_challengers_own() -> None:
    game = table("HM SI", "JW", stacks=["", THEIRS])
    assert not any(isinstance(action, Challenge) for action in game.legal_actions(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(challenge(0, 1, "HM"))
    assert refused.value.reason is Reason.NOT_ALLOWED


def test_challenge_only_the_top_set_with_its_asset_or_a_wild() -> None:
    game = table("BA JW", "JW", stacks=[MINE, THEIRS])
    assert not any(isinstance(action, Challenge) for action in game.legal_actions(0))
    with pytest.raises(IllegalAction) as refused:
        game.apply(challenge(0, 1, "BA"))  # Bank Account is the covered set's asset
    assert refused.value.reason is Reason.NOT_ALLOWED


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (challenge(0, 0, "HM"), Reason.BAD_TARGET),
        (challenge(0, 2, "HM"), Reason.BAD_TARGET),
        (challenge(0, 1, "GO"), Reason.NO_SUCH_CARD),
    ],
)
def test_challenge_refusals(action: Action, reason: Reason) -> None:
    game = table("HM SI", "JW", stacks=[THEIRS, THEIRS])
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason


def test_challenge_a_player_with_an_empty_hand_can_only_give_up() -> None:
    game = table("HM SI", "", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    assert game.legal_actions(1) == [GiveUp(1)]
    game.apply(GiveUp(1))
    assert stack(game, 0) == "PB PB / HM SI HM"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (answer(0, "GO"), Reason.NOT_YOUR_TURN),  # the defender answers first
        (GiveUp(2), Reason.NOT_YOUR_TURN),
        (answer(1, "JW"), Reason.NOT_ALLOWED),  # Jewels do not match a Home set
        (answer(1, "GO"), Reason.NO_SUCH_CARD),
        (discard(0, "GO"), Reason.STALE),  # the turn's moment has passed
        (Discard(1, card("JW")), Reason.STALE),
    ],
)
def test_challenge_answers_refused_and_nothing_changes(action: Action, reason: Reason) -> None:
    game = table("HM GO", "JW SI", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    before = game.snapshot()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.reason is reason
    assert game.snapshot() == before


def test_challenge_a_give_up_pressed_twice_is_stale() -> None:
    game = table("HM GO", "JW", "JW", stacks=[MINE, THEIRS, ""])
    game.apply(challenge(0, 1, "HM"))
    game.apply(GiveUp(1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(GiveUp(1))
    assert refused.value.reason is Reason.STALE
    assert Answer(1, card("JW")) not in game.legal_actions(1)
