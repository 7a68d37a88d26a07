"""The Topoum duel command line: each level's share of the wins as one JSON line."""

import json

import pytest

from tools.topoum_duel import main


def test_the_duel_prints_each_levels_share_of_the_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--levels", "normal,easy", "--games", "1", "--seed", "0"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert (line["levels"], line["games"], line["violations"]) == (["normal", "easy"], 1, [])
    assert sum(line["wins"].values()) == 1
