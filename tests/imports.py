"""What the tests that read imports share: a module named by a literal string in an
``__import__`` or ``importlib.import_module`` call, which an import statement's walk misses."""

import ast


def imported_by_name(node: ast.AST) -> str | None:
    """The module ``node`` imports if it is ``__import__("x")`` or ``import_module("x")`` with a
    literal name; None for anything else."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func, first = node.func, node.args[0]
    called = (isinstance(func, ast.Name) and func.id == "__import__") or (
        isinstance(func, ast.Attribute) and func.attr == "import_module"
    )
    return (
        first.value if called and isinstance(first, ast.Constant) and isinstance(first.value, str) else None
    )
