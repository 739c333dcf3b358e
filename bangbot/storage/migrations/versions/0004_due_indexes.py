"""Indexes that answer the deadline, reminder and lobby-expiry queries (placeholder until the indexes land).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds nothing yet."""


def downgrade() -> None:
    """Drops nothing yet."""
