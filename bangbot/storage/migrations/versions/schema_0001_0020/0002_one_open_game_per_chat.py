"""At most one lobby or running game per chat, even with several workers.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

CONDITION = sa.text("status IN ('gathering', 'running')")


def upgrade() -> None:
    """Adds a unique index on the chat of open games."""
    op.create_index(
        "uq_game_open_per_chat",
        "game",
        ["chat_id"],
        unique=True,
        sqlite_where=CONDITION,
        postgresql_where=CONDITION,
    )


def downgrade() -> None:
    """Drops the index."""
    op.drop_index("uq_game_open_per_chat", table_name="game")
