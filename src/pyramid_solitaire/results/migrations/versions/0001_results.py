"""The first schema: results (append-only), ratings, rating periods and the results they took.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(64), nullable=False, unique=True),
        sa.Column("player", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(80), nullable=False),
        sa.Column("deal", sa.String(160), nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("challenge", sa.String(16)),
        sa.Column("goal_met", sa.Boolean),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("undos", sa.Integer, nullable=False),
        sa.Column("way", sa.Boolean, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("first_attempt", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_index("results_player", "results", ["player", "posted_at"])
    op.create_index("results_deal", "results", ["variant", "deal"])
    op.create_index("results_challenge", "results", ["challenge"])
    op.create_index(
        "results_first_attempt",
        "results",
        ["player", "variant", "deal"],
        unique=True,
        sqlite_where=sa.text("first_attempt"),
        postgresql_where=sa.text("first_attempt"),
    )
    op.create_table(
        "ratings",
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("variant", sa.String(80), primary_key=True),
        sa.Column("subject", sa.String(160), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("results", sa.Integer, nullable=False),
        sa.Column("period", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_periods",
        sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("results", sa.Integer, nullable=False),
    )
    op.create_table(
        "rated_results",
        sa.Column("result", ID, sa.ForeignKey("results.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("period", sa.Integer, sa.ForeignKey("rating_periods.number"), nullable=False),
    )


def downgrade() -> None:
    for table in ("rated_results", "rating_periods", "ratings", "results"):
        op.drop_table(table)
