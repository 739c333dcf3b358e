"""Which AI level played a seat of a finished game ("" when its person did), so statistics can tell levels apart.

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds seat_result.ai_level; results already stored get their game's level where the AI held the seat."""
    with op.batch_alter_table("seat_result") as batch:
        batch.add_column(sa.Column("ai_level", sa.String(), nullable=False, server_default=""))
    op.execute(
        "UPDATE seat_result SET ai_level = (SELECT game.ai_level FROM game WHERE game.id = seat_result.game_id) "
        "WHERE NOT counted"
    )


def downgrade() -> None:
    """Drops seat_result.ai_level in place."""
    op.drop_column("seat_result", "ai_level")
