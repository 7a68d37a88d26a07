"""AI players: three levels that differ in which pairs they bank, when they challenge and when
they give up, each with a short thinking delay."""

from collections import Counter

import pytest

from engine.ai import Level
from engine.assets.actions import Action, Deal, GiveUp
from engine.assets.ai import PROFILES, choose
from engine.assets.state import AssetsState, new_game
from engine.rng import Rng
from tests.engine.assets import answer, challenge, discard, pair, table

DRAW = "PB " * 20
"""A draw pile that is far from empty."""


def decisions(game: AssetsState, seat: int, level: Level, tries: int = 300) -> Counter[Action | None]:
    """How often ``level`` picks each action over many independent random streams."""
    picks: Counter[Action | None] = Counter()
    for seed in range(tries):
        choice = choose(game, seat, level, Rng.from_seed(seed))
        picks[None if choice is None else choice.action] += 1
    return picks


def favourite(game: AssetsState, seat: int, level: Level) -> Action | None:
    return decisions(game, seat, level).most_common(1)[0][0]


def test_ai_waits_when_the_game_does_not_wait_for_it() -> None:
    game = table("PB PB", "BC")
    assert decisions(game, 1, Level.HARD, 5) == Counter({None: 5})
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    assert decisions(game, 0, Level.EASY, 20) == Counter({Deal(0): 20})
    game.apply(Deal(0))
    while game.outcome is None:
        seat = game.to_act()
        assert seat is not None
        choice = choose(game, seat, Level.HARD, Rng.from_seed(0))
        assert choice is not None
        game.apply(choice.action)
    assert all(choose(game, seat, Level.HARD, Rng.from_seed(0)) is None for seat in (0, 1))


def test_ai_every_level_banks_the_more_valuable_natural_pair() -> None:
    game = table("PB PB HM HM BA", "CC", stacks=["BC BC", "JW GO"], draw=DRAW)
    for level in Level:
        assert favourite(game, 0, level) == pair(0, "HM HM")


def test_ai_hard_keeps_its_wild_while_cards_are_drawn_easy_and_normal_spend_it() -> None:
    game = table("BA BA GO ST", "CC", stacks=["BC BC", "JW GO"], draw=DRAW)
    assert decisions(game, 0, Level.HARD) == Counter({pair(0, "BA BA"): 300})
    assert favourite(game, 0, Level.NORMAL) == favourite(game, 0, Level.EASY) == pair(0, "BA GO")


def test_ai_hard_puts_a_wild_in_its_safe_first_set() -> None:
    game = table("BA BA GO ST", "CC", stacks=["", "JW GO"], draw=DRAW)
    assert favourite(game, 0, Level.HARD) == pair(0, "BA GO")


def test_ai_hard_spends_its_wild_once_the_draw_pile_is_empty() -> None:
    game = table("BA BA GO ST", "CC", stacks=["BC BC", "JW GO"])
    assert favourite(game, 0, Level.HARD) == pair(0, "BA GO")


def test_ai_normal_and_hard_challenge_where_easy_banks_a_pair() -> None:
    """Two Jewels against a Jewels set worth as much as the Classic Auto pair in hand: the steal
    is worth more to a player that counts what the victim loses."""
    game = table("JW JW CA CA PB", "CC ST BA PB BC", stacks=["BC BC", "BA BA / JW JW"], draw=DRAW)
    assert favourite(game, 0, Level.EASY) == pair(0, "CA CA")
    assert favourite(game, 0, Level.NORMAL) == favourite(game, 0, Level.HARD) == challenge(0, 1, "JW")


def defended(wild: str) -> AssetsState:
    """Seat 1's cheap Piggy Bank set is challenged; it holds ``wild`` as its only answer."""
    game = table("PB CC CC BA BA ST", f"{wild} JW JW CA CA", stacks=["CA CA", "BA BA / PB PB"])
    game.apply(challenge(0, 1, "PB"))
    return game


def test_ai_hard_gives_up_a_cheap_set_rather_than_risk_its_gold_but_defends_it_with_silver() -> None:
    assert favourite(defended("GO"), 1, Level.HARD) == GiveUp(1)
    assert favourite(defended("SI"), 1, Level.HARD) == answer(1, "SI")
    assert favourite(defended("SI"), 1, Level.NORMAL) == answer(1, "SI")
    assert favourite(defended("SI"), 1, Level.EASY) == GiveUp(1)


def test_ai_answers_with_its_cheapest_matching_card() -> None:
    game = table("HM PB", "GO SI HM", stacks=["PB PB", "BA BA / HM HM"], draw=DRAW)
    game.apply(challenge(0, 1, "HM"))
    for level in (Level.NORMAL, Level.HARD):
        assert favourite(game, 1, level) == answer(1, "HM")


def test_ai_easy_slips_now_and_then_hard_never() -> None:
    game = table("PB PB HM HM BA", "CC", stacks=["BC BC", "JW GO"], draw=DRAW)
    slips = {level: 1000 - decisions(game, 0, level, 1000)[pair(0, "HM HM")] for level in Level}
    assert slips[Level.HARD] == 0 < slips[Level.NORMAL] < slips[Level.EASY] < 400


@pytest.mark.parametrize("level", list(Level))
def test_ai_thinking_delay_is_in_the_levels_range(level: Level) -> None:
    game = new_game(4, seed=1)
    seat = game.to_act()
    assert seat is not None
    low, high = PROFILES[level].think_delay
    for seed in range(100):
        choice = choose(game, seat, level, Rng.from_seed(seed))
        assert choice is not None and low <= choice.delay <= high
        assert choice.action in game.legal_actions(seat)


def test_ai_hard_beats_normal_beats_easy_head_to_head() -> None:
    def wins(first: Level, second: Level, games: int = 40) -> int:
        won = 0
        for number in range(games):
            game = new_game(2, seed=number)
            rng = Rng.from_seed(number)
            levels = (first, second) if number % 2 else (second, first)
            while game.outcome is None:
                seat = game.to_act()
                assert seat is not None
                choice = choose(game, seat, levels[seat], rng)
                assert choice is not None
                game.apply(choice.action)
            won += levels[game.outcome.winner] is first
        return won

    assert wins(Level.HARD, Level.EASY) > 30
    assert wins(Level.NORMAL, Level.EASY) > 30
    assert wins(Level.HARD, Level.NORMAL) > 20
