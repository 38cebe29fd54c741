"""The layers of the package as a test: an import that points up the layers fails here.

engine (the rules) -> solver -> goals -> research | results -> web -> cli: each layer imports only from
itself and the layers it stands on, and engine from the standard library alone (it is the specification).
Within web/, no module imports one that imports it back, however far round, not even inside a function.
"""

import ast
import graphlib
import sys
from collections import Counter
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parents[1] / "src" / "pyramid_solitaire"
MAY_IMPORT = {
    "engine": {"engine"},
    "solver": {"engine", "solver"},
    "goals": {"engine", "solver", "goals"},
    "research": {"engine", "solver", "goals", "research"},
    "results": {"engine", "solver", "goals", "results"},
    "web": {"engine", "solver", "goals", "results", "web"},
    "cli": {"engine", "solver", "goals", "research", "results", "web", "cli"},
}
# What the package itself holds (its __init__, which imports no layer): any layer may read it.
ROOT_NAMES = {"__version__"}


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in one module of the package."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = parts if parts[-1] == "__init__" else parts[:-1]
    package = [p for p in package if p != "__init__"]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            if node.module is None:  # from . import a, b: each name is a module
                found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return found


def upward_imports(layer: str) -> list[str]:
    wrong = []
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for line, module in imports(path):
            top, _, rest = module.partition(".")
            if top == "pyramid_solitaire":
                target = rest.partition(".")[0]
                if target not in MAY_IMPORT[layer] and target not in ROOT_NAMES:
                    wrong.append(f"{path.relative_to(PACKAGE)}:{line} imports {module}")
            elif layer == "engine" and top not in sys.stdlib_module_names:
                wrong.append(
                    f"{path.relative_to(PACKAGE)}:{line} imports {module} (not the standard library)"
                )
    return wrong


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_no_import_points_up_the_layers(layer):
    assert upward_imports(layer) == []


def test_the_walk_sees_relative_imports(tmp_path, monkeypatch):
    """A relative import from engine/ into solver/ is named (the walk resolves dots)."""
    fake = tmp_path / "pyramid_solitaire"
    (fake / "engine").mkdir(parents=True)
    (fake / "engine" / "deal.py").write_text("from ..solver import search\nimport json\nimport numpy\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert upward_imports("engine") == [
        "engine/deal.py:1 imports pyramid_solitaire.solver",
        "engine/deal.py:3 imports numpy (not the standard library)",
    ]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_circle(layer: str) -> list[str]:
    """A circle of imports among the layer's modules (every import counts, one inside a function
    too: it only puts the circle off until that function runs), or [] when there is none."""
    paths = sorted((PACKAGE / layer).rglob("*.py"))
    names = {module_name(path) for path in paths}
    graph = {}
    for path in paths:
        targets = set()
        for _, module in imports(path):
            while module and module not in names:  # from .x import name: the module x
                module = module.rpartition(".")[0]
            targets |= {module} if module else set()
        graph[module_name(path)] = targets - {module_name(path)}
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as err:
        return [name.removeprefix(f"pyramid_solitaire.{layer}.") for name in err.args[1]]
    return []


def test_the_web_layer_has_no_import_circle():
    assert import_circle("web") == []


def test_a_circle_put_off_by_an_import_in_a_function_is_found(tmp_path, monkeypatch):
    fake = tmp_path / "pyramid_solitaire"
    (fake / "web" / "routes").mkdir(parents=True)
    (fake / "web" / "__init__.py").write_text("")
    (fake / "web" / "server.py").write_text("from .listener import accept\nfrom . import settings\n")
    (fake / "web" / "settings.py").write_text("import json\n")
    (fake / "web" / "listener.py").write_text("def bind():\n    from .routes.page import socket\n")
    (fake / "web" / "routes" / "page.py").write_text("from ..server import serve\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    circle = import_circle("web")
    assert sorted(set(circle)) == ["listener", "routes.page", "server"], circle
    (fake / "web" / "routes" / "page.py").write_text("from .. import settings\n")
    assert import_circle("web") == []


def test_every_module_belongs_to_a_layer():
    loose = {p.name for p in PACKAGE.glob("*.py")} - {"__init__.py", "__main__.py"}
    assert loose == set()
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == set(MAY_IMPORT)


def test_every_test_file_has_a_name_of_its_own():
    """pytest imports the test files as top-level modules by name (tests/ has no packages), so two
    files of one name in two folders stop the whole run at collection ('import file mismatch');
    make check leaves tests/browser/ out, so only this test sees such a pair before make test does."""
    tests = Path(__file__).resolve().parent
    names = Counter(path.name for path in tests.rglob("test_*.py"))
    assert [name for name, count in names.items() if count > 1] == []
