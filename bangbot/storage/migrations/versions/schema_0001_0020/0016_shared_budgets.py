"""Telegram's budgets, the clock's steps and the timers shared by every worker: send_slot, clock_reference,
timer_claim, and (on PostgreSQL) the function that takes a slot of a budget atomically.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

# Takes one slot of budget p_key if every limit (p_counts[i] starts in any p_periods[i] seconds) has room now: returns
# the start taken (epoch seconds of the database's clock) and 0, else NULL and the seconds until one more fits. The
# key's rows are locked for the call, so two workers never take the same room.
TAKE_SLOT = """
CREATE OR REPLACE FUNCTION bangbot_take_slot(p_key text, p_counts int[], p_periods float8[])
RETURNS TABLE(taken float8, wait float8) AS $$
DECLARE
    now_s float8 := extract(epoch FROM clock_timestamp());
    latest float8[];
    need float8 := 0;
    i int;
BEGIN
    SELECT array_agg(at ORDER BY at DESC) INTO latest
        FROM (SELECT at FROM send_slot WHERE key = p_key ORDER BY slot FOR UPDATE) locked;
    IF coalesce(array_length(latest, 1), 0) < (SELECT max(c) FROM unnest(p_counts) c) THEN
        INSERT INTO send_slot(key, slot, at)
            SELECT p_key, s, 0 FROM generate_series(0, (SELECT max(c) FROM unnest(p_counts) c) - 1) s
            ON CONFLICT DO NOTHING;
        SELECT array_agg(at ORDER BY at DESC) INTO latest
            FROM (SELECT at FROM send_slot WHERE key = p_key ORDER BY slot FOR UPDATE) locked;
    END IF;
    FOR i IN 1 .. array_length(p_counts, 1) LOOP
        IF latest[p_counts[i]] > now_s - p_periods[i] THEN
            need := greatest(need, latest[p_counts[i]] + p_periods[i] - now_s);
        END IF;
    END LOOP;
    IF need > 0 THEN
        RETURN QUERY SELECT NULL::float8, need;
        RETURN;
    END IF;
    UPDATE send_slot SET at = now_s
        WHERE key = p_key AND slot = (SELECT slot FROM send_slot WHERE key = p_key ORDER BY at, slot LIMIT 1);
    RETURN QUERY SELECT now_s, 0::float8;
END
$$ LANGUAGE plpgsql
"""


def upgrade() -> None:
    """Creates send_slot, clock_reference and timer_claim, and on PostgreSQL the slot-taking function."""
    op.create_table(
        "send_slot",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("slot", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_table(
        "clock_reference",
        sa.Column("boot", sa.String(), primary_key=True),
        sa.Column("offset_seconds", sa.Float(), nullable=False),
    )
    op.create_table(
        "timer_claim",
        sa.Column("game_id", sa.BigInteger(), primary_key=True, autoincrement=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(TAKE_SLOT)


def downgrade() -> None:
    """Drops the function and the tables."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS bangbot_take_slot(text, int[], float8[])")
    op.drop_table("timer_claim")
    op.drop_table("clock_reference")
    op.drop_table("send_slot")
