"""Several workers on one host (`serve --workers N`): one solver budget per address for all of
them (fairness.SharedTokenBuckets over the supervisor's BucketTable), which nothing outside the
server can break, and a supervisor that exits non-zero when a worker cannot start."""

import json
import logging
import math
import os
import signal
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest

from pyramid_solitaire.web import fairness
from pyramid_solitaire.web.fairness import BucketTable, RateLimited, SharedTokenBuckets, TokenBuckets
from test_server import can_connect, free_port, hint_body, raw, status_of, wait_for


def test_workers_spend_from_one_bucket_per_address():
    """Two workers' views of the table (two mappings of one descriptor, as two processes have)."""
    now = [0.0]
    table = BucketTable.make()
    one, two = (SharedTokenBuckets(table, 3, 0.5, clock=lambda: now[0]) for _ in range(2))
    one.spend("192.0.2.1")
    two.spend("192.0.2.1", cost=2)
    for worker in (one, two):  # the address's three tokens are spent, whichever worker asks
        with pytest.raises(RateLimited) as refused:
            worker.spend("192.0.2.1")
        assert refused.value.retry_after == 2
    two.spend("192.0.2.2", cost=3)  # another address has its own bucket
    now[0] = 2.0  # one token back, seen by both
    one.spend("192.0.2.1")
    with pytest.raises(RateLimited):
        two.spend("192.0.2.1")
    assert one.own is None and two.own is None  # the shared table all along
    assert type(fairness.solver_buckets(3, 0.5)) is TokenBuckets  # one worker: its own buckets
    assert isinstance(fairness.solver_buckets(3, 0.5, table), SharedTokenBuckets)


def test_the_table_cannot_be_resized_by_anyone():
    """Sealed at its size: not even through /proc (the only name it has) can it be truncated."""
    table = BucketTable.make()
    with pytest.raises(PermissionError):
        os.ftruncate(table.fd, 0)
    with pytest.raises(PermissionError), open(f"/proc/self/fd/{table.fd}", "r+b") as proc:
        proc.truncate(0)
    assert os.fstat(table.fd).st_size == fairness.TABLE_BYTES


def unsealed(size: int, header: bytes) -> BucketTable:
    fd = os.memfd_create("test-table")
    os.ftruncate(fd, size)
    os.pwrite(fd, header, 0)
    return BucketTable(fd)


@pytest.mark.parametrize(
    "table",
    [
        lambda: unsealed(0, b""),  # truncated
        lambda: unsealed(fairness.TABLE_BYTES - 1, fairness.HEADER.pack(fairness.MAGIC, fairness.SLOTS)),
        lambda: unsealed(fairness.TABLE_BYTES, b"not ours"),  # another file's bytes
        lambda: BucketTable(os.open(os.devnull, os.O_RDONLY)),  # not ours, cannot be mapped
        lambda: BucketTable(1_000_000),  # no such descriptor
    ],
    ids=["empty", "short", "wrong-header", "devnull", "closed"],
)
def test_a_table_that_is_not_the_supervisors_gives_the_worker_its_own_buckets(table, caplog):
    with caplog.at_level(logging.ERROR, "pyramid_solitaire.web"):
        buckets = SharedTokenBuckets(table(), 2, 0.001)
        buckets.spend("192.0.2.1", cost=2)  # its own burst, no crash
        with pytest.raises(RateLimited):
            buckets.spend("192.0.2.1")
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "this worker keeps its own" in said[0], said


def test_a_table_that_fails_while_serving_is_said_once_and_the_worker_goes_on(caplog):
    buckets = SharedTokenBuckets(BucketTable.make(), 3, 0.001)
    buckets.spend("192.0.2.1")
    os.close(buckets.fd)  # the lock can no longer be taken
    with caplog.at_level(logging.ERROR, "pyramid_solitaire.web"):
        for _ in range(3):
            buckets.spend("192.0.2.9")
        with pytest.raises(RateLimited):
            buckets.spend("192.0.2.9")
    assert len(caplog.records) == 1, [r.getMessage() for r in caplog.records]


def craft_row(table: BucketTable, address: str, tokens: float, then: float) -> None:
    """Write the address's row as someone with the service's rights could (/proc/PID/fd)."""
    key = fairness.address_key(address)
    offset = fairness.HEADER.size + key % fairness.SLOTS * fairness.RECORD.size
    os.pwrite(table.fd, fairness.RECORD.pack(key, tokens, then), offset)


@pytest.mark.parametrize(
    "tokens,then",
    [
        (-math.inf, 0.0),
        (math.nan, 0.0),
        (1e300, 0.0),
        (-1e300, 0.0),
        (1.0, math.inf),
        (1.0, -1e300),
        (1.0, math.nan),
    ],
)
def test_a_crafted_row_is_never_read_the_worker_keeps_its_own_buckets(tokens, then, caplog):
    """Rows this code did not write (infinities, nan, 1e300) are not numbers in range: the worker
    falls back to its own buckets, as for a broken header, and its refusals wait a minute at most."""
    now = [10.0]
    table = BucketTable.make()
    craft_row(table, "192.0.2.1", tokens, then)
    buckets = SharedTokenBuckets(table, 2, 0.001, clock=lambda: now[0])
    with caplog.at_level(logging.ERROR, "pyramid_solitaire.web"):
        buckets.spend("192.0.2.1", cost=2)  # its own full bucket of two
        with pytest.raises(RateLimited) as refused:
            buckets.spend("192.0.2.1")
    assert buckets.own is not None and refused.value.retry_after == fairness.MAX_RETRY_AFTER
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "a row reads" in said[0], said


def test_retry_after_is_capped_at_a_minute():
    buckets = TokenBuckets(1, 1e-9)  # a token back every 31 years
    buckets.spend("192.0.2.1")
    with pytest.raises(RateLimited) as refused:
        buckets.spend("192.0.2.1")
    assert refused.value.retry_after == 60


# --- the real command -----------------------------------------------------------------------

HINTS_ENV = {"PYRAMID_SOLITAIRE_SOLVER_BURST": "4", "PYRAMID_SOLITAIRE_SOLVER_PER_SECOND": "0.001"}


@contextmanager
def two_workers(tmp: Path, env_more: dict | None = None):
    """`serve --workers 2` with its temp folder in `tmp`: yields its port, the supervisor and what
    its workers said on standard error, once both have started."""
    port = free_port()
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port), "--workers", "2"]
    env = {**os.environ, "TMPDIR": str(tmp), **HINTS_ENV}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    env.update(env_more or {})
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    said: list[str] = []
    threading.Thread(target=lambda: said.extend(server.stderr), daemon=True).start()  # type: ignore[arg-type]
    try:
        wait_for(lambda: started(said) == 2, "the two workers did not start", seconds=180)
        yield port, server, said
    finally:
        server.terminate()
        server.wait(30)


def started(said: list[str]) -> int:
    return sum("Application startup complete" in line for line in said)


def hint_statuses(port: int, count: int) -> list[int]:
    """`count` hints from 127.0.0.1, each on a new connection (the kernel shares them out)."""
    body = json.dumps(hint_body()).encode()
    request = (
        b"POST /api/hint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
        b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )
    return [status_of(raw(port, request)) for _ in range(count)]


def clean(folder: Path) -> list[str]:
    """What a temp-folder cleaner does at its worst: every file it can reach truncated, then
    replaced by a link to another file, then every file and folder deleted."""
    files = [path for path in folder.rglob("*") if path.is_file()]
    for path in files:
        path.write_bytes(b"")
    decoy = folder / "decoy"
    decoy.write_bytes(bytes(fairness.TABLE_BYTES))
    for path in files:
        path.unlink()
        path.symlink_to(decoy)
    for path in sorted(folder.rglob("*"), reverse=True):
        path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()
    return [str(path.relative_to(folder)) for path in files]


def worker_pids(server: subprocess.Popen) -> list[int]:
    children = ["pgrep", "-P", str(server.pid), "-f", "spawn_main"]
    return [int(pid) for pid in subprocess.run(children, capture_output=True, text=True).stdout.split()]


@pytest.mark.slow  # starts a server of two workers, as the 53 s test it came from (test_server.py)
def test_two_workers_keep_one_budget_through_a_temp_cleaner_and_every_worker_killed(tmp_path):
    (tmp_path / "tmp").mkdir()
    (tmp_path / "run").mkdir()  # systemd's RuntimeDirectory=, where the metrics go (docs/hosting.md)
    with two_workers(tmp_path / "tmp", {"RUNTIME_DIRECTORY": str(tmp_path / "run")}) as (port, server, said):
        before = hint_statuses(port, 2)
        cleaned = clean(tmp_path / "tmp")
        after_cleaning = hint_statuses(port, 4)
        pids = worker_pids(server)
        assert len(pids) == 2, pids
        for pid in pids:
            os.kill(pid, signal.SIGKILL)  # no goodbye: the supervisor starts two new ones
        wait_for(lambda: started(said) == 4, "the workers were not restarted", seconds=180)
        wait_for(lambda: can_connect(port), "the restarted workers do not answer")
        after_restart = hint_statuses(port, 6)
        assert server.poll() is None
    # Two, then two more of the burst of four; the restarted workers see the same spent bucket.
    assert before == [200, 200] and after_cleaning == [200, 200, 429, 429], (before, after_cleaning)
    assert after_restart == [429] * 6, after_restart
    text = "".join(said)
    assert "Traceback" not in text and "keeps its own" not in text, text[-3000:]
    assert not any("bucket" in name for name in cleaned), cleaned  # the table has no name to reach


@pytest.mark.slow  # starts a server of two workers, as the 53 s test it came from (test_server.py)
def test_a_worker_that_cannot_start_stops_the_supervisor_with_a_failure_status(tmp_path):
    """A worker whose app cannot be built (here its module cannot be imported in the workers, as
    with a half-upgraded install) exits with uvicorn's start-up failure; the supervisor stops
    too and says so, so systemd restarts the whole server."""
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\n"
        "if '--multiprocessing-fork' in sys.argv:  # in a worker only\n"
        "    sys.modules['pyramid_solitaire.web.application'] = None  # its import fails\n"
    )
    port = free_port()
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port), "--workers", "2"]
    env = {**os.environ, "TMPDIR": str(tmp_path), "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 3, done.stderr[-3000:]
    assert "failed to start" in done.stderr.splitlines()[-1], done.stderr[-3000:]


def answered(port: int, seconds: float = 120) -> list[int]:
    """Hints asked until one is answered (the workers may be restarting): the statuses, in order."""
    statuses: list[int] = []

    def one() -> bool:
        try:
            statuses.extend(hint_statuses(port, 1))
        except OSError:
            return False
        return True

    wait_for(one, "no hint answered", seconds=seconds)
    return statuses


@pytest.mark.slow  # starts a server of two workers, as the 53 s test it came from (test_server.py)
def test_with_the_metrics_in_the_cleaned_temp_folder_hints_are_answered_again_within_seconds(tmp_path):
    """Without a RuntimeDirectory the workers' figures live in the temp folder: a worker whose
    file is truncated dies (its mapping is gone) and the supervisor starts another, whose figures
    go in the folder made again; the budget is the table's and holds."""
    with two_workers(tmp_path) as (port, server, said):
        before = hint_statuses(port, 2)
        cleaned = clean(tmp_path)
        assert any(name.endswith(".db") for name in cleaned), cleaned
        after = answered(port) + answered(port) + answered(port)
        assert server.poll() is None
    # A hint whose worker died after spending its token is not answered: at most two more 200s.
    assert before == [200, 200] and set(after) <= {200, 429} and after.count(200) <= 2, (before, after)
    assert after[-1] == 429, after  # the budget held through the restarts
