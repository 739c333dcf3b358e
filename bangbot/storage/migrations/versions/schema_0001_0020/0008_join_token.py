"""The secret each lobby's join link carries instead of its sequential id, unique across games.

Lobbies still gathering get one, so their next lobby message shows a link that works.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from bangbot.storage.models import new_join_token

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Adds game.join_token with its unique index, and gives every gathering lobby a token."""
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("join_token", sa.String(), nullable=True))
    op.create_index("uq_game_join_token", "game", ["join_token"], unique=True)
    game = sa.table("game", sa.column("id", sa.Integer), sa.column("status", sa.String), sa.column("join_token"))
    connection = op.get_bind()
    for (game_id,) in connection.execute(sa.select(game.c.id).where(game.c.status == "gathering")):
        connection.execute(game.update().where(game.c.id == game_id).values(join_token=new_join_token()))


def downgrade() -> None:
    """Drops the join tokens."""
    op.drop_index("uq_game_join_token", table_name="game")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("join_token")
