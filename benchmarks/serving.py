"""What the load benchmarks share: a game server started on a free loopback port, its memory,
and latency percentiles."""

import argparse
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def benchmark_arguments(doc: str, workers: int, seconds: float) -> argparse.ArgumentParser:
    """The options every load benchmark has: a server to use or start, and how long to run."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--workers", type=int, default=workers, help="uvicorn worker processes")
    parser.add_argument("--seconds", type=float, default=seconds, help="how long to send requests")
    return parser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(
    workers: int, *options: str, log: Path | None = None, open_files: int | None = None
) -> tuple[subprocess.Popen, str]:
    """`pyramid-solitaire serve --workers N [options]` on a free port, once it answers; with
    `open_files`, under that open-files limit, soft and hard (as `prlimit --nofile=N:N` would)."""
    port = free_port()
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115 (closed with the process)
    limit = (
        (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))) if open_files else None
    )
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pyramid_solitaire.cli",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
        ]
        + list(options),
        stdout=out,
        stderr=subprocess.STDOUT,
        preexec_fn=limit,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            httpx.get(url + "/api/variants", timeout=1)
            return server, url
        except httpx.TransportError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


@contextmanager
def server_for(
    args: argparse.Namespace, *options: str, log: Path | None = None, open_files: int | None = None
) -> Iterator[tuple[int | None, str]]:
    """(server pid, url): the server at --url, or one started for the run and stopped after it."""
    if args.url:
        yield None, args.url
        return
    server, url = start_server(args.workers, *options, log=log, open_files=open_files)
    try:
        yield server.pid, url
    finally:
        stop_server(server)


def stop_server(server: subprocess.Popen) -> None:
    server.terminate()
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()


def memory_mb(pid: int) -> float:
    """Resident memory of a process and its children (the workers), in MB."""
    return sum(process_memory_mb(pid).values())


def process_memory_mb(pid: int) -> dict[int, float]:
    """Resident memory of a process and each of its children (the workers), in MB, by pid."""
    found, pids = {}, [pid]
    while pids:
        current = pids.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        found[current] = kb / 1024
        pids += [int(c) for c in children]
    return found


def processor_seconds(pid: int) -> float:
    """Processor time (user and system) a process and its children (the workers) have used so far."""
    tick = os.sysconf("SC_CLK_TCK")
    return sum(process_ticks(one) for one in process_memory_mb(pid)) / tick


def process_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of proc(5))


def percentile(times: list[float], share: float) -> float:
    """The value `share` of the sorted times lie at or below (times in seconds, answer in ms)."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000 if ordered else float("nan")
