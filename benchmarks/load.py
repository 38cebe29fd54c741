"""Load benchmark: moves and hints mixed against a game server on 127.0.0.1.

Starts `pyramid-solitaire serve --workers N` on a free loopback port (or uses --url),
trusting 127.0.0.1 as a proxy so that each client thread counts as a player of its own address
(X-Forwarded-For; the solver's rate limit is per address), then several client threads send
a bounded number of requests for a bounded time, and the script prints requests per second
and p50/p99 latency for moves and for hints, and the resident memory of the server's processes
(the supervisor and each worker) after start (the solver warmed up) and after the requests.

    .venv/bin/python benchmarks/load.py --workers 2 --clients 8 --seconds 10
    .venv/bin/python benchmarks/load.py --workers 4 --clients 5 --requests 1000 --seconds 600  # 5,000
"""

import random
import statistics
import sys
import threading
import time

import httpx

from pyramid_solitaire.engine.game import Game
from serving import benchmark_arguments, percentile, process_memory_mb, server_for


def positions(count: int) -> list[Game]:
    """Games a few random moves in, over every variant: what players send."""
    rng = random.Random(7)
    games = []
    for i in range(count):
        game = Game(["pyramid", "classic", "three-wastes", "giza", "open-stock"][i % 5], number=i)
        for _ in range(rng.randrange(0, 20)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        if game.legal_moves():
            games.append(game)
    return games


def client(
    url: str,
    games: list[Game],
    hint_share: float,
    until: float,
    limit: int,
    results: dict,
    lock: threading.Lock,
    seed: int,
) -> None:
    rng = random.Random(seed)
    player = {"x-forwarded-for": f"10.0.0.{seed + 1}"}  # each client thread a player of its own
    with httpx.Client(base_url=url, timeout=30, headers=player) as http:
        for _ in range(limit):
            if time.perf_counter() >= until:
                return
            game = rng.choice(games)
            if rng.random() < hint_share:
                kind, path, body = "hint", "/api/hint", {"record": game.to_record()}
            else:
                move = str(rng.choice(game.legal_moves()))
                kind, path, body = "move", "/api/move", {"record": game.to_record(), "move": move}
            started = time.perf_counter()
            response = http.post(path, json=body)
            took = time.perf_counter() - started
            outcome = f"HTTP {response.status_code}"
            if kind == "hint" and response.status_code == 200:
                shown = response.json()["hint"]
                outcome = "busy" if shown.get("busy") else shown["verdict"]
            with lock:
                results.setdefault(kind, []).append(took)
                counts = results.setdefault("outcomes", {}).setdefault(kind, {})
                counts[outcome] = counts.get(outcome, 0) + 1


def report(results: dict, seconds: float) -> None:
    for kind in ("move", "hint"):
        times = sorted(results.get(kind, []))
        if not times:
            continue
        p99 = percentile(times, 0.99) / 1000
        print(
            f"{kind:5} {len(times):6} requests  {len(times) / seconds:8.1f} req/s  "
            f"p50 {statistics.median(times) * 1000:7.1f} ms  p99 {p99 * 1000:7.1f} ms  "
            f"max {times[-1] * 1000:7.1f} ms"
        )
    for kind, counts in sorted(results.get("outcomes", {}).items()):
        print(f"{kind} answers:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def main() -> int:
    parser = benchmark_arguments(__doc__, workers=2, seconds=10.0)
    parser.add_argument("--clients", type=int, default=8, help="client threads")
    parser.add_argument("--requests", type=int, default=5000, help="at most this many per client")
    parser.add_argument("--hints", type=float, default=0.2, help="share of requests that ask for a hint")
    args = parser.parse_args()

    with server_for(args, "--trusted-proxy", "127.0.0.1") as (pid, url):
        games = positions(100)
        time.sleep(WARM_UP_SECONDS)  # each worker loads the solver beside its first requests
        print_memory("after start", pid)
        results: dict = {}
        lock = threading.Lock()
        started = time.perf_counter()
        until = started + args.seconds
        threads = [
            threading.Thread(
                target=client, args=(url, games, args.hints, until, args.requests, results, lock, i)
            )
            for i in range(args.clients)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.perf_counter() - started
        print(f"{url}: {args.workers} workers, {args.clients} clients, {took:.1f} s, {args.hints:.0%} hints")
        report(results, took)
        print_memory(f"after {sum(len(results.get(k, [])) for k in ('move', 'hint'))} requests", pid)
    return 0


WARM_UP_SECONDS = 3.0


def print_memory(when: str, pid: int | None) -> None:
    """Resident memory of the server's processes (not known for a server given by --url)."""
    if pid is None:
        return
    found = process_memory_mb(pid)
    each = ", ".join(f"{mb:.0f}" for mb in found.values())
    print(
        f"memory {when}: {sum(found.values()):.0f} MB in {len(found)} processes"
        f" ({each} MB; the first is the supervisor)"
    )


if __name__ == "__main__":
    sys.exit(main())
