"""The examples in the docstrings of engine/ and solver/, and in docs/api.md, run as tests."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

DOCS = Path(__file__).parents[1] / "docs"
LAYERS = ("engine", "solver", "research")


def modules() -> list[str]:
    names = []
    for layer in LAYERS:
        package = importlib.import_module(f"pyramid_solitaire.{layer}")
        names += [f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)]
    return sorted(names)


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_some_docstrings_have_examples():
    found = sum(doctest.testmod(importlib.import_module(n), report=False).attempted for n in modules())
    assert found >= 10


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_docs_examples_run(page):
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
