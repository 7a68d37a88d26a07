"""``python -m tools.scaffold``: a new game copied from Tally into the project's layers, in a copy
of the project. It edits exactly one existing line of code (its registration), takes at most 60
lines in tables/ and cogs/ together, lints and type-checks as the rest does, and passes the
registry's test (every key in every language, its self-play) and its rules' before any rule of
its own is written. A name taken, or not a name, writes nothing."""

from __future__ import annotations

import difflib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.scaffold import scaffold

ROOT = Path(__file__).resolve().parents[2]
PIG_TESTS = ("tests/test_games_registry.py", "tests/engine/pig")
"""The registry's test, which every registered game passes, and the new game's own."""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's files (what git has, and what it does not ignore)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    copy = tmp_path / "project"
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


def run(project: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=project, capture_output=True, text=True)


def test_a_new_game_copied_from_tally_passes_the_registry_test_before_its_rules_are_written(
    project: Path,
) -> None:
    before = (project / "engine/games.py").read_text().splitlines()
    made = run(project, "tools.scaffold", "pig")
    assert made.returncode == 0, made.stderr

    after = (project / "engine/games.py").read_text().splitlines()
    changed = [line for line in difflib.ndiff(before, after) if line[:1] in "+-"]
    assert changed == ['+     Registered("pig", Measure("won"), turn_based=True),'], "one line of code"
    own = sum(len((project / f).read_text().splitlines()) for f in ("tables/pig.py", "cogs/pig.py"))
    assert own <= 60, f"{own} lines in tables/ and cogs/"
    lint_imports = str(Path(sys.executable).parent / "lint-imports")
    for check in (
        [sys.executable, "-m", "ruff", "check", "."],
        [sys.executable, "-m", "mypy"],
        [lint_imports],
    ):
        done = subprocess.run(check, cwd=project, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    tests = run(
        project, "pytest", "-q", "-p", "no:cacheprovider", "tests/test_games_registry.py", "tests/engine/pig"
    )
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "[pig]" not in tests.stdout and "failed" not in tests.stdout


def test_a_name_registered_already_or_not_a_name_writes_nothing(project: Path) -> None:
    for taken in ("toppo", "tally", "Pig", "p", "pig-2"):
        with pytest.raises(ValueError):
            scaffold(taken, project)
    assert not (project / "tables/p.py").exists() and "pig" not in (project / "engine/games.py").read_text()
