"""The C kernel against the numba kernel it replaced: the same search, so the same answers.

The numba kernel lives on in benchmarks/numba_kernel.py for this comparison; it needs the numba
extra (`.venv/bin/python -m pip install -e '.[numba]'`), which the solver itself no longer does.

Per variant, both kernels solve the same positions in one process, one after the other: whole
deals (decision search), mid-game positions reached by random legal play (decision search and
the shortest search's estimate), and whole deals and mid-game positions with the shortest
search. Every answer must agree exactly: verdict, line, proven-shortest flag and the states
searched (the same search expands the same positions); every winning line is replayed through
the engine, which checks each move. Prints per variant the positions compared, disagreements,
and each kernel's states and processor time (states/s; the machine's load inflates both alike).

    .venv/bin/python benchmarks/kernel_agreement.py                      # 10,000 deals, 1,000 positions
    .venv/bin/python benchmarks/kernel_agreement.py --deals 1000 --positions 0 --shortest-deals 0
    .venv/bin/python benchmarks/kernel_agreement.py --variant giza --deals 100
    .venv/bin/python benchmarks/kernel_agreement.py --slow 6991,4597,7929,4558,372   # pyramid, shortest
    .venv/bin/python benchmarks/kernel_agreement.py --write-golden tests/golden/kernel_searches.json

--write-golden records the numba kernel's answers on a few positions per variant (verdict,
states, steps, a digest of the line) for tests/test_solver_kernel.py, which holds the C kernel to
them once numba is gone.
"""

import argparse
import hashlib
import json
import random
import sys
import time

from pyramid_solitaire.engine.deal import START, Deal, State
from pyramid_solitaire.engine.decks import MAX_DEAL
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.solver import WINNABLE, search

SHORTEST_NODES = 2_000_000  # the shortest search per position; both kernels stop at the same node


def numba_search() -> type:
    """The numba kernel's search class (benchmarks/numba_kernel.py; needs numba and numpy)."""
    try:
        from numba_kernel import NumbaSearch
    except ImportError as missing:
        raise SystemExit(
            f"{missing}: the numba kernel needs the numba extra: pip install -e '.[numba]'"
        ) from None
    return NumbaSearch


class Tally:
    """One kernel's totals: states searched and processor seconds."""

    def __init__(self) -> None:
        self.states = 0
        self.seconds = 0.0

    def solve(self, kind: type, deal: Deal, state: State, shortest: bool, node_limit: int | None):
        started = time.process_time()
        found = search._solve(kind, deal, state, shortest, search._Budget(None, node_limit))
        self.seconds += time.process_time() - started
        self.states += found.searched
        return found

    def rate(self) -> str:
        rate = self.states / max(self.seconds, 1e-9) / 1e6
        return f"{self.states / 1e6:8.2f} M states {self.seconds:7.2f} s {rate:5.2f} M/s"


def replays(deal: Deal, state: State, line) -> bool:
    for move in line:
        state = deal.apply(state, move)  # raises on an illegal move
    return deal.is_won(state)


def mid_game(deal: Deal, rng: random.Random) -> State:
    """A position of a game played for a random number of random legal moves."""
    state = START
    for _ in range(rng.randint(1, 60)):
        moves = deal.legal_moves(state)
        if not moves or deal.is_won(state):
            break
        state = deal.apply(state, rng.choice(moves))
    return state


def compare(old: type, deal: Deal, state: State, shortest: bool, tallies, node_limit=None):
    """Solve with both kernels: (None when they agree and every line wins, else what differs;
    the C kernel's solution)."""
    a = tallies[0].solve(old, deal, state, shortest, node_limit)
    b = tallies[1].solve(search._Search, deal, state, shortest, node_limit)
    if (a.verdict, a.line, a.searched, a.shortest) != (b.verdict, b.line, b.searched, b.shortest):
        return (
            f"numba {a.verdict} {len(a.line)} steps {a.searched} states,"
            f" C {b.verdict} {len(b.line)} steps {b.searched} states"
        ), b
    if b.verdict == WINNABLE and not (replays(deal, state, a.line) and replays(deal, state, b.line)):
        return "a line does not win", b
    return None, b


def run(variant_id: str, args, old: type) -> int:
    variant = VARIANTS[variant_id]
    rng = random.Random(f"{args.seed}/{variant_id}")
    bad = 0
    report = []

    def check(what: str, deal: Deal, state: State, shortest: bool, tallies, node_limit=None) -> None:
        nonlocal bad
        problem, _ = compare(old, deal, state, shortest, tallies, node_limit)
        if problem:
            bad += 1
            print(f"  {variant_id} {what} deal {deal.number} {state}: {problem}", flush=True)

    deals = [Tally(), Tally()]
    for number in range(args.deals):
        check("deal", Deal.from_number(variant, number), START, False, deals)
    report.append(f"{args.deals} deals: numba {deals[0].rate()} | C {deals[1].rate()}")
    positions, estimates = [Tally(), Tally()], 0
    mid = []
    for _ in range(args.positions):
        deal = Deal.from_number(variant, rng.randrange(MAX_DEAL))
        state = mid_game(deal, rng)
        mid.append((deal, state))
        check("position", deal, state, False, positions)
        key = search.state_key(deal, state)
        if old(deal, shortest=True).estimate(key) != search._Search(deal, shortest=True).estimate(key):
            estimates += 1
            print(f"  {variant_id} estimate differs: deal {deal.number} {state}", flush=True)
    bad += estimates
    report.append(
        f"{args.positions} mid-game positions: numba {positions[0].rate()} | C {positions[1].rate()}"
    )
    shortest = [Tally(), Tally()]
    for number in range(args.shortest_deals):
        check("shortest deal", Deal.from_number(variant, number), START, True, shortest, SHORTEST_NODES)
    for deal, state in mid[: args.shortest_positions]:
        check("shortest position", deal, state, True, shortest, SHORTEST_NODES)
    report.append(
        f"shortest, {args.shortest_deals} deals + {min(args.shortest_positions, len(mid))} positions:"
        f" numba {shortest[0].rate()} | C {shortest[1].rate()}"
    )
    print(f"{variant_id:15} disagreements {bad}", flush=True)
    for line in report:
        print(f"    {line}", flush=True)
    return bad


GOLDEN_DEALS = 200  # decided, per variant
GOLDEN_SHORTEST = 20  # solved shortest, per variant
GOLDEN_POSITIONS = 40  # mid-game positions, decided and solved shortest, per variant
GOLDEN_NODES = 200_000  # the shortest search's node limit in the golden answers


def digest(deal: Deal, line) -> str:
    """A short fingerprint of a line, so the golden file need not hold whole lines."""
    return hashlib.sha1(deal.format_line(line).encode()).hexdigest()[:12]


def golden_answer(kind: type, deal: Deal, state: State, shortest: bool) -> dict:
    found = search._solve(
        kind, deal, state, shortest, search._Budget(None, GOLDEN_NODES if shortest else None)
    )
    if found.verdict == WINNABLE:
        assert replays(deal, state, found.line)
    answer = {
        "verdict": found.verdict,
        "states": found.searched,
        "steps": found.steps,
        "line": digest(deal, found.line),
    }
    return answer | ({"proven": found.shortest} if shortest else {})


def golden_positions(variant_id: str) -> list[tuple[Deal, State]]:
    rng = random.Random(f"golden/{variant_id}")
    found = []
    for _ in range(GOLDEN_POSITIONS):
        deal = Deal.from_number(VARIANTS[variant_id], rng.randrange(MAX_DEAL))
        found.append((deal, mid_game(deal, rng)))
    return found


def golden(kind: type) -> dict:
    """The answers of `kind` on the golden positions, per variant (see --write-golden)."""
    result = {}
    for variant_id, variant in VARIANTS.items():
        result[variant_id] = {
            "deals": [
                golden_answer(kind, Deal.from_number(variant, n), START, False) for n in range(GOLDEN_DEALS)
            ],
            "shortest": [
                golden_answer(kind, Deal.from_number(variant, n), START, True) for n in range(GOLDEN_SHORTEST)
            ],
            "positions": [
                {
                    "deal": deal.number,
                    "state": [state.removed, state.drawn, state.recycles],
                    "decided": golden_answer(kind, deal, state, False),
                    "shortest": golden_answer(kind, deal, state, True),
                    "estimate": kind(deal, shortest=True).estimate(search.state_key(deal, state)),
                }
                for deal, state in golden_positions(variant_id)
            ],
        }
    return result


def slow(old: type, numbers: list[int]) -> int:
    """Shortest lines of single deals without a node limit: each kernel's states, seconds, memory."""
    bad = 0
    for number in numbers:
        deal = Deal.from_number(VARIANTS["pyramid"], number)
        tallies = [Tally(), Tally()]
        problem, found = compare(old, deal, START, True, tallies)
        bad += problem is not None
        print(
            f"pyramid {number:5} shortest {problem or 'agree'}: {found.steps} steps, proven {found.shortest};"
            f" numba {tallies[0].rate()} | C {tallies[1].rate()}",
            flush=True,
        )
    print(f"disagreements in all: {bad}")
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(VARIANTS), action="append", help="repeatable; default: all")
    parser.add_argument(
        "--deals", type=int, default=10_000, help="whole deals 0..N-1 decided (default 10000)"
    )
    parser.add_argument("--positions", type=int, default=1000, help="mid-game positions (default 1000)")
    parser.add_argument("--shortest-deals", type=int, default=300, help="deals 0..N-1 solved shortest (300)")
    parser.add_argument(
        "--shortest-positions", type=int, default=300, help="mid-game positions solved shortest"
    )
    parser.add_argument("--seed", default="agreement", help="seed of the mid-game positions")
    parser.add_argument(
        "--write-golden", metavar="PATH", help="write the numba kernel's golden answers, then stop"
    )
    parser.add_argument("--slow", help="only these pyramid deals, shortest with no node limit, one by one")
    args = parser.parse_args()
    old = numba_search()
    if args.slow:
        search.warm_up()
        return slow(old, [int(n) for n in args.slow.split(",")])
    if args.write_golden:
        with open(args.write_golden, "w") as out:
            json.dump({"shortest_nodes": GOLDEN_NODES, "variants": golden(old)}, out, separators=(",", ":"))
            out.write("\n")
        return 0
    search.warm_up()  # numba's compiled functions load before anything is timed
    search._solve(old, Deal.from_number(VARIANTS["pyramid"], 1), START, True, search._Budget(None, 2000))
    print(f"shortest searches stop at {SHORTEST_NODES} nodes (both kernels at the same node)")
    bad = sum(run(variant_id, args, old) for variant_id in args.variant or list(VARIANTS))
    print(f"disagreements in all: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
