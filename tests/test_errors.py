"""The refusal contract: one table of codes, every code the program can raise is in it (and
none is dead), the English text is made from code and parameters, hostile text is cut."""

import ast
import string
from pathlib import Path

import pytest

from pyramid_solitaire.engine.errors import MESSAGES, Refusal, cut, english

SOURCE = Path(__file__).parent.parent / "src" / "pyramid_solitaire"


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


def test_every_code_raised_is_in_the_table_and_every_table_code_is_raised():
    raised = codes_raised()
    assert "<computed>" not in raised, raised.get("<computed>")
    assert set(raised) - set(MESSAGES) == set()
    assert set(MESSAGES) - set(raised) == set()


def test_the_scan_sees_the_engine_the_command_line_and_the_web():
    files = set().union(*codes_raised().values())
    engine = {f"engine/{name}.py" for name in ("cards", "decks", "deal", "game", "variants")}
    assert engine <= files
    assert any(name.startswith("cli/") for name in files)
    assert any(name.startswith("web") for name in files)


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_templates_name_their_parameters_plainly(code):
    """Placeholders are bare {name}s, so the page can fill its own texts the same way."""
    for _, name, spec, conversion in string.Formatter().parse(MESSAGES[code]):
        assert name is None or (name.isidentifier() and not spec and not conversion), code


def test_an_unknown_code_or_a_missing_parameter_fails_loudly():
    with pytest.raises(KeyError):
        Refusal("no_such_code")
    with pytest.raises(KeyError):
        Refusal("card_covered", card="8s")


def test_english_joins_lists_and_fills_in_nested_reasons():
    assert english("card_covered", {"card": "8s", "by": ["Ks", "4s"]}) == "8s is covered by Ks and 4s"
    assert english("deck_missing", {"count": 49, "missing": ["Ac", "2c", "3c"]}) == (
        "deck string has 49 cards; missing: Ac, 2c and 3c"
    )
    reason = {"code": "card_suit", "params": {"text": "Ax", "suit": "x"}}
    assert english("deck_card", {"position": 3, "reason": reason}) == (
        "deck string card 3: 'Ax' is not a card: unknown suit 'x' (use c d h s)"
    )


def test_a_refusal_answers_code_params_and_its_english_text():
    refusal = Refusal("card_covered", card="8s", by=["Ks", "4s"])
    assert isinstance(refusal, ValueError)
    assert refusal.to_dict() == {
        "error": "8s is covered by Ks and 4s",
        "code": "card_covered",
        "params": {"card": "8s", "by": ["Ks", "4s"]},
    }


@pytest.mark.parametrize(
    "hostile,shown",
    [
        ("x" * 60_000, "x" * 24 + "..."),
        ("a\nb\rc\x00", "a\\nb\\rc\\x00"),
        ("\ud800", "\\ud800"),
        ("line\u2028sep", "line\\u2028sep"),
        (True, "true"),
        (None, "null"),
        (1.0, "1.0"),
        ("Zürich ♥", "Zürich ♥"),
    ],
)
def test_cut_keeps_hostile_text_short_on_one_line_and_encodable(hostile, shown):
    assert cut(hostile) == shown
    cut(hostile).encode("utf-8")
