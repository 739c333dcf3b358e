"""When a running game's group is offered to let the AI play for the awaited people (a fifth into the move's time).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds game.offer_at (empty for the games already stored: their next move sets it) and its due index."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("offer_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_game_status_offer_at", "game", ["status", "offer_at"])


def downgrade() -> None:
    """Drops game.offer_at and its index, in place (SQLite 3.35 drops a column without copying the table, which the
    seats' foreign keys would forbid)."""
    op.drop_index("ix_game_status_offer_at", table_name="game")
    op.drop_column("game", "offer_at")
