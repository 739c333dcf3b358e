"""What each seat's private message shows, shared by every worker.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds seat.shown_digest."""
    with op.batch_alter_table("seat") as batch:
        batch.add_column(sa.Column("shown_digest", sa.String(), nullable=False, server_default=""))


def downgrade() -> None:
    """Drops seat.shown_digest."""
    with op.batch_alter_table("seat") as batch:
        batch.drop_column("shown_digest")
