"""The self-play command line: the engine's report as one JSON line, a non-zero exit on a broken
invariant, and the arguments it refuses. Tally plays (the tests' own game, not registered), and a
Tally whose invariant breaks; each real game runs through the command in its own tests."""

import json
from dataclasses import replace

import pytest

from engine import selfplay
from engine.selfplay import SelfPlaySpec
from tests.fixture_game.engine import GOAL
from tests.fixture_game.engine.selfplay import TALLY
from tools.selfplay import main

SELFPLAY = SelfPlaySpec(
    min_players=2,
    max_players=2,
    new_match=replace(TALLY, check=lambda state: ["past 10"] if state.total > 10 else []).match,
    max_actions_per_game=GOAL,
)
"""A Tally of one player count that breaks an invariant in its first game."""


@pytest.fixture(autouse=True)
def _games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tally and the broken Tally are the only games the command knows."""
    games = {"tally": "tests.fixture_game.engine.selfplay", "broken": __name__}
    monkeypatch.setattr(selfplay, "modules", lambda: games)


def test_the_command_prints_the_report_as_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "tally", "--players", "3", "--games", "4", "--seed", "1"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert (line["game"], line["players"], line["seed"], line["games"]) == ("tally", 3, 1, 4)
    assert (line["violations"], "messages" in line, "variant" in line) == (0, False, False)
    assert line["actions"] >= 4 * GOAL // 3
    assert {"games_per_second", "simulated_hours"} <= set(line)
    assert set(line["cpu_per_step"]) == {"easy", "normal", "hard"}


def test_the_command_exits_non_zero_and_says_what_broke(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "broken", "--games", "1"]) == 1
    line = json.loads(capsys.readouterr().out)
    assert (line["players"], line["games"], line["violations"]) == (2, 0, 1)
    [message] = line["messages"]
    assert message.endswith("past 10")


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "tally"],
        ["--game", "tally", "--players", "5"],
        ["--game", "tally", "--players", "2", "--variant", "slow"],
        ["--game", "chess", "--players", "2"],
    ],
)
def test_the_command_refuses_a_missing_or_wrong_player_count_an_unknown_variant_or_game(
    argv: list[str],
) -> None:
    with pytest.raises((SystemExit, ValueError)):
        main([*argv, "--games", "1"])
