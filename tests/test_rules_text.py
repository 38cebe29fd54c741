"""The rules of one variant as `pyramid-solitaire rules VARIANT` prints them (engine/rules.py):
RULES.md whole but for the variants section, which keeps the table's header and this variant's
row and only the paragraphs that name it."""

import pytest

from pyramid_solitaire.engine.rules import (
    FAMILY_SECTION,
    VARIANTS_SECTION,
    _variant_section,
    full_text,
    rules_text,
)
from pyramid_solitaire.engine.variants import VARIANTS, get_variant


def sections(text: str) -> list[str]:
    """The `## ` sections of a rules text, each without its trailing blank lines."""
    return ["## " + s.rstrip("\n") for s in text.split("\n## ")[1:]]


def variants_section(text: str) -> list[str]:
    (section,) = [s for s in sections(text) if s.startswith(VARIANTS_SECTION)]
    return [line for line in section.splitlines() if line]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_title_names_the_variant_and_the_other_sections_are_whole(variant):
    text = rules_text(variant)
    title = f"# Pyramid solitaire: the rules this project plays ({get_variant(variant).name_en})"
    assert text.splitlines()[0] == title
    intro = text.split("\n## ")[0].partition("\n")[2]
    assert intro.rstrip() == full_text().split("\n## ")[0].partition("\n")[2].rstrip()
    whole = [s for s in sections(full_text()) if not s.startswith((VARIANTS_SECTION, FAMILY_SECTION))]
    assert [s for s in sections(text) if not s.startswith(VARIANTS_SECTION)] == whole
    assert text.endswith(".\n") and "\n\n\n" not in text  # one blank line between sections


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_variants_table_keeps_its_header_and_this_variants_row(variant):
    full = variants_section(full_text())
    lines = variants_section(rules_text(variant))
    assert lines[:3] == full[:3]  # the heading, the table's header and its rule
    rows = [line for line in lines if line.startswith("| `")]
    assert rows == [line for line in full if line.startswith(f"| `{variant}` |")]


def test_only_the_paragraphs_that_name_the_variant_stay():
    three = "\n".join(variants_section(rules_text("three-wastes")))
    assert "Three-wastes: each draw deals the next three stock cards" in three
    for other in ("pyramid", "giza", "open-stock"):
        assert "Three-wastes: each draw deals" not in rules_text(other)
    assert rules_text("giza").count("\n## ") == full_text().count("\n## ") - 1  # not the family's


def test_a_paragraph_of_one_line_is_kept_or_dropped_by_the_variant_it_names():
    section = "## The variants\n| id |\n|---|\n| `giza` |\n| `pyramid` |\n\nGiza: piles.\n\nOpen stock."
    assert _variant_section(section, "giza") == "## The variants\n\n| id |\n|---|\n| `giza` |\n\nGiza: piles."
