"""Self-play: the generic runner on its simulated clock, Toppo's invariants, and the command."""

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass

import pytest

from engine.errors import IllegalAction, Reason
from engine.selfplay import Report, play, run
from engine.toppo.actions import CallToppo, VoteReplace
from engine.toppo.cards import parse_cards
from engine.toppo.selfplay import census, check_game
from engine.toppo.state import Outcome, new_game
from tests.engine.toppo import table, turn


@pytest.mark.parametrize("players", range(2, 9))
def test_selfplay_20_games_without_a_violation(players: int) -> None:
    report = run("toppo", players, 20, seed=players)
    assert report.messages == []
    assert (report.violations, report.games) == (0, 20)
    assert report.actions > 20 * 100


def test_check_game_catches_a_lost_or_duplicated_card() -> None:
    game = new_game(3, seed=1)
    expected = census(game)
    assert check_game(game, expected) == []
    lost = game.decks[0].draw_one()
    assert "cards not conserved" in check_game(game, expected)[0]
    game.decks[1].put_bottom([lost, lost])
    assert "cards not conserved" in check_game(game, expected)[0]


def test_check_game_catches_a_line_while_play_waits_and_an_overlong_line() -> None:
    game = table("R~ Yo B#", "G+ G+ G+ G+", "Y+", start=1)
    expected = census(game)
    game.lines[0].extend(game.decks[0].draw(4))
    problems = check_game(game, expected)
    assert any("line holds 4" in problem for problem in problems)
    assert any("waits for seat 1" in problem for problem in problems)


def test_check_game_catches_a_passed_vote_that_did_not_replace() -> None:
    game = table("R~ Yo B#", "G+", "Y+")
    game.votes.update({0, 1})
    assert check_game(game, census(game)) == ["a passed vote did not replace the display"]


def test_check_game_catches_wrong_scores() -> None:
    game = table("R~ Yo B#", "G+ G-", "Y+ Y- Yo")
    expected = census(game)
    game.apply(CallToppo(0))
    assert check_game(game, expected) == []
    game.outcome = Outcome(0, (0, 2))
    assert check_game(game, expected) == ["scores (0, 2) should be [0, 3]"]


def test_check_game_catches_toppo_with_10_cards() -> None:
    game = table("R~ Yo B#", "G+ " * 10, "Y+")
    game.outcome = Outcome(0, (0, 1))
    assert check_game(game, census(game)) == ["toppo ended the game with 10 cards"]


@dataclass(frozen=True)
class Proposal:
    action: str
    delay: float


class Race:
    """A toy game for the runner: seats press "tick" after a fixed reaction time (seat 0: 1.0 s,
    others 0.4 s) until 5 ticks. Seat 0 watches the tick count when ``watchful`` (every tick
    changes its situation), otherwise nothing. ``misbehave`` makes seat 0 propose "illegal"
    (refused by apply), "corrupt" (breaks an invariant) or nothing at all ("idle")."""

    def __init__(self, players: int, watchful: bool, misbehave: str = "") -> None:
        self.players = players
        self.watchful = watchful
        self.misbehave = misbehave
        self.ticks: list[int] = []
        self.corrupt = False

    @property
    def seats(self) -> int:
        return self.players

    @property
    def games_finished(self) -> int:
        return 1 if self.finished() else 0

    def finished(self) -> bool:
        return len(self.ticks) >= 5

    def situation(self, seat: int) -> Hashable:
        return len(self.ticks) if seat == 0 and self.watchful else None

    def level(self, seat: int) -> str:
        return "slow" if seat == 0 else "quick"

    def propose(self, seat: int) -> Proposal | None:
        if self.misbehave == "idle":
            return None
        if seat == 0:
            return Proposal(self.misbehave or f"tick {seat}", 1.0)
        return Proposal(f"tick {seat}", 0.4)

    def apply(self, action: str) -> None:
        if action == "illegal":
            raise IllegalAction(Reason.STALE)
        self.corrupt = action == "corrupt"
        self.ticks.append(int(action[-1]) if action.startswith("tick") else 0)

    def violations(self) -> list[str]:
        return ["corrupted"] if self.corrupt else []


def race(watchful: bool, misbehave: str = "", players: int = 2) -> tuple[Race, Report]:
    match = Race(players, watchful, misbehave)
    return match, play(match, 100, Report("race", players, 1, 0))


def test_runner_applies_the_proposal_due_first_on_the_simulated_clock() -> None:
    match, report = race(watchful=False)
    # seat 1 ticks at 0.4, 0.8; seat 0 at 1.0; seat 1 again at 1.2 and 1.6.
    assert match.ticks == [1, 1, 0, 1, 1]
    assert report.simulated_seconds == pytest.approx(1.6)
    assert (report.actions, report.violations, report.games) == (5, 0, 1)


def test_runner_asks_again_a_seat_whose_situation_changed() -> None:
    match, report = race(watchful=True)
    # Every tick of seat 1 changes seat 0's situation, restarting its 1.0 s reaction.
    assert match.ticks == [1, 1, 1, 1, 1]
    assert report.simulated_seconds == pytest.approx(2.0)


def test_runner_ties_go_to_the_lowest_seat() -> None:
    match, _ = race(watchful=False, players=3)
    assert match.ticks[:2] == [1, 2]


def test_runner_times_every_proposal_by_level_on_the_clock_it_is_given() -> None:
    match = Race(2, watchful=False)
    readings = iter(range(100))
    report = play(match, 100, Report("race", 2, 1, 0), cpu_clock=lambda: float(next(readings)))
    # Each proposal reads the clock twice in a row, so each takes one "second". A seat is asked
    # at the start and again after each of its own ticks but the match's last: seat 0 (slow)
    # twice, seat 1 (quick) four times.
    assert report.think == {"slow": [1.0] * 2, "quick": [1.0] * 4}
    assert report.thinking() == {
        "quick": {"steps": 4, "p99": 1.0, "max": 1.0},
        "slow": {"steps": 2, "p99": 1.0, "max": 1.0},
    }


def test_runner_reports_the_99th_percentile_as_a_call_that_happened() -> None:
    report = Report("race", 2, 1, 0, think={"hard": [0.01 * n for n in range(1, 201)]})
    assert report.thinking()["hard"] == {"steps": 200, "p99": 1.98, "max": 2.0}


def test_runner_without_a_clock_records_no_times() -> None:
    _, report = race(watchful=False)
    assert report.think == {}


@pytest.mark.parametrize(
    ("misbehave", "message"),
    [("illegal", "impossible action"), ("corrupt", "corrupted"), ("idle", "nobody can act")],
)
def test_runner_reports_a_violation(misbehave: str, message: str) -> None:
    _, report = race(watchful=False, misbehave=misbehave)
    assert report.violations == 1
    assert message in report.messages[0]


def test_selfplay_command_runs_toppo() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.selfplay",
            "--game",
            "toppo",
            "--players",
            "5",
            "--games",
            "3",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [line] = done.stdout.splitlines()
    report = json.loads(line)
    assert (report["game"], report["players"], report["games"], report["violations"]) == ("toppo", 5, 3, 0)


def test_selfplay_refuses_a_player_count_the_game_does_not_support() -> None:
    with pytest.raises(ValueError):
        run("toppo", 9, 1, seed=0)


def test_check_game_counts_every_place_a_card_can_be() -> None:
    game = table("R~ Yo B#", "G+ G- Go W~", "Y+", stock="W+", topped="B-")
    turn(game, 0, 2)
    game.apply(VoteReplace(1))
    assert census(game) == Counter(parse_cards("R~ Yo B# G+ G- Go W~ Y+ W+ B-"))
