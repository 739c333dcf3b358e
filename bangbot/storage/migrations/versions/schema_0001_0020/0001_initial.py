"""The first schema: settings, games, seats and the action log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates every table."""
    op.create_table(
        "chat_settings",
        sa.Column("chat_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("preset", sa.String(), nullable=False),
        sa.Column("simplified", sa.Boolean(), nullable=False),
        sa.Column("deadline_seconds", sa.Integer(), nullable=False),
        sa.Column("ai_seats", sa.Integer(), nullable=False),
    )
    op.create_table(
        "user_settings",
        sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("messenger_language", sa.String(), nullable=True),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("chat_title", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("preset", sa.String(), nullable=False),
        sa.Column("simplified", sa.Boolean(), nullable=False),
        sa.Column("deadline_seconds", sa.Integer(), nullable=False),
        sa.Column("ai_seats", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state_json", sa.Text(), nullable=True),
        sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminder_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lobby_expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lobby_message_id", sa.BigInteger(), nullable=True),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("log_message_id", sa.BigInteger(), nullable=True),
        sa.Column("log_json", sa.Text(), nullable=False),
        sa.Column("log_turn", sa.Integer(), nullable=False),
        sa.Column("winner", sa.String(), nullable=True),
    )
    for column in ("chat_id", "status", "deadline_at", "reminder_at", "lobby_expires_at"):
        op.create_index(f"ix_game_{column}", "game", [column])
    op.create_table(
        "seat",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("standin", sa.Boolean(), nullable=False),
        sa.Column("unreachable", sa.Boolean(), nullable=False),
        sa.Column("missed_deadlines", sa.Integer(), nullable=False),
        sa.Column("prompt_version", sa.Integer(), nullable=False),
        sa.Column("prompt_digest", sa.String(), nullable=False),
        sa.Column("private_message_id", sa.BigInteger(), nullable=True),
        sa.Column("ai_memory_json", sa.Text(), nullable=False),
    )
    op.create_index("ix_seat_user_id", "seat", ["user_id"])
    op.create_table(
        "action_log",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("index", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("by", sa.String(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drops every table."""
    for table in ("action_log", "seat", "game", "user_settings", "chat_settings"):
        op.drop_table(table)
