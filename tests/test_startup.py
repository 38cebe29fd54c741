"""A lean start: `pyramid-solitaire solve N` loads what solving a deal needs and nothing else.

Held by module names and counts, never by seconds (benchmarks/solver.py --startup prints those):
the web app, research, the page's JSON and game records, the version lookup and the modules other
commands run on stay unloaded, and the command line builds the parser of the command it runs
alone (argparse's set-up of the other nine cost more than solving deal 1: docs/solver.md).
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pyramid_solitaire import cli
from pyramid_solitaire.cli.common import terminal_columns

# Not for `solve`: each with what it is for.
NOT_LOADED = {
    "pyramid_solitaire.web": "the web app (serve, site)",
    "pyramid_solitaire.research": "win rates on Dask (stats)",
    "pydantic": "the web app's settings",
    "fastapi": "the web app",
    "uvicorn": "the web server",
    "numpy": "research only",
    "numba": "the old kernel",
    "pyarrow": "research rows",
    "distributed": "the Dask cluster",
    "importlib.metadata": "__version__, read only for --version",
    "pyramid_solitaire.engine.game": "game records (hint, review, play)",
    "pyramid_solitaire.engine.board": "the drawn layout (deal, play)",
    "pyramid_solitaire.cli.records": "game files (hint, review, play)",
    "pyramid_solitaire.solver.hints": "hint",
    "pyramid_solitaire.solver.review": "review",
    "json": "--json only",
    "logging": "stats' stop",
    "threading": "stats' watchdog",
    "shutil": "argparse's terminal width, read by cli.common.terminal_columns instead",
    "hashlib": "daily deals",
    "secrets": "random deals",
    "datetime": "daily deals and exports",
}
# Beyond the 25 of a bare `python -c pass`, `python -m pyramid_solitaire solve 1` imports 66 (108
# before the lean start): the engine, the solver and its C kernel, argparse, re, typing, enum,
# dataclasses (with inspect, ast, dis) and runpy's own. A few more may come; dozens may not.
MOST_BEYOND_BARE = 75


def imported(*args: str) -> set[str]:
    """The modules a fresh interpreter imports running `args`, as -X importtime lists them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *args], capture_output=True, text=True, check=True
    )
    rows = [line.split("|") for line in done.stderr.splitlines() if line.startswith("import time:")]
    return {row[2].strip() for row in rows[1:]}  # the first row is the heading


# The installed command (the script pip writes: a plain import of cli.main) and `python -m`.
ENTRY_POINTS = {
    "script": [str(Path(sys.executable).parent / "pyramid-solitaire")],
    "-m": ["-m", "pyramid_solitaire"],
}


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_solve_loads_what_solving_needs_and_nothing_else(entry):
    loaded = imported(*ENTRY_POINTS[entry], "solve", "1")
    assert "pyramid_solitaire.solver._kernel" in loaded  # the command did run the search
    wrong = sorted(
        f"{module} ({NOT_LOADED[name]})"
        for module in loaded
        for name in NOT_LOADED
        if module == name or module.startswith(name + ".")
    )
    assert wrong == []
    beyond = loaded - imported("-c", "pass")
    assert len(beyond) <= MOST_BEYOND_BARE, sorted(beyond)


def test_a_command_named_first_is_the_only_parser_built(monkeypatch, capsys):
    built = []
    for name, add in cli.COMMANDS.items():
        monkeypatch.setitem(
            cli.COMMANDS, name, lambda sub, add=add, name=name: built.append(name) or add(sub)
        )
    assert cli.main(["variants"]) == 0
    assert built == ["variants"]
    built.clear()
    assert cli.main(["varients"]) == 2  # not a command: the full parser names them all
    assert built == list(cli.COMMANDS) and "choose from 'variants'" in capsys.readouterr().err


def commands_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_each_entry_of_the_table_adds_its_own_command(name):
    assert list(commands_of(cli.build_parser(name))) == [name]


def test_help_is_laid_out_as_argparse_lays_it_out(monkeypatch):
    shown = []
    for columns in ("50", "120"):
        monkeypatch.setenv("COLUMNS", columns)
        solve = commands_of(cli.build_parser("solve"))["solve"]
        shown.append(solve.format_help())
        solve.formatter_class = argparse.RawDescriptionHelpFormatter  # its width from shutil
        assert shown[-1] == solve.format_help()
    assert shown[0] != shown[1]  # the width is followed, not fixed


def test_help_without_a_width_or_a_terminal_is_80_columns(monkeypatch):
    def no_terminal(fd: int) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    for columns in ("", "0", "wide"):
        monkeypatch.setenv("COLUMNS", columns)
        assert terminal_columns() == 80
    monkeypatch.setenv("COLUMNS", "132")
    assert terminal_columns() == 132
