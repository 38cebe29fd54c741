"""The option table's nesting check (benchmarks/winnability.py `options-table`): a deal won under
some rules and lost under rules that keep every win of those is named, cell pair and deal."""

import importlib.util
from pathlib import Path

from pyramid_solitaire.research import dataset
from pyramid_solitaire.research.dataset import Series

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "winnability.py"
spec = importlib.util.spec_from_file_location("winnability_script", SCRIPT)
winnability = importlib.util.module_from_spec(spec)
spec.loader.exec_module(winnability)


def store(folder: Path, variant: str, verdicts: list[str]) -> None:
    """Deals 0..n-1 of one cell with these verdicts (a won deal with a line of 40 steps)."""
    n = len(verdicts)
    steps = [40 if v == "winnable" else -1 for v in verdicts]
    table = dataset.table_of(list(range(n)), verdicts, steps, [1] * n, [0.0] * n, [False] * n)
    dataset.write_chunk(str(folder), Series(variant), 0, n - 1, table)


def nesting_of(folder: Path) -> tuple[int, int, list[str]]:
    return winnability.nesting(winnability.stored_cells(folder)[1])


def test_a_deal_won_with_one_pass_and_lost_with_two_is_named(tmp_path):
    store(tmp_path, "pyramid:passes=1", ["winnable", "winnable", "unwinnable"])
    store(tmp_path, "pyramid:passes=2", ["winnable", "unwinnable", "unwinnable"])
    assert nesting_of(tmp_path) == (1, 3, ["pyramid:passes=1 -> pyramid:passes=2: deals [1]"])


def test_wins_kept_by_looser_rules_pass_the_check(tmp_path):
    store(tmp_path, "pyramid:passes=1,win=all", ["winnable", "unwinnable"])
    store(tmp_path, "pyramid:passes=1", ["winnable", "winnable"])
    store(tmp_path, "open-stock:passes=1,win=all", ["winnable", "winnable"])
    assert nesting_of(tmp_path) == (2, 4, [])


def test_a_win_lost_with_more_moves_is_named(tmp_path):
    """Overlap discards added and the stock's top playable each keep every win."""
    store(tmp_path, "pyramid:passes=unlimited", ["winnable", "winnable"])
    store(tmp_path, "pyramid:passes=unlimited,overlap=yes", ["unwinnable", "winnable"])
    store(tmp_path, "open-stock:passes=unlimited", ["winnable", "unwinnable"])
    assert nesting_of(tmp_path) == (
        2,
        4,
        [
            "pyramid:passes=unlimited -> pyramid:passes=unlimited,overlap=yes: deals [0]",
            "pyramid:passes=unlimited -> open-stock:passes=unlimited: deals [1]",
        ],
    )


def test_the_text_names_each_broken_pair_on_its_own_line():
    text = winnability.nesting_text(100, 10_000_000, ["a -> b: deals [7]"])
    assert "10,000,000 deals compared; 1 pairs" in text.replace("\n", " ")
    assert text.endswith("\n- a -> b: deals [7]")
