"""Which measure of difficulty to grade by: each candidate against a simulated player's win rate.

For every variant, the first --deals winnable deals from --start on get the three candidate
measures of goals/measures.py (states, forced, greedy) and the yardstick, the losses of the
lookahead player (goals/players.py, which no candidate is built from) over --reference rollouts.
It prints Spearman's rank correlation of each candidate with the yardstick, and the figures that
chose the measure (goals/grades.py) go to docs/difficulty.md. Rows go to --out as JSON lines, so
a stopped run resumes; --start gives deals the measures were not tuned on. --casual plays a
casual player (every legal move alike, at random: no measure knows it) on the stored deals, and
the report gives both players' win rates per grade (the grades of goals/thresholds.py).

    nice -n 19 .venv/bin/python benchmarks/difficulty.py --deals 1000 --start 1000000 --out difficulty.jsonl
    nice -n 19 .venv/bin/python benchmarks/difficulty.py --casual --out difficulty.jsonl
    .venv/bin/python benchmarks/difficulty.py --report --out difficulty.jsonl
"""

import argparse
import json
import math
import time
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.goals.grades import GRADES, STATES_CAP, grade_of
from pyramid_solitaire.goals.measures import MEASURES, decide, measure
from pyramid_solitaire.goals.players import rollout, wins

YARDSTICK = "lookahead"
CASUAL = "random"  # the casual player of --casual


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties given the mean of the ranks they share."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks (ties averaged)."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb) if va and vb else 0.0


def row(variant: str, number: int, rollouts: int) -> dict | None:
    deal = Deal.from_number(variant, number)
    started = time.perf_counter()
    decision = decide(deal)
    if decision.verdict != "winnable":
        return None
    found = {"variant": variant, "deal": number}
    for name in MEASURES:
        began = time.perf_counter()
        found[name] = measure(deal, name, decision)
        found[f"{name}_ms"] = round((time.perf_counter() - began) * 1000, 3)
    found["decide_ms"] = round((time.perf_counter() - started) * 1000, 3)
    found[YARDSTICK] = rollouts - wins(deal, YARDSTICK, rollouts)
    return found


def random_score(deal: Deal, state: object, move: object) -> int:
    """The casual player: every legal move ties, so it plays one at random (SplitMix64)."""
    return 0


def casual(args) -> None:
    """The casual player's losses on every stored row, to --out with .casual.jsonl (resumable):
    the check that a player the measure knows nothing of wins easy deals more often."""
    done = {(r["variant"], r["deal"]) for r in read_rows(casual_file(args))}
    with casual_file(args).open("a") as sink:
        for r in read_rows(Path(args.out)):
            if (r["variant"], r["deal"]) not in done:
                deal = Deal.from_number(r["variant"], r["deal"])
                lost = args.reference - sum(rollout(deal, random_score, k) for k in range(args.reference))
                sink.write(json.dumps({"variant": r["variant"], "deal": r["deal"], CASUAL: lost}) + "\n")
                sink.flush()


def casual_file(args) -> Path:
    return Path(args.out).with_suffix(".casual.jsonl")


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def run(args) -> None:
    out = Path(args.out)
    done: dict[str, list[int]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            r = json.loads(line)
            done.setdefault(r["variant"], []).append(r["deal"])
    with out.open("a") as sink:
        for variant in args.variant or VARIANTS:
            seen = done.get(variant, [])
            number = max(seen) + 1 if seen else args.start
            kept = len(seen)
            while kept < args.deals:
                found = row(variant, number, args.reference)
                number += 1
                if found:
                    sink.write(json.dumps(found) + "\n")
                    sink.flush()
                    kept += 1
            print(f"{variant}: {kept} winnable deals", flush=True)


def report(args) -> None:
    rows: dict[str, list[dict]] = {}
    casual_losses = {(r["variant"], r["deal"]): r[CASUAL] for r in read_rows(casual_file(args))}
    for r in read_rows(Path(args.out)):
        if (r["variant"], r["deal"]) in casual_losses:
            r[CASUAL] = casual_losses[r["variant"], r["deal"]]
        rows.setdefault(r["variant"], []).append(r)
    print(f"| variant | deals | {' | '.join(MEASURES)} | greedy, then states (chosen) |")
    print(f"|---|---|{'---|' * (len(MEASURES) + 1)}")
    for variant, found in rows.items():
        yard = [r[YARDSTICK] for r in found]
        rhos = [spearman([r[m] for r in found], yard) for m in MEASURES]
        chosen = [key_of(r) for r in found]
        rhos.append(spearman(chosen, yard))
        print(f"| `{variant}` | {len(found)} | {' | '.join(f'{x:.3f}' for x in rhos)} |")
    for player in (YARDSTICK, CASUAL):
        print(f"\n{player} player's games won per grade (grades by goals/thresholds.py)")
        print(f"| variant | {' | '.join(GRADES)} | Spearman with the key |")
        print(f"|---|{'---|' * (len(GRADES) + 1)}")
        for variant, found in rows.items():
            found = [r for r in found if player in r]
            rho = spearman([key_of(r) for r in found], [r[player] for r in found]) if found else 0.0
            cells = per_grade(variant, found, player, args.reference)
            print(f"| `{variant}` | {' | '.join(cells)} | {rho:.3f} |")
    print("\nmedian / p99 ms per measure (after the decision)")
    for variant, found in rows.items():
        figures = []
        for m in MEASURES:
            ms = sorted(r[f"{m}_ms"] for r in found)
            figures.append(f"{m} {ms[len(ms) // 2]:.1f}/{ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.1f}")
        print(f"{variant}: {', '.join(figures)}")


def per_grade(variant: str, found: list[dict], player: str, rollouts: int) -> list[str]:
    """The player's games won among the deals of each grade: "won of played (percent)"."""
    cells = []
    for grade in GRADES:
        losses = [r[player] for r in found if grade_of(variant, key_of(r)) == grade]
        played = rollouts * len(losses)
        won = played - sum(losses)
        cells.append(f"{won:,} of {played:,} ({100 * won / played:.1f}%)" if played else "none")
    return cells


def key_of(r: dict) -> int:
    """The chosen measure's key (grades.py's Difficulty.key) of a row."""
    return r["greedy"] * (STATES_CAP + 1) + min(r["states"], STATES_CAP)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=150, help="winnable deals per variant")
    parser.add_argument("--start", type=int, default=100_000, help="first deal number tried")
    parser.add_argument("--reference", type=int, default=16, help="rollouts of the yardstick player")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--out", required=True, help="JSON lines file (a rerun resumes it)")
    parser.add_argument("--report", action="store_true", help="only print the comparison")
    parser.add_argument("--casual", action="store_true", help="the casual player on the stored rows")
    args = parser.parse_args()
    report(args) if args.report else casual(args) if args.casual else run(args)


if __name__ == "__main__":
    main()
