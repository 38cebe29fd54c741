"""Grade a range of deals on Dask: the measure of goals/grades.py for every deal, in Parquet.

The rows lie beside the verdicts of dataset.py, one file per finished chunk, named
`VARIANT.grades.FIRST-LAST.parquet` (a name the verdicts' reader passes over), written aside and
renamed as dataset.write_chunk does, so a stopped run grades only the gaps. Each row describes
itself: variant, deal, verdict, the greedy player's wins, the decision's states, the losing
removals along its line, the measure's version. The grade itself is not stored: it follows from
the row and the variant's thresholds (tools/difficulty_index.py makes those and the page's index
from these rows).
"""

import os
import re
from collections.abc import Callable, Iterator

import pyarrow as pa
import pyarrow.parquet as pq
from distributed import Client, Future

from . import dataset
from .cluster import run_chunks
from .dataset import TEXT, Chunk

CHUNK = 250  # deals per task and file: about ten seconds of grading
SCHEMA = pa.schema(
    [
        ("variant", TEXT),
        ("deal", pa.uint64()),
        ("verdict", TEXT),
        ("greedy_wins", pa.int16()),  # null unless winnable
        ("states", pa.int64()),
        ("losing", pa.int32()),  # losing removals along the solver's line; 0 unless greedy wins none
        ("measure_version", TEXT),
    ],
    metadata={dataset.PANDAS_KEY: dataset.pandas_nullable({"greedy_wins": "Int16"})},  # <NA>, not NaN
)
NAME = re.compile(r"^(?P<variant>[a-z-]+)\.grades\.(?P<first>\d{20})-(?P<last>\d{20})\.parquet$")


def file_name(variant: str, first: int, last: int) -> str:
    """The name of the file of grades of deals first..last (zero-padded: they sort in deal order)."""
    return f"{variant}.grades.{first:0{dataset.DIGITS}d}-{last:0{dataset.DIGITS}d}.parquet"


def stored(folder: str, variant: str) -> list[Chunk]:
    """The finished chunks of grades of `variant` in `folder`, in deal order."""
    try:
        names = os.listdir(folder)
    except FileNotFoundError:
        return []
    found = [(NAME.match(name), name) for name in names]
    return sorted(
        Chunk(int(m["first"]), int(m["last"]), os.path.join(folder, name), variant)
        for m, name in found
        if m and m["variant"] == variant
    )


def grade_chunk(variant: str, first: int, last: int) -> pa.Table:
    """Grade deals first..last on a worker: one row each, in deal order."""
    from ..engine.deal import Deal
    from ..engine.variants import get_variant
    from ..goals.grades import MEASURE_VERSION, measured

    rules = get_variant(variant)
    rows: list[dict[str, object]] = []
    for number in range(first, last + 1):
        found = measured(Deal.from_number(rules, number))
        rows.append(
            {
                "deal": number,
                "verdict": found.verdict,
                "greedy_wins": found.wins,
                "states": found.states,
                "losing": found.losing,
            }
        )
    n = len(rows)
    return pa.table(
        {
            "variant": [variant] * n,
            "deal": pa.array([r["deal"] for r in rows], pa.uint64()),
            "verdict": [r["verdict"] for r in rows],
            "greedy_wins": pa.array([r["greedy_wins"] for r in rows], pa.int16()),
            "states": pa.array([r["states"] for r in rows], pa.int64()),
            "losing": pa.array([r["losing"] for r in rows], pa.int32()),
            "measure_version": [MEASURE_VERSION] * n,  # stamped on the worker, as verdicts are
        }
    ).cast(SCHEMA)


def write(folder: str, table: pa.Table) -> None:
    """Store one finished chunk: written aside, then renamed, so no half file is ever seen."""
    variant = table["variant"][0].as_py()
    first, last = int(table["deal"][0].as_py()), int(table["deal"][-1].as_py())
    name = file_name(variant, first, last)
    hidden = os.path.join(folder, f".{name}.{os.getpid()}.tmp")
    try:
        os.makedirs(folder, exist_ok=True)
        pq.write_table(table, hidden)
        os.replace(hidden, os.path.join(folder, name))
    except OSError as err:
        raise ValueError(f"cannot write {os.path.join(folder, name)}: {err.strerror}") from None


def grade_missing(
    client: Client,
    folder: str,
    variant: str,
    numbers: range,
    chunk: int = CHUNK,
    progress: Callable[[int], None] = lambda deals: None,
) -> int:
    """Grade the deals of `numbers` not yet stored in `folder`, storing each chunk as it finishes.
    Returns the deals graded."""

    def submit(first: int, last: int) -> Future[pa.Table]:
        return client.submit(grade_chunk, variant, first, last, key=f"grade-{variant}-{first}")

    todo = dataset.missing(numbers, stored(folder, variant), chunk)
    return run_chunks(client, folder, todo, submit, lambda table: write(folder, table), progress)


def read(folder: str, variant: str) -> Iterator[pa.Table]:
    """The stored grading rows of `variant`, a chunk at a time in deal order."""
    for chunk in stored(folder, variant):
        try:
            yield pq.read_table(chunk.path).cast(SCHEMA)
        except (OSError, pa.ArrowInvalid) as err:
            raise ValueError(f"cannot read {chunk.path}: {err}") from None
