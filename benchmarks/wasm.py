"""The solver in the page, measured: the wasm kernel against native, hints offline, requests, sizes.

    .venv/bin/python benchmarks/wasm.py                       # everything, default sizes
    .venv/bin/python benchmarks/wasm.py --only speed --deals 0..199
    .venv/bin/python benchmarks/wasm.py --only hints --hint-deals 20
    .venv/bin/python benchmarks/wasm.py --only hints --who page --who fresh --who native \
        --variant three-wastes --out rows.jsonl                  # resumable, one variant at a time
    .venv/bin/python benchmarks/wasm.py --only hints --hint-nodes 1000000   # a count budget
    .venv/bin/python benchmarks/wasm.py --only speed --shortest             # the hints' search

Sections (one run prints them side by side):
  speed     the decision search from the start of the same deals per variant: the native kernel
            (Python's solve, processor time), the .wasm in node (processor time) and in Chromium's
            worker (the worker's clock around each search, and the processor time of Chromium's
            processes); states/second, and the states checked equal on all three (the same search)
  hints     hints in the page with the network cut, over every position along the winning lines
            of N winnable deals per variant: median and p99 seconds (the worker's own figure, and
            the page's round trip), the share checked and the share proven shortest; by the page
            as it ships, the page told to forget earlier proofs (fresh), or the server's hint
            (native), at the 0.5 s clock or a node budget; the load average with every row
  requests  a whole game followed by hints, then its review, in the page served by the Python
            server: the requests to /api/ (the variant list counted apart)
  sizes     kernel.wasm raw and gzipped; the static site (`pyramid-solitaire site`) raw and gzipped
"""

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from app_server import CHROMIUM, CHROMIUM_ARGS, start_server  # noqa: E402
from static_server import static_server  # noqa: E402

from pyramid_solitaire.engine.deal import Deal  # noqa: E402
from pyramid_solitaire.engine.game import Game  # noqa: E402
from pyramid_solitaire.engine.variants import VARIANTS  # noqa: E402
from pyramid_solitaire.research.winrates import parse_range, percentile  # noqa: E402
from pyramid_solitaire.solver import WINNABLE, solve, warm_up  # noqa: E402
from pyramid_solitaire.solver.budgets import HINT  # noqa: E402
from pyramid_solitaire.solver.hints import hint  # noqa: E402
from pyramid_solitaire.web.site import write_site  # noqa: E402

WASM = ROOT / "src" / "pyramid_solitaire" / "static" / "js" / "solver" / "kernel.wasm"
NODE_LIMIT = 300_000  # per search: hard deals are cut off at the same count on every side
SOLVER = "import('/static/js/net/solver.js')"  # the page's own module: the same worker


def header(columns: tuple[str, ...], widths: tuple[int, ...]) -> None:
    print(f"{'variant':15} " + " ".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)))


def chromium_processes() -> dict[int, list[str]]:
    """The Chromium processes this benchmark started (descendants of this process, by /proc):
    pid -> the fields of /proc/PID/stat after the name."""
    parents, names = {}, {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            name, fields = stat[stat.index("(") + 1 : stat.rindex(")")], stat[stat.rindex(")") + 2 :].split()
            parents[int(entry.name)], names[int(entry.name)] = int(fields[1]), (name, fields)
    found = {}
    for pid, (name, fields) in names.items():
        ancestor = parents.get(pid)
        while ancestor and ancestor != os.getpid():
            ancestor = parents.get(ancestor)
        if ancestor == os.getpid() and name.startswith("chrom"):
            found[pid] = fields
    return found


def chromium_processor_time() -> float:
    """Seconds of processor time used so far by the Chromium processes this benchmark started:
    a page has no processor clock of its own, and the worker's wall clock counts the waits for a
    core on a loaded machine."""
    ticks = os.sysconf("SC_CLK_TCK")
    return sum((int(f[11]) + int(f[12])) / ticks for f in chromium_processes().values())  # utime, stime


def load() -> str:
    """The load average over the last minute (the machine is shared: say it with every figure)."""
    return f"{os.getloadavg()[0]:.1f}"


def open_page(browser, url: str, offline: bool = False):
    context = browser.new_context(base_url=url, locale="en-US")
    page = context.new_page()
    page.goto("/?variant=giza&deal=18")
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    page.evaluate(f"async () => (await {SOLVER}).available()")
    if offline:
        page.evaluate(
            "() => navigator.serviceWorker.ready.then(() => new Promise((resolve) => {"
            " if (navigator.serviceWorker.controller) resolve();"
            " navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }); }))"
        )
        context.set_offline(True)
    return context, page


def speed(browser, url: str, numbers: list[int], shortest: bool = False) -> None:
    search = "shortest" if shortest else "decision"
    print(f"\n== speed: {search} search from the start, deals {numbers[0]}..{numbers[-1]}", end="")
    print(f", <={NODE_LIMIT} states")
    header(
        ("states", "native/s", "node/s", "chromium/s", "chrom cpu/s", "node", "chrom", "c-cpu", "load"),
        (10, 11, 11, 11, 11, 6, 6, 6, 5),
    )
    warm_up(shortest=False)
    context, page = open_page(browser, url)
    for variant in VARIANTS:
        jobs = [
            {"variant": variant, "deal": n, "nodeLimit": NODE_LIMIT, "shortest": shortest} for n in numbers
        ]
        cpu, native = time.process_time(), []
        for n in numbers:
            deal = Deal.from_number(VARIANTS[variant], n)
            native.append(solve(deal, shortest=shortest, node_limit=NODE_LIMIT).searched)
        cpu = time.process_time() - cpu
        done = subprocess.run(
            ["node", "--experimental-default-type=module", str(ROOT / "benchmarks" / "kernel_node.mjs")],
            input=json.dumps(jobs),
            capture_output=True,
            text=True,
            check=True,
        )
        in_node = json.loads(done.stdout)
        run = f"""async (jobs) => {{
              const solver = await {SOLVER};
              const out = [];
              for (const job of jobs) {{
                const record = {{ version: 1, variant: job.variant, deal: job.deal, moves: [] }};
                const {{ nodeLimit, shortest }} = job;
                out.push(await solver.solve(record, {{ nodeLimit, shortest }}));
              }}
              return out;
            }}"""
        page.evaluate(run, jobs)  # a first pass to warm up: wasm tiers up to its optimizer
        chromium_cpu = chromium_processor_time()
        browser_runs = page.evaluate(run, jobs)
        chromium_cpu = chromium_processor_time() - chromium_cpu
        states = sum(native)
        same = [r["states"] for r in in_node["results"]] == native == [r["states"] for r in browser_runs]
        chromium_seconds = sum(r["seconds"] for r in browser_runs)
        rates = [states / max(s, 1e-9) for s in (cpu, in_node["cpu_seconds"], chromium_seconds, chromium_cpu)]
        print(
            f"{variant:15} {states:>10} {rates[0]:>11,.0f} {rates[1]:>11,.0f} {rates[2]:>11,.0f} "
            f"{rates[3]:>11,.0f} {rates[0] / rates[1]:>5.2f}x {rates[0] / rates[2]:>5.2f}x "
            f"{rates[0] / rates[3]:>5.2f}x  {load()}" + ("" if same else "  STATES DIFFER")
        )
    print("(node, chrom, c-cpu: times slower than native; native, node: processor time; chromium: the")
    print(" worker's clock; chromium cpu: the processor time of all Chromium's processes in the pass)")
    context.close()


def winning_positions(variant: str, deals: int) -> list[list[dict]]:
    """Per deal, the records of every position along the winning line of the first `deals`
    winnable deals from deal 1 (the shortest line when the native solver proves it within the
    node limit), in the order a player meets them."""
    records: list[list[dict]] = []
    number = 0
    while len(records) < deals and number < 2_000:
        number += 1
        game = Game(variant, number=number)
        found = solve(game.deal, node_limit=NODE_LIMIT)
        if found.verdict != WINNABLE:
            continue
        best = solve(game.deal, shortest=True, node_limit=NODE_LIMIT)
        line = [str(m) for m in (best.line if best.verdict == WINNABLE else found.line)]
        record = {"version": 1, "variant": variant, "deal": number}
        records.append([{**record, "moves": line[:i]} for i in range(len(line))])
    return records


# Who answers the hints: the page's worker as it ships (it keeps what earlier hints proved, so
# a hint along a proven line starts from its bound), the worker told to forget (every hint
# searched afresh, as the server does), and the server's own hints.hint in this process.
MODES = {"page": "the page", "fresh": "page, no memory", "native": "native"}


def page_hints(page, records: list[dict], budgets: dict) -> list[dict]:
    """The worker's hints of `records`, in order, under `budgets` (solver/budgets.js)."""
    return page.evaluate(
        f"""async ([records, budgets]) => {{
          const solver = await {SOLVER};
          await solver.setBudgets(budgets);
          const out = [];
          for (const record of records) {{
            const started = performance.now();
            const {{ hint }} = await solver.hint(record);
            out.push({{ ...hint, trip: (performance.now() - started) / 1000 }});
          }}
          return out;
        }}""",
        [records, budgets],
    )


def native_hints(records: list[dict], nodes: int | None) -> list[dict]:
    """The server's hints of `records`: hints.hint at its 0.5 s, or with a node budget the one
    solve a hint makes (solve(shortest=True)) cut at `nodes` instead of the clock."""
    out = []
    for record in records:
        game = Game(record["variant"], number=record["deal"])
        for move in record["moves"]:
            game.play(move)
        if nodes is None:
            given = hint(game)
            out.append({"seconds": given.seconds, "checked": given.checked, "shortest": given.shortest})
        else:
            started = time.process_time()
            found = solve(game.deal, game.state, shortest=True, node_limit=nodes)
            seconds = time.process_time() - started
            out.append(
                {
                    "seconds": seconds,
                    "checked": found.verdict == WINNABLE,
                    "shortest": found.shortest,
                    "states": found.searched,
                }
            )
        out[-1]["trip"] = out[-1]["seconds"]
    return out


def hint_row(
    variant: str,
    mode: str,
    nodes: int | None,
    records: list[dict],
    answers: list[dict],
    loads: tuple[str, str],
) -> dict:
    seconds = sorted(a["seconds"] for a in answers)
    trips = sorted(a["trip"] for a in answers)
    return {
        "variant": variant,
        "mode": mode,
        "budget": f"{nodes} nodes" if nodes else f"{HINT.seconds} s",
        "hints": len(answers),
        "median": statistics.median(seconds),
        "p99": percentile(seconds, 0.99),
        "max": seconds[-1],
        "trip_p99": percentile(trips, 0.99),
        "checked": sum(a["checked"] for a in answers) / len(answers),
        "shortest": sum(a["shortest"] for a in answers) / len(answers),
        "missed": len(answers) - sum(a["shortest"] for a in answers),
        # the positions not proven shortest: deal number and moves played
        "missed_at": [
            [r["deal"], len(r["moves"])] for r, a in zip(records, answers, strict=True) if not a["shortest"]
        ],
        "load": f"{loads[0]}-{loads[1]}",
        # native, count budget: states per second of processor time (what a node budget is worth)
        "states_per_s": sum(a.get("states", 0) for a in answers) / max(sum(seconds), 1e-9),
    }


def print_hint_row(row: dict) -> None:
    print(
        f"{row['variant']:15} {MODES[row['mode']]:16} {row['budget']:>14} {row['hints']:>6} "
        f"{row['median']:>9.4f} {row['p99']:>8.4f} {row['max']:>7.3f} {row['trip_p99']:>9.4f} "
        f"{row['checked']:>8.1%} {row['shortest']:>9.2%} {row['missed']:>6} {row['load']:>10}",
        flush=True,
    )


def hints(
    browser, url: str, deals: int, variants: list[str], modes: list[str], nodes: int | None, out: Path | None
) -> None:
    """One row per variant and mode; with `out`, each row is appended to it as a JSON line as soon
    as it is measured, and rows already there (the same variant, mode and budget) are skipped:
    an interrupted run goes on where it stopped."""
    print("\n== hints, network cut: every position along the shortest lines", end="")
    print(f" of {deals} deals a variant (seconds: the worker's clock; native count budget: processor time)")
    print(
        f"{'variant':15} {'who':16} "
        + " ".join(
            f"{c:>{w}}"
            for c, w in zip(
                (
                    "budget",
                    "hints",
                    "median s",
                    "p99 s",
                    "max s",
                    "trip p99",
                    "checked",
                    "shortest",
                    "missed",
                    "load",
                ),
                (14, 6, 9, 8, 7, 9, 8, 9, 6, 10),
                strict=True,
            )
        )
    )
    done = []
    if out and out.exists():
        done = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    budget = f"{nodes} nodes" if nodes else f"{HINT.seconds} s"
    page = None
    warm_up()
    for variant in variants:
        records = None
        for mode in modes:
            seen = [r for r in done if (r["variant"], r["mode"], r["budget"]) == (variant, mode, budget)]
            if seen:
                print_hint_row(seen[-1])
                continue
            records = records or winning_positions(variant, deals)
            loads = [load()]
            if mode == "native":
                answers = [a for deal in records for a in native_hints(deal, nodes)]
            else:
                if page is None:
                    context, page = open_page(browser, url, offline=True)
                budgets = {
                    "hintSeconds": None if nodes else HINT.seconds,
                    "hintNodes": nodes,
                    "rememberProofs": mode == "page",
                }
                answers = [a for deal in records for a in page_hints(page, deal, budgets)]
            loads.append(load())
            flat = [r for deal in records for r in deal]
            row = hint_row(variant, mode, nodes, flat, answers, (loads[0], loads[1]))
            print_hint_row(row)
            if out:
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    if page is not None:
        context.close()


def requests(browser) -> None:
    print("\n== requests to the server: a whole game by hints (Giza deal 18), then its review")
    server, thread, url = start_server()
    context = browser.new_context(base_url=url, locale="en-US")
    page = context.new_page()
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url.split("/api/", 1)[1]) if "/api/" in r.url else None)
    page.goto("/?variant=giza&deal=18")
    page.wait_for_selector("body[data-ready='1']", timeout=30_000)
    hints_asked = 0
    while page.locator("#end-panel").is_hidden() and hints_asked < 60:
        page.click("#btn-hint")
        hints_asked += 1
        page.wait_for_selector("#board .card.hint:not(.gone), #stock.hint", timeout=30_000)
        marked = page.locator("#board .card.hint:not(.gone), #stock.hint")
        cards = [el.get_attribute("data-card") for el in marked.all()]
        before = page.locator("#board").get_attribute("data-moves")
        if cards == [None]:
            page.click("#stock")
        else:
            for text in cards:
                page.click(f'#board .card[data-card="{text}"]:not(.gone)')
        page.wait_for_function(f"() => document.getElementById('board').dataset.moves !== '{before}'")
    page.click("#end-review")
    page.wait_for_selector("#move-list li[data-mark]", timeout=60_000)
    other = [s for s in sent if s != "variants"]
    listed = len(sent) - len(other)
    print(f"hints asked: {hints_asked}; requests to /api/: {len(other)} {other}", end="")
    print(f" (+ {listed} for the variant list)")
    context.close()
    server.should_exit = True
    thread.join(timeout=5)


def sizes() -> None:
    print("\n== sizes")
    wasm = WASM.read_bytes()
    print(f"kernel.wasm: {len(wasm):,} bytes raw, {len(gzip.compress(wasm, 9)):,} gzipped")
    with tempfile.TemporaryDirectory() as tmp:
        files = write_site(Path(tmp) / "site")
        raw = sum(p.stat().st_size for p in files)
        packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
        print(f"static site: {len(files)} files, {raw / 1024:,.0f} KiB raw, ", end="")
        print(f"{packed / 1024:,.0f} KiB gzipped (file by file)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["speed", "hints", "requests", "sizes"], action="append")
    parser.add_argument("--deals", default="0..199", help="speed: deal numbers A..B (default %(default)s)")
    parser.add_argument("--hint-deals", type=int, default=20, help="hints: winnable deals per variant")
    parser.add_argument("--variant", action="append", choices=list(VARIANTS), help="hints: only these")
    parser.add_argument(
        "--who", action="append", choices=list(MODES), help="hints: page (default), fresh, native; repeatable"
    )
    parser.add_argument(
        "--hint-nodes", type=int, help="hints: a node budget instead of the 0.5 s clock (load-independent)"
    )
    parser.add_argument("--shortest", action="store_true", help="speed: the shortest search (a hint's cost)")
    parser.add_argument(
        "--out", type=Path, help="hints: append rows here as JSON lines, skip rows already there"
    )
    args = parser.parse_args()
    only = set(args.only or ["speed", "hints", "requests", "sizes"])
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        write_site(Path(tmp) / "site")
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with static_server(Path(tmp) / "site") as url:
                if "speed" in only:
                    speed(browser, url, list(parse_range(args.deals)), args.shortest)
                if "hints" in only:
                    variants = args.variant or list(VARIANTS)
                    hints(
                        browser,
                        url,
                        args.hint_deals,
                        variants,
                        args.who or ["page"],
                        args.hint_nodes,
                        args.out,
                    )
                if "requests" in only:
                    requests(browser)
        finally:
            browser.close()
    if "sizes" in only:
        sizes()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
