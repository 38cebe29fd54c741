"""Players' results under a simulated population (issue 50, docs/results.md): players of known
skill play first attempts at winnable deals of known difficulty, posted through the HTTP API to
`serve --workers 2` on SQLite and on a throwaway PostgreSQL; then rating periods run, and the
learned ratings are compared with the simulation's truth.

A player of skill s wins a deal of difficulty d with chance 1 / (1 + exp(d - s)); a won game is the
solver's winning line, a lost one a prefix of it (both legal: the server replays every post).
Printed per database: results per second with verification, p50/p99 of a post, rows lost (201
answers minus rows stored), and the rank correlation (Spearman) of deal ratings with the deals'
true win rates and of player ratings with true skill, after how many results per deal.

    .venv/bin/python benchmarks/results.py --players 2000 --deals 100 --games 20000
"""

import argparse
import http.client
import json
import math
import random
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "support")]
from postgres import binaries, cluster  # noqa: E402
from result_posts import player_id  # noqa: E402
from results_server import two_workers  # noqa: E402

from pyramid_solitaire.engine.deal import Deal  # noqa: E402
from pyramid_solitaire.results import ratings, store  # noqa: E402
from pyramid_solitaire.solver import WINNABLE, solve  # noqa: E402

VARIANT = "pyramid"


def winnable_deals(count: int) -> dict[int, list[str]]:
    """The first `count` deals the solver proves winnable, each with its winning line."""
    found: dict[int, list[str]] = {}
    number = 1
    while len(found) < count:
        deal = Deal.from_number(VARIANT, number)
        solution = solve(deal, node_limit=2_000_000)
        if solution.verdict == WINNABLE:
            found[number] = [str(m) for m in solution.line]
        number += 1
    return found


def population(args: argparse.Namespace, lines: dict[int, list[str]]) -> tuple[list[dict], dict, dict]:
    """The games to post (first attempts), the players' skills and the deals' true win rates."""
    rng = random.Random(args.seed)
    skill = {player_id(n): rng.gauss(0, 1) for n in range(args.players)}
    difficulty = {deal: rng.gauss(0, 1) for deal in lines}
    chance = lambda s, d: 1 / (1 + math.exp(d - s))
    win_rate = {
        deal: statistics.fmean(chance(s, d) for s in skill.values()) for deal, d in difficulty.items()
    }
    played: set[tuple[str, int]] = set()
    games = []
    players, deals = list(skill), list(lines)
    while len(games) < args.games:
        player, deal = rng.choice(players), rng.choice(deals)
        if (player, deal) in played:
            continue
        played.add((player, deal))
        line = lines[deal]
        moves = (
            line
            if rng.random() < chance(skill[player], difficulty[deal])
            else line[: rng.randrange(1, len(line))]
        )
        record = {"version": 1, "variant": VARIANT, "deal": deal, "moves": moves}
        games.append({"player": player, "record": record, "seconds": 2.0 * len(moves) + 10})
    return games, skill, win_rate


def post_all(port: int, games: list[dict], threads: int) -> tuple[list[float], int, list[int]]:
    """Post every game from `threads` keep-alive connections: each post's seconds, 201s, other statuses."""
    local = threading.local()
    times: list[float] = []
    created = 0
    other: list[int] = []
    lock = threading.Lock()

    def post(body: dict) -> None:
        nonlocal created
        if not hasattr(local, "connection"):
            local.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        data = json.dumps(body)
        started = time.perf_counter()
        try:
            local.connection.request("POST", "/api/results", data, {"Content-Type": "application/json"})
            answer = local.connection.getresponse()
            answer.read()
            status = answer.status
        except (OSError, http.client.HTTPException):
            local.connection.close()
            del local.connection
            status = 0
        took = time.perf_counter() - started
        with lock:
            times.append(took)
            if status == 201:
                created += 1
            else:
                other.append(status)

    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(post, games))
    return times, created, other


def spearman(a: list[float], b: list[float]) -> float:
    rank = lambda x: np.argsort(np.argsort(np.asarray(x)))
    return float(np.corrcoef(rank(a), rank(b))[0, 1])


def run(name: str, url: str, args: argparse.Namespace, games: list[dict], truth: tuple[dict, dict]) -> None:
    """Post the games in `args.periods` rounds, a rating period after each (as the server's schedule
    would), then compare what was learned with the truth."""
    skill, win_rate = truth
    results = store.Store(url)
    times: list[float] = []
    created, other, periods, seconds = 0, [], 0, 0.0
    size = math.ceil(len(games) / args.periods)
    with two_workers(url) as port:
        for start in range(0, len(games), size):
            began = time.perf_counter()
            took, made, refused = post_all(port, games[start : start + size], args.threads)
            seconds += time.perf_counter() - began
            times += took
            created += made
            other += refused
            periods += ratings.rate(results) is not None
    with results.engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT count(*) FROM results").scalar_one()
    deal_ratings = [results.rating("deal", VARIANT, str(d)).rating for d in win_rate]
    player_ratings = [results.rating("player", "", p).rating for p in skill]
    times.sort()
    p = lambda q: 1000 * times[min(int(q * len(times)), len(times) - 1)]
    print(
        f"{name:10} {len(games)} posts in {seconds:.1f} s: {len(games) / seconds:.0f} results/s, "
        f"post p50 {p(0.5):.1f} ms p99 {p(0.99):.1f} ms; 201: {created}, other: {len(other)} "
        f"{sorted(set(other))}; rows {rows}, lost {created - rows}"
    )
    print(
        f"{'':10} {periods} rating period(s), {len(games) / len(win_rate):.0f} results per deal: Spearman "
        f"deal rating ~ true win rate {spearman(deal_ratings, list(win_rate.values())):+.3f}, "
        f"player rating ~ true skill {spearman(player_ratings, list(skill.values())):+.3f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--games", type=int, default=20000, help="first attempts posted")
    parser.add_argument("--threads", type=int, default=16, help="posting connections at once")
    parser.add_argument("--periods", type=int, default=5, help="rounds of posts, a rating period after each")
    parser.add_argument("--seed", type=int, default=50)
    parser.add_argument("--only", choices=["sqlite", "postgresql"], help="one database only")
    args = parser.parse_args()
    lines = winnable_deals(args.deals)
    games, skill, win_rate = population(args, lines)
    print(f"{args.players} players, {args.deals} winnable {VARIANT} deals, {len(games)} first attempts")
    if args.only != "postgresql":
        folder = tempfile.mkdtemp(prefix="results-bench-")
        run("sqlite", f"sqlite:///{folder}/results.sqlite", args, games, (skill, win_rate))
    if args.only != "sqlite":
        if binaries() is None:
            print("postgresql: not installed (make postgres)")
            return 0
        with cluster() as running:
            run("postgresql", running.new_database(), args, games, (skill, win_rate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
