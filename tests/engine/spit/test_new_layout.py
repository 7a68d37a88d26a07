"""A new layout (docs/rules.md §3 "New layout"): when a player has emptied their stock, or both are
stuck with no spit cards, the spit piles are slapped for; each player shuffles what they hold
with the pile they got into a new layout; fewer than 15 cards make piles of 1, 2, 3 .. and no
spit cards, and then there is only one spit pile."""

import pytest

from engine.errors import IllegalAction, Reason
from engine.spit.actions import PlayCard, Slap, Spit
from engine.spit.centre import Stage
from engine.spit.events import CentreTaken, LayoutDealt, LayoutEnded, PileSlapped, SpitEvent
from engine.spit.state import SpitOptions, SpitState
from tests.engine.spit import spit_table

SIXTEEN = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ah 2h 3h"
"""Spit cards enough for a full layout and one spit card after a new deal."""


def emptied(options: SpitOptions | None = None) -> tuple[SpitState, list[SpitEvent]]:
    """Seat 0 (one spit card left) plays its last stock card: a new layout is needed."""
    game = spit_table("7d", "Kd 2d", spit=("4d", SIXTEEN), centre="6s 5s | 9d", options=options)
    return game, game.apply(PlayCard(0, 0, 0))


def test_new_layout_when_a_player_empties_their_stock_the_piles_are_slapped_for() -> None:
    game, events = emptied()
    assert events[-1] == LayoutEnded(0, True, None)
    assert game.stage is Stage.SLAP
    assert game.waiting_for() == (0, 1)
    assert game.legal_actions(1) == [Slap(1, 0), Slap(1, 1)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(1, 0, 0))
    assert refused.value.reason is Reason.STALE


def test_slap_the_first_slap_takes_that_pile_the_other_player_gets_the_other() -> None:
    game, _ = emptied()
    events = game.apply(Slap(1, 1))
    assert events[:4] == [
        PileSlapped(1, 1),
        CentreTaken(0, 0, 3),
        LayoutDealt(0, (1, 2, 1, 0, 0), 0),
        CentreTaken(1, 1, 1),
    ]
    assert game.cards_left(0) == 3 + 1
    assert game.cards_left(1) == 1 + 2 + 16
    assert game.stage is Stage.START
    assert not any(game.centre)


def test_slap_a_second_slap_is_stale() -> None:
    game, _ = emptied()
    game.apply(Slap(0, 1))
    with pytest.raises(IllegalAction) as refused:
        game.apply(Slap(1, 0))
    assert refused.value.reason is Reason.STALE


def test_new_layout_shuffles_what_each_player_holds_with_the_pile_they_took() -> None:
    game, _ = emptied()
    game.apply(Slap(1, 1))
    held = sorted(str(card) for pile in game.layouts[1] for card in pile.cards) + list(
        map(str, game.spit_cards[1])
    )
    assert sorted(held) == sorted(["9d", "Kd", "2d", *SIXTEEN.split()])
    assert [len(pile.cards) for pile in game.layouts[1]] == [1, 2, 3, 4, 5]
    assert len(game.spit_cards[1]) == 4


def test_new_layout_fewer_than_15_cards_piles_of_1_2_3_and_no_spit_cards_so_one_spit_pile() -> None:
    game, _ = emptied()
    game.apply(Slap(0, 1))
    assert [len(pile.cards) for pile in game.layouts[0]] == [1, 1, 0, 0, 0]
    assert not game.spit_cards[0]
    assert game.waiting_for() == (1,)
    game.apply(Spit(1, 1))
    assert [bool(pile) for pile in game.centre] == [False, True]
    with pytest.raises(IllegalAction) as refused:
        game.apply(PlayCard(0, 0, 0))
    assert refused.value.reason is Reason.BAD_TARGET


def test_new_layout_with_4_piles_fewer_than_10_cards_piles_of_1_2_3_and_no_spit_cards() -> None:
    game = spit_table(
        "7d",
        "Kd 2d",
        spit=("4d 3d 2s 3s 4s 5s 6s 7s", SIXTEEN),
        centre="6d | 9d",
        options=SpitOptions(piles=4),
    )
    game.apply(PlayCard(0, 0, 0))
    game.apply(Slap(0, 1))
    assert [len(pile.cards) for pile in game.layouts[0]] == [1, 2, 3, 3]
    assert not game.spit_cards[0]


def test_option_the_player_who_emptied_their_layout_chooses_the_pile_no_slapping() -> None:
    game, events = emptied(SpitOptions(emptier_chooses=True))
    assert events[-1] == LayoutEnded(0, True, 0)
    assert game.waiting_for() == (0,)
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction) as refused:
        game.apply(Slap(1, 1))
    assert refused.value.reason is Reason.NOT_ALLOWED
    game.apply(Slap(0, 1))
    assert game.cards_left(0) == 2


def test_new_layout_when_both_are_stuck_with_no_spit_cards_a_slap_race_even_with_the_option() -> None:
    game = spit_table(
        "2c", "Kd", spit=("8h", "7h"), centre="6s | 9d", options=SpitOptions(emptier_chooses=True)
    )
    game.apply(Spit(0, 0))
    events = game.apply(Spit(1, 1))
    assert events[-1] == LayoutEnded(None, True, None)
    assert game.waiting_for() == (0, 1)
