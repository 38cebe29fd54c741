"""Every public function, class and method of the API's layers has a docstring (issue 29 counted
131 of 293 in the package without one). Public: a name without a leading underscore, at module
level or in a public class; overrides of a base class's method (setup, error) count too.

Every layer is held to it: engine, solver, research, cli and web (the server).
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "src" / "pyramid_solitaire"
Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def public_definitions(tree: ast.Module) -> list[Definition]:
    found: list[Definition] = []
    for node in tree.body:
        if isinstance(node, Definition) and not node.name.startswith("_"):
            found.append(node)
            if isinstance(node, ast.ClassDef):
                found += [
                    item
                    for item in node.body
                    if isinstance(item, Definition) and not item.name.startswith("_")
                ]
    return found


LAYERS = ("engine", "solver", "research", "cli", "web")
NOT_YET: set[str] = set()  # paths under the layers not yet held to it


def undocumented() -> tuple[list[str], int]:
    missing, total = [], 0
    paths = [PACKAGE / "__init__.py", *(p for layer in LAYERS for p in (PACKAGE / layer).rglob("*.py"))]
    for path in sorted(paths):
        if str(path.relative_to(PACKAGE)) in NOT_YET:
            continue
        for node in public_definitions(ast.parse(path.read_text(encoding="utf-8"))):
            total += 1
            if ast.get_docstring(node) is None:
                missing.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    return missing, total


def test_every_public_function_and_class_has_a_docstring():
    missing, total = undocumented()
    assert total > 150  # the scan sees the layers
    assert missing == []
