"""The family's win-rate table (benchmarks/winnability.py `family-table`): who solved each game,
and the unknown deals counted both ways, never as losses."""

import importlib.util
from pathlib import Path

from pyramid_solitaire.research import dataset
from pyramid_solitaire.research.dataset import Series

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "winnability.py"
spec = importlib.util.spec_from_file_location("winnability_script", SCRIPT)
winnability = importlib.util.module_from_spec(spec)
spec.loader.exec_module(winnability)


def store(folder: Path, game: str, verdicts: list[str], version: str) -> None:
    n = len(verdicts)
    steps = [40 if v == "winnable" else -1 for v in verdicts]
    states = [50_000 if v == "unknown" else 100 + k for k, v in enumerate(verdicts)]
    rows = dataset.table_of(list(range(n)), verdicts, steps, states, [0.01] * n, [False] * n)
    series = Series(game)
    dataset.write_chunk(str(folder), series, 0, n - 1, dataset.described(rows, series, None, version))


def test_a_games_line_says_its_search_and_bounds_the_rate_by_its_unknowns(tmp_path):
    store(tmp_path, "cheops", ["winnable", "unwinnable", "unknown", "unknown"], "plain-50000")
    store(tmp_path, "thirteen", ["winnable", "unwinnable"], "9")
    header, rule, cheops, thirteen = winnability.family_text(tmp_path).splitlines()
    cells = [c.strip() for c in cheops.strip("|").split("|")]
    assert cells[:6] == [
        "cheops",
        "plain search, 50,000 positions",
        "4 (0..3)",
        "1, 1, 2",
        "50.00% (9.45 to 90.55)",  # of the two decided
        "25.00% .. 75.00% (4.56 to 95.44)",  # the two unknowns lost .. won, of all four
    ]
    assert cells[6] == "25,050, 50,000" and cells[8].startswith("[2](/?variant=cheops&deal=2) (50,000)")
    assert thirteen.startswith("| thirteen | kernel, version 9 | 2 (0..1) | 1, 1, 0 |")
    assert header.count("|") == rule.count("|") == cheops.count("|")
