"""The results store: one database (SQLite by default, PostgreSQL by URL) behind a small API.

`Store(url)` opens the database and brings its schema to the newest version (Alembic, the
migrations shipped in migrations/). A post is idempotent: the same post is the same row, answered
the same. A database that cannot be reached or written raises StoreDown (the web answers 503).
"""

import hashlib
import json
import statistics
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, Row, create_engine, delete, event, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, SQLAlchemyError

from ..engine.errors import Refusal, cut
from .glicko import Rating
from .schema import metadata, rated, ratings, results
from .verify import Help, ResultRefused, Verified

MIGRATIONS = Path(__file__).parent / "migrations"
POSTS_PER_HOUR = 200  # one player's new results an hour: more is a script, not a person
FLOOD_WAIT = 600  # seconds a flooding id is asked to wait
SQLITE_WAIT_MS = 30_000  # a writer waits this long for another worker's transaction
RETRIES = 3  # a post that conflicts with another worker's is tried again, reading what it stored
CONNECT_SECONDS = 5
MIGRATION_LOCK = 50_050  # PostgreSQL's advisory lock: one worker or host migrates at a time
Clock = Callable[[], datetime]


class TooManyResults(ResultRefused):
    """One player's id posted more new results within the hour than a person plays."""


class StoreDown(Exception):
    """The database cannot be reached or written now (down, full, locked too long)."""


def default_url() -> str:
    """SQLite in the user's data folder: nothing to set up for `make run`."""
    from platformdirs import user_data_path

    folder = user_data_path("pyramid-solitaire", appauthor=False, ensure_exists=True)
    return f"sqlite:///{folder / 'results.sqlite'}"


def database_url(url: str | None) -> str:
    """The URL SQLAlchemy opens: postgresql:// through psycopg 3; refused unless SQLite or PostgreSQL."""
    url = url or default_url()
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise Refusal("cli_database_url", url=cut(url, 40)) from None
    backend = parsed.get_backend_name()
    if backend == "postgresql":
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if backend != "sqlite":
        raise Refusal("cli_database_url", url=cut(url, 40))
    return url


def open_engine(url: str | None) -> Engine:
    """An engine for `url`; PostgreSQL gives up connecting after CONNECT_SECONDS (a host that is
    gone is then a 503 at once rather than a request left hanging)."""
    url = database_url(url)
    postgres = make_url(url).get_backend_name() == "postgresql"
    engine = create_engine(
        url, pool_pre_ping=True, connect_args={"connect_timeout": CONNECT_SECONDS} if postgres else {}
    )
    if engine.dialect.name == "sqlite":
        # WAL lets readers read while a worker writes; BEGIN IMMEDIATE takes the write lock at the
        # start, so two workers' transactions wait for each other instead of failing midway.
        @event.listens_for(engine, "connect")
        def _connect(dbapi: Any, _record: Any) -> None:
            dbapi.isolation_level = None
            for pragma in ("journal_mode=WAL", f"busy_timeout={SQLITE_WAIT_MS}", "foreign_keys=ON"):
                dbapi.execute(f"PRAGMA {pragma}")

        @event.listens_for(engine, "begin")
        def _begin(connection: Connection) -> None:
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def migrate(engine: Engine) -> None:
    """The schema at its newest version, migrated by one worker while the others wait (the
    migrations of migrations/versions/, run here rather than by an env.py: the store hands over
    its connection, inside its transaction)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        # what command.upgrade does, on our connection
        steps = lambda revision, _context: script._upgrade_revs("head", revision)
        with EnvironmentContext(config, script, fn=steps, destination_rev="head") as environment:
            environment.configure(connection=connection, target_metadata=metadata)
            environment.run_migrations()


def now_utc() -> datetime:
    return datetime.now(UTC)


def _answer(row: Row[Any]) -> dict[str, Any]:
    """What a post answers, from its stored row (so a repeat answers the same)."""
    out = {
        "won": row.won,
        "moves": row.moves,
        "score": row.score,
        "first_attempt": row.first_attempt,
        "rated": row.rated,
        "help": {"hints": row.hints, "undos": row.undos, "way": row.way, "self_reported": True},
    }
    if row.challenge is not None:
        out |= {"challenge": row.challenge, "goal_met": row.goal_met}
    return out


def _spread(values: list[int]) -> dict[str, Any] | None:
    """The least, the quartiles and the most of `values` (None when there are none)."""
    if not values:
        return None
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else values * 3
    return {"least": min(values), "quartiles": [round(q, 1) for q in quartiles], "most": max(values)}


def _rated_deals(variant: str, least: int) -> tuple[Any, ...]:
    """The conditions on ratings of a variant's deals with `least` results, won by someone."""
    won = select(results.c.id).where(
        results.c.variant == ratings.c.variant, results.c.deal == ratings.c.subject, results.c.won
    )
    return (ratings.c.kind == "deal", ratings.c.variant == variant, ratings.c.results >= least, won.exists())


def _stand(player: str, tried: set[str], fewest: dict[str, int]) -> float | None:
    """The share of the others who tried that `player` did better than: met the goal where they did
    not, or in fewer moves (None: the player did not try, or no one else did)."""
    others = tried - {player}
    if player not in tried or not others:
        return None
    mine = fewest.get(player)
    if mine is None:
        return 0.0
    return round(sum(other not in fewest or fewest[other] > mine for other in others) / len(others), 3)


class Store:
    """Players' results in one database; every method is one transaction."""

    def __init__(self, url: str | None = None, clock: Clock = now_utc) -> None:
        self.engine = open_engine(url)
        self.clock = clock
        try:
            migrate(self.engine)  # reaches the database now: a store that cannot is StoreDown at once
        except SQLAlchemyError as err:
            self.engine.dispose()
            raise StoreDown(str(err).splitlines()[0]) from None

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        try:
            with self.engine.begin() as connection:
                yield connection
        except IntegrityError:
            raise
        except SQLAlchemyError as err:
            raise StoreDown(str(err).splitlines()[0]) from None

    def post(self, player: str, result: Verified, help: Help, seconds: float) -> dict[str, Any]:
        """Store a verified result (once: a repeat answers from the first row)."""
        post = {"player": player, "result": result.record(), "help": asdict(help), "seconds": seconds}
        key = hashlib.sha256(json.dumps([post, result.challenge], sort_keys=True).encode()).hexdigest()
        for _ in range(RETRIES):
            try:
                return self._post(key, player, result, help, seconds)
            except IntegrityError:  # another worker stored the same post, or a first attempt, meanwhile
                continue
        raise StoreDown("the same result kept conflicting with other workers' posts")

    def _post(self, key: str, player: str, result: Verified, help: Help, seconds: float) -> dict[str, Any]:
        with self.transaction() as db:
            stored = db.execute(select(results).where(results.c.key == key)).first()
            if stored is not None:
                return _answer(stored)
            now = self.clock()
            recent = db.scalar(
                select(func.count())
                .select_from(results)
                .where(results.c.player == player, results.c.posted_at > now - timedelta(hours=1))
            )
            if recent is not None and recent >= POSTS_PER_HOUR:
                raise TooManyResults("results_too_many", most=POSTS_PER_HOUR, retry_after=FLOOD_WAIT)
            same_deal = (results.c.player == player, results.c.variant == result.variant)
            earlier = db.scalar(
                select(func.count()).select_from(results).where(*same_deal, results.c.deal == result.deal)
            )
            first = not earlier
            row = {
                "key": key,
                "player": player,
                "variant": result.variant,
                "deal": result.deal,
                "won": result.won,
                "moves": len(result.moves),
                "score": result.score,
                "challenge": result.challenge,
                "goal_met": result.goal_met,
                "hints": help.hints,
                "undos": help.undos,
                "way": help.way,
                "seconds": seconds,
                "first_attempt": first,
                "rated": first and not help.any,
                "posted_at": now,
                "record": result.record(),
            }
            db.execute(results.insert().values(row))
            return _answer(db.execute(select(results).where(results.c.key == key)).one())

    def delete_player(self, player: str) -> int:
        """Remove every row of `player` (results, and its rating): how many results there were."""
        with self.transaction() as db:
            ids = select(results.c.id).where(results.c.player == player)
            db.execute(delete(rated).where(rated.c.result.in_(ids)))
            db.execute(delete(ratings).where(ratings.c.kind == "player", ratings.c.subject == player))
            return db.execute(delete(results).where(results.c.player == player)).rowcount

    def rating(self, kind: str, variant: str, subject: str) -> Rating:
        """The rating of a deal (per variant) or a player (variant ""); a newcomer's when unrated."""
        with self.transaction() as db:
            row = db.execute(
                select(ratings).where(
                    ratings.c.kind == kind, ratings.c.variant == variant, ratings.c.subject == subject
                )
            ).first()
        return Rating() if row is None else Rating(row.rating, row.deviation, row.volatility, row.results)

    def won(self, variant: str, deal: str) -> bool:
        """Whether any player has won the deal (a replayed win: the deal is winnable)."""
        same = (results.c.variant == variant, results.c.deal == deal)
        found = select(results.c.id).where(*same, results.c.won)
        with self.transaction() as db:
            return db.scalar(found.limit(1)) is not None

    def deal_ratings(self, variant: str, least: int) -> list[float]:
        """The ratings of the variant's deals with `least` clean first attempts that someone won."""
        with self.transaction() as db:
            return list(db.scalars(select(ratings.c.rating).where(*_rated_deals(variant, least))))

    def deals_near(
        self, variant: str, least: int, player: str, target: float, count: int
    ) -> list[tuple[str, Rating]]:
        """The `count` deals rated nearest `target` among the variant's deals with `least` clean
        first attempts that someone won and `player` has never played."""
        played = select(results.c.deal).where(results.c.player == player, results.c.variant == variant)
        with self.transaction() as db:
            rows = db.execute(
                select(ratings)
                .where(*_rated_deals(variant, least), ratings.c.subject.not_in(played))
                .order_by(func.abs(ratings.c.rating - target))
                .limit(count)
            ).all()
        return [(r.subject, Rating(r.rating, r.deviation, r.volatility, r.results)) for r in rows]

    def better_than(self, rating: float) -> float | None:
        """The share of rated players whose rating is below `rating` (None: no one is rated)."""
        with self.transaction() as db:
            players = ratings.c.kind == "player"
            everyone = db.scalar(select(func.count()).select_from(ratings).where(players))
            below = db.scalar(
                select(func.count()).select_from(ratings).where(players, ratings.c.rating < rating)
            )
        return None if not everyone else round((below or 0) / everyone, 3)

    def challenge_stats(self, ids: list[str], player: str | None = None) -> dict[str, dict[str, Any]]:
        """Per challenge id: how many players tried, the share who met the goal, and the spread of
        the moves of those who met it (each player's fewest); given `player`, where they stand."""
        with self.transaction() as db:
            rows = db.execute(
                select(results.c.challenge, results.c.player, results.c.goal_met, results.c.moves).where(
                    results.c.challenge.in_(ids)
                )
            ).all()
        stats = {}
        for challenge_id in ids:
            mine = [r for r in rows if r.challenge == challenge_id]
            tried = {r.player for r in mine}
            fewest: dict[str, int] = {}
            for r in mine:
                if r.goal_met:
                    fewest[r.player] = min(fewest.get(r.player, r.moves), r.moves)
            share = round(len(fewest) / len(tried), 3) if tried else None
            stats[challenge_id] = {
                "tried": len(tried),
                "met": share,
                "moves": _spread(sorted(fewest.values())),
            }
            if player is not None:
                stats[challenge_id]["better_than"] = _stand(player, tried, fewest)
        return stats
