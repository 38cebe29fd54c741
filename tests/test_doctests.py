"""The examples in the docstrings of engine/, solver/ and research/ run as tests (the ```python
blocks of README.md and docs/ run in tests/test_docs.py)."""

import doctest
import importlib
import pkgutil

import pytest

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
