"""How a game's AI seats play (easy, normal, hard), chosen in its lobby.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds game.ai_level; the games already stored played the heuristic, "normal"."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("ai_level", sa.String(), nullable=False, server_default="normal"))


def downgrade() -> None:
    """Drops game.ai_level in place."""
    op.drop_column("game", "ai_level")
