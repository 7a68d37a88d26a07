"""The layers where import-linter (``lint-imports``, its contracts in pyproject.toml) cannot
look: imports by a name in a string, and what a module really loads when it runs.

Among the modules of ``cogs/``, an ``importlib.import_module("cogs.x")`` or
``__import__("cogs.x")`` with a literal name is an import all the same, which import-linter's
graph leaves out: here every import statement (at the top, in a function, under
``if TYPE_CHECKING``) and every such call is read from the source (parsed, not imported), and
together they must make no circle. And every module under ``words/`` and ``tables/`` is
imported in a fresh interpreter, which must not have loaded discord.py or Pillow.
"""

import ast
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from tests.imports import imported_by_name

ROOT = Path(__file__).resolve().parents[1]
UNLOADED = ("discord", "PIL")
"""What words/ and tables/ never load, even through what they import."""


def module_name(path: Path, root: Path) -> str:
    """``cogs/seated.py`` -> ``cogs.seated``; a package's ``__init__.py`` -> the package."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(source: str, package: str) -> Iterator[str]:
    """Every module name ``source`` (a module of ``package``) imports, wherever the import sits:
    statements (relative ones resolved, ``from package import module`` as both names) and
    ``__import__``/``importlib.import_module`` calls with a literal name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, base] if base else parent)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        elif (name := imported_by_name(node)) is not None:
            yield name


def import_graph(package: Path) -> dict[str, set[str]]:
    """Which of ``package``'s modules each of them imports (a submodule's import counts as its
    package's module's when the package has no such submodule)."""
    root = package.parent
    paths = {module_name(path, root): path for path in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        inside = module if path.name == "__init__.py" else module.rpartition(".")[0]
        targets = set()
        for name in imported(path.read_text(encoding="utf-8"), inside):
            while name and name not in paths:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        graph[module] = targets
    return graph


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm), each sorted:
    the modules that import one another, however indirectly."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


@pytest.mark.parametrize(
    ("source", "names"),
    [
        ("import cogs.b", {"cogs.b"}),
        ("from cogs import b", {"cogs", "cogs.b"}),
        ("from cogs.b import thing", {"cogs.b", "cogs.b.thing"}),
        ("from . import b", {"cogs", "cogs.b"}),
        ("from .b import thing", {"cogs.b", "cogs.b.thing"}),
        ("def f():\n    import cogs.b\n", {"cogs.b"}),
        ("if TYPE_CHECKING:\n    from cogs.b import B\n", {"cogs.b", "cogs.b.B"}),
        ("importlib.import_module('cogs.b')", {"cogs.b"}),
        ("__import__('cogs.b')", {"cogs.b"}),
        ("importlib.import_module(name)", set()),
        ("x = 'import cogs.b'", set()),
    ],
)
def test_the_reader_finds_every_import_of_a_module(source: str, names: set[str]) -> None:
    assert set(imported(source, "cogs")) == names


def test_a_circle_closed_by_a_name_in_a_string_is_found(tmp_path: Path) -> None:
    package = tmp_path / "cogs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from cogs.b import B\n")
    (package / "b.py").write_text("def late():\n    return importlib.import_module('cogs.c')\n")
    (package / "c.py").write_text("import importlib\n\n__import__('cogs.a')\n")
    (package / "d.py").write_text("from cogs import a\n")
    assert circles(import_graph(package)) == [["cogs.a", "cogs.b", "cogs.c"]]


def test_no_module_of_words_or_tables_loads_discord_or_pillow() -> None:
    """Each module imported in turn in a fresh interpreter: the first to bring either in is
    named (``lint-imports`` shows the chain of imports that does)."""
    modules = sorted(
        module_name(path, ROOT) for package in ("words", "tables") for path in (ROOT / package).rglob("*.py")
    )
    assert "tables.seated" in modules and "words.common" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"    loaded = [m for m in {UNLOADED!r} if m in sys.modules]\n"
        "    if loaded:\n"
        "        sys.exit(f'{name} loads {loaded}')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_no_import_circle_among_the_modules_of_cogs() -> None:
    """Last here: the cogs' import circle is being taken apart (import-linter's acyclic-cogs
    contract fails on it too)."""
    found = circles(import_graph(ROOT / "cogs"))
    assert not found, "\n".join(
        f"{len(group)} modules import one another: {', '.join(group)}" for group in found
    )
