"""Solved deals on disk: a folder of Parquet files, one per finished chunk of deal numbers.

A file's name says what it holds, `VARIANT.FIRST-LAST.parquet` (`VARIANT.shortest.FIRST-LAST...`
for rows whose steps are proven shortest lines), so which deals are done is known from the names
alone, and a run that was stopped solves only the gaps. A file is written under a hidden name and
renamed when complete: a file that is there is whole. Rows are read back one file at a time, so
memory stays flat however many deals the folder holds.

Rows describe themselves, so that any Parquet reader (pyarrow, duckdb, polars) can tell them
apart without the file names: each row carries its `variant`, the `solver_version` that solved
it, the `package_version` (pyramid-solitaire's) that wrote it and the `time_limit` per deal
(null: none); `shortest` says whether its steps are proven the
fewest. Each file's key-value metadata (key "pyramid_solitaire", JSON) says the same of the whole
file, and whether the shortest search was asked for. Files written before these columns existed
read back with the variant of their name and the solver version "unrecorded" (and files older
than the package version column with "unrecorded" there). pandas reads `steps` as a nullable
integer (Int32, <NA> where there is no line), as the file's pandas metadata asks.
"""

import csv
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from .. import __version__
from ..engine.variants import UnknownVariant, get_variant

TEXT = pa.dictionary(pa.int8(), pa.string())  # a few distinct values: stored once per file
ROW_SCHEMA = pa.schema(
    [
        ("deal", pa.uint64()),
        ("verdict", TEXT),
        ("steps", pa.int32()),  # null unless winnable
        ("states", pa.int64()),  # positions the search expanded (Solution.searched)
        ("seconds", pa.float64()),
        ("shortest", pa.bool_()),  # the steps are proven the fewest
    ]
)
SCHEMA = pa.schema(
    [
        ("variant", TEXT),
        *ROW_SCHEMA,
        ("solver_version", TEXT),  # positions and times depend on it; verdicts never do
        ("package_version", TEXT),  # the pyramid-solitaire release that wrote the row
        ("time_limit", pa.float64()),  # seconds per deal; null: no limit
    ]
)
METADATA_KEY = b"pyramid_solitaire"
PANDAS_KEY = b"pandas"  # pandas' own metadata, which pyarrow's to_pandas (and pandas.read_parquet) honour
UNRECORDED = "unrecorded"  # the solver version of rows stored before the column existed
# a CSV row names what it was solved with, as a Parquet row does (issue 52)
CSV_FIELDS = ("variant", "deal", "verdict", "steps", "states", "seconds", "solver_version", "time_limit")
DIGITS = 20  # 2**64 - 1 has 20 digits: zero-padded names sort in deal order
NAME = re.compile(
    r"^(?P<variant>[a-z][a-z0-9:=,-]*?)(?P<shortest>\.shortest)?\.(?P<first>\d{20})-(?P<last>\d{20})\.parquet$"
)


@dataclass(frozen=True, order=True)
class Series:
    """The rows of one kind: a variant, and whether steps are shortest lines."""

    variant: str
    shortest: bool = False

    @property
    def label(self) -> str:
        """The series as the summary names it."""
        return f"{self.variant} (shortest lines)" if self.shortest else self.variant

    def file_name(self, first: int, last: int) -> str:
        """The name of the file holding deals first..last of this series."""
        kind = ".shortest" if self.shortest else ""
        return f"{self.variant}{kind}.{first:0{DIGITS}d}-{last:0{DIGITS}d}.parquet"


@dataclass(frozen=True, order=True)
class Chunk:
    """A stored file: the deals first..last (both included) of a series."""

    first: int
    last: int
    path: str
    variant: str = ""  # the variant its name says (for files older than the variant column)


def stored_chunks(folder: str, series: Series) -> list[Chunk]:
    """The finished chunks of `series` in `folder`, in deal order; overlapping chunks (two runs
    writing to one folder at once) are an error, since their deals would be counted twice."""
    chunks = sorted(
        Chunk(int(m["first"]), int(m["last"]), os.path.join(folder, name), m["variant"])
        for name, m in _names(folder)
        if Series(m["variant"], bool(m["shortest"])) == series
    )
    for before, after in zip(chunks, chunks[1:], strict=False):
        if after.first <= before.last:
            raise ValueError(
                f"{folder} holds deals {after.first}..{min(before.last, after.last)} twice "
                f"({os.path.basename(before.path)} and {os.path.basename(after.path)}); "
                "were two runs writing to it at once? Remove one of the files."
            )
    return chunks


def stored_series(folder: str) -> list[Series]:
    """Every series with at least one file in `folder`."""
    return sorted({Series(m["variant"], bool(m["shortest"])) for _, m in _names(folder)})


def _names(folder: str) -> Iterator[tuple[str, re.Match[str]]]:
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return
    except OSError as err:
        raise ValueError(f"cannot read the folder {folder}: {err.strerror}") from None
    for name in names:
        m = NAME.match(name)
        if m and _is_variant(m["variant"]):
            yield name, m


def _is_variant(text: str) -> bool:
    """Whether a file name's variant is one, options and all, in its canonical text."""
    try:
        return get_variant(text).text == text
    except UnknownVariant:
        return False


def missing(numbers: range, chunks: list[Chunk], size: int) -> Iterator[range]:
    """The deals of `numbers` that no chunk holds, as ranges of at most `size` deals cut at
    multiples of `size`, so that a resumed run writes the same files a whole run would have."""
    start, end = numbers.start, numbers.stop
    for chunk in chunks + [Chunk(end, end, "")]:
        gap_end = min(chunk.first, end)
        while start < gap_end:
            stop = min(gap_end, (start // size + 1) * size)
            yield range(start, stop)
            start = stop
        start = max(start, chunk.last + 1)
        if start >= end:
            return


def covered(numbers: range | None, chunks: list[Chunk]) -> list[tuple[int, int]]:
    """The stored deals as a short list of runs (first, last), within `numbers` if given."""
    runs: list[tuple[int, int]] = []
    for chunk in chunks:
        first, last = chunk.first, chunk.last
        if numbers is not None:
            first, last = max(first, numbers.start), min(last, numbers.stop - 1)
        if first > last:
            continue
        if runs and runs[-1][1] + 1 == first:
            runs[-1] = (runs[-1][0], last)
        else:
            runs.append((first, last))
    return runs


def write_chunk(folder: str, series: Series, first: int, last: int, table: pa.Table) -> None:
    """Store one finished chunk: written aside, then renamed, so no half file is ever seen.
    A table of bare rows (ROW_SCHEMA, as `table_of` makes) is stored as rows of no recorded
    solver version; `described` adds what the rows are."""
    name = series.file_name(first, last)
    hidden = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    if "variant" not in table.column_names:
        table = described(table, series, None, UNRECORDED)
    try:
        pq.write_table(table, hidden)
        os.replace(hidden, os.path.join(folder, name))
    except OSError as err:
        raise ValueError(f"cannot write {os.path.join(folder, name)}: {err.strerror}") from None


def table_of(
    deals: list[int],
    verdicts: list[str],
    steps: list[int],
    states: list[int],
    seconds: list[float],
    shortest: list[bool],
) -> pa.Table:
    """A chunk's rows as a table of ROW_SCHEMA; `steps` holds -1 where there is no line."""
    steps_array = np.asarray(steps, dtype=np.int32)
    return pa.table(
        {
            "deal": pa.array(deals, pa.uint64()),
            "verdict": pa.array(verdicts, pa.string()).dictionary_encode(),
            "steps": pa.array(steps_array, mask=steps_array < 0),
            "states": pa.array(states, pa.int64()),
            "seconds": pa.array(seconds, pa.float64()),
            "shortest": pa.array(shortest, pa.bool_()),
        }
    ).cast(ROW_SCHEMA)


def described(
    rows: pa.Table, series: Series, time_limit: float | None, solver_version: str, package: str = __version__
) -> pa.Table:
    """Rows of ROW_SCHEMA with what they are: the columns of SCHEMA and the file's metadata
    (`package`: the release that writes them, this one unless an old file is read)."""
    n = rows.num_rows
    table = rows.cast(ROW_SCHEMA)
    table = table.add_column(0, "variant", pa.array([series.variant] * n, pa.string()).dictionary_encode())
    table = table.append_column(
        "solver_version", pa.array([solver_version] * n, pa.string()).dictionary_encode()
    )
    table = table.append_column("package_version", pa.array([package] * n, pa.string()).dictionary_encode())
    table = table.append_column("time_limit", pa.array([time_limit] * n, pa.float64()))
    facts = {
        "variant": series.variant,
        "shortest_search": series.shortest,
        "solver_version": solver_version,
        "package_version": package,
        "time_limit": time_limit,
    }
    metadata = {METADATA_KEY: json.dumps(facts).encode(), PANDAS_KEY: pandas_nullable({"steps": "Int32"})}
    return table.cast(SCHEMA.with_metadata(metadata))


def pandas_nullable(dtypes: dict[str, str]) -> bytes:
    """pandas' metadata naming a nullable integer dtype ("Int32") for each column of `dtypes`, so
    pandas reads a null there as <NA> in an integer column, not NaN in a float one; the other
    columns keep pyarrow's usual conversion."""
    columns = [
        dict(name=name, field_name=name, pandas_type=dtype.lower(), numpy_type=dtype, metadata=None)
        for name, dtype in dtypes.items()
    ]
    return json.dumps({"index_columns": [], "column_indexes": [], "columns": columns}).encode()


def file_facts(path: str) -> dict[str, Any]:
    """What a stored file says of its rows (its key-value metadata), without reading the rows;
    {"solver_version": "unrecorded"} for a file written before the metadata existed."""
    try:
        metadata = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowInvalid) as err:
        raise ValueError(f"cannot read {path}: {err}") from None
    if METADATA_KEY not in metadata:
        return {"solver_version": UNRECORDED, "time_limit": None}
    facts: dict[str, Any] = json.loads(metadata[METADATA_KEY])
    return facts


def solver_versions(chunks: list[Chunk]) -> dict[str, list[Chunk]]:
    """The solver versions of the stored chunks: version -> its chunks."""
    found: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        found.setdefault(str(file_facts(chunk.path)["solver_version"]), []).append(chunk)
    return found


def version_order(version: str) -> tuple[bool, int, str]:
    """Sorts solver versions as numbers (2 before 10), then stamps such as "plain-50000"."""
    return (not version.isdigit(), int(version) if version.isdigit() else 0, version)


def time_limits(chunks: list[Chunk]) -> set[float | None]:
    """The time limits per deal the stored chunks were solved with (None: no limit)."""
    return {file_facts(chunk.path).get("time_limit") for chunk in chunks}


def read_rows(chunks: list[Chunk], numbers: range | None = None) -> Iterator[pa.Table]:
    """The stored rows, one chunk at a time in deal order, cut to `numbers` if given."""
    for chunk in chunks:
        if numbers is not None and (chunk.last < numbers.start or chunk.first >= numbers.stop):
            continue
        try:
            table = pq.read_table(chunk.path)
        except (OSError, pa.ArrowInvalid) as err:
            raise ValueError(f"cannot read {chunk.path}: {err}") from None
        table = _whole(table, chunk)
        if numbers is not None and (chunk.first < numbers.start or chunk.last >= numbers.stop):
            deal = table.column("deal").to_numpy()
            table = table.filter((deal >= numbers.start) & (deal < numbers.stop))
        yield table


def _whole(table: pa.Table, chunk: Chunk) -> pa.Table:
    """A stored table in SCHEMA: a file older than the descriptive columns gets them."""
    if "variant" in table.column_names:
        if "package_version" not in table.column_names:  # written before the column existed
            unrecorded = pa.array([UNRECORDED] * table.num_rows, pa.string()).dictionary_encode()
            table = table.append_column("package_version", unrecorded)
        return table.select(SCHEMA.names).cast(SCHEMA)
    try:
        rows = table.select(ROW_SCHEMA.names)
    except KeyError as err:
        raise ValueError(f"cannot read {chunk.path}: a column is missing ({err})") from None
    return described(rows, Series(chunk.variant), None, UNRECORDED, UNRECORDED)


def write_csv(path: str, tables: Iterator[pa.Table]) -> None:
    """The rows as CSV (CSV_FIELDS), written as they are read; an empty cell is null (steps
    unless winnable, time_limit: no limit)."""
    try:
        with open(path, "w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(CSV_FIELDS)
            for table in tables:
                for row in table.select(list(CSV_FIELDS)).to_pylist():
                    row["seconds"] = f"{row['seconds']:.6f}"
                    writer.writerow("" if row[name] is None else row[name] for name in CSV_FIELDS)
    except OSError as err:
        raise ValueError(f"cannot write {path}: {err.strerror}") from None
