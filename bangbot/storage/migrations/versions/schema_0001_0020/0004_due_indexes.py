"""Indexes that answer the deadline, reminder and lobby-expiry queries with a range on the time, for any table size.

Each is (status, time): due() reads only the games of one status whose time passed. The single-column time indexes
they replace went unused on SQLite (no statistics), which took ix_game_status and read every running game.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TIMES = ("deadline_at", "reminder_at", "lobby_expires_at")


def upgrade() -> None:
    """Creates an index on (status, time) for each due time and drops the single-column time indexes."""
    for column in TIMES:
        op.create_index(f"ix_game_status_{column}", "game", ["status", column])
        op.drop_index(f"ix_game_{column}", table_name="game")


def downgrade() -> None:
    """Restores the single-column time indexes and drops the (status, time) ones."""
    for column in TIMES:
        op.create_index(f"ix_game_{column}", "game", [column])
        op.drop_index(f"ix_game_status_{column}", table_name="game")
