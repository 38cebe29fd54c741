"""The refusal contract: one table of codes, every code the program can raise is in it (and
none is dead), the English text is made from code and parameters, hostile text is cut."""

import string

import pytest
from codes import codes_raised

from pyramid_solitaire.engine.errors import MESSAGES, Refusal, cut, english


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
