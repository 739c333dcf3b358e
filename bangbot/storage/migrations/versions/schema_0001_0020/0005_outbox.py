"""What a saved change must still show (the outbox), the answers of applied presses, the turn of a seat's last miss.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds the outbox and press_answer tables and seat.missed_turn."""
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("progress", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_outbox_game_id", "outbox", ["game_id"])
    op.create_table(
        "press_answer",
        sa.Column("press_id", sa.String(), primary_key=True),
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("text", sa.String(), nullable=False),
        sa.Column("alert", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_press_answer_at", "press_answer", ["at"])
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("missed_turn", sa.Integer(), nullable=False, server_default="-1"))


def downgrade() -> None:
    """Drops what upgrade added."""
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("missed_turn")
    op.drop_index("ix_press_answer_at", table_name="press_answer")
    op.drop_table("press_answer")
    op.drop_index("ix_outbox_game_id", table_name="outbox")
    op.drop_table("outbox")
