"""The lobby options a table chose, as JSON its game reads (game.choices_json, chat_settings.choices_json).

Each game declares its lobby options (bangbot.games.contract.LobbyOption); the tables no longer hold a column per
option. The one option stored before, the simplified game, moves into the JSON as {"simplified":true}.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None
TABLES = ("game", "chat_settings")
SIMPLIFIED_JSON = '{"simplified":true}'  # the JSON the lobby writes for the simplified game chosen


def upgrade() -> None:
    """Adds choices_json to both tables, moves each row's simplified choice into it, and drops simplified."""
    for table in TABLES:
        op.add_column(table, sa.Column("choices_json", sa.Text(), nullable=False, server_default="{}"))
        moved = sa.text(f"UPDATE {table} SET choices_json = :chosen WHERE simplified")
        op.execute(moved.bindparams(chosen=SIMPLIFIED_JSON))
        op.drop_column(table, "simplified")


def downgrade() -> None:
    """Brings simplified back from the JSON (set where the simplified game was chosen) and drops choices_json."""
    for table in TABLES:
        op.add_column(table, sa.Column("simplified", sa.Boolean(), nullable=False, server_default=sa.false()))
        back = sa.text(f"UPDATE {table} SET simplified = TRUE WHERE choices_json LIKE :chosen")
        op.execute(back.bindparams(chosen=f"%{SIMPLIFIED_JSON[1:-1]}%"))
        op.drop_column(table, "choices_json")
