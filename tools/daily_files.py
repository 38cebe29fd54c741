"""The day's challenges as files for the page (goals/daily.py made them): one JSON file per month,
static/daily/YYYY-MM.json = {"month", "days": {"YYYY-MM-DD": [challenge, ...]}}, each challenge as
`pyramid-solitaire daily --json` prints it. The page lists the days these files hold; the release
ships the months from FIRST to LAST (docs/daily.md).

    nice .venv/bin/python tools/daily_files.py            # rewrites static/daily/
"""

import json
from datetime import date, timedelta
from pathlib import Path

from pyramid_solitaire.goals.daily import challenges

DAILY = Path(__file__).resolve().parents[1] / "src" / "pyramid_solitaire" / "static" / "daily"
FIRST = date(2026, 11, 1)
LAST = date(2027, 2, 28)


def month_file(first: date) -> dict[str, object]:
    """The challenges of every day of the month that starts on `first`."""
    days = {}
    day = first
    while day.month == first.month:
        days[day.isoformat()] = [c.to_dict() for c in challenges(day)]
        day += timedelta(days=1)
    return {"month": first.strftime("%Y-%m"), "days": days}


def months(first: date = FIRST, last: date = LAST) -> list[date]:
    out, day = [], first.replace(day=1)
    while day <= last:
        out.append(day)
        day = (day + timedelta(days=32)).replace(day=1)
    return out


if __name__ == "__main__":
    DAILY.mkdir(exist_ok=True)
    for first in months():
        path = DAILY / f"{first:%Y-%m}.json"
        path.write_text(json.dumps(month_file(first), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {path}")
