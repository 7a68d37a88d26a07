"""AI players: they play what they find, wait while the other plays, call spit or a flip when
stuck, slap the smaller pile, and the levels differ in speed and in how hard they look."""

from collections.abc import Callable

import pytest

from engine.ai import Level
from engine.rng import Rng
from engine.spit.actions import Action, Flip, MoveCard, PlayCard, PlayHand, Slap, Spit, TurnUp
from engine.spit.ai import PROFILES, SECOND_LOOK, choose
from engine.spit.cards import Card
from engine.spit.speed import SpeedState
from engine.spit.speed import new_game as new_speed_game
from engine.spit.state import SpitOptions, SpitState, new_game
from tests.engine.spit import play_ai, speed_table, spit_table


def action(game: SpitState | SpeedState, seat: int, level: Level) -> Action:
    """What the AI does, which must be something."""
    choice = choose(game, seat, level, Rng.from_seed(0))
    assert choice is not None
    return choice.action


def delays(level: Level) -> list[float]:
    """The reaction delays of 200 choices of a play."""
    rng = Rng.from_seed(1)
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    return [choice.delay for _ in range(200) if (choice := choose(game, 0, level, rng)) is not None]


def test_ai_hard_sees_every_play_and_picks_the_one_that_leaves_another() -> None:
    # 8h on 9d leaves three plays (7c on 6s or 8h, 5d on 6s); 7c on 6s two, 5d on 6s one.
    game = spit_table("8h | 7c | 5d", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    for seed in range(20):
        choice = choose(game, 0, Level.HARD, Rng.from_seed(seed))
        assert choice is not None and choice.action == PlayCard(0, 0, 1)
        assert PROFILES[Level.HARD].play_delay[0] <= choice.delay <= PROFILES[Level.HARD].play_delay[1]


def test_ai_plays_before_turning_up_or_moving_and_tidies_when_it_has_no_play() -> None:
    game = spit_table("7h 2c | ?Kh | -", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    assert action(game, 0, Level.HARD) == PlayCard(0, 0, 0)
    game.apply(PlayCard(0, 0, 0))
    assert action(game, 0, Level.HARD) == TurnUp(0, 0)
    game = spit_table("2c Kh | -", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    assert action(game, 0, Level.HARD) == MoveCard(0, 0, 1)


def test_ai_easy_overlooks_plays_and_finds_them_at_a_second_look_more_slowly() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    rng = Rng.from_seed(3)
    choices = [choose(game, 0, Level.EASY, rng) for _ in range(200)]
    slow = SECOND_LOOK * PROFILES[Level.EASY].play_delay[0]
    assert all(choice is not None and choice.action == PlayCard(0, 0, 0) for choice in choices)
    assert 40 < sum(choice.delay >= slow for choice in choices if choice is not None) < 160


def test_ai_waits_while_only_the_other_player_can_play() -> None:
    game = spit_table("2c", "7h", spit=("4c", "Jh"), centre="6s | 9d")
    assert choose(game, 0, Level.HARD, Rng.from_seed(0)) is None


def test_ai_calls_spit_at_the_start_and_in_a_stalemate() -> None:
    start = spit_table("7h", "Kd", spit=("4c", "Jh"))
    assert action(start, 1, Level.EASY) == Spit(1, 1)
    stuck = spit_table("2c", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    assert action(stuck, 0, Level.NORMAL) == Spit(0, 0)
    stuck.apply(Spit(0, 0))
    assert choose(stuck, 0, Level.NORMAL, Rng.from_seed(0)) is None


def test_ai_hard_slaps_the_smaller_pile() -> None:
    game = spit_table("7d", "Kd 2d", spit=("4d", "Jh"), centre="6s 5s | 9d")
    game.apply(PlayCard(0, 0, 0))
    for seat in (0, 1):
        assert action(game, seat, Level.HARD) == Slap(seat, 1)


def test_ai_with_the_emptier_chooses_option_only_the_emptier_slaps() -> None:
    options = SpitOptions(emptier_chooses=True)
    game = spit_table("7d", "Kd 2d", spit=("4d", "Jh"), centre="6s 5s | 9d", options=options)
    game.apply(PlayCard(0, 0, 0))
    assert choose(game, 1, Level.HARD, Rng.from_seed(0)) is None
    assert action(game, 0, Level.HARD) == Slap(0, 1)


def test_ai_speed_plays_a_hand_card_and_flips_when_stuck() -> None:
    game = speed_table("7h", "Kd", sides=("2c", "3c"), centre="6s | 9d")
    assert action(game, 0, Level.HARD) == PlayHand(0, Card.parse("7h"), 0)
    assert choose(game, 1, Level.HARD, Rng.from_seed(0)) is None
    stuck = speed_table("2c", "Kd", sides=("2d", "3c"), centre="6s | 9d")
    assert action(stuck, 1, Level.EASY) == Flip(1)


@pytest.mark.parametrize("level", list(Level))
def test_ai_reaction_delays_follow_the_level(level: Level) -> None:
    low, high = PROFILES[level].play_delay
    found = delays(level)
    assert all(low <= delay <= SECOND_LOOK * high for delay in found)


def test_ai_hard_is_quicker_than_easy() -> None:
    assert max(delays(Level.HARD)) < min(delays(Level.EASY))


@pytest.mark.parametrize("make", [new_game, new_speed_game])
def test_ai_hard_beats_easy_most_of_the_time(make: Callable[..., SpitState | SpeedState]) -> None:
    winners = []
    for seed in range(6):
        game = make(seed=seed)
        play_ai(game, (Level.HARD, Level.EASY), seed=seed)
        assert game.outcome is not None
        winners.append(game.outcome.winner)
    assert winners.count(0) >= 5
