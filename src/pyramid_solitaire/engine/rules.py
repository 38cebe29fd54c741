"""The rules as text: RULES.md, shipped in the package, whole or for one variant.

>>> print(rules_text("giza").splitlines()[0])
# Pyramid solitaire: the rules this project plays (Giza)
"""

from importlib.resources import files

from .variants import get_variant

VARIANTS_SECTION = "## The variants"
FAMILY_SECTION = "## The Pyramid family"


def full_text() -> str:
    """RULES.md as shipped with the package."""
    return files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")


def rules_text(variant_id: str) -> str:
    """The rules of one variant: every section of RULES.md, with the variants section cut to
    that variant's row of the table and the paragraphs that name it."""
    variant = get_variant(variant_id)
    title, *sections = full_text().split("\n## ")
    first, _, rest = title.partition("\n")
    out = [f"{first} ({variant.name_en})\n{rest}"]
    game = variant.pysol_id is not None  # a game of the family: its own section, not the six's
    for section in sections:
        section = "## " + section
        if section.startswith(VARIANTS_SECTION):
            if game:
                continue
            section = _variant_section(section, variant.id, variant.summary_en)
        elif section.startswith(FAMILY_SECTION):
            if not game:
                continue
            section = _family_section(section, variant.id)
        out.append(section)
    return "\n".join(part.rstrip("\n") + "\n" for part in out).rstrip("\n") + "\n"


def _variant_section(section: str, variant_id: str, summary: str = "") -> str:
    heading, _, body = section.partition("\n")
    kept = [heading]
    for paragraph in body.split("\n\n"):
        lines = paragraph.splitlines()
        if lines and lines[0].startswith("|"):  # the table: its header and this variant's row
            table = _table_row(lines, variant_id)
            # a named option set (original, overlap, unlimited) has no row: its summary instead
            kept.append(f"`{variant_id}`: {summary}" if summary and table.count("\n") < 2 else table)
        elif variant_id in paragraph.lower():
            kept.append(paragraph)
    return "\n\n".join(kept)


def _family_section(section: str, game_id: str) -> str:
    """The family's section for one game: its opening, its row of the table, the paragraph on
    deck strings and moves, and the game's own paragraph (the others' are left out)."""
    heading, _, body = section.partition("\n")
    kept = [heading]
    for paragraph in body.split("\n\n"):
        lines = paragraph.splitlines()
        if lines and lines[0].startswith("|"):
            kept.append(_table_row(lines, game_id))
        elif not paragraph.startswith("**`") or paragraph.startswith(f"**`{game_id}`**"):
            kept.append(paragraph)
    return "\n\n".join(kept)


def _table_row(lines: list[str], variant_id: str) -> str:
    """A table cut to its header and the row of one id."""
    return "\n".join(lines[:2] + [line for line in lines[2:] if line.startswith(f"| `{variant_id}` |")])
