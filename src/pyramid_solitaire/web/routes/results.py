"""Players' results (opt-in, results/): a finished game's record posted, replayed and stored; a
player's rows deleted; the ratings learned from them; the day's challenges against everyone's.

The store opens on the first results request, not at start-up: a server whose database is down
plays on, and only these routes answer 503 with Retry-After until the database is back.
"""

import math
import threading
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ...engine.decks import parse_deal_number
from ...engine.errors import Refusal
from ...engine.variants import get_variant
from ...goals.daily import PLAN, parse_day
from ...goals.grades import parse_grade
from ...results import glicko, grades, ratings, store, verify
from ...results.glicko import Rating
from ...solver import budgets
from .. import answers
from ..errors import refused
from ..fairness import charge
from ..models import Body

router = APIRouter()
LEVEL_CHANCE = 0.6  # "at my level": a deal the player wins about this often
LEVEL_SLACK = 0.1  # ... within this much; further off is no deal at the player's level
LEVEL_CANDIDATES = 20  # rated deals nearest the player's target whose chances are worked out
RETRY_SECONDS = 30  # a database that is down: ask again after this long
PLAYER = r"^[A-Za-z0-9_-]{8,64}$"  # the page's random id (a UUID), nothing personal


class HelpGiven(Body):
    """What the player was helped with, as the page counted it (self-reported)."""

    hints: int = Field(default=0, ge=0, le=verify.MAX_HINTS)
    undos: int = Field(default=0, ge=0, le=verify.MAX_UNDOS)
    way: bool = False  # "Show the way" was shown


class ResultPost(Body):
    """A finished game: the player's random id, the game's record, help, time, the day's challenge."""

    player: str = Field(pattern=PLAYER)
    record: dict[str, Any]
    help: HelpGiven = HelpGiven()
    seconds: float = Field(ge=0, le=verify.MAX_SECONDS, allow_inf_nan=False)
    challenge: str | None = Field(None, max_length=16)  # YYYY-MM-DD-N, one of goals/daily.py's


class ResultAnswer(BaseModel):
    """What the server found by replaying the record (help is as the page reported it)."""

    won: bool
    moves: int
    score: int
    first_attempt: bool
    rated: bool  # a first attempt without help: it rates the player and the deal
    help: dict[str, Any]
    challenge: str | None = None
    goal_met: bool | None = None


class RatingAnswer(BaseModel):
    """A Glicko-2 rating (1500 and deviation 350 before any result), and the results that made it."""

    rating: float
    deviation: float
    results: int
    better_than: float | None = None  # a player's: the share of rated players rated lower
    grade: str | None = None  # a deal's: from its rating with enough results, else the measure's
    grade_source: str | None = None  # a deal's: "rating" or "measure" (results/grades.py)


class AtLevel(BaseModel):
    """GET /api/deal/at-level: a deal for the player. source "rating": a rated deal the player has
    about a 60% chance to win (chance); "grade": no such deal (reason), one of `grade` instead."""

    variant: str
    deal: int
    source: str
    reason: str | None = None  # player_unrated, no_rated_deal
    chance: float | None = None
    grade: str | None = None
    grade_source: str | None = None


class Deleted(BaseModel):
    """DELETE /api/results/player/ID: the id and how many of its results were removed."""

    player: str
    deleted: int


class DayStats(BaseModel):
    """GET /api/daily/DATE/stats: per challenge, tried, the share who met the goal (met), moves,
    and with ?player=ID better_than (the share of the others that player did better than)."""

    day: str
    challenges: list[dict[str, Any]]


class Results:
    """An app's results store, opened on first use from the settings' database URL (and the
    server's rating periods started then, one every ratings.PERIOD_SECONDS)."""

    def __init__(self, url: str | None, schedule: bool = True) -> None:
        self.url = url
        self.schedule = schedule
        self._store: store.Store | None = None
        self._lock = threading.Lock()

    def get(self) -> store.Store:
        """The store, opened now if it is not yet (StoreDown when the database cannot be reached)."""
        with self._lock:
            if self._store is None:
                self._store = store.Store(self.url)
                if self.schedule:
                    threading.Thread(target=self._periods, daemon=True, name="rating-periods").start()
            return self._store

    def _periods(self) -> None:
        stop = threading.Event()
        while not stop.wait(ratings.PERIOD_SECONDS):
            try:
                ratings.rate(self.get())
            except store.StoreDown:  # down now: the next period takes these results too
                continue


def results_store(request: Request) -> store.Store:
    """The app's store, opened on first use (StoreDown: a 503)."""
    holder: Results = request.app.state.results
    return holder.get()


def ratings_store(request: Request) -> store.Store | None:
    """The store for reading ratings beside the game (grades): None when its database is down, and
    the game goes on with the measure."""
    try:
        return results_store(request)
    except store.StoreDown:
        return None


Store = Annotated[store.Store, Depends(results_store)]
POSTED: dict[int | str, dict[str, Any]] = {201: {"model": ResultAnswer}}
POSTED |= answers.refusals(*answers.WITH_BODY, 429)


def add_results(app: FastAPI, database: str | None) -> None:
    """The results routes on `app`, their store opened from `database` on first use; a database
    that is down answers 503 with Retry-After, one player's flood 429."""
    app.state.results = Results(database)

    @app.exception_handler(store.StoreDown)
    async def down(request: Request, err: store.StoreDown) -> JSONResponse:
        wait = {"Retry-After": str(RETRY_SECONDS)}
        return refused(Refusal("results_unavailable", retry_after=RETRY_SECONDS), 503, wait)

    @app.exception_handler(store.TooManyResults)
    async def flood(request: Request, err: store.TooManyResults) -> JSONResponse:
        return refused(err, 429, {"Retry-After": str(store.FLOOD_WAIT)})

    app.include_router(router)


@router.post("/api/results", status_code=201, response_model=None, responses=POSTED)
def post_result(body: ResultPost, results: Store) -> Any:
    """Replay the record and store the result (a repeated post answers the same, with no new row)."""
    found = verify.verify(body.record, body.seconds, body.challenge)  # refused before anything is stored
    given = verify.Help(body.help.hints, body.help.undos, body.help.way)
    return JSONResponse(results.post(body.player, found, given, body.seconds), status_code=201)


@router.delete("/api/results/player/{player}", **answers.documented(Deleted, 400, 422, 503))
def delete_player(results: Store, player: str = Path(pattern=PLAYER)) -> dict[str, Any]:
    """Remove every result of the player's id (and its rating)."""
    return {"player": player, "deleted": results.delete_player(player)}


@router.get("/api/ratings/deal", **answers.documented(RatingAnswer, 400, 422, 429, 503))
def deal_rating(
    request: Request, results: Store, variant: str = Query(max_length=80), deal: str = Query(max_length=30)
) -> dict[str, Any]:
    """A deal's rating in its variant, learned from players' clean first attempts, and its grade:
    from the rating once it has enough results, else the measure's (which runs the solver, and
    pays for it as a hint does)."""
    variant_text = get_variant(variant).text
    number = parse_deal_number(deal)
    rating = results.rating("deal", variant_text, str(number))
    grade, source = grades.rated_grade(results, variant_text, str(number)), grades.RATING
    if grade is None:
        charge(request, budgets.HINT)
        grade, source = grades.measured_grade(variant_text, number), grades.MEASURE
    return _rating(rating) | {"grade": grade, "grade_source": source}


def _rating(rating: Rating) -> dict[str, Any]:
    rounded = {"rating": round(rating.rating, 1), "deviation": round(rating.deviation, 1)}
    return rounded | {"results": rating.results}


@router.get("/api/deal/at-level", **answers.documented(AtLevel, 400, 422, 503))
def at_level(
    results: Store,
    player: str = Query(pattern=PLAYER),
    variant: str = Query(max_length=80),
    grade: str = Query("medium", max_length=20),
) -> dict[str, Any]:
    """A deal whose rating suits the player's (about a 60% chance to win, Glicko-2's expected
    score), one they never played; without a rating (theirs, or a rated deal near it) a deal of
    `grade` (the player's usual one; medium unless told), saying why."""
    variant_text = get_variant(variant).text
    usual = parse_grade(grade)
    own = results.rating("player", "", player)
    reason = "player_unrated"
    if own.results:
        rated = results.deals_near(variant_text, grades.MIN_RESULTS, player, _target(own), LEVEL_CANDIDATES)
        near = _nearest(rated, own)
        if near is not None:
            deal, chance = near
            return {"variant": variant_text, "deal": deal, "source": "rating", "chance": round(chance, 3)}
        reason = "no_rated_deal"
    number, found, source = grades.graded_deal(results, variant_text, usual)
    fallback = {"variant": variant_text, "deal": number, "source": "grade", "reason": reason}
    return fallback | {"grade": found, "grade_source": source}


def _target(player: Rating) -> float:
    """The deal rating a player beats LEVEL_CHANCE of the time (a certain deal: g = 1)."""
    return player.rating - math.log(LEVEL_CHANCE / (1 - LEVEL_CHANCE)) * glicko.SCALE


def _nearest(deals: list[tuple[str, Rating]], player: Rating) -> tuple[int, float] | None:
    """Of the deals, one whose chance is nearest LEVEL_CHANCE (within LEVEL_SLACK), or None."""
    chances = [(glicko.expected(player, rating), deal) for deal, rating in deals if deal.isdigit()]
    fitting = sorted(
        (abs(c - LEVEL_CHANCE), deal, c) for c, deal in chances if abs(c - LEVEL_CHANCE) <= LEVEL_SLACK
    )
    return (int(fitting[0][1]), fitting[0][2]) if fitting else None


@router.get("/api/ratings/player/{player}", **answers.documented(RatingAnswer, 400, 422, 503))
def player_rating(results: Store, player: str = Path(pattern=PLAYER)) -> dict[str, Any]:
    """A player's rating and where it stands among everyone's ("better than 63%")."""
    rating = results.rating("player", "", player)
    better = results.better_than(rating.rating) if rating.results else None
    return _rating(rating) | {"better_than": better}


@router.get("/api/daily/{day}/stats", **answers.documented(DayStats, 400, 422, 503))
def day_stats(
    results: Store, day: str = Path(max_length=10), player: str | None = Query(None, pattern=PLAYER)
) -> dict[str, Any]:
    """Per challenge of the day: how many tried, the share who met the goal, the spread of moves;
    given a player, where they stand (better_than: the share of the others they did better than)."""
    parsed = parse_day(day).isoformat()
    ids = [f"{parsed}-{step}" for step in range(1, len(PLAN) + 1)]  # the ids goals/daily.py gives
    stats = results.challenge_stats(ids, player)
    return {"day": parsed, "challenges": [{"id": i} | stats[i] for i in ids]}
