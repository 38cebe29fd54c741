"""`stats` on Dask: a local cluster, a cluster started with Dask's own commands, stored rows that
survive a stop and resume, and the flat-memory tally."""

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pyarrow.parquet as pq
import pytest

from pyramid_solitaire import __version__
from pyramid_solitaire.cli import main
from pyramid_solitaire.research import dataset
from pyramid_solitaire.research.dataset import Chunk, Series
from pyramid_solitaire.research.winrates import Row, WinRateTally, summary, wilson

GOLDEN = json.loads((Path(__file__).parent / "golden" / "solver_verdicts.json").read_text())["verdicts"]
BIN = Path(sys.executable).parent
LETTER = {"winnable": "W", "unwinnable": "U"}


def stored(folder: Path, series: Series) -> list[dict]:
    """Every stored row, in file order."""
    return [
        row
        for table in dataset.read_rows(dataset.stored_chunks(str(folder), series))
        for row in table.to_pylist()
    ]


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def test_csv_rows_name_their_variant_solver_version_and_time_limit(tmp_path, capsys):
    """As the Parquet rows do: a CSV row read alone still says what it was solved with."""
    rows = dataset.table_of([7, 8], ["winnable", "unknown"], [30, -1], [5, 6], [0.25, 5.0], [False, False])
    dataset.write_chunk(
        str(tmp_path), Series("giza"), 7, 8, dataset.described(rows, Series("giza"), 5.0, "v9")
    )
    assert main(["stats", "--summary", str(tmp_path), "--csv", str(tmp_path / "rows.csv")]) == 0
    capsys.readouterr()
    assert (tmp_path / "rows.csv").read_text().splitlines() == [
        "variant,deal,verdict,steps,states,seconds,solver_version,time_limit",
        "giza,7,winnable,30,5,0.250000,v9,5.0",
        "giza,8,unknown,,6,5.000000,v9,5.0",
    ]


@pytest.mark.slow  # 33 s at load 26 (pytest --durations, 1 Dec 2026)
def test_local_cluster_agrees_with_the_golden_verdicts(tmp_path, capsys):
    out = tmp_path / "rows"
    argv = ["stats", "--variant", "pyramid", "--deals", "0..59", "--jobs", "2", "--chunk", "10"]
    assert main([*argv, "--out", str(out), "--csv", str(tmp_path / "rows.csv")]) == 0
    captured = capsys.readouterr()
    assert "60/60" in captured.err and re.search(r"deal/s|s/deal", captured.err)  # tqdm's bar with its rate
    assert "pyramid: 60 deals (0..59)" in captured.out and "win rate" in captured.out
    assert len(list(out.glob("pyramid.*.parquet"))) == 6  # one file per chunk
    rows = stored(out, Series("pyramid"))
    assert [r["deal"] for r in rows] == list(range(60))
    assert "".join(LETTER[r["verdict"]] for r in rows) == GOLDEN["pyramid"][:60]
    csv_lines = (tmp_path / "rows.csv").read_text().splitlines()
    assert csv_lines[0] == ",".join(dataset.CSV_FIELDS) and len(csv_lines) == 61
    # The summary from the stored rows alone prints the same figures.
    assert main(["stats", "--summary", str(out)]) == 0
    assert capsys.readouterr().out == captured.out


@pytest.mark.slow  # 32 s at load 26 (pytest --durations, 1 Dec 2026)
def test_dask_scheduler_and_worker_started_with_dasks_own_commands(tmp_path, capsys):
    """`dask scheduler` and `dask worker` on 127.0.0.1, as the README tells a cluster's owner."""
    info = tmp_path / "scheduler.json"
    common = ["--no-dashboard", "--host", "127.0.0.1"]
    logs = (tmp_path / "scheduler.log").open("w"), (tmp_path / "worker.log").open("w")
    scheduler = subprocess.Popen(
        [BIN / "dask", "scheduler", "--port", "0", "--scheduler-file", info, *common], stderr=logs[0]
    )
    worker = None
    try:
        wait_for(info.exists, 60, "the scheduler's file")
        wait_for(lambda: "address" in info.read_text(), 10, "the scheduler's address")
        address = json.loads(info.read_text())["address"]
        worker = subprocess.Popen(
            [BIN / "dask", "worker", "--scheduler-file", info, "--nthreads", "1", *common], stderr=logs[1]
        )
        out = tmp_path / "rows"
        argv = ["stats", "--variant", "giza", "--deals", "0..599", "--scheduler", address, "--out", str(out)]
        assert main([*argv, "--chunk", "100"]) == 0
        assert "giza: 600 deals (0..599)" in capsys.readouterr().out
        rows = stored(out, Series("giza"))
        assert [r["deal"] for r in rows] == list(range(600))
        # The golden verdicts come from an independent search (tests/golden/solver_verdicts.json).
        assert "".join(LETTER[r["verdict"]] for r in rows) == GOLDEN["giza"][:600]
    finally:
        for process in (worker, scheduler):
            if process is not None:
                process.terminate()
                process.wait(timeout=30)
        for log in logs:
            log.close()


@pytest.mark.slow  # 51 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_run_stopped_halfway_and_restarted_has_each_deal_once(tmp_path):
    out = tmp_path / "rows"
    argv = [BIN / "pyramid-solitaire", "stats", "--variant", "giza", "--deals", "0..399", "--chunk", "10"]
    first = subprocess.Popen(
        [*argv, "--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        wait_for(lambda: len(list(out.glob("*.parquet"))) >= 3, 120, "three finished chunks")
        first.send_signal(signal.SIGTERM)  # as `kill` or a shutdown would; it stops as Ctrl-C does
        assert first.wait(timeout=60) == 143  # 128 + SIGTERM, told apart from Ctrl-C's 130
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
    assert "run again to resume" in first.stderr.read().decode()
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("*.parquet")}
    assert 3 <= len(kept) < 40, "the run was to be stopped halfway"
    again = subprocess.run([*argv, "--out", out], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    rows = stored(out, Series("giza"))
    assert sorted(r["deal"] for r in rows) == list(range(400))  # each deal exactly once
    assert "".join(LETTER[r["verdict"]] for r in rows) == GOLDEN["giza"][:400]
    # The restart solved only what was missing: the files of the first run are untouched.
    assert all(out.joinpath(name).stat().st_mtime_ns == mtime for name, mtime in kept.items())


def chunks(*spans: tuple[int, int]) -> list[Chunk]:
    return [Chunk(a, b, f"{a}-{b}") for a, b in spans]


def test_missing_deals_are_the_gaps_cut_at_chunk_boundaries():
    have = chunks((0, 9), (20, 24), (30, 39))
    assert list(dataset.missing(range(0, 50), have, 10)) == [
        range(10, 20),
        range(25, 30),
        range(40, 50),
    ]
    assert list(dataset.missing(range(5, 35), have, 10)) == [range(10, 20), range(25, 30)]
    assert list(dataset.missing(range(0, 10), have, 10)) == []
    assert list(dataset.missing(range(3, 28), [], 10)) == [range(3, 10), range(10, 20), range(20, 28)]
    assert dataset.covered(range(5, 35), have) == [(5, 9), (20, 24), (30, 34)]


def test_a_folder_with_a_deal_twice_is_refused(tmp_path):
    table = dataset.table_of([0, 1], ["winnable", "unwinnable"], [28, -1], [5, 6], [0.1, 0.2], [False, False])
    dataset.write_chunk(str(tmp_path), Series("giza"), 0, 1, table)
    dataset.write_chunk(str(tmp_path), Series("giza"), 1, 2, table)
    (tmp_path / ".giza.00000000000000000002-00000000000000000003.parquet.7.tmp").write_bytes(b"half")
    with pytest.raises(ValueError, match="twice"):
        dataset.stored_chunks(str(tmp_path), Series("giza"))
    assert main(["stats", "--summary", str(tmp_path)]) == 2


def test_stored_rows_keep_their_columns(tmp_path):
    table = dataset.table_of([7, 8], ["winnable", "unknown"], [30, -1], [5, 6], [0.1, 0.2], [True, False])
    dataset.write_chunk(str(tmp_path), Series("pyramid", shortest=True), 7, 8, table)
    (name,) = os.listdir(tmp_path)  # the hidden file was renamed, not left behind
    assert name == "pyramid.shortest.00000000000000000007-00000000000000000008.parquet"
    back = pq.read_table(tmp_path / name).to_pylist()
    assert back[0] == {
        "variant": "pyramid",
        "deal": 7,
        "verdict": "winnable",
        "steps": 30,
        "states": 5,
        "seconds": 0.1,
        "shortest": True,
        "solver_version": "unrecorded",  # bare rows (table_of): no solver stamped them
        "package_version": __version__,  # but this release wrote them
        "time_limit": None,
    }
    assert back[1]["steps"] is None
    assert dataset.stored_series(str(tmp_path)) == [Series("pyramid", True)]


def test_tally_a_chunk_at_a_time_equals_all_at_once():
    rows = [
        Row(n, "winnable" if n % 3 else "unwinnable", 20 + n % 7 if n % 3 else None, n, n / 1000)
        for n in range(1, 200)
    ]
    whole = summary(rows)
    parts = WinRateTally()
    for start in range(0, len(rows), 17):
        parts.add_rows(rows[start : start + 17])
    assert parts.summary() == whole
    assert whole.slowest[0] == (199, 0.199) and len(whole.slowest) == 10
    assert whole.most_states[:2] == [(199, 199, 0.199), (198, 198, 0.198)]
    assert whole.longest[0] == (13, 26)  # the lowest deal among the longest lines
    assert sum(whole.lines.values()) == whole.winnable
    assert whole.median == pytest.approx(0.1, rel=2e-3) and whole.p99 == pytest.approx(0.198, rel=2e-3)


def test_summary_with_no_stored_rows_says_so(tmp_path, capsys):
    assert main(["stats", "--summary", str(tmp_path)]) == 2
    assert "holds no solved deals" in capsys.readouterr().err


def test_stats_without_deals_or_summary_is_a_usage_error(capsys):
    assert main(["stats"]) == 2
    assert "--deals" in capsys.readouterr().err


def start_and_kill_a_worker(argv: list, out: Path, env: dict | None = None) -> subprocess.Popen:
    """Start a run, and once two chunks are stored kill -9 its worker process (as the kernel's
    out-of-memory killer would); the run is returned still going."""
    run = subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True, env=env
    )
    try:
        wait_for(lambda: len(list(out.glob("*.parquet"))) >= 2, 120, "two finished chunks")
        (worker,) = [p for p in psutil.Process(run.pid).children() if "spawn_main" in " ".join(p.cmdline())]
        worker.kill()
    except BaseException:
        os.killpg(run.pid, signal.SIGKILL)
        raise
    return run


@pytest.mark.slow
def test_a_worker_that_dies_is_said_and_its_chunks_are_solved_again(tmp_path):
    out = tmp_path / "rows"
    argv = [BIN / "pyramid-solitaire", "stats", "--variant", "giza", "--deals", "0..299", "--chunk", "10"]
    with contextlib.ExitStack() as taken:  # Dask's default port taken, here if not by another
        with contextlib.suppress(OSError):
            taken.enter_context(socket.create_server(("", 8787)))
        run = start_and_kill_a_worker([*argv, "--no-dashboard", "--out", out], out)
        _, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert "a Dask worker died (tcp://127.0.0.1:" in err and "Traceback" not in err
    assert "Warning" not in err  # no 'Port 8787 is already in use' with no dashboard asked for
    assert "a Dask worker joined" in err  # the local cluster started another
    rows = stored(out, Series("giza"))
    assert sorted(r["deal"] for r in rows) == list(range(300))  # each deal exactly once


@pytest.mark.slow
def test_a_chunk_whose_workers_all_die_is_one_line_and_the_run_resumes(tmp_path):
    out = tmp_path / "rows"
    # Chunks of 50 pyramid deals keep the worker busy (seconds a chunk), so it dies in a chunk: with
    # giza's chunks of 10 (milliseconds) it was often killed between two, which fails nothing.
    argv = [BIN / "pyramid-solitaire", "stats", "--variant", "pyramid", "--deals", "0..399", "--chunk", "50"]
    # No retry: the first death fails its chunks at once (Dask's KilledWorker).
    env = {**os.environ, "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
    run = start_and_kill_a_worker([*argv, "--no-dashboard", "--out", out], out, env)
    _, err = run.communicate(timeout=300)
    assert run.returncode == 2, err
    (line,) = [line for line in err.splitlines() if "error" in line]
    assert line.startswith("pyramid-solitaire stats: error: the Dask workers died each time they ran")
    assert f"stored in {out}: run again to resume" in line and "Traceback" not in err
    again = subprocess.run([*argv, "--out", out], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert sorted(r["deal"] for r in stored(out, Series("pyramid"))) == list(range(400))


def test_unknown_deals_bound_the_win_rate_over_all_deals():
    """Three won, five lost, two past the budget: 30% if both unknowns are lost, 50% if won."""
    verdicts = ["winnable"] * 3 + ["unwinnable"] * 5 + ["unknown"] * 2
    s = summary(Row(n, v, 30 if v == "winnable" else None, 10, 0.01) for n, v in enumerate(verdicts))
    assert (s.winnable, s.unwinnable, s.unknown) == (3, 5, 2)
    assert s.win_rate == 3 / 8  # among the decided
    assert s.bounds == (0.3, 0.5)
    assert s.bounds_interval == (wilson(3, 10)[0], wilson(5, 10)[1])


def test_the_summary_says_the_bounds_when_deals_are_unknown(tmp_path, capsys):
    verdicts = ["winnable", "unknown", "unwinnable", "unwinnable"]
    steps, states = [30, -1, -1, -1], [5, 50_000, 6, 7]
    rows = dataset.table_of([0, 1, 2, 3], verdicts, steps, states, [0.1, 1.5, 0.1, 0.1], [False] * 4)
    series = Series("pharaohs")
    dataset.write_chunk(str(tmp_path), series, 0, 3, dataset.described(rows, series, None, "plain-50000"))
    assert main(["stats", "--summary", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "winnable 1, unwinnable 2, unknown 1" in out
    assert "over all 4 deals, the 1 unknown counted lost .. won: 25.00% to 50.00%" in out
    assert "positions searched per deal: mean 12,504; most: 1 (50,000), 3 (7)" in out


def test_a_family_games_rows_are_stamped_with_the_search_that_solved_them():
    """Apophis with four passes on the plain search within its budget (the kernel's gathered word
    holds two gathers), Pharaohs on the kernel since it reads layouts as data, Thirteen on it
    through its twin, Apophis on it since it gathers (c/gather.c)."""
    from pyramid_solitaire.engine.deal import Deal
    from pyramid_solitaire.research.cluster import solve_chunk
    from pyramid_solitaire.solver.reference import PLAIN_NODES, plain_solve
    from pyramid_solitaire.solver.version import SOLVER_VERSION

    table = solve_chunk(Series("apophis:passes=4"), 1, 2, None)  # both won within 40 positions
    assert set(table["solver_version"].to_pylist()) == {f"plain-{PLAIN_NODES}"}
    plain = [plain_solve(Deal.from_number("apophis:passes=4", n)) for n in (1, 2)]
    assert table["verdict"].to_pylist() == [p.verdict for p in plain]
    assert table["states"].to_pylist() == [p.searched for p in plain]
    for game in ("pharaohs", "thirteen", "apophis"):
        assert set(solve_chunk(Series(game), 0, 0, None)["solver_version"].to_pylist()) == {SOLVER_VERSION}


def test_plain_search_rows_are_never_added_to_the_kernels(tmp_path, capsys):
    """Once the kernel plays Pharaohs (its stamp SOLVER_VERSION), a folder of the plain search's
    rows is refused before any deal is solved: a new folder, or --mixed-versions."""
    from pyramid_solitaire.research.cluster import solver_stamp

    rows = dataset.table_of([0], ["unwinnable"], [-1], [5], [0.1], [False])
    series = Series("pharaohs")
    other = "9" if solver_stamp("pharaohs") != "9" else "plain-50000"
    dataset.write_chunk(str(tmp_path), series, 0, 0, dataset.described(rows, series, None, other))
    assert main(["stats", "--variant", "pharaohs", "--deals", "1..2", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert (
        "holds rows of pharaohs from solver versions" in err
        and other in err
        and solver_stamp("pharaohs") in err
    )


@pytest.mark.slow  # 19 s at load 9 (pytest --durations, 4 Dec 2026): a local cluster starts
def test_stats_runs_a_family_game_on_dask_and_resumes(tmp_path, capsys):
    """Deals 2..3 stored as a run stopped after its first chunk leaves them; the run solves 4..5."""
    from pyramid_solitaire.research.cluster import solve_chunk, solver_stamp

    out, series = tmp_path, Series("pharaohs")
    dataset.write_chunk(str(out), series, 2, 3, solve_chunk(series, 2, 3, None))
    argv = ["stats", "--variant", "pharaohs", "--deals", "2..5", "--jobs", "1", "--chunk", "2"]
    assert main([*argv, "--out", str(out), "--no-dashboard"]) == 0
    captured = capsys.readouterr()
    assert "pharaohs: 4 deals (2..5)" in captured.out
    assert f"solver version {solver_stamp('pharaohs')};" in captured.out  # the kernel's since version 10
    assert "2/4" in captured.err  # the bar starts at the deals already stored
    assert [r["deal"] for r in stored(out, series)] == [2, 3, 4, 5]
    assert len(list(out.glob("pharaohs.*.parquet"))) == 2
