"""The owner's desk: the workers' heartbeats, the 429s each worker saw per minute, and the banned chats.

Revision ID: 0015
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates worker_beat, rate_limited and banned_chat (all empty)."""
    op.create_table(
        "worker_beat",
        sa.Column("worker", sa.String(), primary_key=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rate_limited",
        sa.Column("worker", sa.String(), primary_key=True),
        sa.Column("minute", sa.DateTime(timezone=True), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    op.create_table(
        "banned_chat",
        sa.Column("chat_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("banned_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drops the three tables."""
    op.drop_table("banned_chat")
    op.drop_table("rate_limited")
    op.drop_table("worker_beat")
