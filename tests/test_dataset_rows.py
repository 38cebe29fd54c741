"""Stored rows say what they are: variant, solver version, time limit, shortest; a summary
never adds up rows of two solver versions without being told to."""

import json

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from pyramid_solitaire import __version__
from pyramid_solitaire.cli import main
from pyramid_solitaire.research import cluster, dataset, grading
from pyramid_solitaire.research.dataset import Series
from pyramid_solitaire.solver.version import SOLVER_VERSION


def test_a_folder_of_two_variants_reads_back_told_apart(tmp_path):
    for variant in ("giza", "classic"):
        series = Series(variant)
        dataset.write_chunk(str(tmp_path), series, 0, 9, cluster.solve_chunk(series, 0, 9, time_limit=5.0))
    rows = pq.read_table(tmp_path)  # any Parquet reader, without the file names
    assert rows.num_rows == 20
    pairs = {(r["variant"], r["deal"]) for r in rows.select(["variant", "deal"]).to_pylist()}
    assert len(pairs) == 20  # 20 distinct (variant, deal), not 10 deals twice
    assert set(rows.column("solver_version").to_pylist()) == {SOLVER_VERSION}
    assert set(rows.column("package_version").to_pylist()) == {__version__}  # which release made them
    assert set(rows.column("time_limit").to_pylist()) == {5.0}


def test_each_file_says_what_it_holds_in_its_metadata(tmp_path):
    series = Series("giza", shortest=True)
    dataset.write_chunk(str(tmp_path), series, 0, 4, cluster.solve_chunk(series, 0, 4, time_limit=None))
    (path,) = tmp_path.glob("*.parquet")
    facts = json.loads(pq.read_schema(path).metadata[b"pyramid_solitaire"])
    assert facts == {
        "variant": "giza",
        "shortest_search": True,
        "solver_version": SOLVER_VERSION,
        "package_version": __version__,
        "time_limit": None,
    }


def test_files_older_than_the_columns_read_with_their_names_variant(tmp_path):
    old = pa.table(
        {
            "deal": pa.array([3], pa.uint64()),
            "verdict": ["winnable"],
            "steps": pa.array([40], pa.int32()),
            "states": [9],
            "seconds": [0.5],
            "shortest": [False],
        }
    )
    pq.write_table(old, tmp_path / Series("open-stock").file_name(3, 3))
    (table,) = dataset.read_rows(dataset.stored_chunks(str(tmp_path), Series("open-stock")))
    assert table.to_pylist()[0]["variant"] == "open-stock"
    assert table.to_pylist()[0]["solver_version"] == "unrecorded"
    assert table.to_pylist()[0]["package_version"] == "unrecorded"


def test_files_older_than_the_package_version_column_read_it_as_unrecorded(tmp_path):
    series = Series("giza")
    rows = cluster.solve_chunk(series, 0, 2, time_limit=5.0).drop_columns(["package_version"])
    pq.write_table(rows, tmp_path / series.file_name(0, 2))  # as the release before wrote it
    (table,) = dataset.read_rows(dataset.stored_chunks(str(tmp_path), series))
    assert set(table.column("package_version").to_pylist()) == {"unrecorded"}
    assert table.schema.equals(dataset.SCHEMA, check_metadata=False)


def test_summary_refuses_two_solver_versions_unless_told(tmp_path, capsys):
    series = Series("giza")
    rows = dataset.table_of([0, 1], ["winnable", "unwinnable"], [28, -1], [5, 6], [0.1, 0.2], [False, False])
    dataset.write_chunk(str(tmp_path), series, 0, 1, dataset.described(rows, series, None, "2"))
    dataset.write_chunk(str(tmp_path), series, 2, 3, dataset.described(rows, series, None, SOLVER_VERSION))
    assert main(["stats", "--summary", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"rows of giza from solver versions 2 and {SOLVER_VERSION}" in err and "--mixed-versions" in err
    assert main(["stats", "--summary", str(tmp_path), "--mixed-versions"]) == 0
    assert f"solver version 2, {SOLVER_VERSION}; time limit per deal: none" in capsys.readouterr().out


def test_a_run_does_not_add_rows_to_another_versions_rows(tmp_path, capsys):
    series = Series("giza")
    rows = dataset.table_of([0], ["winnable"], [28], [5], [0.1], [False])
    dataset.write_chunk(str(tmp_path), series, 0, 0, dataset.described(rows, series, None, "2"))
    assert main(["stats", "-v", "giza", "--deals", "0..9", "--out", str(tmp_path), "--no-dashboard"]) == 2
    assert "solver versions" in capsys.readouterr().err
    assert len(list(tmp_path.glob("*.parquet"))) == 1  # nothing solved


def test_pandas_reads_nullable_counts_as_integers_with_na(tmp_path):
    series = Series("pyramid")
    dataset.write_chunk(str(tmp_path), series, 0, 9, cluster.solve_chunk(series, 0, 9, time_limit=None))
    grading.write(str(tmp_path / "grades"), grading.grade_chunk("pyramid", 0, 9))
    rows = pd.read_parquet(tmp_path / "pyramid.00000000000000000000-00000000000000000009.parquet")
    assert str(rows["steps"].dtype) == "Int32"  # not float64 with NaN
    assert rows["steps"].isna().any() and rows["steps"].notna().any()  # deals 0..9: both verdicts
    assert (rows["steps"].isna() == (rows["verdict"] != "winnable")).all()
    graded = pd.read_parquet(tmp_path / "grades")
    assert str(graded["greedy_wins"].dtype) == "Int16" and graded["greedy_wins"].isna().any()
