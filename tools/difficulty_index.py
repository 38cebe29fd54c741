"""The grades' thresholds and the graded deal lists, from the rows of a grading run.

    python tools/difficulty_index.py --rows /work/grades

reads the rows research/grading.py stored (`pyramid-solitaire difficulty --deals A..B --out DIR`)
and rewrites three files: goals/thresholds.py and static/js/goals/thresholds.js (each variant's
three cut points of the measure's key: the quartiles of its winnable deals, so each grade holds a
fair share) and static/grades.json (up to --per-grade deal numbers of each grade per variant, the
lowest first, for New game by grade), and the table of grades in docs/difficulty.md. Rows of
another measure's version are refused.

With --pin-daily it also copies those lists to static/daily-deals.json, the lists the day's
challenges draw from: that changes every day's challenges, past days included (docs/daily.md),
so it is done only when the grades themselves have changed; without it no day changes.
"""

import argparse
import json
import math
import sys
from pathlib import Path

from pyramid_solitaire.goals.grades import GRADED, GRADES, MEASURE_VERSION, Difficulty
from pyramid_solitaire.research import dataset, grading

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
from markers import replace_part  # noqa: E402

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pyramid_solitaire"
PY_FILE = PACKAGE / "goals" / "thresholds.py"
JS_FILE = PACKAGE / "static" / "js" / "goals" / "thresholds.js"
INDEX_FILE = PACKAGE / "static" / "grades.json"
DAILY_FILE = PACKAGE / "static" / "daily-deals.json"
DOC = Path(__file__).resolve().parents[1] / "docs" / "difficulty.md"


def keyed(folder: str, variant: str) -> tuple[list[tuple[int, int]], int]:
    """(key, deal) of every winnable deal stored, and how many deals were graded in all."""
    found, graded = [], 0
    for table in grading.read(folder, variant):
        graded += table.num_rows
        for row in table.to_pylist():
            if row["measure_version"] != MEASURE_VERSION:
                raise SystemExit(
                    f"{variant} deal {row['deal']}: measure {row['measure_version']}, not {MEASURE_VERSION}"
                )
            if row["verdict"] == "winnable":
                measure = Difficulty("winnable", None, row["greedy_wins"], row["states"], row["losing"])
                found.append((measure.key, row["deal"]))
    return found, graded


def cut_points(keys: list[int]) -> list[int]:
    """The three quartiles (nearest rank) of the keys: the largest key of each of the first three grades."""
    keys = sorted(keys)
    return [keys[max(0, math.ceil(len(keys) * q / 4) - 1)] for q in (1, 2, 3)]


def grade(key: int, limits: list[int]) -> str:
    return next((g for g, limit in zip(GRADES, limits, strict=False) if key <= limit), GRADES[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", required=True, help="the folder of graded rows")
    parser.add_argument("--per-grade", type=int, default=150, help="deal numbers kept per grade")
    parser.add_argument(
        "--pin-daily",
        action="store_true",
        help="the day's challenges draw from the new lists too (changes every day)",
    )
    args = parser.parse_args()
    limits, lists, notes = {}, {}, []
    table = [
        "| variant | winnable graded | of deals | easy | medium | hard | expert |",
        "|---|---|---|---|---|---|---|",
    ]
    for variant in GRADED:  # the six variants, then the family's games
        found, graded = keyed(args.rows, variant)
        if not found:  # before any file is written: every variant needs its thresholds
            raise SystemExit(f"{args.rows} holds no graded winnable deal of {variant}: grade some first")
        limits[variant] = cut_points([k for k, _ in found])
        per = {g: sorted(d for k, d in found if grade(k, limits[variant]) == g) for g in GRADES}
        lists[variant] = {g: numbers[: args.per_grade] for g, numbers in per.items()}
        shares = ", ".join(f"{g} {len(per[g]):,}" for g in GRADES)
        stored = grading.stored(args.rows, variant)
        runs = ", ".join(f"{a:,}..{b:,}" for a, b in dataset.covered(None, stored))
        line = f"{variant}: {len(found):,} winnable of {graded:,} graded deals ({runs}): {shares}"
        notes.append("# " + line.replace(": easy", ":\n#     easy"))  # within the line length
        table.append(
            f"| `{variant}` | {len(found):,} | {runs} | "
            + " | ".join(f"{len(per[g]):,}" for g in GRADES)
            + " |"
        )
        print(line)
    PY_FILE.write_text(
        '"""Each variant\'s three cut points of the measure\'s key (grades.py): the quartiles of its\n'
        'winnable deals. Written by tools/difficulty_index.py; do not edit."""\n\n'
        + "\n".join(notes)
        + f"\nMEASURE_VERSION = {json.dumps(MEASURE_VERSION)}\n"
        + "THRESHOLDS: dict[str, list[int]] = {\n"
        + "".join(f"    {json.dumps(v)}: {json.dumps(t)},\n" for v, t in limits.items())
        + "}\n",
        encoding="utf-8",
    )
    JS_FILE.write_text(
        "// Each variant's three cut points of the measure's key (goals/grades.py's THRESHOLDS).\n"
        "// Written by tools/difficulty_index.py; do not edit.\n"
        f"export const MEASURE_VERSION = {json.dumps(MEASURE_VERSION)};\n"
        f"export const THRESHOLDS = {json.dumps(limits)};\n",
        encoding="utf-8",
    )
    replace_part(DOC, "difficulty:grades", "\n".join(table))
    text = json.dumps({"version": MEASURE_VERSION, "variants": lists}, separators=(",", ":")) + "\n"
    INDEX_FILE.write_text(text, encoding="utf-8")
    if args.pin_daily:
        DAILY_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {DAILY_FILE}: every day changes (now run tools/daily_files.py, tools/daily_corpus.py)")


if __name__ == "__main__":
    main()
