"""A running game pauses while the bot is away from its group.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds game.paused, false for the games already stored."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("paused", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Drops game.paused."""
    with op.batch_alter_table("game") as batch:
        batch.drop_column("paused")
