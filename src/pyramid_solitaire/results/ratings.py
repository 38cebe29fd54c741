"""Rating periods: every clean first attempt not yet rated is a match between its player and its
deal (the player wins a won game, the deal a lost one), and Glicko-2 updates both from their
ratings before the period. Deals are rated per variant (rule set); a player has one rating.

A subject rated before that has no result in a period is less certain after it: its deviation
widens (Glicko-2's step 6 alone, phi* = sqrt(phi^2 + sigma^2)), so a player back after a long
time moves faster, as the paper has it.

A period is one transaction that records which results it took (rated_results), so two workers
or hosts running one at once rate each result once: the later one's insert conflicts and rolls back.
"""

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, select, tuple_, update
from sqlalchemy.exc import IntegrityError

from . import glicko
from .glicko import Rating
from .schema import periods, rated, ratings, results
from .store import Store

PERIOD_SECONDS = 3600  # the server runs a period this often (ratings --database runs one at once)
Subject = tuple[str, str, str]  # kind, variant, subject
KEY = tuple_(ratings.c.kind, ratings.c.variant, ratings.c.subject)


@dataclass(frozen=True)
class Period:
    """What one rating period took: its number, results, players and deals."""

    number: int
    results: int
    players: int
    deals: int


def _ratings(db: Connection, subjects: set[Subject]) -> dict[Subject, Rating]:
    found: dict[Subject, Rating] = {s: Rating() for s in subjects}
    keys = list(subjects)
    for start in range(0, len(keys), 500):  # a bounded IN list per query
        rows = db.execute(select(ratings).where(KEY.in_(keys[start : start + 500])))
        for r in rows:
            found[(r.kind, r.variant, r.subject)] = _rating(r)
    return found


def rate(store: Store) -> Period | None:
    """Run one rating period over the results not yet rated (None: there were none, or another
    worker's period took them first)."""
    try:
        return _rate(store)
    except IntegrityError:
        return None


def _rate(store: Store) -> Period | None:
    with store.transaction() as db:
        new = db.execute(
            select(results.c.id, results.c.player, results.c.variant, results.c.deal, results.c.won)
            .outerjoin(rated, rated.c.result == results.c.id)
            .where(results.c.rated, rated.c.result.is_(None))
            .order_by(results.c.id)
        ).all()
        if not new:
            return None
        number = (db.scalar(select(func.max(periods.c.number))) or 0) + 1
        player_of = {r.id: ("player", "", r.player) for r in new}
        deal_of = {r.id: ("deal", r.variant, r.deal) for r in new}
        before = _ratings(db, set(player_of.values()) | set(deal_of.values()))
        games: dict[Subject, list[tuple[Rating, float]]] = defaultdict(list)
        for r in new:
            player, deal = player_of[r.id], deal_of[r.id]
            games[player].append((before[deal], 1.0 if r.won else 0.0))
            games[deal].append((before[player], 0.0 if r.won else 1.0))
        after = {subject: glicko.update(before[subject], played) for subject, played in games.items()}
        _write(db, after, number)
        _widen(db, set(after))
        db.execute(periods.insert().values(number=number, made_at=store.clock(), results=len(new)))
        db.execute(rated.insert(), [{"result": r.id, "period": number} for r in new])
    players = sum(kind == "player" for kind, _, _ in after)
    return Period(number, len(new), players, len(after) - players)


def _write(db: Connection, after: dict[Subject, Rating], number: int) -> None:
    """Replace the ratings of the subjects rated in this period (ratings are derived, results stay)."""
    keys = list(after)
    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        db.execute(
            delete(ratings).where(tuple_(ratings.c.kind, ratings.c.variant, ratings.c.subject).in_(chunk))
        )
    rows: list[dict[str, Any]] = [
        {"kind": k, "variant": v, "subject": s, "period": number} | _fields(after[(k, v, s)])
        for k, v, s in keys
    ]
    db.execute(ratings.insert(), rows)


def _widen(db: Connection, played: set[Subject]) -> None:
    """Step 6 for every rated subject that had no result this period (at most the newcomer's 350)."""
    rows = db.execute(select(ratings).where(ratings.c.deviation < glicko.START_DEVIATION)).all()
    wider = [
        {"k": r.kind, "v": r.variant, "s": r.subject, "d": glicko.update(_rating(r), []).deviation}
        for r in rows
        if (r.kind, r.variant, r.subject) not in played
    ]
    if wider:
        one = KEY == tuple_(bindparam("k"), bindparam("v"), bindparam("s"))
        db.execute(update(ratings).where(one).values(deviation=bindparam("d")), wider)


def _rating(row: Any) -> Rating:
    return Rating(row.rating, row.deviation, row.volatility, row.results)


def _fields(rating: Rating) -> dict[str, Any]:
    return {
        "rating": rating.rating,
        "deviation": rating.deviation,
        "volatility": rating.volatility,
        "results": rating.results,
    }
