"""Solver-abuse benchmark (Locust): clients that loop hints as fast as they can, plus one player.

Starts `pyramid-solitaire serve --trusted-proxy 127.0.0.1` on a free loopback port; every Locust
user names its address in X-Forwarded-For, as a reverse proxy would, so one machine can play many
addresses. The abusers ask hints without pause from --abuser-addresses addresses (1: one client
with many tabs, or as many as abusers: a small botnet). The player, on an address of its own,
thinks half a second between requests: two moves, two hints and now and then a winnable-only
deal in every five (a keen player). The script prints the player's p50/p99 per request kind, the
share of its hints that came back unchecked because the solver was busy, how many winnable-only
deals were proven, what the abusers got, and the server's memory.

    .venv/bin/python benchmarks/solver_abuse.py --abusers 10 --abuser-addresses 1 --seconds 60
"""

from gevent import monkey

monkey.patch_all()  # before anything else imports socket or ssl (Locust runs on gevent)

import itertools  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
from collections import Counter  # noqa: E402

import gevent  # noqa: E402
from locust import HttpUser, constant, events, task  # noqa: E402
from locust.env import Environment  # noqa: E402

from load import positions  # noqa: E402
from serving import benchmark_arguments, memory_mb, server_for  # noqa: E402

GAMES = positions(60)
outcomes: Counter = Counter()
addresses = itertools.count()


class Abuser(HttpUser):
    wait_time = constant(0)
    address_count = 1  # set from --abuser-addresses

    def on_start(self):
        self.address = f"10.6.6.{next(addresses) % self.address_count + 1}"

    @task
    def hint(self):
        record = random.choice(GAMES).to_record()
        with self.client.post(
            "/api/hint",
            json={"record": record},
            headers={"x-forwarded-for": self.address},
            name="abuser hint",
            catch_response=True,
        ) as answer:
            outcomes["abuser 429" if answer.status_code == 429 else f"abuser {answer.status_code}"] += 1
            answer.success()  # a 429 is the server doing its job


class Player(HttpUser):
    wait_time = constant(0.5)
    fixed_count = 1
    headers = {"x-forwarded-for": "10.9.9.9"}

    @task(2)
    def move(self):
        game = random.choice(GAMES)
        body = {"record": game.to_record(), "move": str(random.choice(game.legal_moves()))}
        self.client.post("/api/move", json=body, headers=self.headers, name="player move")

    @task(2)
    def hint(self):
        body = {"record": random.choice(GAMES).to_record()}
        with self.client.post(
            "/api/hint", json=body, headers=self.headers, name="player hint", catch_response=True
        ) as answer:
            if answer.status_code != 200:
                outcomes[f"player hint {answer.status_code}"] += 1
                return
            hint = answer.json()["hint"]
            outcomes[
                "player hint "
                + ("busy" if hint.get("busy") else "checked" if hint["checked"] else hint["verdict"])
            ] += 1

    @task(1)
    def winnable_deal(self):
        if random.random() < 0.3:
            body = {"variant": "pyramid", "winnable_only": True}
            with self.client.post(
                "/api/new", json=body, headers=self.headers, name="player winnable deal", catch_response=True
            ) as answer:
                proven = answer.status_code == 200 and answer.json().get("winnable")
                outcomes[
                    "player winnable deal " + ("proven" if proven else f"not proven ({answer.status_code})")
                ] += 1


def main() -> int:
    parser = benchmark_arguments(__doc__, workers=1, seconds=30.0)
    parser.add_argument("--abusers", type=int, default=10, help="clients looping hints")
    parser.add_argument("--abuser-addresses", type=int, default=1, help="addresses they come from")
    args = parser.parse_args()
    Abuser.fixed_count, Abuser.address_count = args.abusers, args.abuser_addresses

    # A server given with --url must trust 127.0.0.1 as a proxy: serve --trusted-proxy 127.0.0.1.
    with server_for(args, "--trusted-proxy", "127.0.0.1", "--log-level", "warning") as (pid, url):
        env = Environment(user_classes=[Abuser, Player], host=url, events=events)
        runner = env.create_local_runner()
        runner.start(args.abusers + 1, spawn_rate=100)
        peak = 0.0
        for _ in range(int(args.seconds)):
            gevent.sleep(1)
            peak = max(peak, memory_mb(pid)) if pid else peak
        runner.quit()

    print(
        f"{url}: {args.abusers} clients looping hints from {args.abuser_addresses} address(es), "
        f"one player, {args.seconds:.0f} s, {args.workers} worker(s)"
    )
    for name in ("player move", "player hint", "player winnable deal", "abuser hint"):
        entry = env.stats.get(name, "POST")
        if entry.num_requests:
            p50, p99 = entry.get_response_time_percentile(0.5), entry.get_response_time_percentile(0.99)
            print(
                f"{name:21} {entry.num_requests:6} requests  p50 {p50:6.0f} ms  p99 {p99:6.0f} ms"
                f"  failed {entry.num_failures}"
            )
    hints = sum(n for k, n in outcomes.items() if k.startswith("player hint"))
    busy = outcomes["player hint busy"]
    print(
        f"player hints unchecked because the solver was busy: {busy} of {hints} ({busy / max(hints, 1):.0%})"
    )
    for kind, count in sorted(outcomes.items()):
        print(f"  {kind}: {count}")
    print(f"server memory: {peak:.0f} MB at most (resident, all processes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
