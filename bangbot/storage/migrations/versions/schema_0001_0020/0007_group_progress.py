"""The group's part of an outbox row counts its new messages apart from the players' part.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds outbox.group_progress, 0 for the rows already stored (their group part starts again, counted)."""
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("group_progress", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    """Drops outbox.group_progress."""
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("group_progress")
