"""A folder served by a plain static file server (`python -m http.server`, no Python app behind
it) on a free port of 127.0.0.1: the static site's browser test and benchmarks/wasm.py."""

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from app_server import free_port


@contextmanager
def static_server(folder: Path, seconds: float = 10) -> Iterator[str]:
    """Serve `folder` until the block ends; yields its URL once the server listens."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(folder), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + seconds
        while True:  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the static file server on port {port} did not start") from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=5)
