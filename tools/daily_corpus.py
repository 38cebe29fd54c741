"""The day's challenges of 60 days as goals/daily.py makes them, written down so the page's own
making of a day (static/js/goals/daily.js, in the solver's worker) is held to Python's:
tests/js/daily-made.test.mjs makes each of these days with the wasm kernel and compares them
whole (ids, variants, deals, grades, goals, proofs); tests/test_daily.py checks a few of them are
what Python makes now. The days: 53 spread over the whole range (2000-01-01..2200-12-31) and the
week after the release's files end (the first days the page makes itself).

    nice .venv/bin/python tools/daily_corpus.py     # rewrites tests/golden/daily_corpus.json

Node budgets only: regenerating gives the same file (until the plan or the graded lists change).
"""

import json
from datetime import date, timedelta
from pathlib import Path

from pyramid_solitaire.goals.daily import FIRST_DAY, LAST_DAY, challenges

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "golden" / "daily_corpus.json"
SPREAD = 53
WEEK_FROM = date(2027, 3, 1)  # tools/daily_files.py's LAST is 2027-02-28


def days() -> list[date]:
    """The corpus's days, in order."""
    step = (LAST_DAY - FIRST_DAY).days // (SPREAD - 1)
    spread = [FIRST_DAY + timedelta(days=i * step) for i in range(SPREAD)]
    week = [WEEK_FROM + timedelta(days=i) for i in range(7)]
    return sorted(set(spread + week))


if __name__ == "__main__":
    made = {d.isoformat(): [c.to_dict() for c in challenges(d)] for d in days()}
    CORPUS.write_text(json.dumps({"days": made}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {CORPUS}: {len(made)} days")
