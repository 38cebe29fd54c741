"""Every ```python block of README.md and docs/*.md runs, as a reader would paste it.

Each block runs on its own (a fresh namespace, a temporary working folder), so an example that
leans on a name from an earlier block fails here as it would for a reader. A traceback names the
page and its line. Examples state their results with `assert`, so a wrong figure fails too.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# A fenced block: its info string (the language) and its text, up to the closing fence.
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.S | re.M)
PYTHON = {"python", "py", "python3"}


def python_blocks(page: Path) -> list[tuple[int, str]]:
    """(line of the block's first code line, code) for each ```python block of the page."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        if match[1].strip().lower() in PYTHON:
            found.append((text.count("\n", 0, match.start(2)) + 1, match[2]))
    return found


EXAMPLES = [(page, line, code) for page in PAGES for line, code in python_blocks(page)]


@pytest.mark.parametrize(
    ("page", "line", "code"),
    EXAMPLES,
    ids=[f"{page.relative_to(ROOT)}:{line}" for page, line, _ in EXAMPLES],
)
def test_example_runs(page: Path, line: int, code: str, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    # Padded so that a traceback's line numbers are the page's own.
    compiled = compile("\n" * (line - 1) + code, str(page), "exec")
    exec(compiled, {"__name__": "__docs__"})


def test_the_pages_with_examples_still_have_them() -> None:
    """A fence relabelled or an example dropped would silently leave the pages untested."""
    counts = {page.name: len(python_blocks(page)) for page in PAGES}
    for name in ("README.md", "solver.md", "research.md", "architecture.md"):
        assert counts.get(name, 0) >= 1, f"{name} has no ```python example"


def test_blocks_are_found_by_line() -> None:
    page = ROOT / "README.md"
    lines = page.read_text(encoding="utf-8").splitlines()
    for line, code in python_blocks(page):
        assert lines[line - 2].startswith("```python")
        assert lines[line - 1] == code.splitlines()[0]
