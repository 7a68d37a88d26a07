"""The engine stays pure: no Discord, no images, no I/O, no clock, no global randomness, and
nothing of the process or the machine it runs on (its command lines are tools/'s).

import-linter's ``pure-engine`` contract (pyproject.toml) holds the engine to its list of what it
must not import; this test holds it to the same list where import-linter cannot look too: every
``.py`` file under ``engine/`` is parsed (not imported, so a forbidden import cannot hide behind a
failing one) and every import statement is checked, wherever it sits (top level, inside a
function, under ``if TYPE_CHECKING``), and so is every ``__import__`` or ``import_module`` call
with a literal name.
"""

import ast
import tomllib
from pathlib import Path

import pytest

from tests.imports import imported_by_name

ROOT = Path(__file__).resolve().parents[2]


def _engine_contract() -> frozenset[str]:
    """What the engine must not import: the list import-linter's ``pure-engine`` contract holds
    (pyproject.toml), read from there so the rule is written once."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [contract] = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "pure-engine"]
    return frozenset(contract["forbidden_modules"])


FORBIDDEN = _engine_contract()
ENGINE = ROOT / "engine"


def forbidden_imports(source: str, filename: str = "<string>") -> list[tuple[int, str]]:
    """``(line, module)`` for each import of a forbidden top-level package in ``source``.

    Catches ``import random``, ``import random as r``, ``import discord.ext``,
    ``from random import x``, ``from discord.ext import commands``, and literal
    ``__import__("random")`` / ``importlib.import_module("random")`` calls. Relative imports
    (``from . import x``) stay inside the engine and are allowed.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [node.module]
        elif (name := imported_by_name(node)) is not None:
            modules = [name]
        lineno = getattr(node, "lineno", 0)
        found.extend((lineno, m) for m in modules if m.split(".")[0] in FORBIDDEN)
    return sorted(found)


def violations(package: Path) -> list[str]:
    """``file:line: imports module`` for every forbidden import in the ``.py`` files under
    ``package``, subpackages included."""
    return [
        f"{path.relative_to(package.parent)}:{line}: imports {module}"
        for path in sorted(package.rglob("*.py"))
        for line, module in forbidden_imports(path.read_text(encoding="utf-8"), str(path))
    ]


def test_engine_imports_nothing_forbidden() -> None:
    assert any(ENGINE.rglob("*.py")), f"no engine sources found under {ENGINE}"
    found = violations(ENGINE)
    assert not found, "engine/ must stay pure:\n" + "\n".join(found)


def test_walk_finds_violations_in_subpackages(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    (package / "games").mkdir(parents=True)
    (package / "ok.py").write_text("import json\n")
    (package / "games" / "bad.py").write_text('"""Doc."""\n\nfrom random import randint\n')
    assert violations(package) == [f"{Path('engine', 'games', 'bad.py')}:3: imports random"]


@pytest.mark.parametrize(
    ("source", "module"),
    [
        ("import random", "random"),
        ("import random as r", "random"),
        ("from random import shuffle", "random"),
        ("import json, time", "time"),
        ("import os.path", "os.path"),
        ("from subprocess import run", "subprocess"),
        ("import discord.ext.commands", "discord.ext.commands"),
        ("from discord.ext import commands", "discord.ext"),
        ("from PIL import Image", "PIL"),
        ("import aiosqlite", "aiosqlite"),
        ("def f():\n    import asyncio\n", "asyncio"),
        ("if TYPE_CHECKING:\n    from asyncio import Lock\n", "asyncio"),
        ("__import__('random')", "random"),
        ("importlib.import_module('time')", "time"),
    ],
)
def test_checker_catches(source: str, module: str) -> None:
    assert [m for _, m in forbidden_imports(source)] == [module]


@pytest.mark.parametrize(
    "source",
    [
        "import datetime",
        "import timeit",
        "import importlib",
        "from randomness import x",
        "import engine.rng",
        "from engine.rng import Rng",
        "from . import random",
        "from .time import clock",
        "x = 'import random'",
    ],
)
def test_checker_allows(source: str) -> None:
    assert forbidden_imports(source) == []


def test_checker_reports_line_numbers() -> None:
    assert forbidden_imports("import json\n\nimport random\n") == [(3, "random")]
