"""Per-seat results of finished games (statistics) and the users hidden from groups' tables.

Finished games stored before are backfilled here, once: each is replayed from its seed and action log (a few
milliseconds a game); a game whose log does not replay to its end is left without results.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None
RESULT_COLUMNS = (
    "game_id",
    "position",
    "user_id",
    "chat_id",
    "ruleset",
    "mode",
    "role",
    "character",
    "won",
    "survived",
    "eliminations",
    "counted",
    "winner",
    "finished_at",
)


def upgrade() -> None:
    """Creates seat_result (indexed by user and by chat) and stats_hidden; fills seat_result for finished games."""
    op.create_table(
        "seat_result",
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("game.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("ruleset", sa.String(), nullable=False),
        sa.Column("mode", sa.String(), nullable=False),
        sa.Column("role", sa.String(), nullable=False),
        sa.Column("character", sa.String(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("survived", sa.Boolean(), nullable=False),
        sa.Column("eliminations", sa.Integer(), nullable=False),
        sa.Column("counted", sa.Boolean(), nullable=False),
        sa.Column("winner", sa.String(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_seat_result_user_finished", "seat_result", ["user_id", "finished_at"])
    op.create_index("ix_seat_result_chat_user", "seat_result", ["chat_id", "user_id"])
    op.create_table("stats_hidden", sa.Column("user_id", sa.BigInteger(), primary_key=True, autoincrement=False))
    backfill(op.get_bind())


def backfill(connection: sa.Connection) -> None:
    """Writes the results of every finished game already stored, read column by column as this revision knows them."""
    from bangbot.storage.backfill import finished_results  # the rules and the replay, imported only when needed

    games = sa.table(
        "game", *(sa.column(c) for c in ("id", "chat_id", "status", "ruleset", "preset", "simplified", "seed"))
    )
    games.append_column(sa.column("updated_at", sa.DateTime(timezone=True)))
    seats = sa.table(
        "seat", *(sa.column(c) for c in ("game_id", "position", "user_id", "name", "standin", "unreachable"))
    )
    actions = sa.table("action_log", *(sa.column(c) for c in ("game_id", "index", "seat", "action")))
    results = sa.table("seat_result", *(sa.column(c) for c in RESULT_COLUMNS))
    for game in connection.execute(
        sa.select(games).where(games.c.status == "finished").order_by(games.c.id)
    ).mappings():
        game_seats = connection.execute(
            sa.select(seats).where(seats.c.game_id == game["id"]).order_by(seats.c.position)
        ).mappings()
        logged = connection.execute(
            sa.select(actions).where(actions.c.game_id == game["id"]).order_by(actions.c.index)
        ).mappings()
        rows = finished_results(dict(game), [dict(s) for s in game_seats], [dict(a) for a in logged])
        if rows:
            connection.execute(sa.insert(results), rows)


def downgrade() -> None:
    """Drops both tables."""
    op.drop_table("stats_hidden")
    op.drop_index("ix_seat_result_chat_user", "seat_result")
    op.drop_index("ix_seat_result_user_finished", "seat_result")
    op.drop_table("seat_result")
