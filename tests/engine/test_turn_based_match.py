"""The shared self-play match of a turn-based game, played with Tally (the tests' own game): it
plays every game of a match, reports a broken invariant against the action that broke it, and a
seed plays the same match every time."""

from dataclasses import replace
from typing import Any

import pytest

from engine.ai import Level
from engine.selfplay import Report, play
from engine.turn_based_match import TurnBasedMatch
from tests.fixture_game.engine import GOAL, Add, TallyState
from tests.fixture_game.engine.selfplay import SELFPLAY, TALLY


def played(match: TurnBasedMatch[Any, Any]) -> Report:
    return play(match, SELFPLAY.max_actions_per_game, Report("tally", match.seats, match.games, match.seed))


@pytest.mark.parametrize("players", range(2, 5))
def test_a_match_plays_every_game_without_a_violation(players: int) -> None:
    match = SELFPLAY.new_match(players, 20, players)
    report = play(match, SELFPLAY.max_actions_per_game, Report("tally", players, 20, players))
    assert report.messages == []
    assert (report.violations, report.games) == (0, 20)
    assert 20 * GOAL // 3 <= report.actions <= 20 * GOAL


def test_a_broken_invariant_is_reported_with_the_action_that_broke_it() -> None:
    strict = replace(TALLY, check=lambda state: [f"{state.total} is past 10"] if state.total > 10 else [])
    match = strict.match(2, 3, seed=1)
    report = played(match)
    assert report.violations == 1
    [message] = report.messages
    assert message.startswith(f"after action {report.actions} (Add(")
    assert message.endswith(f"{match.state.total} is past 10")
    assert report.games == 0


def test_the_action_that_ends_a_game_is_checked_against_that_game() -> None:
    seen: list[int] = []

    def watch(state: TallyState) -> list[str]:
        seen.append(state.total)
        return []

    match = replace(TALLY, check=watch).match(2, 2, seed=3)
    report = played(match)
    assert report.games == 2
    assert seen.count(GOAL) == 2
    assert len(seen) == report.actions


def winning_logs(seed: int) -> list[dict[str, Any]]:
    """Every finished game of a 3-seat match of 5 games, as saved."""
    logs: list[dict[str, Any]] = []

    def keep(state: TallyState) -> list[str]:
        if state.winner is not None:
            logs.append(state.to_json())
        return []

    played(replace(TALLY, check=keep).match(3, 5, seed))
    return logs


def test_a_seed_plays_the_same_match() -> None:
    assert len(winning_logs(7)) == 5
    assert winning_logs(7) == winning_logs(7)
    assert winning_logs(7) != winning_logs(8)


def test_only_the_seat_to_move_is_asked_and_anew_after_every_action() -> None:
    match = TALLY.match(3, 1, seed=0)
    mover = match.state.current
    before = [match.situation(seat) for seat in range(3)]
    assert [situation is None for situation in before] == [seat != mover for seat in range(3)]
    match.apply(Add(mover, 1))
    assert match.situation(mover) is None
    assert match.situation(match.state.current) not in (None, before[mover])


def test_levels_rotate_over_the_seats_from_game_to_game() -> None:
    match = TALLY.match(3, 2, seed=0)
    assert [match.level(seat) for seat in range(3)] == [Level.EASY, Level.NORMAL, Level.HARD]
    while match.games_finished == 0:
        choice = match.propose(match.state.current)
        assert choice is not None
        match.apply(choice.action)
    assert [match.level(seat) for seat in range(3)] == [Level.NORMAL, Level.HARD, Level.EASY]
    assert match.state.log == []
