"""Solve a range of deals on Dask: a local cluster of worker processes, or a real one.

The deals go out in chunks; each worker loads the compiled solver once (a worker plugin) and
sends back a chunk's rows as one Arrow table, which this process stores as a Parquet file (see
dataset.py) as soon as it arrives. Only a few chunks are in flight at a time, so neither side
ever holds more than a few chunks of rows, and a stopped run loses at most the chunks in flight.
"""

import logging
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pyarrow as pa
from distributed import Client, Future, KilledWorker, LocalCluster, as_completed
from distributed.diagnostics.plugin import WorkerPlugin

from . import dataset
from .dataset import Series

CHUNK = 1000  # deals per task and per file: a few seconds of work, about 30 kB stored
IN_FLIGHT_PER_WORKER = 2  # queued chunks per worker thread: none idles, few are lost on a stop
LOCAL_HOST = "127.0.0.1"  # a local cluster listens here only: its scheduler runs any code it is sent


class SolverLoader(WorkerPlugin):
    """Loads the compiled solver when a worker starts, so no deal's time includes loading it."""

    name = "pyramid-solitaire-solver"

    def setup(self, worker: Any) -> None:
        """Load the compiled solver on the worker as it starts."""
        from ..solver.search import warm_up

        warm_up()


def solve_chunk(series: Series, first: int, last: int, time_limit: float | None) -> pa.Table:
    """Solve the deals first..last on a worker: one row each, in deal order."""
    from ..engine.deal import Deal
    from ..engine.variants import get_variant
    from ..solver.search import solve

    variant = get_variant(series.variant)
    columns: tuple[list[Any], ...] = ([], [], [], [], [], [])
    for number in range(first, last + 1):
        found = solve(Deal.from_number(variant, number), shortest=series.shortest, time_limit=time_limit)
        steps = -1 if found.steps is None else found.steps
        row = (number, found.verdict, steps, found.searched, found.seconds, found.shortest)
        for column, value in zip(columns, row, strict=True):
            column.append(value)
    # Stamped here, on the worker: a remote worker may run another version than this process.
    return dataset.described(dataset.table_of(*columns), series, time_limit, solver_stamp(series.variant))


def solver_stamp(variant_text: str) -> str:
    """The solver version a row of the variant is stamped with: SOLVER_VERSION where the C kernel
    plays it, else the plain search's with its node budget ("plain-50000"), so that rows of the
    family's games solved before the kernel knew them are never added up with the kernel's
    (their unknowns and positions differ; stats refuses mixed versions)."""
    from ..engine.deal import Deal
    from ..engine.variants import get_variant
    from ..solver.reference import PLAIN_NODES, kernel_plays
    from ..solver.version import SOLVER_VERSION

    if kernel_plays(Deal.from_number(get_variant(variant_text), 0)):
        return SOLVER_VERSION
    return f"plain-{PLAIN_NODES}"


@contextmanager
def connect(
    scheduler: str | None, jobs: int, dashboard: bool = True, say: Callable[[str], None] = lambda text: None
) -> Iterator[Client]:
    """A client of the cluster at `scheduler`, or of a local cluster of `jobs` worker processes
    (one thread each: the solver is single-threaded and keeps its own tables). A local cluster
    listens on 127.0.0.1 only, its dashboard included (any free port, or none without
    `dashboard`); `say(text)` is told the dashboard's address."""
    if scheduler is None:
        # The workers start with SIGINT ignored (a disposition they keep across exec), so a Ctrl-C
        # at the terminal, which reaches the whole process group, stops this process alone: it
        # closes the cluster itself, instead of each worker printing its own KeyboardInterrupt.
        with signals_handled({signal.SIGINT: signal.SIG_IGN}):
            cluster = LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                host=LOCAL_HOST,
                # any free port: 8787 may be taken by another cluster; without the dashboard the
                # scheduler's HTTP server (health, metrics) still starts, so it is told so too
                dashboard_address=f"{LOCAL_HOST}:0",
                scheduler_kwargs={"dashboard": dashboard},
                silence_logs=logging.ERROR,
            )
        with cluster, Client(cluster) as client:
            if dashboard:
                say(f"Dask dashboard: {client.dashboard_link}")
            client.register_plugin(SolverLoader())
            with watched(client, say):
                yield client
        return
    try:
        client = Client(scheduler, timeout="10s")
    except OSError as err:
        raise ValueError(f"cannot reach the Dask scheduler at {scheduler}: {err}") from None
    with client:
        client.register_plugin(SolverLoader())
        with watched(client, say):
            yield client


@contextmanager
def watched(client: Client, say: Callable[[str], None]) -> Iterator[None]:
    """Within the block, `say(text)` is told when a worker dies (killed, out of memory: a removal
    the scheduler did not expect): Dask gives its chunks to the workers left, or, with none left,
    waits for one to join, which would otherwise look like a hang. The block's end unsubscribes,
    before the client closes (else the scheduler logs a traceback sending to a closed client)."""
    alive = set(client.scheduler_info()["workers"])
    waiting: list[str] = []  # a death left no worker: say when one joins

    def event(message: tuple[float, dict[str, Any]]) -> None:
        what = message[1]
        if what.get("action") == "add-worker":
            alive.add(what["worker"])
            if waiting:
                waiting.clear()
                say(f"a Dask worker joined ({what['worker']}): the run goes on")
        elif what.get("action") == "remove-worker":
            alive.discard(what["worker"])
            if not what.get("expected"):
                say(worker_died(what["worker"], len(alive)))
                waiting[:] = [] if alive else [what["worker"]]

    client.subscribe_topic("all", event)
    try:
        yield
    finally:
        client.unsubscribe_topic("all")


def worker_died(worker: str, left: int) -> str:
    """What a run says when a worker dies, and where its chunks go."""
    if left:
        return f"a Dask worker died ({worker}): its chunks go to the {left} left"
    return (
        f"a Dask worker died ({worker}) and none is left: its chunks wait for a worker to join "
        "(a local cluster starts one; Ctrl-C stops the run, the chunks finished stay stored)"
    )


def result(future: Any, folder: str) -> pa.Table:
    """A chunk's rows; a chunk that killed its worker each time Dask tried it (KilledWorker,
    after distributed.scheduler.allowed-failures) is a one-line error naming it and the folder."""
    try:
        table: pa.Table = future.result()
    except KilledWorker:
        raise ValueError(
            f"the Dask workers died each time they ran the task {future.key} (killed, or out of "
            f"memory?); the chunks finished are stored in {folder}: run again to resume"
        ) from None
    return table


@contextmanager
def signals_handled(handlers: dict[signal.Signals, Any]) -> Iterator[None]:
    """The signals of `handlers` handled so within the block, then as before it: the one place a
    run sets handlers (the workers' start here, the stats command's stop in cli/research.py).
    Only the main thread can set them: in any other the block runs with the signals left alone."""
    try:
        before = {sig: signal.signal(sig, handler) for sig, handler in handlers.items()}
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def solve_missing(
    client: Client,
    folder: str,
    series: Series,
    numbers: range,
    time_limit: float | None = None,
    chunk: int = CHUNK,
    progress: Callable[[int], None] = lambda deals: None,
) -> int:
    """Solve the deals of `numbers` not yet stored in `folder`, storing each chunk as it finishes;
    `progress(n)` is called with each chunk's number of deals. Returns the deals solved."""

    def submit(first: int, last: int) -> Future[pa.Table]:
        return client.submit(solve_chunk, series, first, last, time_limit, key=_key(series, first))

    def store(table: pa.Table) -> None:
        first, last = int(table["deal"][0].as_py()), int(table["deal"][-1].as_py())
        dataset.write_chunk(folder, series, first, last, table)

    todo = dataset.missing(numbers, dataset.stored_chunks(folder, series), chunk)
    return run_chunks(client, folder, todo, submit, store, progress)


def run_chunks(
    client: Client,
    folder: str,
    todo: Iterator[range],
    submit: Callable[[int, int], Future[pa.Table]],
    store: Callable[[pa.Table], None],
    progress: Callable[[int], None],
) -> int:
    """Run a task per chunk of `todo`, `submit(first, last)`, a few in flight per worker thread;
    each chunk's rows are stored as they arrive, then the next chunk goes out (solve_missing and
    grading.grade_missing). Returns the rows stored."""
    pending = as_completed()
    done = 0

    def submit_next() -> None:
        part = next(todo, None)
        if part is not None:
            pending.add(submit(part.start, part.stop - 1))

    for _ in range(max(1, sum(client.nthreads().values())) * IN_FLIGHT_PER_WORKER):
        submit_next()
    for future in pending:
        table = result(future, folder)
        store(table)
        future.release()
        done += table.num_rows
        progress(table.num_rows)
        submit_next()
    return done


def _key(series: Series, first: int) -> str:
    kind = "shortest-" if series.shortest else ""
    return f"solve-{series.variant}-{kind}{first}"
