"""A forum supergroup runs one open game per topic: games remember their topic (0: none).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

CONDITION = sa.text("status IN ('gathering', 'running')")


def upgrade() -> None:
    """Adds game.thread_id (0 for the games already stored) and makes the open game unique per chat and topic."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("thread_id", sa.BigInteger(), nullable=False, server_default="0"))
    op.drop_index("uq_game_open_per_chat", table_name="game")
    op.create_index(
        "uq_game_open_per_chat_topic",
        "game",
        ["chat_id", "thread_id"],
        unique=True,
        sqlite_where=CONDITION,
        postgresql_where=CONDITION,
    )


def downgrade() -> None:
    """Goes back to one open game per chat (fails while a chat has open games in two topics)."""
    op.drop_index("uq_game_open_per_chat_topic", table_name="game")
    op.create_index(
        "uq_game_open_per_chat",
        "game",
        ["chat_id"],
        unique=True,
        sqlite_where=CONDITION,
        postgresql_where=CONDITION,
    )
    with op.batch_alter_table("game") as batch:
        batch.drop_column("thread_id")
