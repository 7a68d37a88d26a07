"""``python -m tools.scaffold <name>``: a new game, copied from the tests' own game (Tally) under a
new name into the project's layers, and registered by its one line in engine/games.py.

It writes every file docs/architecture.md's checklist names (the engine with its AI and
self-play, its words, its picture, its table, its Discord side, its words in every language and
its tests), each one Tally's own with every name changed (``tally`` -> ``<name>``, ``Tally`` ->
``<Name>``), and adds ``Registered("<name>", Measure("won"), turn_based=True)`` to
:data:`engine.games.GAMES`. The new game is Tally under another name: it plays end to end and
passes the registry's test (every key in every language, its self-play) before a rule of its own
is written. Its rules then replace Tally's, file by file, with its tests.

Nothing is overwritten: a name already registered, or a file already there, stops it first.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
FIXTURE: Final = "tally"
"""The game every new one is copied from (tests/fixture_game/)."""
FILES: Final = {
    "tests/fixture_game/engine/__init__.py": "engine/{name}/__init__.py",
    "tests/fixture_game/engine/selfplay.py": "engine/{name}/selfplay.py",
    "tests/fixture_game/words.py": "words/{name}.py",
    "tests/fixture_game/render.py": "render/{name}.py",
    "tests/fixture_game/tables.py": "tables/{name}.py",
    "tests/fixture_game/cogs.py": "cogs/{name}.py",
    "tests/fixture_game/locales/en/tally.toml": "locales/en/{name}.toml",
    "tests/fixture_game/locales/es/tally.toml": "locales/es/{name}.toml",
    "tests/fixture_game/test_rules.py": "tests/engine/{name}/test_rules.py",
    "tests/e2e/test_fixture_game.py": "tests/e2e/test_{name}_game.py",
}
"""Each file of the fixture game, and where a game's file of that kind lives."""
MODULES: Final = {
    f"tests.fixture_game.{layer}": f"{layer}.{{name}}"
    for layer in ("engine", "words", "render", "tables", "cogs")
}
"""The fixture game's modules, and the new game's."""
NAME: Final = re.compile(r"[a-z]{2,12}")
"""A game's name: its command, its module names and its components' prefix."""
REGISTRY: Final = "engine/games.py"
GAMES_END: Final = re.compile(r"^GAMES: Final = \(\n(?:    .*\n)*?(?=\)\n)", re.MULTILINE)
"""The games' tuple in the registry, up to its closing parenthesis."""


def renamed(text: str, name: str) -> str:
    """The fixture's ``text`` for the game ``name``: its modules, then its names."""
    for old, new in MODULES.items():
        text = text.replace(old, new.format(name=name))
    title = name.capitalize()
    return (
        text.replace(FIXTURE, name)
        .replace(FIXTURE.capitalize(), title)
        .replace(FIXTURE.upper(), name.upper())
    )


def scaffold(name: str, root: Path = ROOT) -> list[Path]:
    """Write the new game ``name`` under ``root`` and register it; the files written."""
    if not NAME.fullmatch(name) or name == FIXTURE:
        raise ValueError(f"{name!r} is not a new game's name (2 to 12 lower-case letters)")
    registry = (root / REGISTRY).read_text(encoding="utf-8")
    if f'Registered("{name}"' in registry:
        raise ValueError(f"{name!r} is registered already")
    targets = {root / source: root / target.format(name=name) for source, target in FILES.items()}
    if taken := [str(target) for target in targets.values() if target.exists()]:
        raise ValueError(f"these files exist already: {', '.join(taken)}")
    for source, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(renamed(source.read_text(encoding="utf-8"), name), encoding="utf-8")
    package = root / f"tests/engine/{name}/__init__.py"
    package.write_text("")
    games = GAMES_END.search(registry)
    assert games is not None, f"{REGISTRY} lists its games in GAMES"
    line = f'    Registered("{name}", Measure("won"), turn_based=True),\n'
    (root / REGISTRY).write_text(registry[: games.end()] + line + registry[games.end() :], encoding="utf-8")
    code = [str(target) for target in targets.values() if target.suffix == ".py"]
    # Its imports renamed sort otherwise (engine.<name> before render): put in the project's order.
    for command in (["check", "--fix", "--quiet", "--select", "I"], ["format", "--quiet"]):
        subprocess.run([sys.executable, "-m", "ruff", *command, *code], cwd=root, check=True)
    return [*targets.values(), package, root / REGISTRY]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.scaffold", description=__doc__.splitlines()[0])
    parser.add_argument("name", help="the new game's name: its command and its modules' (lower-case letters)")
    name = parser.parse_args(argv).name
    try:
        written = scaffold(name)
    except ValueError as error:
        print(f"nothing written: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(path.relative_to(ROOT))
    print(f"{name} is Tally under another name: now write its rules (docs/architecture.md, 'Adding a game').")
    return 0


if __name__ == "__main__":
    sys.exit(main())
