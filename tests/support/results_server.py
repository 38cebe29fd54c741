"""`serve --workers 2` on a results database, in a child process, until the context ends: shared
by tests/test_results_postgres.py and benchmarks/results.py."""

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from app_server import free_port


@contextmanager
def two_workers(url: str, port: int = 0) -> Iterator[int]:
    """The server's port, once both workers have started (they share the socket: the kernel hands
    each connection to one of them)."""
    port = port or free_port()
    command = [sys.executable, "-m", "pyramid_solitaire.cli", "serve", "--port", str(port), "--workers", "2"]
    env = {**os.environ, "PYRAMID_SOLITAIRE_DATABASE": url}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    said: list[str] = []
    started = threading.Event()

    def read() -> None:
        for line in server.stderr:  # type: ignore[union-attr]
            if "Application startup complete" in line:
                said.append(line)
                if len(said) == 2:
                    started.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not started.wait(180):
            raise RuntimeError("the two workers did not start")
        yield port
    finally:
        server.terminate()
        server.wait(30)
