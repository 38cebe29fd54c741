"""The page as served: every file the service worker keeps (the list in /sw.js), its bytes raw and
gzipped as the server sends them, and whether two server processes started one after the other
give every file the same ETag (content ETags: they must).

    .venv/bin/python benchmarks/page_bytes.py
"""

import json
import re
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from serving import benchmark_arguments, start_server, stop_server  # noqa: E402


def page_files(url: str) -> dict[str, str]:
    worker = httpx.get(f"{url}/sw.js").text
    found = re.search(r"^const FILES = (.*);$", worker, re.M)
    if not found:
        raise SystemExit("no file list in /sw.js")
    return json.loads(found.group(1))


def served(url: str, files: dict[str, str]) -> tuple[int, int, dict[str, str]]:
    """(raw bytes, bytes sent gzipped, ETag per file)."""
    raw = sent = 0
    etags = {}
    with httpx.Client(base_url=url) as client:
        for path in files:
            plain = client.get(path, headers={"accept-encoding": "identity"})
            with client.stream("GET", path, headers={"accept-encoding": "gzip"}) as zipped:
                sent += sum(len(chunk) for chunk in zipped.iter_raw())
            raw += len(plain.content)
            etags[path] = plain.headers["etag"]
    return raw, sent, etags


def main() -> None:
    parser = benchmark_arguments(__doc__, workers=1, seconds=0)
    parser.parse_args()
    results = []
    for _ in range(2):  # two processes, started at different times
        server, url = start_server(1)
        try:
            files = page_files(url)
            results.append(served(url, files))
        finally:
            stop_server(server)
        time.sleep(1)
    (raw, sent, first), (_, _, second) = results
    differ = [path for path in first if first[path] != second.get(path)]
    print(f"page files: {len(first)}")
    print(f"raw: {raw} bytes ({raw / 1024:.1f} KiB); sent gzipped: {sent} bytes ({sent / 1024:.1f} KiB)")
    print(f"ETags that differ between two server processes: {len(differ)} of {len(first)} {differ[:5]}")


if __name__ == "__main__":
    main()
