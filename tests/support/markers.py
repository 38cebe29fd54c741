"""The parts of a page that a tool or benchmark writes: the lines between `<!-- NAME -->` and
`<!-- /NAME -->` (benchmarks/winnability.py's tables, tools/difficulty_index.py's grades)."""

import re
from pathlib import Path


def replace_part(path: Path, name: str, text: str) -> None:
    """Put `text` between the markers <!-- NAME --> and <!-- /NAME --> of the page at `path`; a
    page without them stops the run, naming them."""
    content = path.read_text(encoding="utf-8")
    pattern = re.compile(rf"(<!-- {re.escape(name)} -->\n).*?(<!-- /{re.escape(name)} -->)", re.S)
    if not pattern.search(content):
        raise SystemExit(f"{path} has no <!-- {name} --> markers")
    path.write_text(pattern.sub(lambda m: m[1] + text + "\n" + m[2], content), encoding="utf-8")
