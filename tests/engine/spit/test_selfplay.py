"""Self-play: a few AI games of each variant through the generic runner, the referees catching a
broken rule, and the command with ``--variant``."""

import json
import subprocess
import sys

import pytest

from engine.selfplay import Report, play, run
from engine.spit.actions import PlayCard, Slap
from engine.spit.cards import Card
from engine.spit.events import CardPlayed, CardSpat, DealWon, LayoutDealt
from engine.spit.selfplay import SPEED_OPTIONS, SPIT_OPTIONS, Match, SpeedReferee, SpitReferee
from engine.spit.speed import SpeedOptions
from engine.spit.state import SpitOptions
from tests.engine.spit import speed_table, spit_table


def test_selfplay_spit_games_through_every_option_without_a_violation() -> None:
    report = run("spit", 2, 8, seed=1)
    assert report.messages == []
    assert (report.violations, report.games) == (0, 8)


def test_selfplay_speed_games_through_every_option_without_a_violation() -> None:
    report = run("spit", 2, 6, seed=1, variant="speed")
    assert report.messages == []
    assert (report.violations, report.games, report.variant) == (0, 6, "speed")


@pytest.mark.parametrize("options", [SPIT_OPTIONS, SPEED_OPTIONS])
def test_selfplay_reports_a_game_that_does_not_end(
    options: tuple[SpitOptions, ...] | tuple[SpeedOptions, ...],
) -> None:
    report = play(Match(1, 0, options), 10, Report("spit", 2, 1, 0))
    assert report.violations == 1
    assert report.messages == ["game 1 is stuck after 11 actions"]


def test_selfplay_refuses_a_variant_the_game_does_not_have() -> None:
    with pytest.raises(ValueError):
        run("spit", 2, 1, seed=0, variant="slow")
    with pytest.raises(ValueError):
        run("toppo", 2, 1, seed=0, variant="speed")


def test_selfplay_command_runs_speed_without_players_and_reports_the_variant() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tools.selfplay", "--game", "spit", "--variant", "speed", "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    report = json.loads(line)
    assert (report["game"], report["variant"], report["players"], report["games"]) == ("spit", "speed", 2, 2)
    assert report["violations"] == 0


def test_spit_referee_catches_a_lost_card() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    referee = SpitReferee(game)
    game.spit_cards[0].draw_one()
    assert referee.check([])[0].startswith("cards not conserved: missing {Card.parse('4c'): 1}")


def test_spit_referee_catches_a_card_played_where_it_does_not_fit() -> None:
    game = spit_table("7h", "Kd", spit=("4c", "Jh"), centre="6s | 9d")
    referee = SpitReferee(game)
    game.apply(PlayCard(0, 0, 0))
    assert referee.check([CardPlayed(0, 0, 1, Card.parse("7h"))]) == [
        "7h played on centre pile 1, whose top was 9d"
    ]


def test_spit_referee_catches_a_lone_spitter_changing_pile() -> None:
    game = spit_table("2c", "Kd", spit=("", "8h 7h"), centre="6s | 9d")
    referee = SpitReferee(game)
    assert referee.check([CardSpat(1, 0, Card.parse("8h"))]) == []
    assert referee.check([CardSpat(1, 1, Card.parse("7h"))]) == [
        "seat 1, spitting alone, changed from pile 0"
    ]


def test_spit_referee_catches_a_layout_laid_wrong() -> None:
    spit = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ah 2h 3h"
    game = spit_table("7d", "Kd 2d", spit=("4d", spit), centre="6s 5s | 9d")
    referee = SpitReferee(game)
    assert referee.check(game.apply(PlayCard(0, 0, 0))) == []
    assert referee.check(game.apply(Slap(1, 1))) == []
    assert referee.check([LayoutDealt(0, (2, 2, 0, 0, 0), 0)]) == [
        "seat 0 laid (2, 2, 0, 0, 0) + 0 from 4 cards"
    ]


def test_speed_referee_catches_a_short_hand_and_wrong_points() -> None:
    game = speed_table("7h", "Kd 2c 3c 4c 5c", stocks=("", "Qs Js Ts"), centre="6s | 9d")
    referee = SpeedReferee(game)
    game.hands[1].pop()
    assert "seat 1 holds 4 cards with 3 in stock" in referee.check([])
    game.hands[1].append(Card.parse("5c"))
    assert referee.check([DealWon(0, 2, (2, 0))]) == [
        "seat 0 scored 2, the other stock held (0, 3)",
        "totals [2, 0] against target None, yet outcome None",
    ]
