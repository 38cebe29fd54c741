"""The page's search table against the server's: pyramid shortest searches from the start, native
(search.py, in this process) and the page's search.js in node (benchmarks/page_table.mjs, one
kernel for every search, as the worker), compared field by field: verdict, states, line, proven
shortest. Memory: the page kernel's wasm memory at the search's high-water mark (a wasm memory
never shrinks) and node's resident set after it; this process's peak resident set. --js runs
another copy of static/js/ (an older commit's) on this tree's kernel.wasm: only the JavaScript
differs.

    .venv/bin/python benchmarks/page_table.py --deals 0..59
    .venv/bin/python benchmarks/page_table.py --deals 6991,4597,7929,4558,372
    mkdir /tmp/old && git archive 4846eb6^ src/pyramid_solitaire/static/js | tar -x -C /tmp/old
    echo '{"type": "module"}' > /tmp/old/src/pyramid_solitaire/static/js/package.json
    .venv/bin/python benchmarks/page_table.py --deals 4558 --js /tmp/old/src/pyramid_solitaire/static/js
    .venv/bin/python benchmarks/page_table.py --deals 6991,1,2 --chromium   # and in Chromium's worker

--chromium also runs the searches in the page's worker (the `solve` request) in Chromium, one after
the other, and samples the proportional set size of Chromium's processes every 0.2 s: at rest,
the peak, after each search, and every 5 s for a minute of idling after the last (a memory let go
is freed at the engine's next full collection).
"""

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.research.winrates import parse_range
from pyramid_solitaire.solver import search

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "src" / "pyramid_solitaire" / "static" / "js"


def chromium_pss() -> int:
    """Kilobytes of proportional set size of the Chromium processes this process started."""
    from wasm import chromium_processes  # on the path once chromium() has set it

    total = 0
    for pid in chromium_processes():
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
    return total


def chromium(numbers: list[int], nodes: int) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "support"))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from app_server import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from static_server import static_server

    from pyramid_solitaire.web.site import write_site
    from wasm import SOLVER, open_page

    peak = [0]

    def sample() -> None:
        while True:
            peak[0] = max(peak[0], chromium_pss())
            time.sleep(0.2)

    mb = lambda kb: f"{kb / 1024:.0f} MB"  # noqa: E731
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        write_site(Path(tmp) / "site")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with static_server(Path(tmp) / "site") as url:
                context, page = open_page(browser, url)
                print(f"\nChromium's worker: at rest {mb(chromium_pss())} (proportional set size)")
                threading.Thread(target=sample, daemon=True).start()
                for n in numbers:
                    found = page.evaluate(
                        f"""async ([deal, nodeLimit]) => {{
                          const solver = await {SOLVER};
                          const record = {{ version: 1, variant: "pyramid", deal, moves: [] }};
                          const f = await solver.solve(record, {{ nodeLimit, shortest: true }});
                          return [f.verdict, f.states, f.line.length, f.shortest, f.reason ?? null];
                        }}""",
                        [n, nodes],
                    )
                    print(f"{n:>5} {found}: after it {mb(chromium_pss())}, peak so far {mb(peak[0])}")
                for second in range(5, 65, 5):
                    time.sleep(5)
                    print(f"idle {second:>2} s: {mb(chromium_pss())}")
                context.close()
        finally:
            browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", default="0..59", help="A..B or a list, comma-separated (default %(default)s)"
    )
    parser.add_argument(
        "--nodes", type=int, default=100_000_000, help="node limit a search (default %(default)s)"
    )
    parser.add_argument(
        "--cap", type=int, default=None, help="the table cap in bits, both sides (default: their own)"
    )
    parser.add_argument(
        "--js", type=Path, default=JS, help="the page's static/js folder (default: this tree's)"
    )
    parser.add_argument("--chromium", action="store_true", help="also in Chromium's worker, with its memory")
    args = parser.parse_args()
    numbers = [n for part in args.deals.split(",") for n in parse_range(part)]
    if args.cap is not None:
        search.MAX_TABLE_BITS = args.cap
    native = []
    for n in numbers:
        found = search.solve(Deal.from_number("pyramid", n), shortest=True, node_limit=args.nodes)
        native.append((str(found.verdict), found.searched, [str(m) for m in found.line], found.shortest))
    native_rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    jobs = [{"deal": n, "nodeLimit": args.nodes, "maxBits": args.cap} for n in numbers]
    runner = [str(ROOT / "benchmarks" / "page_table.mjs"), str(args.js), str(JS / "solver" / "kernel.wasm")]
    done = subprocess.run(
        ["node", "--experimental-default-type=module", *runner],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        check=True,
    )
    page = [json.loads(line) for line in done.stdout.splitlines()]
    print(
        f"{'deal':>5} {'verdict':>10} {'native':>11} {'page':>11} {'steps':>5} {'proven':>6}"
        f" {'wasm MB':>8} {'node MB':>8}"
    )
    same = 0
    for n, mine, theirs in zip(numbers, native, page, strict=True):
        alike = (theirs["verdict"], theirs["states"], theirs["line"], theirs["shortest"]) == mine
        same += alike
        proven = f"{'yn'[not mine[3]]}/{'yn'[not theirs['shortest']]}"
        print(
            f"{n:>5} {mine[0]:>10} {mine[1]:>11,} {theirs['states']:>11,} {len(mine[2]):>5} {proven:>6} "
            f"{theirs['memory'] / 1e6:>8.1f} {theirs['rss'] / 1e6:>8.1f}  {'same' if alike else 'DIFFERENT'}"
            + (f"  {theirs['reason']}" if theirs["reason"] else "")
        )
    states = sum(m[1] for m in native), sum(p["states"] for p in page)
    print(
        f"{same} of {len(numbers)} identical (verdict, states, line, proven);"
        f" states {states[0]:,} native, {states[1]:,} page"
    )
    print(
        f"native peak resident {native_rss / 1e6:.0f} MB; the page kernel's largest wasm memory "
        f"{max(p['memory'] for p in page) / 1e6:.1f} MB"
    )
    if args.chromium:
        chromium(numbers, args.nodes)
    return 0 if same == len(numbers) else 1


if __name__ == "__main__":
    sys.exit(main())
