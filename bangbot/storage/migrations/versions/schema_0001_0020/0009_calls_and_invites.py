"""Who asked to be called when a group's table opens, and who a replayed game's lobby invites.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates table_call (chat, user) and lobby_invite (lobby, user, name)."""
    op.create_table(
        "table_call",
        sa.Column("chat_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
    )
    op.create_table(
        "lobby_invite",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("name", sa.String(), nullable=False, server_default=""),
    )


def downgrade() -> None:
    """Drops both tables."""
    op.drop_table("lobby_invite")
    op.drop_table("table_call")
