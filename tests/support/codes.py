"""Which refusal codes the source raises, and where: read from the source itself (test_errors.py
holds MESSAGES to it, test_corpus.py holds the corpus to the engine's part)."""

import ast
from functools import cache
from pathlib import Path

SOURCE = Path(__file__).parents[2] / "src" / "pyramid_solitaire"


def refusal_classes(trees) -> set[str]:
    """Refusal and every class that derives from it, however indirectly, by name."""
    names = {"Refusal"}
    while True:
        more = {
            node.name
            for tree in trees
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            and any(isinstance(b, ast.Name) and b.id in names for b in node.bases)
        }
        if more <= names:
            return names
        names |= more


@cache
def codes_raised() -> dict[str, set[str]]:
    """Every code the source passes to a refusal class (a literal, or either side of `a if c else b`),
    with the files that use it; a code computed any other way is reported as '<computed>'."""
    trees = {str(path.relative_to(SOURCE)): ast.parse(path.read_text()) for path in SOURCE.rglob("*.py")}
    classes = refusal_classes(trees.values())
    found: dict[str, set[str]] = {}
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if func not in classes:
                continue
            first = node.args[0]
            options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
            for option in options:
                code = option.value if isinstance(option, ast.Constant) else "<computed>"
                found.setdefault(code, set()).add(name)
    return found


@cache
def engine_codes() -> set[str]:
    """The codes the rules engine (engine/) raises: what the corpus must show every one of."""
    return {code for code, files in codes_raised().items() if any(f.startswith("engine/") for f in files)}


def codes_in(value: object) -> set[str]:
    """Every refusal code in a JSON value (a refusal's own and each nested reason's)."""
    if isinstance(value, list):
        return set().union(*map(codes_in, value))
    if not isinstance(value, dict):
        return set()
    own = {value["code"]} if isinstance(value.get("code"), str) else set()
    return own.union(*map(codes_in, value.values()))
