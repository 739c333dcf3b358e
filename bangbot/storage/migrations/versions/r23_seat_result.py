"""Per-seat results of finished games (statistics) and the users hidden from groups' tables.

Revision ID: r23_seat_result
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "r23_seat_result"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates seat_result (indexed by user and by chat) and stats_hidden; finished games are backfilled lazily."""
    op.create_table(
        "seat_result",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("mode", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("character", sa.String(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("survived", sa.Boolean(), nullable=False),
        sa.Column("eliminations", sa.Integer(), nullable=False),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.Column("winner", sa.String(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_result_user_finished", "seat_result", ["user_id", "finished_at"])
    op.create_index("ix_seat_result_chat_user", "seat_result", ["chat_id", "user_id"])
    op.create_table("stats_hidden", sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False))


def downgrade() -> None:
    """Drops both tables."""
    op.drop_table("stats_hidden")
    op.drop_index("ix_seat_result_chat_user", "seat_result")
    op.drop_index("ix_seat_result_user_finished", "seat_result")
    op.drop_table("seat_result")
