"""The benchmark scripts start: each one's imports resolve and its options parse (`--help`).

A script that cannot start is otherwise found only when someone needs its figures
(benchmarks/instant.py could not import the browser tests' helpers for a while)."""

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = [
    "solver.py",
    "hint_shortest.py",
    "hint_start.py",
    "kernel_agreement.py",
    "kernel_answers.py",
    "plain_dfs.py",
    "winnability.py",
    "load.py",
    "slow_clients.py",
    "hint_budget.py",
    "instant.py",
    "wasm.py",
    "agents.py",
    "page_bytes.py",
    "daily.py",
    "difficulty.py",
    "difficulty_speed.py",
    "kernel_instructions.py",
    "page_table.py",
    "popcount.py",
    "results.py",
    "rated_grades.py",
    "outsiders.py",
    "keys_per_move.py",
]
NOT_STARTED = {
    "solver_abuse.py": "needs Locust, the `bench` extra that `make load` installs",
    "serving.py": "what the load scripts share, not a script",
    "numba_kernel.py": "the numba kernel kernel_agreement.py compares the C kernel with, not a script",
}


def test_every_benchmark_script_is_started_or_named_with_the_reason_it_is_not():
    assert sorted(p.name for p in BENCHMARKS.glob("*.py")) == sorted(SCRIPTS + list(NOT_STARTED))


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.slow  # 43 s at load 26 (pytest --durations, 1 Dec 2026)
def test_benchmark_script_starts(script):
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=BENCHMARKS.parent,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
