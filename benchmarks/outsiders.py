"""Do the grades separate players no grade was tuned on? The check of docs/difficulty.md.

For every variant, the first --deals winnable deals from --start on (beyond every graded range)
get the figures of the measure (the greedy player's wins, the decision's states, the losing
removals along the solver's line: goals/measures.py) and the games won out of --games by each
player of goals/outsiders.py. Rows go to --out as JSON lines (a rerun resumes). The report gives,
per variant and player, the share of games won per grade (the grades of goals/grades.py, with
95% Wilson intervals over games) and Spearman's rank correlation of the key with the player's
losses per deal; --candidates compares the measures that could split hard from expert among the
deals the greedy player never wins.

    nice -n 10 .venv/bin/python benchmarks/outsiders.py --deals 300 --start 1000000 --out outsiders.jsonl
    .venv/bin/python benchmarks/outsiders.py --report --out outsiders.jsonl
"""

import argparse
import json
import sys
from pathlib import Path

from pyramid_solitaire.engine.deal import Deal
from pyramid_solitaire.engine.variants import VARIANTS
from pyramid_solitaire.goals.grades import GRADES, ROLLOUTS, Difficulty, grade_of
from pyramid_solitaire.goals.measures import decide, forced, losing
from pyramid_solitaire.goals.outsiders import OUTSIDERS, outsider_wins
from pyramid_solitaire.goals.players import greedy_wins
from pyramid_solitaire.research.winrates import wilson

sys.path.insert(0, str(Path(__file__).parent))
from difficulty import spearman  # noqa: E402  (the benchmarks share no package)

CANDIDATES = ("states", "losing", "forced", "losing_share")


def row(variant: str, number: int, games: int) -> dict | None:
    deal = Deal.from_number(variant, number)
    decision = decide(deal)
    if decision.verdict != "winnable":
        return None
    found = {"variant": variant, "deal": number, "states": decision.states, "line": len(decision.line)}
    found["wins"] = greedy_wins(deal, ROLLOUTS)
    found["losing"] = losing(deal, decision.line)
    found["forced"] = forced(deal, decision.line) if found["wins"] == 0 else None
    for player in OUTSIDERS:
        found[player] = outsider_wins(deal, player, games)
    return found


def run(args) -> None:
    out = Path(args.out)
    rows = read_rows(out)
    with out.open("a") as sink:
        for variant in args.variant or VARIANTS:
            seen = [r["deal"] for r in rows if r["variant"] == variant]
            number = max(seen) + 1 if seen else args.start
            kept = len(seen)
            while kept < args.deals:
                found = row(variant, number, args.games)
                number += 1
                if found:
                    found["games"] = args.games
                    sink.write(json.dumps(found) + "\n")
                    sink.flush()
                    kept += 1
            print(f"{variant}: {kept} winnable deals", flush=True)


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def key_of(r: dict) -> int:
    """The key of goals/grades.py for a stored row."""
    return Difficulty("winnable", None, r["wins"], r["states"], r["losing"]).key


def cell(won: int, played: int) -> str:
    if not played:
        return "none"
    low, high = wilson(won, played)
    return f"{100 * won / played:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def report(args) -> None:
    rows: dict[str, list[dict]] = {}
    for r in read_rows(Path(args.out)):
        rows.setdefault(r["variant"], []).append(r)
    print("| variant | player | deals | " + " | ".join(GRADES) + " | Spearman |")
    print("|---|---|---|" + "---|" * (len(GRADES) + 1))
    for variant, found in rows.items():
        grades = [grade_of(variant, key_of(r)) for r in found]
        for player in OUTSIDERS:
            cells = []
            for grade in GRADES:
                of = [r for r, g in zip(found, grades, strict=True) if g == grade]
                cells.append(cell(sum(r[player] for r in of), sum(r["games"] for r in of)))
            rho = spearman([key_of(r) for r in found], [r["games"] - r[player] for r in found])
            print(f"| `{variant}` | {player} | {len(found)} | {' | '.join(cells)} | {rho:.3f} |")
    if args.candidates:
        candidates(rows)


def candidates(rows: dict[str, list[dict]]) -> None:
    """Spearman of each candidate with each player's losses among the deals greedy never wins."""
    print("\namong the deals the greedy player never wins: Spearman with each player's losses")
    print("| variant | deals | player | " + " | ".join(CANDIDATES) + " |")
    print("|---|---|---|" + "---|" * len(CANDIDATES))
    for variant, found in rows.items():
        lost = [dict(r, losing_share=r["losing"] / max(1, r["line"])) for r in found if r["wins"] == 0]
        for player in OUTSIDERS if len(lost) > 1 else ():
            yard = [r["games"] - r[player] for r in lost]
            rhos = [spearman([r[c] for r in lost], yard) for c in CANDIDATES]
            print(f"| `{variant}` | {len(lost)} | {player} | {' | '.join(f'{x:.3f}' for x in rhos)} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="winnable deals per variant")
    parser.add_argument("--start", type=int, default=1_000_000, help="first deal number tried")
    parser.add_argument("--games", type=int, default=8, help="games per deal of each player")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--out", required=True, help="JSON lines file (a rerun resumes it)")
    parser.add_argument("--report", action="store_true", help="only print the tables")
    parser.add_argument("--candidates", action="store_true", help="with --report: the candidates too")
    args = parser.parse_args()
    report(args) if args.report else run(args)


if __name__ == "__main__":
    main()
