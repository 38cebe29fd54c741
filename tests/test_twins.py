"""The twins: Python modules the page has a line-for-line copy of, named in one place, the table
"The twins" of docs/architecture.md. A Python module of engine/, solver/ or goals/ and a page module
of rules/, solver/ or goals/ (the folders side by side) with the same name are twins unless the
table's note says they are not. Each row names the corpus and the tests that hold the pair to each
other, and the code of both sides as they were last checked together (a digest of each, comments,
docstrings and layout left out): a side whose code changed while its twin's did not fails here,
naming the twin and the tests to look at. Run `python tests/test_twins.py` for the digests."""

import ast
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pyramid_solitaire"
JS = PACKAGE / "static" / "js"
FOLDERS = {"engine": "rules", "solver": "solver", "goals": "goals"}  # Python folder -> the page's
DOC = ROOT / "docs" / "architecture.md"
ROW = re.compile(r"^\| `(\w+/\w+\.py)` \| `(\w+/[\w-]+\.js)` \| (.+) \| `(\w{8})` `(\w{8})` \|$")
NOT_TWINS = re.compile(r"^Same name, not twins: (.+)\.$", re.M)


def digest_py(path: Path) -> str:
    """The module's code without its docstrings and comments (what ast keeps), as ast writes it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            if isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return hashlib.sha256(ast.unparse(tree).encode()).hexdigest()[:8]


def digest_js(path: Path) -> str:
    """The module's code without its comments (a // after a space or at a line's start, and
    /* ... */) and with its whitespace run together."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"(^|\s)//.*$", " ", text, flags=re.M)
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()[:8]


def table() -> list[tuple[str, str, str, str, str]]:
    """The rows of docs/architecture.md's table of twins: Python module, page module, what holds
    them, and the two digests."""
    rows = [m.groups() for line in DOC.read_text(encoding="utf-8").splitlines() if (m := ROW.match(line))]
    assert len(rows) > 10, "docs/architecture.md: the table of twins is not found"
    return rows


def not_twins() -> set[tuple[str, str]]:
    """The pairs of one name that the table's note says are not twins."""
    found = NOT_TWINS.search(DOC.read_text(encoding="utf-8"))
    assert found, "docs/architecture.md: the note 'Same name, not twins: ...' is not found"
    return set(re.findall(r"`(\w+/\w+\.py)` and `(\w+/[\w-]+\.js)`", found.group(1)))


def same_names() -> set[tuple[str, str]]:
    """Every pair the rule calls twins: one name in folders side by side."""
    return {
        (f"{py}/{path.stem}.py", f"{page}/{path.stem}.js")
        for py, page in FOLDERS.items()
        for path in (PACKAGE / py).glob("*.py")
        if (JS / page / f"{path.stem}.js").exists()
    }


def test_every_pair_of_one_name_is_in_the_table_or_named_as_not_twins():
    listed = {(py, page) for py, page, *_ in table()}
    missing = same_names() - listed - not_twins()
    assert not missing, f"twins missing from docs/architecture.md's table: {sorted(missing)}"
    assert not (listed & not_twins()), "a pair is both a twin and not"
    for py, page in listed | not_twins():
        assert (PACKAGE / py).exists() and (JS / page).exists(), f"{py} / {page}: no such module"


def test_what_holds_each_pair_exists_and_reads_the_corpus():
    for py, page, held, *_ in table():
        paths = re.findall(r"`([^`]+)`", held)
        corpora = [p for p in paths if p.startswith("tests/golden/")]
        tests = [p for p in paths if p.startswith("tests/") and p not in corpora]
        assert tests, f"{py} / {page}: no test named"
        for path in paths:
            assert (ROOT / path).exists(), f"{py} / {page}: {path} does not exist"
        for test in tests:
            text = (ROOT / test).read_text(encoding="utf-8")
            named = not corpora or any(Path(c).stem in text for c in corpora)
            assert named, f"{test} names none of {corpora}"


def test_no_twin_changed_without_the_other():
    changed = []
    for py, page, held, sealed_py, sealed_js in table():
        now_py, now_js = digest_py(PACKAGE / py), digest_js(JS / page)
        if (now_py, now_js) == (sealed_py, sealed_js):
            continue
        side, twin = (py, page) if now_py != sealed_py else (page, py)
        alone = now_py == sealed_py or now_js == sealed_js
        what = f"{side} changed and {twin} did not" if alone else f"{py} and {page} both changed"
        changed.append(
            f"{what}: make them agree ({held}), then write `{now_py}` `{now_js}` in the row of "
            "docs/architecture.md's table of twins"
        )
    assert not changed, "\n".join(changed)


def test_the_digests_leave_out_comments_and_docstrings_only(tmp_path):
    py, js = tmp_path / "a.py", tmp_path / "a.js"
    py.write_text('"""Doc."""\n\n# a comment\nX = 1\n\n\ndef f():\n    """Doc."""\n    return X\n')
    js.write_text("// a comment\nexport const X = 1; /* more */\nconst url = 'https://x';\n")
    before = digest_py(py), digest_js(js)
    py.write_text("X = 1\ndef f():\n    return X  # why\n")
    js.write_text("export const X = 1;\n  const url = 'https://x'; // why\n")
    assert (digest_py(py), digest_js(js)) == before
    py.write_text("X = 2\ndef f():\n    return X\n")
    js.write_text("export const X = 1;\nconst url = 'https://y';\n")
    assert digest_py(py) != before[0] and digest_js(js) != before[1]


if __name__ == "__main__":  # the digests of every pair the rule finds, for the table
    for py, page in sorted(same_names() - not_twins()):
        print(f"`{py}` `{page}` `{digest_py(PACKAGE / py)}` `{digest_js(JS / page)}`", file=sys.stdout)
