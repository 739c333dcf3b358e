"""When a finished game's hidden state (hands, deck, AI memory) was purged; its record and statistics stay.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds game.purged_at (empty: nothing stored was purged yet)."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("purged_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drops game.purged_at, in place (see 0013)."""
    op.drop_column("game", "purged_at")
