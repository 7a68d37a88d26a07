"""The middle of the code stays made of parts (issue 41): the table every game builds on is a
short class that ties its parts together, and no class in tables/ or cogs/ grows back into one
that holds everything. (The layers themselves are import-linter's, see tests/test_layers.py.)"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEATED_LINES = 300
"""The most lines tables/seated.py may have: what a new part of a table holds goes in a part."""
METHODS = 40
"""The most methods a class in tables/ or cogs/ may define."""


def methods_per_class(package: Path) -> dict[str, int]:
    """Each class under ``package`` (``file:Class``) and the methods its body defines."""
    counted = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                defined = [
                    item for item in node.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                ]
                counted[f"{path.relative_to(package.parent)}:{node.name}"] = len(defined)
    return counted


def test_the_seated_table_ties_its_parts_together_in_a_few_hundred_lines() -> None:
    lines = len((ROOT / "tables" / "seated.py").read_text(encoding="utf-8").splitlines())
    assert lines <= SEATED_LINES


def test_no_class_of_tables_or_cogs_holds_more_than_forty_methods() -> None:
    counted = {**methods_per_class(ROOT / "tables"), **methods_per_class(ROOT / "cogs")}
    assert "tables/seated.py:SeatedTable" in counted
    assert {name: count for name, count in counted.items() if count > METHODS} == {}


def test_a_class_body_is_counted_method_by_method(tmp_path: Path) -> None:
    package = tmp_path / "tables"
    package.mkdir()
    (package / "big.py").write_text("class Big:\n" + "".join(f"    def m{n}(self): ...\n" for n in range(41)))
    (package / "small.py").write_text("class Small:\n    x = 1\n    async def go(self): ...\n")
    counted = {name.rsplit(":", 1)[1]: count for name, count in methods_per_class(package).items()}
    assert counted == {"Big": 41, "Small": 1}
