"""Slow-client benchmark: N connections that never finish their headers, plus one normal player.

Starts `pyramid-solitaire serve` on a free loopback port (or uses --url). Each slow connection
sends the start of a request and then one more header byte a second, never the blank line that
ends the headers; when the server closes it, it connects again at once. Meanwhile one normal
client plays: a move, then the variant list, in a loop. The script prints how long the server let
the slow connections live, the normal client's p50/p99 latency and failures, and the server's
memory. Raw sockets, not Locust: Locust's users send whole requests, and this client's whole
point is a request that never completes.

    .venv/bin/python benchmarks/slow_clients.py --connections 1000 --seconds 30
"""

import asyncio
import multiprocessing
import resource
import sys
import time

import httpx

from pyramid_solitaire.engine.game import Game
from serving import benchmark_arguments, memory_mb, percentile, server_for

START = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


async def slow_connection(host: str, port: int, until: float, lived: list[float], stats: dict) -> None:
    """Hold a connection with unfinished headers until the server closes it; then again."""
    while time.monotonic() < until:
        opened = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            stats["refused"] += 1
            await asyncio.sleep(0.5)
            continue
        stats["open"] += 1
        try:
            writer.write(START)
            while time.monotonic() < until:
                try:
                    answer = await asyncio.wait_for(reader.read(200), 1.0)
                except TimeoutError:
                    writer.write(b"a")  # one more byte of a header that never ends
                    continue
                if answer.startswith(b"HTTP/1.1 408"):
                    stats["408"] += 1
                elif answer.startswith(b"HTTP/1.1 503"):
                    stats["503"] += 1
                lived.append(time.monotonic() - opened)
                break
        except OSError:
            lived.append(time.monotonic() - opened)
        finally:
            stats["open"] -= 1
            writer.close()


def slow_connections(url: str, connections: int, seconds: float, news: multiprocessing.Queue) -> None:
    """In a process of its own (so the normal player's latency is the server's, not this
    process's GIL): hold `connections` slow connections for `seconds`; report when they are open
    and, at the end, what happened to them."""

    async def hold() -> None:
        host, port = url.removeprefix("http://").split(":")
        until = time.monotonic() + seconds
        lived: list[float] = []
        stats = {"open": 0, "refused": 0, "408": 0, "503": 0}
        slow = [
            asyncio.create_task(slow_connection(host, int(port), until, lived, stats))
            for _ in range(connections)
        ]
        while stats["open"] < connections * 0.95 and time.monotonic() < until:
            await asyncio.sleep(0.05)
        news.put(("held", stats["open"]))
        await asyncio.gather(*slow)
        news.put(("done", lived, stats))

    asyncio.run(hold())


def normal_player(url: str, until: float, server_pid: int | None) -> tuple[list[float], list[str], float]:
    """Moves and page loads in a loop; their latencies, failures and the server's peak memory."""
    record = Game("pyramid", number=1).to_record()
    times: list[float] = []
    failures: list[str] = []
    peak = 0.0
    with httpx.Client(base_url=url, timeout=10) as http:
        while time.monotonic() < until:
            for method, path, body in (
                ("POST", "/api/move", {"record": record, "move": "Kc"}),
                ("GET", "/", None),
            ):
                started = time.perf_counter()
                try:
                    response = http.request(method, path, json=body)
                    if response.status_code != 200:
                        failures.append(f"HTTP {response.status_code}")
                except httpx.HTTPError as err:
                    failures.append(type(err).__name__)
                times.append(time.perf_counter() - started)
            if server_pid:
                peak = max(peak, memory_mb(server_pid))
            time.sleep(0.05)
    return times, failures, peak


def run(url: str, connections: int, seconds: float, server_pid: int | None) -> None:
    news: multiprocessing.Queue = multiprocessing.Queue()
    slow = multiprocessing.Process(target=slow_connections, args=(url, connections, seconds, news))
    slow.start()
    _, held = news.get(timeout=seconds + 60)
    until = time.monotonic() + seconds - 1
    times, failures, peak = normal_player(url, until, server_pid)
    _, lived, stats = news.get(timeout=60)
    slow.join()
    print(f"{url}: {connections} slow connections for {seconds:.0f} s ({held} open at once)")
    longest, typical = max(lived, default=float("nan")), percentile(lived, 0.5) / 1000
    print(
        f"slow connections closed by the server: {len(lived)}, after p50 {typical:.1f} s, "
        f"max {longest:.1f} s; "
        f"answered 408: {stats['408']}, 503: {stats['503']}; connects refused: {stats['refused']}"
    )
    print(
        f"normal client: {len(times)} requests, {len(failures)} failed, p50 {percentile(times, 0.5):.1f} ms, "
        f"p99 {percentile(times, 0.99):.1f} ms, max {max(times, default=float('nan')) * 1000:.1f} ms"
    )
    if failures:
        print("failures:", ", ".join(sorted(set(failures))))
    print(f"server memory: {peak:.0f} MB at most (resident, all processes)")


def main() -> int:
    parser = benchmark_arguments(__doc__, workers=1, seconds=30.0)
    parser.add_argument("--connections", type=int, default=1000, help="slow connections held at once")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.connections + 100 <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.connections + 100, hard))
    with server_for(args) as (pid, url):
        run(url, args.connections, args.seconds, pid)
    return 0


if __name__ == "__main__":
    sys.exit(main())
