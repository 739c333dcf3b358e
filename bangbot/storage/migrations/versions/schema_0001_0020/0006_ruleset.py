"""The game each lobby and game plays (its ruleset id), and the one a chat chose last.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_BASE = "base"  # what every game and chat stored before this revision plays


def upgrade() -> None:
    """Adds game.ruleset and chat_settings.ruleset, filled with base BANG! for what is already stored."""
    for table in ("game", "chat_settings"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("ruleset", sa.String(), nullable=False, server_default=_BASE))


def downgrade() -> None:
    """Drops the ruleset columns."""
    for table in ("game", "chat_settings"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("ruleset")
