"""Self-play: AI games through the generic runner, and the referee that checks the rulebook's
invariants after every action (it must catch what it is there to catch)."""

import json
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest

from engine.assets.actions import Deal, GiveUp
from engine.assets.cards import make_deck, parse_cards
from engine.assets.selfplay import AssetsMatch, Referee, census
from engine.assets.sets import AssetSet
from engine.assets.state import AssetsState, Outcome, new_game
from engine.selfplay import run
from tests.engine.assets import challenge, discard, pair, table


@pytest.mark.parametrize("players", range(2, 7))
def test_selfplay_games_end_without_a_violation(players: int) -> None:
    report = run("assets", players, 3, seed=players)
    assert report.messages == []
    assert (report.violations, report.games) == (0, 3)
    assert report.actions > 3 * 50


def test_selfplay_levels_rotate_over_the_seats_from_game_to_game() -> None:
    match = AssetsMatch(3, 3, seed=0)
    assert [match.level(seat).value for seat in range(3)] == ["easy", "normal", "hard"]
    match.game.outcome = Outcome(0, (1_000_000, 0, 0))
    match.situation(0)
    assert [match.level(seat).value for seat in range(3)] == ["normal", "hard", "easy"]


def test_selfplay_command_runs_assets() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools.selfplay", "--game", "assets", "--players", "4", "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    report = json.loads(line)
    assert (report["game"], report["players"], report["games"], report["violations"]) == ("assets", 4, 2, 0)


def referee_of(game: AssetsState) -> Referee:
    """A referee that expects the cards ``game`` holds now."""
    return Referee(game, census(game))


def test_referee_counts_every_place_a_card_can_be() -> None:
    game = table("HM GO PB", "SI", stacks=["PB PB", "BA BA / HM HM"], draw="CC", discard="ST")
    game.apply(challenge(0, 1, "GO"))
    assert census(game) == Counter(parse_cards("HM GO PB SI PB PB BA BA HM HM CC ST"))
    assert census(new_game(6, seed=2)) == Counter(make_deck())


def test_referee_catches_a_lost_or_duplicated_card() -> None:
    game = table("PB PB", "BC")
    referee = referee_of(game)
    assert referee.check() == []
    lost = game.hands[0].pop()
    assert "cards not conserved" in referee.check()[0]
    game.hands[1].extend([lost, lost])
    assert "cards not conserved" in referee.check()[0]


def test_referee_catches_a_short_hand_while_the_draw_pile_has_cards_and_an_overfull_one() -> None:
    game = table("PB PB BC", "BC", draw="ST ST ST ST ST ST ST ST")
    referee = referee_of(game)
    assert referee.check() == ["a turn started with a hand short while the draw pile has cards"]
    game.hands[0].extend(game.draw.draw(3))
    game.hands[1].extend(game.draw.draw(4))
    assert referee.check() == ["seat 0 holds 6 cards"]


def test_referee_catches_a_first_set_taken() -> None:
    game = table("PB PB", "BC", stacks=["JW JW", "CA CA"])
    referee = referee_of(game)
    game.stacks[1].append(game.stacks[0].pop())
    assert referee.check() == ["seat 0's first set JW JW was taken"]


def test_referee_catches_a_challenge_out_of_turn() -> None:
    game = table("HM SI", "HM", stacks=["PB PB", "BA BA / HM HM"])
    referee = referee_of(game)
    game.apply(challenge(0, 1, "HM"))
    assert referee.check() == []
    assert game.duel is not None
    game.duel = replace(game.duel, shown=(*game.duel.shown, (0, game.hands[0].pop())))
    assert referee.check() == ["card 1 of the challenge, SI by seat 0, is out of turn or off-suit"]


def test_referee_catches_totals_that_are_not_the_stacks_value() -> None:
    game = table("PB PB", "BC", stacks=["HM HM", ""])
    referee = referee_of(game)
    game.apply(pair(0, "PB PB"))
    assert referee.check() == []
    game.apply(discard(1, "BC"))
    game.totals[0] += 5_000
    assert referee.check() == ["totals [55000, 0] should be [50000, 0] (stacks worth [50000, 0])"]


def test_referee_catches_a_wrong_winner_and_a_round_dealt_by_the_wrong_seat() -> None:
    game = table("PB PB", "BC", totals=(995_000, 999_000))
    referee = referee_of(game)
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    assert game.outcome == Outcome(0, (1_005_000, 999_000))
    game.outcome = Outcome(1, game.outcome.totals)
    assert referee.check() == ["seat 1 won with totals [1005000, 999000]"]

    game = table("PB PB", "BC")
    referee = referee_of(game)
    game.apply(pair(0, "PB PB"))
    game.apply(discard(1, "BC"))
    assert referee.check() == []
    game.dealer = 0  # so that seat 1, not the next dealer, deals
    game.apply(Deal(1))
    assert referee.check() == ["round 2 dealt by seat 1 after 1"]


def test_referee_accepts_a_set_won_in_a_challenge() -> None:
    game = table("HM SI", "HM", stacks=["PB PB", "BA BA / HM HM"])
    referee = referee_of(game)
    game.apply(challenge(0, 1, "HM"))
    game.apply(GiveUp(1))
    assert referee.check() == []
    assert game.stacks[0][-1] == AssetSet.parse("HM HM HM")
