"""Hostile-client benchmark: N connections that hold the server, plus one normal player.

Starts `pyramid-solitaire serve` on a free loopback port (or uses --url), optionally under an
open-files limit (--open-files 1024: soft and hard, as `prlimit --nofile=1024:1024`). The hostile
connections are of one --kind; each connects again at once when the server closes it:

    trickle     sends the start of a request, then one more header byte a second, never the
                blank line that ends the headers
    idle        connects and sends nothing
    pipelining  sends ten `GET /api/variants` in one write, ten more every half second, and
                never reads an answer

Meanwhile one normal client plays: a move, then the page, in a loop, on one kept connection; and
a new player opens a new connection for each request (the variant list, every 0.1 s, as a page
opened for the first time does), which is what a flood that fills the server's places starves
first. The script prints what the server did to the hostile connections, how many of each normal
client's requests were answered within 1 s (over the whole run and from --settle seconds on),
their p50/p99, the server's memory and how many tracebacks its log holds. Raw sockets, not
Locust: Locust's users send whole requests and read their answers, and these clients' whole
point is not to.

    .venv/bin/python benchmarks/slow_clients.py --kind trickle --connections 1000 --seconds 30
    .venv/bin/python benchmarks/slow_clients.py --kind pipelining --connections 1000 --seconds 30
    .venv/bin/python benchmarks/slow_clients.py --kind idle --connections 1100 --open-files 1024
"""

import asyncio
import multiprocessing
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from pyramid_solitaire.engine.game import Game
from serving import benchmark_arguments, memory_mb, percentile, processor_seconds, server_for

TRICKLE_START = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
PIPELINED = b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 10
ANSWERED_WITHIN = 1.0  # seconds: a normal request slower than this counts as not answered


async def trickle(reader, writer, until: float, stats: dict) -> None:
    """Unfinished headers, a byte a second, until the server answers or closes."""
    writer.write(TRICKLE_START)
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
        return


async def idle(reader, writer, until: float, stats: dict) -> None:
    """Nothing sent; wait for the server to close (or refuse with 503)."""
    while time.monotonic() < until:
        try:
            answer = await asyncio.wait_for(reader.read(200), 1.0)
        except TimeoutError:
            continue
        if answer.startswith(b"HTTP/1.1 503"):
            stats["503"] += 1
        return


async def pipelining(reader, writer, until: float, stats: dict) -> None:
    """Pipelined requests, more every half second, and no answer ever read: the reading side
    is paused, so the answers pile up in the kernel's buffers and then the server's."""
    writer.transport.pause_reading()
    while time.monotonic() < until and not writer.transport.is_closing():
        if writer.transport.get_write_buffer_size() < 64 * 1024:  # the server still takes requests
            writer.write(PIPELINED)
            stats["sent"] += 10
        await asyncio.sleep(0.5)


KINDS = {"trickle": trickle, "idle": idle, "pipelining": pipelining}


async def hostile_connection(kind, host: str, port: int, until: float, lived: list, stats: dict) -> None:
    """One hostile client: hold a connection its kind's way until the server closes it; again."""
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
            await kind(reader, writer, until, stats)
        except OSError:
            pass  # reset by the server: closed
        finally:
            stats["open"] -= 1
            if time.monotonic() < until:
                lived.append(time.monotonic() - opened)  # closed by the server, not by the end
            writer.close()


def hostile_connections(url, kind: str, connections: int, seconds: float, news) -> None:
    """In a process of its own (so the normal player's latency is the server's, not this
    process's GIL): hold `connections` connections for `seconds`; report when they are open and,
    at the end, what happened to them."""

    async def hold() -> None:
        host, port = url.removeprefix("http://").split(":")
        until = time.monotonic() + seconds
        lived: list[float] = []
        stats = {"open": 0, "refused": 0, "408": 0, "503": 0, "sent": 0}
        tasks = [
            asyncio.create_task(hostile_connection(KINDS[kind], host, int(port), until, lived, stats))
            for _ in range(connections)
        ]
        while stats["open"] < connections * 0.95 and time.monotonic() < until:
            await asyncio.sleep(0.05)
        news.put(("held", stats["open"]))
        await asyncio.gather(*tasks)
        news.put(("done", lived, stats))

    asyncio.run(hold())


def normal_player(url: str, until: float, server_pid: int | None) -> tuple[list, list[str], float]:
    """Moves and page loads in a loop: (when sent, seconds, answered 200) for each request, the
    failures, and the server's peak memory."""
    record = Game("pyramid", number=1).to_record()
    requests: list[tuple[float, float, bool]] = []
    failures: list[str] = []
    peak = 0.0
    with httpx.Client(base_url=url, timeout=10) as http:
        while time.monotonic() < until:
            for method, path, body in (
                ("POST", "/api/move", {"record": record, "move": "Kc"}),
                ("GET", "/", None),
            ):
                sent, ok = time.monotonic(), False
                try:
                    response = http.request(method, path, json=body)
                    ok = response.status_code == 200
                    if not ok:
                        failures.append(f"HTTP {response.status_code}")
                except httpx.HTTPError as err:
                    failures.append(type(err).__name__)
                requests.append((sent, time.monotonic() - sent, ok))
            if server_pid:
                peak = max(peak, memory_mb(server_pid))
            time.sleep(0.05)
    return requests, failures, peak


def new_player(url: str, until: float, requests: list) -> None:
    """A request every 0.1 s, each on a new connection: (when sent, seconds, answered 200)."""
    no_keep_alive = httpx.Limits(max_keepalive_connections=0)  # each request connects anew
    with httpx.Client(base_url=url, timeout=5, limits=no_keep_alive) as http:
        while time.monotonic() < until:
            sent, ok = time.monotonic(), False
            try:
                ok = http.get("/api/variants").status_code == 200
            except httpx.HTTPError:
                pass
            requests.append((sent, time.monotonic() - sent, ok))
            time.sleep(0.1)


def within(requests: list, since: float) -> str:
    chosen = [(took, ok) for sent, took, ok in requests if sent >= since]
    fast = sum(1 for took, ok in chosen if ok and took <= ANSWERED_WITHIN)
    share = 100 * fast / len(chosen) if chosen else float("nan")
    return f"{fast} of {len(chosen)} ({share:.0f}%)"


def run(url: str, args, server_pid: int | None, log: Path | None) -> None:
    news: multiprocessing.Queue = multiprocessing.Queue()
    hostile = multiprocessing.Process(
        target=hostile_connections, args=(url, args.kind, args.connections, args.seconds, news)
    )
    started, spent_before = time.monotonic(), processor_seconds(server_pid) if server_pid else 0.0
    hostile.start()
    _, held = news.get(timeout=args.seconds + 60)
    until = started + args.seconds - 1
    fresh: list[tuple[float, float, bool]] = []
    newcomer = threading.Thread(target=new_player, args=(url, until, fresh))
    newcomer.start()
    requests, failures, peak = normal_player(url, until, server_pid)
    newcomer.join()
    spent = processor_seconds(server_pid) - spent_before if server_pid else float("nan")
    _, lived, stats = news.get(timeout=60)
    hostile.join()
    limit = f", server under an open-files limit of {args.open_files}" if args.open_files else ""
    print(
        f"{url}: {args.connections} {args.kind} connections for {args.seconds:.0f} s "
        f"({held} open at once){limit}"
    )
    longest, typical = max(lived, default=float("nan")), percentile(lived, 0.5) / 1000
    pipelined = f"; pipelined requests sent: {stats['sent']}" if args.kind == "pipelining" else ""
    print(
        f"hostile connections closed by the server: {len(lived)}, after p50 {typical:.1f} s, "
        f"max {longest:.1f} s; answered 408: {stats['408']}, 503: {stats['503']}; "
        f"connects refused: {stats['refused']}{pipelined}"
    )
    times = [took for _, took, _ in requests]
    print(
        f"normal client: {len(requests)} requests, {len(failures)} failed, "
        f"answered within {ANSWERED_WITHIN:g} s: {within(requests, started)} over the run, "
        f"{within(requests, started + args.settle)} from {args.settle:g} s on; "
        f"p50 {percentile(times, 0.5):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, "
        f"max {max(times, default=float('nan')) * 1000:.1f} ms"
    )
    fresh_times = [took for _, took, _ in fresh]
    print(
        f"new connection per request: {len(fresh)} requests, answered within {ANSWERED_WITHIN:g} s: "
        f"{within(fresh, started)} over the run, {within(fresh, started + args.settle)} from "
        f"{args.settle:g} s on; p50 {percentile(fresh_times, 0.5):.1f} ms, "
        f"p99 {percentile(fresh_times, 0.99):.1f} ms"
    )
    if failures:
        print("failures:", ", ".join(f"{f} x{failures.count(f)}" for f in sorted(set(failures))))
    print(
        f"server memory: {peak:.0f} MB at most (resident, all processes); "
        f"processor time {spent:.1f} s in the {until - started:.0f} s of the normal client"
    )
    if log is not None:
        text = log.read_text(errors="replace")
        print(f"answers to the hostile clients' GET /api/variants: {text.count('GET /api/variants')}")
        print(
            f"server log: {text.count('Traceback')} tracebacks, "
            f"{text.count('Too many open files')} 'Too many open files', {len(text) / 1024:.0f} KiB"
        )
        tallies = [line for line in text.splitlines() if "connection(s)" in line or "paused" in line]
        print("the server's own counts, first and last:", *tallies[:3], "...", *tallies[-3:], sep="\n  ")


def main() -> int:
    parser = benchmark_arguments(__doc__, workers=1, seconds=30.0)
    parser.add_argument(
        "--kind", choices=sorted(KINDS), default="trickle", help="what the hostile clients do"
    )
    parser.add_argument("--connections", type=int, default=1000, help="hostile connections held at once")
    parser.add_argument("--open-files", type=int, help="the server's open-files limit, soft and hard")
    parser.add_argument(
        "--settle", type=float, default=10.0, help="seconds after which a second share is counted"
    )
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < args.connections + 100 <= hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.connections + 100, hard))
    with tempfile.TemporaryDirectory() as folder:
        log = None if args.url else Path(folder) / "server.log"
        with server_for(args, log=log, open_files=args.open_files) as (pid, url):
            run(url, args, pid, log)
    return 0


if __name__ == "__main__":
    sys.exit(main())
