"""The winnability table of the six variants: run the deals (resumable), then write the table.

`run` solves, in stages, with `pyramid-solitaire stats --out` (so every stage resumes where a
stopped run left off, and a later stage never solves a deal twice):
  1. deals 0..9,999 of every variant, cheapest first: a table of all six early on;
  2. proven shortest lines of deals 0..1,999 (`--shortest-deals`) of every variant;
  3. deals 0..99,999, then 0..999,999 of every variant, cheapest first.
`table` reads the stored rows (solving again only the hardest deals, to time them alone) and
rewrites the generated parts of docs/winnability.md and docs/research.md (between
`<!-- winnability:NAME -->` markers) and the chart docs/winnability.png (matplotlib:
`pip install -e '.[charts]'`).

`options` solves the option table (issue 36): every stock rule family under passes 1, 2, 3 and
unlimited, with and without overlap discards, won with the pyramid or with all cards, in stages
(default 10,000 then 100,000 deals a cell), the cells won with the pyramid first; all rows go
to ROOT/options, one series per option set. `options-table` rewrites docs/winnability.md's
option table, its comparison with the published figures and its nesting check (no deal won
under some rules and lost under rules that allow every move of those) from those rows.

    nice -n 19 .venv/bin/python benchmarks/winnability.py run --root /work/winnability --jobs 2
    .venv/bin/python benchmarks/winnability.py table --root /work/winnability
    nice -n 19 .venv/bin/python benchmarks/winnability.py options --root /work/winnability --jobs 2
    .venv/bin/python benchmarks/winnability.py options-table --root /work/winnability

`family` and `family-table` do the same for the Pyramid family's eight games (issue 51): rows
in ROOT/family (the proven shortest lines of deals 0..1,999 in ROOT/family-shortest), the
tables between docs/winnability.md's `winnability:family` and `winnability:family-shortest` markers.

    nice -n 10 .venv/bin/python benchmarks/winnability.py family --root /work/winnability --stages 200
    .venv/bin/python benchmarks/winnability.py family-table --root /work/winnability
"""

import argparse
import subprocess
import sys
import textwrap
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import GAMES, get_variant
from pyramid_solitaire.research import dataset
from pyramid_solitaire.research.dataset import Series
from pyramid_solitaire.research.winrates import Summary, WinRateTally, wilson
from pyramid_solitaire.solver.reference import kernel_plays
from pyramid_solitaire.solver.search import WINNABLE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
from markers import replace_part  # noqa: E402

# Cheapest first (milliseconds per deal measured on deals 0..199).
ORDER = ("open-stock", "giza", "pyramid", "classic", "three-wastes", "classic-redeal")
# The option table's rule families: classic and classic-redeal are pyramid with 1 and 2 passes,
# the same cards and rules, so their cells are pyramid's.
FAMILIES = ("pyramid", "three-wastes", "open-stock")
PASSES = ("1", "2", "3", "unlimited")
GOALS = (("no", "pyramid"), ("yes", "pyramid"), ("no", "all"), ("yes", "all"))  # (overlap, win)
CELLS = [(family, passes, o, w) for family in FAMILIES for passes in PASSES for o, w in GOALS]
# solitairewinrates.com/Pyramid.html (last modified 17 April 2022), "same 100 million deals
# each": (win, passes, overlap, deals won). Its rules are not stated beyond these options; its
# sources (Keller and Masten's "Pyramid and Giza" at solitairelaboratory.com) make the stock card
# just dealt playable beside the waste's top, which is this project's `open-stock`.
PUBLISHED_DEALS = 100_000_000
PUBLISHED = (
    ("pyramid", "1", "yes", 22_773_249),
    ("pyramid", "1", "no", 9_019_243),
    ("all", "1", "yes", 15_916_049),
    ("all", "1", "no", 6_795_618),
    ("pyramid", "unlimited", "yes", 83_151_588),
    ("pyramid", "unlimited", "no", 66_865_010),
)
HERE = Path(__file__).resolve().parent.parent
COMMAND = str(Path(sys.executable).parent / "pyramid-solitaire")


def run(args) -> None:
    first, *rest = args.stages
    for variant in ORDER:
        stats(args, variant, first, [])
    for variant in ORDER:
        stats(args, variant, args.shortest_deals, ["--shortest"], folder="shortest")
    for count in rest:
        for variant in ORDER:
            stats(args, variant, count, [])


def stats(args, variant: str, count: int, extra: list[str], folder: str | None = None) -> None:
    out = Path(args.root) / (folder or variant)
    command = [COMMAND, "stats", "--variant", variant, "--deals", f"0..{count - 1}", "--jobs", str(args.jobs)]
    print(" ".join([*command[1:], "--out", str(out), *extra]), flush=True)
    subprocess.run([*command, "--out", str(out), *extra], check=True)


def option_set(family: str, passes: str, overlap: str, win: str) -> str:
    """The canonical text of one cell's rules (a named variant's own values are left out)."""
    return get_variant(f"{family}:passes={passes},overlap={overlap},win={win}").text


def options(args) -> None:
    """Every cell, stage by stage; within a stage the cells won with the pyramid first (the
    all-cards ones cost the most: nearly every deal is a loss to prove)."""
    wins = [w for w in ("pyramid", "all") if w in args.win]
    cells = sorted((cell for cell in CELLS if cell[3] in wins), key=lambda cell: wins.index(cell[3]))
    for count in args.stages:
        for cell in cells:
            stats(args, option_set(*cell), count, [], folder="options")


def tally(folder: Path, series: Series) -> tuple[Summary, list[tuple[int, int]]]:
    chunks = dataset.stored_chunks(str(folder), series)
    counts = WinRateTally()
    for table in dataset.read_rows(chunks):
        counts.add(table)
    return counts.summary(), dataset.covered(None, chunks)


def link(variant: str, deal: int) -> str:
    return f"[{deal}](/?variant={variant}&deal={deal})"


def spans(runs: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a:,}..{b:,}" for a, b in runs) or "none"


def main_table(found: dict[str, tuple[Summary, list]]) -> str:
    lines = [
        "| variant | deals solved | winnable | win rate | 95% interval "
        "| median ms/deal | p99 ms/deal | deals/s per core |",
        "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |",
    ]
    for variant, (s, runs) in found.items():
        unknown = f" ({s.unknown} unknown)" if s.unknown else ""
        lines.append(
            f"| {variant} | {s.deals:,} ({spans(runs)}){unknown} | {s.winnable:,} | {100 * s.win_rate:.2f}% "
            f"| {100 * s.low:.2f}% to {100 * s.high:.2f}% (±{50 * (s.high - s.low):.2f}) "
            f"| {1000 * s.median:.2f} | {1000 * s.p99:.1f} | {s.deals_per_second:.0f} |"
        )
    return "\n".join(lines)


def slowest_table(found: dict[str, tuple[Summary, list]]) -> str:
    lines = [
        "| variant | the ten deals whose search took the most positions |",
        "| --- | --- |",
    ]
    for variant, (s, _) in found.items():
        cells = ", ".join(f"{link(variant, d)} ({n:,})" for d, n, _ in s.most_states)
        lines.append(f"| {variant} | {cells} |")
    lines += [
        "",
        "| variant | the ten slowest deals, solved again one at a time (seconds) |",
        "| --- | --- |",
    ]
    from pyramid_solitaire.solver import warm_up

    warm_up(shortest=False)  # once, so no re-timed deal carries the loading
    for variant, (s, _) in found.items():
        cells = ", ".join(f"{link(variant, d)} ({t:.2f} s)" for d, t in retimed(variant, s))
        lines.append(f"| {variant} | {cells} |")
    return "\n".join(lines)


def retimed(variant: str, s: Summary) -> list[tuple[int, float]]:
    """The deals of both hardness lists (most positions, most stored seconds) solved again, one
    at a time, the least of three times each: a stored time shares the machine with the run's
    other worker and whatever else ran, and a deal in flight while the run was paused keeps the
    pause. The ten slowest."""
    from pyramid_solitaire.solver import solve

    deals = {d for d, _, _ in s.most_states} | {d for d, _ in s.slowest}
    times = []
    for n in sorted(deals):
        deal = Deal.from_number(get_variant(variant), n)
        times.append((n, min(solve(deal).seconds for _ in range(3))))
    return sorted(times, key=lambda t: (-t[1], t[0]))[:10]


def comparison(s: Summary) -> str:
    """The `pyramid` figure beside playsolitaire.io's 65.8% of 1,520 deals (same rules)."""
    agree = "inside" if s.low <= 0.658 <= s.high else "outside"
    return (
        f"playsolitaire.io's rules, here: {100 * s.win_rate:.2f}% of {s.deals:,} `pyramid` deals "
        f"({100 * s.low:.2f}% to {100 * s.high:.2f}%); their 65.8% lies {agree} this interval."
    )


def shortest_part(lines: dict[str, tuple[Summary, list]], label: str = "variant") -> str:
    rows = [
        f"| {label} | deals | winnable (proven shortest) | steps: mean, fewest, most "
        "| seconds per deal: median, p99, max "
        "| the ten winnable deals with the longest shortest line (steps) |",
        "| --- | --- | ---: | --- | --- | --- |",
    ]
    for variant, (s, runs) in lines.items():
        mean = sum(n * c for n, c in s.lines.items()) / max(s.winnable, 1)
        longest = ", ".join(f"{link(variant, d)} ({n})" for d, n in s.longest)
        rows.append(
            f"| {variant} | {spans(runs)} | {s.winnable:,} ({s.proven_shortest:,}) "
            f"| {mean:.1f}, {min(s.lines, default=0)}, {max(s.lines, default=0)} "
            f"| {s.median:.3f}, {s.p99:.2f}, {s.max:.2f} | {longest} |"
        )
    rows += ["", "Winnable deals per length of the shortest line (steps:deals):", ""]
    for variant, (s, _) in lines.items():
        rows.append(f"- {variant}: `{' '.join(f'{n}:{c}' for n, c in sorted(s.lines.items()))}`")
    return "\n".join(rows)


def chart(found: dict[str, tuple[Summary, list]], lines: dict[str, tuple[Summary, list]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2 if lines else 1, figsize=(12 if lines else 6, 4), squeeze=False)
    ax = axes[0][0]
    names = list(found)
    rates = [100 * s.win_rate for s, _ in found.values()]
    errors = [
        [100 * (s.win_rate - s.low) for s, _ in found.values()],
        [100 * (s.high - s.win_rate) for s, _ in found.values()],
    ]
    ax.barh(names, rates, xerr=errors, color="#3b7dd8", capsize=3, height=0.6)
    for y, (rate, (s, _)) in enumerate(zip(rates, found.values(), strict=True)):
        ax.text(100 * s.high + 1.5, y, f"{rate:.2f}% ({s.deals:,} deals)", va="center", fontsize=8)
    ax.set_xlim(0, 112)  # room for the labels right of the bars
    ax.set_xticks(range(0, 101, 20))
    ax.invert_yaxis()
    ax.set_xlabel("winnable deals, % (95% interval)")
    ax.set_title("Win rate with perfect play")
    if lines:
        ax = axes[0][1]
        for variant, (s, _) in lines.items():
            steps = sorted(s.lines)
            share = [100 * s.lines[n] / s.winnable for n in steps]
            ax.plot(steps, share, drawstyle="steps-mid", label=f"{variant} ({s.winnable:,})")
        ax.set_xlabel("steps of the shortest winning line")
        ax.set_ylabel("% of the winnable deals")
        samples = {spans(runs) for _, runs in lines.values()}
        ax.set_title("Shortest winning lines" + (f", deals {samples.pop()}" if len(samples) == 1 else ""))
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def rate(s: Summary) -> str:
    """A cell: the win rate, its 95% interval's half-width and the deals behind it."""
    return f"{100 * s.win_rate:.2f}% ±{50 * (s.high - s.low):.2f} ({s.deals:,})"


def option_table(cells: dict[str, Summary]) -> str:
    lines = [
        "| rules | passes | " + " | ".join(f"overlap {o}, win {w}" for o, w in GOALS) + " |",
        "| --- | --- |" + " ---: |" * len(GOALS),
    ]
    for family in FAMILIES:
        for passes in PASSES:
            found = [cells.get(option_set(family, passes, o, w)) for o, w in GOALS]
            texts = [rate(s) if s else "not solved" for s in found]
            lines.append(f"| {family} | {passes} | " + " | ".join(texts) + " |")
    return "\n".join(lines)


def published_comparison(cells: dict[str, Summary]) -> str:
    lines = [
        "| win | passes | overlap | published (100,000,000 deals) | here, `open-stock` | here, `pyramid` |",
        "| --- | --- | --- | ---: | --- | --- |",
    ]
    for win, passes, overlap, won in PUBLISHED:
        low, high = wilson(won, PUBLISHED_DEALS)
        texts = []
        for family in ("open-stock", "pyramid"):
            s = cells.get(option_set(family, passes, overlap, win))
            if s is None:
                texts.append("not solved")
                continue
            meets = "overlap" if s.low <= high and low <= s.high else "apart"
            texts.append(f"{rate(s)}, intervals {meets}")
        published = f"{100 * won / PUBLISHED_DEALS:.2f}%"
        lines.append(f"| {win} | {passes} | {overlap} | {published} | " + " | ".join(texts) + " |")
    return "\n".join(lines)


def looser(family: str, passes: str, overlap: str, win: str) -> list[tuple[str, str, str, str]]:
    """The cells whose rules keep every win of this one: a pass more, overlap discards added,
    the pyramid as the goal instead of all cards, the stock's top playable (`open-stock` is
    `pyramid` with one move more)."""
    cells = []
    if passes != "unlimited":
        cells.append((family, PASSES[PASSES.index(passes) + 1], overlap, win))
    if overlap == "no":
        cells.append((family, passes, "yes", win))
    if win == "all":
        cells.append((family, passes, overlap, "pyramid"))
    if family == "pyramid":
        cells.append(("open-stock", passes, overlap, win))
    return cells


def stored_cells(folder: Path) -> tuple[dict[str, Summary], dict[str, dict[int, bool]]]:
    """Each option set's stored rows, read once: its summary, and each deal won or not."""
    summaries: dict[str, Summary] = {}
    won: dict[str, dict[int, bool]] = {}
    for cell in CELLS:
        text = option_set(*cell)
        counts, won[text] = WinRateTally(), {}
        for table in dataset.read_rows(dataset.stored_chunks(str(folder), Series(text))):
            counts.add(table)
            deals, verdicts = table.column("deal").to_pylist(), table.column("verdict").to_pylist()
            won[text].update((d, v == WINNABLE) for d, v in zip(deals, verdicts, strict=True))
        summaries[text] = counts.summary()
    return summaries, won


def nesting(won: dict[str, dict[int, bool]]) -> tuple[int, int, list[str]]:
    """Every pair of cells where the second's rules keep the first's wins, checked on the deals
    both hold: the pairs and deals compared, and each pair with a deal won under the first and
    lost under the second (an error in one of the two)."""
    pairs = compared = 0
    broken = []
    for cell in CELLS:
        first = won[option_set(*cell)]
        for other in looser(*cell):
            second = won[option_set(*other)]
            shared = first.keys() & second.keys()
            pairs += bool(shared)
            compared += len(shared)
            lost = sorted(d for d in shared if first[d] and not second[d])
            if lost:
                broken.append(f"{option_set(*cell)} -> {option_set(*other)}: deals {lost[:10]}")
    return pairs, compared, broken


def nesting_text(pairs: int, compared: int, broken: list[str]) -> str:
    summary = textwrap.fill(
        f"Nesting: {pairs} pairs of cells whose second's rules keep every win of the first, "
        f"{compared:,} deals compared; {len(broken)} pairs with a deal won under the first and "
        "lost under the second.",
        width=100,
    )
    return "\n".join([summary, *(f"- {line}" for line in broken)])


def options_table(args) -> None:
    summaries, won = stored_cells(Path(args.root) / "options")
    cells = {text: s for text, s in summaries.items() if s.deals}
    doc = HERE / "docs" / "winnability.md"
    parts = (
        ("options", option_table(cells)),
        ("published", published_comparison(cells)),
        ("nesting", nesting_text(*nesting(won))),
    )
    for name, text in parts:
        print(text)
        replace_part(doc, f"winnability:{name}", text)


def table(args) -> None:
    root = Path(args.root)
    found = {v: tally(root / v, Series(v)) for v in ORDER if (root / v).is_dir()}
    found = {v: f for v, f in found.items() if f[0].deals}
    sampled = (root / "shortest").is_dir()
    lines = {v: tally(root / "shortest", Series(v, shortest=True)) for v in ORDER if sampled}
    lines = {v: f for v, f in lines.items() if f[0].deals}
    doc = HERE / "docs" / "winnability.md"
    table_text = main_table(found)
    print(table_text)
    replace_part(doc, "winnability:table", table_text)
    replace_part(HERE / "docs" / "research.md", "winnability:table", table_text)
    replace_part(doc, "winnability:slowest", slowest_table(found))
    if "pyramid" in found:
        replace_part(doc, "winnability:comparison", comparison(found["pyramid"][0]))
    if lines:
        part = shortest_part(lines)
        print(part)
        replace_part(doc, "winnability:shortest", part)
    if not args.no_chart:
        chart(found, lines, HERE / "docs" / "winnability.png")


# --- The Pyramid family (issue 51): its own stages and table ------------------------------
# Each game is solved as `stats` solves it: the kernel where it plays the game, else the plain
# search within its node budget (rows stamped plain-N, unknown past it). Once the kernel plays
# a game, `stats` refuses to add its rows to the plain search's: give `family` a new --root.


FAMILY_CHUNK = 100  # deals per file: the plain search takes up to seconds a deal, a stop loses little


def family(args) -> None:
    """Deals 0..N-1 of every family game, stage by stage, all rows in ROOT/family, and after the
    first stage the proven shortest lines of deals 0..S-1 (`--shortest-deals`) of every game the
    kernel plays, in ROOT/family-shortest. The kernel's games get --time-limit (a few of their
    deals, Tut's Tomb 151 among them, stay undecided past 20 million positions); the plain search
    stops at its own node budget, and has no shortest search worth the wait."""
    first, *rest = args.stages
    family_stage(args, first)
    for game in kernel_games():
        bounded = ["--chunk", str(FAMILY_CHUNK), "--time-limit", str(args.shortest_time_limit), "--shortest"]
        stats(args, game, args.shortest_deals, bounded, folder="family-shortest")
    for count in rest:
        family_stage(args, count)


def kernel_games() -> list[str]:
    return [game for game in GAMES if kernel_plays(Deal.from_number(GAMES[game], 0))]


def family_stage(args, count: int) -> None:
    for game in GAMES:
        bounded = ["--time-limit", str(args.time_limit)] if game in kernel_games() else []
        stats(args, game, count, ["--chunk", str(FAMILY_CHUNK), *bounded], folder="family")


def searched_by(version: str) -> str:
    """A solver version stamp as the table says it: the kernel's number, or the plain search's."""
    if version.isdigit():
        return f"kernel, version {version}"
    return f"plain search, {int(version.removeprefix('plain-')):,} positions"


def family_table(args) -> None:
    """docs/winnability.md's family tables from the rows in ROOT/family and ROOT/family-shortest."""
    text = family_text(Path(args.root) / "family")
    print(text)
    replace_part(HERE / "docs" / "winnability.md", "winnability:family", text)
    folder = Path(args.root) / "family-shortest"
    lines = {g: tally(folder, Series(g, shortest=True)) for g in GAMES if folder.is_dir()}
    lines = {g: found for g, found in lines.items() if found[0].deals}
    if lines:
        part = shortest_part(lines, label="game")
        print(part)
        replace_part(HERE / "docs" / "winnability.md", "winnability:family-shortest", part)


def family_text(folder: Path) -> str:
    """The family table of the rows stored in `folder`: a line per game that has rows."""
    found = {g: tally(folder, Series(g)) for g in GAMES}
    lines = [
        "| game | solved by | deals | won, lost, unknown | win rate of the decided (95%) "
        "| over all deals, unknown lost .. won (95%) | positions per deal: mean, most "
        "| ms per deal by the clock, loaded: median, p99 | the most positions |",
        "| --- | --- | ---: | --- | --- | --- | --- | --- | --- |",
    ]
    for game, (s, runs) in found.items():
        if not s.deals:
            continue
        (version,) = dataset.solver_versions(dataset.stored_chunks(str(folder), Series(game)))
        least, most = s.bounds
        low, high = s.bounds_interval
        hardest = ", ".join(f"{link(game, d)} ({n:,})" for d, n, _ in s.most_states[:3])
        lines.append(
            f"| {game} | {searched_by(version)} | {s.deals:,} ({spans(runs)}) "
            f"| {s.winnable:,}, {s.unwinnable:,}, {s.unknown:,} "
            f"| {100 * s.win_rate:.2f}% ({100 * s.low:.2f} to {100 * s.high:.2f}) "
            f"| {100 * least:.2f}% .. {100 * most:.2f}% ({100 * low:.2f} to {100 * high:.2f}) "
            f"| {s.states / s.deals:,.0f}, {s.most_states[0][1]:,} "
            f"| {1000 * s.median:.1f}, {1000 * s.p99:.0f} | {hardest} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    commands = (("run", run), ("table", table), ("options", options), ("options-table", options_table))
    commands += (("family", family), ("family-table", family_table))  # issue 51's games
    for name, func in commands:
        p = sub.add_parser(name)
        p.set_defaults(func=func)
        p.add_argument(
            "--root", default="winnability", help="one folder of rows per variant (default ./winnability)"
        )
    run_parser = sub.choices["run"]
    run_parser.add_argument(
        "--stages",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[10_000, 100_000, 1_000_000],
        help="deals per variant after each stage (default 10000,100000,1000000)",
    )
    run_parser.add_argument(
        "--shortest-deals", type=int, default=2000, help="deals per variant in the shortest-line sample"
    )
    for name in ("run", "options", "family"):
        sub.choices[name].add_argument(
            "--jobs", type=int, default=2, help="local worker processes (default 2)"
        )
    sub.choices["family"].add_argument(
        "--stages",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[200, 1_000, 100_000],
        help="deals per game after each stage (default 200,1000,100000)",
    )
    sub.choices["family"].add_argument(
        "--shortest-deals", type=int, default=2000, help="deals per game in the shortest-line sample"
    )
    sub.choices["family"].add_argument(
        "--shortest-time-limit",
        type=float,
        default=10.0,
        help="seconds a deal for its shortest line (default 10)",
    )
    sub.choices["family"].add_argument(
        "--time-limit", type=float, default=1.0, help="seconds a deal on the kernel, then unknown (default 1)"
    )
    sub.choices["options"].add_argument(
        "--stages",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[10_000, 100_000],
        help="deals per cell after each stage (default 10000,100000)",
    )
    sub.choices["options"].add_argument(
        "--win", default="pyramid,all", help="the cells of these goals only (default pyramid,all)"
    )
    sub.choices["table"].add_argument(
        "--no-chart", action="store_true", help="leave docs/winnability.png alone"
    )
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
