"""A mutation run over the rules engines: small deliberate bugs (mutants) put into the Python engine
(src/pyramid_solitaire/engine/) and the page's rules (static/js/rules/), one at a time, and the
tests run against each. A mutant the tests fail on is killed; one they pass with survives, and
names a rule no test holds. Prints, per module, the share of mutants killed and every survivor.

    python tools/mutants.py                 # both engines (make mutants)
    python tools/mutants.py --python deal   # only engine/deal.py
    python tools/mutants.py --js game.js    # only rules/game.js

The mutants, the same kinds for both engines: a comparison turned (== and !=, < and <=, > and >=,
in and not in), an operator swapped (+ and -, * and //, & and |, << and >>, and and or), a `not`
dropped, an `if` whose branch never runs (a guard removed), a whole number one larger, True and
False swapped, an English template of a refusal changed. Docstrings, comments and type
annotations are left alone. Python mutants run the engine's tests (ENGINE_TESTS) in a forked
child that puts the mutated module in place in memory; JavaScript mutants run the conformance
checks (tests/js/conformance.mjs, as tests/js/engine.test.mjs does) on a mutated copy of rules/
(tools/mutants.mjs). The source tree is never written.
"""

import argparse
import ast
import importlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "src" / "pyramid_solitaire" / "engine"
RULES = ROOT / "src" / "pyramid_solitaire" / "static" / "js" / "rules"
# The tests that hold the engine, fastest first (pytest stops at the first failure).
ENGINE_TESTS = [
    "tests/test_board.py",
    "tests/test_rules_text.py",
    "tests/test_game.py",
    "tests/test_corpus.py",
    "tests/test_cards_decks.py",
    "tests/test_variants.py",
    "tests/test_errors.py",
    "tests/test_deal.py",
    "tests/test_cli.py",
]
TIMEOUT = 300  # seconds; a mutant that makes the tests loop this long counts as killed


@dataclass(frozen=True)
class Mutant:
    module: str  # "engine/deal.py" or "rules/deal.js"
    line: int
    what: str  # e.g. "< -> <="
    source: str  # the whole mutated module
    code: str = ""  # the line as it was, stripped: what EQUIVALENT knows a mutant by

    @property
    def equivalent(self) -> str | None:
        """Why no test can kill this mutant, if it is a known equivalent one."""
        for (module, code, what), why in EQUIVALENT.items():
            if (module, what) == (self.module, self.what) and code in self.code:
                return why
        return None


# Equivalent mutants: they change no behaviour, so no test can kill them. Each is known by its
# module, a piece of its line's code (not the line number, which moves) and the change.
# The run counts them apart: "killed" is out of all mutants, "of the others" leaves them out.
EQUIVALENT: dict[tuple[str, str, str], str] = {
    (
        "engine/errors.py",
        "c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF",
        "<= -> <",
    ): "no surrogate is printable, so the surrogate range test never decides",
    (
        "engine/errors.py",
        "c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF",
        "55296 -> 55297",
    ): "no surrogate is printable, so the surrogate range test never decides",
    (
        "engine/errors.py",
        "c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF",
        "57343 -> 57344",
    ): "no surrogate is printable, so the surrogate range test never decides",
    (
        "engine/errors.py",
        "if len(items) <= 2 else",
        "<= -> <",
    ): "a list of two reads 'a and b' either way",
    (
        "engine/game.py",
        "if isinstance(variant, str):",
        "if never taken",
    ): "Deal reads a variant id too (deal._variant)",
    ("engine/view.py", 'if record.get("deal", 0) >= JS_SAFE:', "0 -> 1"): (
        "the default, for a deck game's record (no deal), is below 2**53 either way"
    ),
    ("rules/deal.js", "for (let row = 0; row < ROWS; row++) {", "< -> <="): (
        "one more row of COVERED_BY, for slots past the pyramid that nothing reads"
    ),
    ("rules/deal.js", "for (const card of move.cards) removed[this.position.get(card)] = 1;", "1 -> 2"): (
        "a removed card is 2, not 1: every reader asks only whether it is set"
    ),
    ("rules/decks.js", "for (let i = DECK_SIZE - 1; i > 0; i--) {", "> -> >="): (
        "one more shuffle step, i = 0, swaps a card with itself"
    ),
    (
        "rules/errors.js",
        'const [letter, digits] = n < 0x100 ? ["x", 2] : n < 0x10000 ? ["u", 4] : ["U", 8];',
        "< -> <=",
    ): "U+0100 and U+10000 are printable: no escaped character is at either bound",
    (
        "rules/errors.js",
        'v.length <= 2 ? v.join(" and ")',
        "<= -> <",
    ): "a list of two reads 'a and b' either way",
    (
        "rules/errors.js",
        "types[typeof v] ?? typeof v",
        "?? -> ||",
    ): "the names in `types` are never empty",
}


# --- Python mutants ----------------------------------------------------------------------------

COMPARE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE}
COMPARE |= {ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
BINARY = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
}
BINARY |= {ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.BitXor: ast.BitOr, ast.LShift: ast.RShift}
BINARY |= {ast.RShift: ast.LShift}
SYMBOL = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.In: "in"}
SYMBOL |= {ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}
SYMBOL |= {
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
}
SYMBOL |= {ast.RShift: ">>", ast.And: "and", ast.Or: "or"}


class Points(ast.NodeTransformer):
    """Walks a module counting mutation points; mutates point `target` (None: only counts)."""

    def __init__(self, target: int | None):
        self.target, self.count, self.done = target, 0, None  # done: (line, what) once mutated

    def here(self, node: ast.AST, what: str) -> bool:
        hit = self.count == self.target
        self.count += 1
        if hit:
            self.done = (getattr(node, "lineno", 0), what)
        return hit

    # Not mutated: docstrings, annotations, the names of what a module exports.
    def visit_FunctionDef(self, node):
        node.body = [self.visit(s) for s in _without_docstring(node.body)]
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        node.body = [self.visit(s) for s in _without_docstring(node.body)]
        return node

    def visit_AnnAssign(self, node):
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    def visit_Expr(self, node):
        return node if isinstance(node.value, ast.Constant) else self.generic_visit(node)

    def visit_Compare(self, node):
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            other = COMPARE.get(type(op))
            if other and self.here(node, f"{SYMBOL[type(op)]} -> {SYMBOL[other]}"):
                node.ops[i] = other()
        return node

    def visit_BinOp(self, node):
        self.generic_visit(node)
        other = BINARY.get(type(node.op))
        if other and not _is_text(node) and self.here(node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[other]}"):
            node.op = other()
        return node

    def visit_BoolOp(self, node):
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self.here(node, f"{SYMBOL[type(node.op)]} -> {SYMBOL[other]}"):
            node.op = other()
        return node

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self.here(node, "not dropped"):
            return node.operand
        return node

    def visit_If(self, node):
        if isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            return node  # imports for annotations only, left alone as annotations are
        self.generic_visit(node)
        if self.here(node, "if never taken"):
            node.test = ast.Constant(False)
        return node

    def visit_Constant(self, node):
        if isinstance(node.value, bool):
            if self.here(node, f"{node.value} -> {not node.value}"):
                return ast.Constant(not node.value)
        elif isinstance(node.value, int) and self.here(node, f"{node.value} -> {node.value + 1}"):
            return ast.Constant(node.value + 1)
        return node

    def visit_Dict(self, node):
        """The English templates of MESSAGES (errors.py): a word changed."""
        self.generic_visit(node)
        for i, value in enumerate(node.values):
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and _is_template(node, i):
                if self.here(value, f"template of {node.keys[i].value!r} changed"):  # type: ignore[union-attr]
                    node.values[i] = ast.Constant(value.value + " (changed)")
        return node


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    first = body[0] if body else None
    if (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    ):
        return body[1:] or [ast.Pass()]
    return body


def _is_text(node: ast.BinOp) -> bool:
    """`"a" + "b"` and f-string pieces: text put together, not arithmetic (its mutants are messages)."""
    return any(
        isinstance(side, ast.Constant) and isinstance(side.value, str) for side in (node.left, node.right)
    )


def _is_template(node: ast.Dict, i: int) -> bool:
    """A template in MESSAGES of a code the engine raises (the web's and the command line's own
    are held by their tests, which a mutation run of the engine does not run)."""
    from codes import engine_codes

    key = node.keys[i]
    return isinstance(key, ast.Constant) and key.value in engine_codes() and len(node.keys) > 20


def python_mutants(path: Path) -> Iterator[Mutant]:
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    text = path.read_text(encoding="utf-8")
    counter = Points(None)
    counter.visit(ast.parse(text))
    module, lines = f"engine/{path.name}", text.splitlines()
    for target in range(counter.count):
        points = Points(target)
        tree = ast.fix_missing_locations(points.visit(ast.parse(text)))
        line, what = points.done  # type: ignore[misc]
        yield Mutant(module, line, what, ast.unparse(tree), lines[line - 1].strip())


def run_python(mutants: list[Mutant], tests: list[str]) -> list[bool]:
    """Which mutants the tests kill. pytest collects the tests once (which imports the engine and
    the test modules); then, for each mutant, a forked child puts it in place (the module's
    functions and methods get the mutated code) and runs the tests up to the first failure."""
    import pytest

    runner = ForkingRunner(mutants)
    pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:randomly", *tests], plugins=[runner])
    return runner.killed


class ForkingRunner:
    """A pytest plugin: instead of running the tests once, runs them once per mutant, each in a
    forked child of the collected session."""

    def __init__(self, mutants: list[Mutant]):
        self.mutants, self.killed, self.failed = mutants, [], False

    def pytest_runtestloop(self, session):
        for mutant in self.mutants:
            pid = os.fork()
            if pid == 0:
                os._exit(self.child(session, mutant))
            self.killed.append(_wait(pid) != 0)
        return True  # the tests themselves are not run once more

    def child(self, session, mutant: Mutant) -> int:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:  # it writes to its own copy of the terminal
            session.config.pluginmanager.unregister(reporter)
        try:
            put_in_place(mutant)
        except Exception:
            return 3  # the mutant does not even load: killed
        items = session.items
        for i, item in enumerate(items):
            nextitem = items[i + 1] if i + 1 < len(items) else None
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            if self.failed:
                return 1
        return 0

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed = True
            if os.environ.get("MUTANTS_WHY"):  # for a look at why a mutant was killed
                with open(os.environ["MUTANTS_WHY"], "a") as why:
                    why.write(f"{report.nodeid}\n{report.longreprtext[-1500:]}\n")


def put_in_place(mutant: Mutant) -> None:
    """Run the mutated module's source and give its functions' code, methods included, to the
    module already loaded (so every module that imported them runs the mutant); its other
    values (constants, tables) replace the module's own."""
    name = "pyramid_solitaire." + mutant.module.removesuffix(".py").replace("/", ".")
    module = importlib.import_module(name)  # loaded already unless only imported when used
    fresh: dict = {"__name__": name, "__package__": module.__package__, "__file__": module.__file__}
    exec(compile(mutant.source, str(module.__file__), "exec"), fresh)
    for key, new in fresh.items():
        old = getattr(module, key, None)
        if new is old or getattr(new, "__module__", name) != name:
            continue  # imported from elsewhere: not this module's to change
        if isinstance(new, type) and isinstance(old, type):
            _patch_class(old, new)
        elif callable(new) and hasattr(new, "__code__") and hasattr(old, "__code__"):
            _patch_function(old, new)
        elif not key.startswith("__") and not callable(new) and repr(new) != repr(old):
            _set_everywhere(module, key, old, new)


def _set_everywhere(module, key: str, old, new) -> None:
    """A value the mutant changed (equal values keep their classes), in the module and in every
    module that imported it by name (`from .decks import PYRAMID_SIZE`), as an edited file would
    give it to them. Values other modules worked out from it when they were imported stay as
    they were."""
    setattr(module, key, new)
    for other in list(sys.modules.values()):
        if isinstance(other, types.ModuleType) and other is not module and vars(other).get(key) is old:
            setattr(other, key, new)


def _patch_function(old, new) -> None:
    if old.__code__.co_freevars == new.__code__.co_freevars:
        old.__code__, old.__defaults__, old.__kwdefaults__ = (
            new.__code__,
            new.__defaults__,
            new.__kwdefaults__,
        )


def _patch_class(old: type, new: type) -> None:
    for key, value in vars(new).items():
        mine = vars(old).get(key)
        if isinstance(value, property) and isinstance(mine, property):
            for part in ("fget", "fset"):
                if getattr(value, part) and getattr(mine, part):
                    _patch_function(getattr(mine, part), getattr(value, part))
        elif isinstance(value, classmethod | staticmethod) and isinstance(mine, classmethod | staticmethod):
            _patch_function(mine.__func__, value.__func__)
        elif hasattr(value, "__code__") and hasattr(mine, "__code__"):
            _patch_function(mine, value)
        elif (
            not key.startswith("__")
            and not callable(value)
            and mine is not None
            and not isinstance(mine, property)
            and repr(value) != repr(mine)  # only what the mutant changed (enum members can't be set)
        ):
            setattr(old, key, value)


def _wait(pid: int) -> int:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return -1  # looped: killed


# --- JavaScript mutants ------------------------------------------------------------------------

JS_SWAPS = {"===": "!==", "!==": "===", "<=": "<", ">=": ">", "<": "<=", ">": ">=", "&&": "||", "||": "&&"}
JS_SWAPS |= {"+": "-", "-": "+", "*": "/", "%": "*", "<<": ">>", ">>": "<<", "&": "|", "|": "&", "??": "||"}
# Tokens: comments, strings and template literals, regular expressions, numbers, names, operators.
JS_TOKEN = re.compile(
    r"""(?P<comment>//[^\n]*|/\*.*?\*/)
      | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)
      | (?P<number>\b\d+(?:\.\d+)?n?\b|\b0x[0-9a-fA-F]+n?\b)
      | (?P<name>[A-Za-z_$][\w$]*)
      | (?P<op>===|!==|\*\*|=>|<<|>>>|>>|<=|>=|&&|\|\||\?\?|\+\+|--|[-+*/%<>=!&|^~?:.,;()\[\]{}])
      | (?P<space>\s+)""",
    re.S | re.X,
)
REGEX_AFTER = {"(", ",", "=", ":", "[", "!", "&&", "||", "?", "{", "}", ";", "return", "=>"}


def js_tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, offset) of every token; a `/` where an operand is due starts a regex literal."""
    tokens: list[tuple[str, str, int]] = []
    i, last = 0, ""
    while i < len(text):
        if text[i] == "/" and last in REGEX_AFTER and text[i : i + 2] not in ("//", "/*"):
            end = _regex_end(text, i)
            tokens.append(("regex", text[i:end], i))
            i, last = end, "regex"
            continue
        m = JS_TOKEN.match(text, i)
        if not m:
            raise ValueError(f"cannot read the JavaScript at offset {i}: {text[i : i + 20]!r}")
        kind = m.lastgroup or "space"
        if kind not in ("space", "comment"):
            tokens.append((kind, m.group(), i))
            last = m.group()
        i = m.end()
    return tokens


def _regex_end(text: str, start: int) -> int:
    i, in_class = start + 1, False
    while text[i] != "/" or in_class:
        if text[i] == "\\":
            i += 1
        elif text[i] == "[":
            in_class = True
        elif text[i] == "]":
            in_class = False
        i += 1
    i += 1
    while i < len(text) and text[i].isalpha():
        i += 1
    return i


def js_mutants(path: Path) -> Iterator[Mutant]:
    text = path.read_text(encoding="utf-8")
    tokens = js_tokens(text)
    module = f"rules/{path.name}"
    line = lambda offset: text.count("\n", 0, offset) + 1  # noqa: E731
    code = lambda offset: text.splitlines()[line(offset) - 1].strip()  # noqa: E731

    def mutant(offset: int, old: str, new: str, what: str) -> Mutant:
        source = text[:offset] + new + text[offset + len(old) :]
        return Mutant(module, line(offset), what, source, code(offset))

    in_messages = False
    for k, (kind, tok, at) in enumerate(tokens):
        before = tokens[k - 1][1] if k else ""
        if kind == "name" and tok == "MESSAGES" and tokens[k + 1][1] == "=":
            in_messages = True
        if in_messages and tok == "}" and kind == "op":
            in_messages = False
        if kind == "op" and tok in JS_SWAPS:
            operand_before = tokens[k - 1][0] in ("name", "number", "string") or before in (")", "]")
            if tok in ("+", "-", "*", "%", "<", ">", "&", "|") and not operand_before:
                continue  # a unary sign, not the operator
            yield mutant(at, tok, JS_SWAPS[tok], f"{tok} -> {JS_SWAPS[tok]}")
        elif kind == "op" and tok == "!" and tokens[k + 1][1] != "=":
            yield mutant(at, tok, "", "! dropped")
        elif kind == "name" and tok in ("true", "false"):
            yield mutant(
                at,
                tok,
                "false" if tok == "true" else "true",
                f"{tok} -> {'false' if tok == 'true' else 'true'}",
            )
        elif kind == "number" and not tok.startswith("0x"):
            big = tok.endswith("n")
            value = int(float(tok.rstrip("n"))) + 1
            yield mutant(at, tok, f"{value}{'n' if big else ''}", f"{tok} -> {value}{'n' if big else ''}")
        elif kind == "name" and tok == "if" and tokens[k + 1][1] == "(":
            yield Mutant(module, line(at), "if never taken", _guard_off(text, tokens, k + 1), code(at))
        elif kind == "string" and in_messages and before == ":":
            new = tok[:-1] + " (changed)" + tok[-1]
            yield mutant(at, tok, new, f"template of {tokens[k - 2][1]!r} changed")


def _guard_off(text: str, tokens: list[tuple[str, str, int]], k: int) -> str:
    """`if (cond)` as `if (false && (cond))`: the matching parenthesis found by counting."""
    start, depth = tokens[k][2], 0
    for _, tok, at in tokens[k:]:
        depth += tok == "("
        depth -= tok == ")"
        if depth == 0:
            return text[: start + 1] + "false && (" + text[start + 1 : at] + ")" + text[at:]
    raise ValueError("unbalanced parentheses")


def run_js(mutants: list[Mutant]) -> list[bool]:
    """Which mutants of one rules module the conformance checks kill, in one node process
    (tools/mutants.mjs); a mutant that keeps it busy past TIMEOUT counts as killed, and the
    run goes on after it in a new process."""
    killed: list[bool] = []
    with tempfile.TemporaryDirectory(prefix="mutants-") as tmp:
        file = Path(tmp) / "mutants.json"
        module = Path(mutants[0].module).name
        file.write_text(json.dumps({"module": module, "sources": [m.source for m in mutants]}))
        while len(killed) < len(mutants):
            runner = subprocess.Popen(
                ["node", "tools/mutants.mjs", str(file), str(len(killed))],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert runner.stdout is not None
            before = len(killed)
            while select.select([runner.stdout], [], [], TIMEOUT)[0] and (line := runner.stdout.readline()):
                killed.append(json.loads(line)["killed"])
            if len(killed) < len(mutants) and (len(killed) == before or runner.poll() is None):
                killed.append(True)  # the mutant looped, or took node down: killed
            runner.kill()
            runner.wait()
    return killed


# --- the run -----------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Mutation run over the Python engine and the page's rules.")
    parser.add_argument("--python", nargs="*", metavar="MODULE", help="engine modules (default: all)")
    parser.add_argument("--js", nargs="*", metavar="MODULE", help="rules/ modules (default: all)")
    parser.add_argument("--list", action="store_true", help="only list the mutants")
    args = parser.parse_args(argv)
    both = args.python is None and args.js is None
    python = _pick(ENGINE, "py", args.python) if both or args.python is not None else []
    js = _pick(RULES, "js", args.js) if both or args.js is not None else []
    os.chdir(ROOT)
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]
    totals = [0, 0, 0]  # killed, all, equivalent
    work = [(p, python_mutants(p)) for p in python] + [(p, js_mutants(p)) for p in js]
    for path, found in work:
        mutants = list(found)
        if args.list:
            print("\n".join(f"{m.module}:{m.line}: {m.what}" for m in mutants))
            continue
        started = time.monotonic()
        mutants.insert(0, Mutant(_module(path), 0, "unchanged", path.read_text(encoding="utf-8")))
        if not mutants:
            killed = []
        elif path.suffix == ".py":
            killed = run_python(mutants, ENGINE_TESTS)
        else:
            killed = run_js(mutants)
        if killed.pop(0):  # the module as it is must pass, or every mutant would count as killed
            raise SystemExit(f"{_module(path)}: the tests fail without a mutant; fix them first")
        mutants.pop(0)
        survivors = [m for m, k in zip(mutants, killed, strict=True) if not k]
        equivalent = [m for m in survivors if m.equivalent]
        counts = (len(mutants) - len(survivors), len(mutants), len(equivalent))
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        print(f"{_module(path)}: {_figures(*counts)} in {time.monotonic() - started:.0f} s", flush=True)
        for m in survivors:
            why = f" (equivalent: {m.equivalent})" if m.equivalent else ""
            print(f"  survived {m.module}:{m.line}: {m.what}{why}", flush=True)
    if totals[1] and not args.list:
        print(f"all: {_figures(*totals)}")
    return 0


def _figures(killed: int, total: int, equivalent: int) -> str:
    """Killed out of all mutants, then out of those that are not known equivalent ones."""
    text = f"{killed}/{total} mutants killed ({100 * killed / total if total else 100:.1f}%)"
    if equivalent:
        others = total - equivalent
        text += f", {equivalent} equivalent: {killed}/{others} of the others ({100 * killed / others:.1f}%)"
    return text


def _pick(folder: Path, ext: str, names: list[str] | None) -> list[Path]:
    every = sorted(p for p in folder.glob(f"*.{ext}") if p.name != "__init__.py")
    if not names:
        return every
    chosen = [folder / (n if n.endswith(f".{ext}") else f"{n}.{ext}") for n in names]
    for p in chosen:
        if not p.exists():
            raise SystemExit(f"no such module: {p.relative_to(ROOT)}")
    return chosen


def _module(path: Path) -> str:
    return str(path.relative_to(ROOT / "src" / "pyramid_solitaire"))


if __name__ == "__main__":
    raise SystemExit(main())
