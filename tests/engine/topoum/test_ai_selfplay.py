"""AI players and self-play: every level plays legal games to the end, the hard level beats the
easy one, hidden cards stay hidden from the planner, and the invariants catch a broken table."""

from collections import Counter

from engine.ai import Level
from engine.rng import Rng
from engine.selfplay import run
from engine.topoum.ai import TopoumAI
from engine.topoum.board import INDEX
from engine.topoum.cards import CardType
from engine.topoum.selfplay import check_game, duel
from engine.topoum.state import TopoumState, new_game

from . import h


def ai_game(levels: list[Level], seed: int) -> TopoumState:
    game = new_game(len(levels), seed=seed)
    ais = [TopoumAI(level, Rng.from_seed(seat)) for seat, level in enumerate(levels)]
    while game.outcome is None:
        choice = ais[game.current].choose(game, game.current)
        assert choice is not None and choice.delay > 0
        assert choice.action in game.legal_actions(game.current)
        game.apply(choice.action)
        assert check_game(game) == []
    return game


def test_easy_and_normal_play_whole_games_legally() -> None:
    game = ai_game([Level.EASY, Level.NORMAL], seed=3)
    assert game.outcome is not None


def test_an_ai_waits_when_it_is_not_its_turn() -> None:
    game = new_game(2, seed=1)
    other = 1 - game.current
    assert TopoumAI(Level.HARD, Rng.from_seed(0)).choose(game, other) is None


def test_hard_beats_easy() -> None:
    report = duel([Level.HARD, Level.EASY], games=2, seed=0)
    assert report["violations"] == []
    assert report["wins"] == {"hard": 2, "easy": 0}


def test_the_hard_planner_sees_its_own_hand_but_not_the_others() -> None:
    game = new_game(3, seed=8)
    ai = TopoumAI(Level.HARD, Rng.from_seed(1))
    world = ai._disguise(game, 0)
    assert world.hands[0] == game.hands[0]
    assert [len(hand) for hand in world.hands] == [len(hand) for hand in game.hands]
    unseen = Counter([*game.deck, *game.hands[1], *game.hands[2]])
    assert Counter([*world.deck, *world.hands[1], *world.hands[2]]) == unseen
    assert len(world.deck) == len(game.deck)
    assert world.deck.to_list().index(CardType.PEACE) >= len(game.deck) - 6
    assert world.deck.to_list() != game.deck.to_list()


def test_selfplay_runner_plays_topoum_without_violations() -> None:
    report = run("topoum", players=2, games=1, seed=4)
    assert (report.games, report.violations) == (1, 0)


def test_invariants_catch_a_lost_mole_a_lost_card_negative_badges_and_a_split() -> None:
    game = new_game(2, seed=2)
    assert check_game(game) == []
    broken = game.clone()
    broken.mole_reserve[0] -= 1
    broken.deck.draw_one()
    broken.badges[1] = -1
    broken.board.base[INDEX[h("A7")]] = 0
    broken.base_reserve[0] -= 1
    problems = check_game(broken)
    assert len(problems) == 4, problems
