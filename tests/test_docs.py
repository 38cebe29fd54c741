"""Every ```python block of README.md and docs/*.md runs, as a reader would paste it.

Each block runs on its own (a fresh namespace, a temporary working folder), so an example that
leans on a name from an earlier block fails here as it would for a reader. A traceback names the
page and its line. Examples state their results with `assert`, so a wrong figure fails too.
"""

import builtins
import functools
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


# --- the names the pages give exist ---------------------------------------------------------
# A page that names a file, a function, a field or a command that is not there sends its reader
# looking for nothing. Checked: every `code span` (and code block line) that is a file path, a
# dotted Python name whose head is a class or module of the package, a call `name(...)`, `make
# TARGET` or `pyramid-solitaire COMMAND`. A name of no such shape (a value, a JSON key) is not.

SPAN = re.compile(r"`([^`\n]+)`")
FILE = re.compile(r"^/?[\w./-]*\w\.(py|pyi|js|mjs|md|c|h|json|toml|html|css|wasm|webmanifest|yml|sh)$")
DOTTED = re.compile(r"^([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)(\(.*\))?$")
CALL = re.compile(r"^([A-Za-z_]\w*)\(.*\)$")
PACKAGE = ROOT / "src" / "pyramid_solitaire"
# Where a page's relative path may start: the repository, the package, the page's files, docs/.
PATH_ROOTS = [
    ROOT,
    ROOT / "src",
    PACKAGE,
    PACKAGE / "static",
    PACKAGE / "static" / "js",
    PACKAGE / "solver",
    ROOT / "docs",
]
# Written in the pages as what they are, not as names here: the web's URLs, outside programs'.
NOT_OURS = {
    "sw.js": "served at /sw.js from static/sw.js",
    "DESIGN.md": "the project's shared design, beside the repository",
    "goals/index.py": "docs/daily.md: the graded deal lists of issue 34, named as not there yet",
}


def spans(page: Path) -> list[tuple[int, str]]:
    """(line, text) of every code span of the page, outside fenced blocks."""
    text = FENCE.sub(lambda m: "\n" * m[0].count("\n"), page.read_text(encoding="utf-8"))
    return [(text.count("\n", 0, m.start()) + 1, m[1].strip()) for m in SPAN.finditer(text)]


@functools.cache
def tracked_files() -> set[str]:
    import subprocess

    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(listed.split())


@functools.cache
def names() -> tuple[dict[str, list[object]], set[str]]:
    """The package's modules and top-level classes by short name (there may be several of one
    name), and every function or class name defined in src/, tests/, tools/ and benchmarks/."""
    import ast
    import importlib
    import inspect

    heads: dict[str, list[object]] = {}
    defined: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "__main__.py":
            continue
        dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(dotted)
        heads.setdefault(dotted.rpartition(".")[2], []).append(module)
        for name, value in vars(module).items():
            if inspect.isclass(value) and value.__module__ == dotted:
                heads.setdefault(name, []).append(value)
    for folder in ("src", "tests", "tools", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    defined.add(node.name)
                if isinstance(node, ast.arg):  # a function given as an argument: pick_number()
                    defined.add(node.arg)
    return heads, defined | set(dir(builtins))


@functools.cache
def js_source() -> str:
    files = [
        *(PACKAGE / "static").rglob("*.js"),
        *(ROOT / "tests" / "js").glob("*.mjs"),
        *(ROOT / "tools").glob("*.mjs"),
    ]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def has_member(owner: object, name: str) -> bool:
    """A module's or class's attribute, a dataclass field, or an attribute its methods set."""
    import inspect

    if hasattr(owner, name) or name in getattr(owner, "__dataclass_fields__", {}):
        return True
    if inspect.isclass(owner):
        for klass in owner.__mro__:
            try:
                if re.search(rf"\bself\.{name}\b|^\s+{name}\s*:", inspect.getsource(klass), re.M):
                    return True
            except (OSError, TypeError):
                continue
    return False


def resolves(chain: list[str], candidates: list[object]) -> bool:
    for owner in candidates:
        for part in chain:
            if not has_member(owner, part):
                break
            owner = getattr(owner, part, None)
        else:
            return True
    return False


@functools.cache
def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([\w-]+):", text, re.M))


@functools.cache
def commands() -> set[str]:
    from pyramid_solitaire.cli import COMMANDS

    return set(COMMANDS)


def wrong_names(page: Path) -> list[str]:
    heads, defined = names()
    TRACKED, JS, MAKE_TARGETS, COMMANDS_NOW = tracked_files(), js_source(), make_targets(), commands()
    wrong = []
    for line, span in spans(page):
        where = f"{page.relative_to(ROOT) if page.is_relative_to(ROOT) else page.name}:{line}: `{span}`"
        if FILE.match(span):
            path = span.lstrip("/")
            found = any((base / path).exists() for base in PATH_ROOTS) or (
                "/" not in path and any(f.endswith("/" + path) or f == path for f in TRACKED)
            )
            if not found and span not in NOT_OURS:
                wrong.append(f"{where} names no file")
            continue
        if m := re.match(r"^make ([\w-]+)", span):
            if m[1] not in MAKE_TARGETS:
                wrong.append(f"{where}: the Makefile has no target {m[1]}")
            continue
        if m := re.match(r"^pyramid-solitaire ([a-z][\w-]*)", span):
            if m[1] not in COMMANDS_NOW:
                wrong.append(f"{where}: no such command")
            continue
        if m := DOTTED.match(span):
            head, chain = m[1], m[2].lstrip(".").split(".")
            if head in heads and not resolves(chain, heads[head]):
                # The page's JavaScript has classes of the same names (Game, Deal): a member named
                # in the page's modules is theirs.
                js = re.search(rf"\bclass {head}\b", JS) and re.search(
                    rf"\b{chain[-1]}\s*\(|\.{chain[-1]}\b", JS
                )
                if not js:
                    wrong.append(f"{where}: {head} has no {'.'.join(chain)}")
            continue
        if (m := CALL.match(span)) and m[1] not in defined and not re.search(rf"\b{m[1]}\s*\(", JS):
            wrong.append(f"{where}: no function {m[1]}")
    return wrong + wrong_fields(page, heads)


FIELDS = re.compile(r"\b([A-Z]\w*)\(((?:\w+, )*\w+)\)")


def wrong_fields(page: Path, heads: dict[str, list[object]]) -> list[str]:
    """`Solution(verdict, line, searched, ...)` in prose or in a comment of an example: a class's
    fields as the page lists them must be its fields."""
    wrong = []
    text = page.read_text(encoding="utf-8")
    fenced = set()
    for block in FENCE.finditer(text):
        first = text.count("\n", 0, block.start()) + 1
        fenced.update(range(first, first + block[0].count("\n") + 1))
    for number, line in enumerate(text.splitlines(), 1):
        read = line.partition("#")[2] if number in fenced else line  # in an example, its comments
        for m in FIELDS.finditer(read):
            fields = [getattr(c, "__dataclass_fields__", None) for c in heads.get(m[1], [])]
            fields = [f for f in fields if f]
            missing = [a for a in m[2].split(", ") if fields and not any(a in f for f in fields)]
            if missing:
                wrong.append(f"{page.name}:{number}: {m[0]}: {m[1]} has no field {', '.join(missing)}")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_the_names_a_page_gives_exist(page: Path) -> None:
    wrong = wrong_names(page)
    assert not wrong, "\n".join(wrong)


def test_a_name_that_is_not_there_is_found(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "`Solution.searched`, `Review.longer_by`, `web/fairness.py`, `state/local.js`, `make lint`,\n"
        "`pyramid-solitaire solve 1`, `hint_for(game)`, `Game.fromRecord`, `RateLimited.retry_after`.\n"
        "Wrong: `Solution.states`, `Review.longer`, `web/fairnes.py`, `state/locale.js`, `make chek`,\n"
        "`pyramid-solitaire solv 1`, `hint_fro(game)`, `Game.fromRecords`.\n"
        "```python\nSolution.nothing  # a code block is run, not read for names\n```\n",
        encoding="utf-8",
    )
    assert [w.partition(": ")[2] for w in wrong_names(page)] == [
        "`Solution.states`: Solution has no states",
        "`Review.longer`: Review has no longer",
        "`web/fairnes.py` names no file",
        "`state/locale.js` names no file",
        "`make chek`: the Makefile has no target chek",
        "`pyramid-solitaire solv 1`: no such command",
        "`hint_fro(game)`: no function hint_fro",
        "`Game.fromRecords`: Game has no fromRecords",
    ]


def test_the_package_docstring_lists_the_layers_as_the_layer_test_allows() -> None:
    """src/pyramid_solitaire/__init__.py: each layer with the layers it stands on, as
    tests/test_layers.py's MAY_IMPORT has them (the list once said web stood on cli)."""
    import ast

    import pyramid_solitaire

    tree = ast.parse((ROOT / "tests" / "test_layers.py").read_text(encoding="utf-8"))
    (allowed,) = (
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MAY_IMPORT"
    )
    listed = {}
    for line in (pyramid_solitaire.__doc__ or "").splitlines():
        if m := re.match(r"^    (\w+)\s.*?(?:on: (.*))?$", line):
            layers = (
                set(allowed) - {m[1]} if m[2] == "every other layer" else set(re.findall(r"\w+", m[2] or ""))
            )
            listed[m[1]] = layers | {m[1]}
    assert listed == allowed


def test_a_written_part_replaces_what_lies_between_its_markers_only(tmp_path):
    """tests/support/markers.py, what benchmarks/winnability.py and tools/difficulty_index.py
    write their tables with: the lines between one name's markers, no other name's."""
    from markers import replace_part

    page = tmp_path / "page.md"
    other = "<!-- x:u -->\nkept\n<!-- /x:u -->\n"
    page.write_text(f"a\n<!-- x:t -->\nold\n<!-- /x:t -->\n{other}")
    replace_part(page, "x:t", "new\nlines")
    assert page.read_text() == f"a\n<!-- x:t -->\nnew\nlines\n<!-- /x:t -->\n{other}"
    with pytest.raises(SystemExit, match="has no <!-- x:v --> markers"):
        replace_part(page, "x:v", "")


def table_row(folder: str) -> str:
    """The last cell of docs/architecture.md's table row for `folder` (a Python package's `name/`
    or the page's `js/name/`)."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    found = re.search(rf"^\| `{re.escape(folder)}` \|(.*)\|$", doc, re.M)
    assert found, f"docs/architecture.md has no row for {folder}"
    return found.group(1)


def top_level(cell: str) -> list[str]:
    """The items of a cell at the top: split at commas outside parentheses."""
    items, depth, item = [], 0, ""
    for ch in cell:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items, item = [*items, item.strip()], ""
        else:
            item += ch
    return [*items, item.strip()]


def listed(cell: str) -> set[str]:
    """The module names a cell lists: each top-level item's first `name` (a `folder/` with its
    own modules in the parentheses after it, as `routes/` (`health`, ...))."""
    names = set()
    for item in top_level(cell):
        first = re.match(r"`([\w./-]+)`", item)
        if first and first[1].endswith("/"):
            names |= {f"{first[1]}{inner}" for inner in re.findall(r"`(\w+)`", item[first.end() :])}
        elif first:
            names.add(first[1])
    return names


def test_the_module_tables_list_every_module_of_the_tree_and_no_other():
    """docs/architecture.md's tables of the Python layers and of the page's folders against
    src/: each module (a .py, .pyi or .js file, but __init__.py) listed in its folder's row."""
    package = ROOT / "src" / "pyramid_solitaire"
    wrong = []
    layers = ("engine", "solver", "goals", "research", "results", "cli", "web")
    for folder in layers:
        cells = table_row(f"{folder}/").split(" | ")
        files = [p for p in (package / folder).rglob("*.py*") if p.suffix in {".py", ".pyi"}]
        tree = {p.relative_to(package / folder).with_suffix("").as_posix() for p in files}
        tree -= {"__init__"} | {n for n in tree if n.endswith("/__init__")}
        shown = listed(cells[-1])
        wrong += [f"{folder}/{n} is not in the table" for n in sorted(tree - shown)]
        wrong += [f"{folder}/{n} is in the table but not in src/" for n in sorted(shown - tree)]
    page = package / "static" / "js"
    folders = sorted(p.name for p in page.iterdir() if p.is_dir())
    for folder in folders:
        cells = table_row(f"js/{folder}/").split(" | ")
        tree = {p.stem for p in (page / folder).glob("*.js")}
        shown = set(re.findall(r"`([\w-]+)`", cells[0]))
        wrong += [f"js/{folder}/{n}.js is not in the table" for n in sorted(tree - shown)]
    assert wrong == []
    assert listed("`a` (x, `b`), `r/` (`c`, `d`), `e`") == {"a", "r/c", "r/d", "e"}
