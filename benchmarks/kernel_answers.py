"""The kernel's answers on fixed deals, written to a file or compared with one written before.

For a change to the C kernel that should keep the search's answers: run it on the build before
the change (`--write`), then on the build after (`--compare`). Per variant and deal: the
decision's verdict, states and line, and (unless --no-shortest) the shortest search's length,
proven flag and states, at most --shortest-nodes states per deal (both builds stop at the same
node if the search is the same). Prints per variant how many answers differ, and which.

    .venv/bin/python benchmarks/kernel_answers.py --write /tmp/before.json      # on the old build
    .venv/bin/python benchmarks/kernel_answers.py --compare /tmp/before.json    # on the new one
    .venv/bin/python benchmarks/kernel_answers.py --variant giza --deals 0..99 --write giza.json
"""

import argparse
import json
import sys
import time

from pyramid_solitaire.engine.deal import START, Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.research.winrates import parse_range
from pyramid_solitaire.solver import search

SHORTEST_NODES = 2_000_000


def answers(variant_id: str, numbers: list[int], shortest: bool, shortest_nodes: int) -> dict[str, list]:
    """deal number (as text) -> [verdict, states, line, steps, proven, states] (the last three None
    without the shortest search)."""
    variant = VARIANTS[variant_id]
    found: dict[str, list] = {}
    for number in numbers:
        deal = Deal.from_number(variant, number)
        decided = search.solve(deal)
        answer = [str(decided.verdict), decided.searched, deal.format_line(decided.line), None, None, None]
        if shortest and decided.verdict == search.WINNABLE:
            best = search._solve(
                search._Search, deal, START, True, search._Budget(None, decided.searched + shortest_nodes)
            )
            answer[3:] = [best.steps, best.shortest, best.searched]
        found[str(number)] = answer
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=list(VARIANTS), action="append", help="a variant (default: all)")
    parser.add_argument("--deals", default="0..999", help="deal numbers A..B (default 0..999)")
    parser.add_argument("--no-shortest", action="store_true", help="the decision only")
    parser.add_argument(
        "--shortest-nodes", type=int, default=SHORTEST_NODES, help="states per shortest search"
    )
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--write", metavar="FILE", help="write the answers to FILE")
    what.add_argument("--compare", metavar="FILE", help="compare the answers with FILE's")
    args = parser.parse_args()
    numbers = list(parse_range(args.deals))
    known = {} if args.write else json.loads(open(args.compare).read())
    written, differences = {}, 0
    for variant_id in args.variant or list(VARIANTS):
        started = time.process_time()
        found = answers(variant_id, numbers, not args.no_shortest, args.shortest_nodes)
        seconds = time.process_time() - started
        written[variant_id] = found
        if args.write:
            print(f"{variant_id:15} {len(found)} deals written ({seconds:.1f} s)", flush=True)
            continue
        before = known.get(variant_id)
        if before is None:
            raise SystemExit(f"{args.compare} has no answers for {variant_id}")
        differ = [n for n in found if found[n] != before.get(n)]
        differences += len(differ)
        proven = sum(1 for a in found.values() if a[4])
        print(
            f"{variant_id:15} {len(found)} deals: {len(differ)} differ"
            f" (won {sum(a[0] == 'winnable' for a in found.values())}, shortest proven {proven};"
            f" {seconds:.1f} s)",
            flush=True,
        )
        for n in differ[:10]:
            print(f"  deal {n}: before {before.get(n)}, now {found[n]}")
    if args.write:
        with open(args.write, "w") as out:
            json.dump(written, out)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
