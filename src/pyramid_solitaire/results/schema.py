"""The results store's tables, as SQLAlchemy Core: results (append-only), ratings (derived) and
which results a rating period has taken. migrations/versions/ makes them; a test holds the two equal."""

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    text,
)

metadata = MetaData()
# SQLite makes rowids for INTEGER PRIMARY KEY only; PostgreSQL gets 64 bits.
ID = BigInteger().with_variant(Integer(), "sqlite")
PLAYER = 64  # the page's random id (a UUID is 36)
VARIANT = 80  # an id and its options
DEAL = 160  # a deal number's digits or a deck string
CHALLENGE = 16  # YYYY-MM-DD-N

results = Table(
    "results",
    metadata,
    Column("id", ID, primary_key=True, autoincrement=True),
    Column("key", String(64), nullable=False, unique=True),  # the post's hash: a repeat is the same row
    Column("player", String(PLAYER), nullable=False),
    Column("variant", String(VARIANT), nullable=False),
    Column("deal", String(DEAL), nullable=False),
    Column("won", Boolean, nullable=False),
    Column("moves", Integer, nullable=False),
    Column("score", Integer, nullable=False),
    Column("challenge", String(CHALLENGE)),
    Column("goal_met", Boolean),
    Column("hints", Integer, nullable=False),  # self-reported, as are undos and way
    Column("undos", Integer, nullable=False),
    Column("way", Boolean, nullable=False),
    Column("seconds", Float, nullable=False),
    Column("first_attempt", Boolean, nullable=False),
    Column("rated", Boolean, nullable=False),  # a first attempt without help: it rates player and deal
    Column("posted_at", DateTime(timezone=True), nullable=False),
    Column("record", Text, nullable=False),  # the moves as replayed (JSON), to verify again
    Index("results_player", "player", "posted_at"),
    Index("results_deal", "variant", "deal"),
    Index("results_challenge", "challenge"),
    # One first attempt per player and deal, even when two workers post at once.
    Index(
        "results_first_attempt",
        "player",
        "variant",
        "deal",
        unique=True,
        sqlite_where=text("first_attempt"),
        postgresql_where=text("first_attempt"),
    ),
)

ratings = Table(
    "ratings",
    metadata,
    Column("kind", String(8), primary_key=True),  # "player" or "deal"
    Column("variant", String(VARIANT), primary_key=True),  # "" for a player (one rating across variants)
    Column("subject", String(DEAL), primary_key=True),  # the player's id or the deal
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("results", Integer, nullable=False),
    Column("period", Integer, nullable=False),
)

periods = Table(
    "rating_periods",
    metadata,
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("made_at", DateTime(timezone=True), nullable=False),
    Column("results", Integer, nullable=False),
)

# Which results a period took: a result is rated once, whichever worker or host runs the period.
rated = Table(
    "rated_results",
    metadata,
    Column("result", ID, ForeignKey("results.id", ondelete="CASCADE"), primary_key=True),
    Column("period", Integer, ForeignKey("rating_periods.number"), nullable=False),
)
