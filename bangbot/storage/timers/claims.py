"""Which worker fires a game's due timers: the one that claimed it, so the other workers pass it by.

On PostgreSQL a tick claims the games it found due in one statement: a game nobody claimed, or whose claim lapsed
(its worker died while firing), becomes this worker's until CLAIM_LAPSE from now; a game claimed by another worker is
left to it, without waiting for its lock. The claims are dropped once fired. A timer still checks, under the game's
lock, that it is due, so a lapsed claim whose worker was only slow fires nothing twice. SQLite serves one worker,
which claims every game it found.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta

from sqlalchemy import Engine, delete
from sqlalchemy.dialects.postgresql import insert
from sqlmodel import col

from bangbot.storage.models import TimerClaim

CLAIM_LAPSE = timedelta(seconds=30)  # far longer than a firing takes; a crashed worker delays its games this long


def claim_timers(engine: Engine, game_ids: Collection[int], now: datetime) -> set[int]:
    """Claims the games whose timers this worker is about to fire; returns those it got."""
    if engine.dialect.name != "postgresql" or not game_ids:
        return set(game_ids)
    rows = [{"game_id": game_id, "until": now + CLAIM_LAPSE} for game_id in sorted(game_ids)]
    claims = insert(TimerClaim).values(rows)
    statement = claims.on_conflict_do_update(
        index_elements=[col(TimerClaim.game_id)],
        set_={"until": claims.excluded.until},
        where=col(TimerClaim.until) <= now,
    ).returning(col(TimerClaim.game_id))
    with engine.begin() as connection:
        return {int(game_id) for game_id in connection.execute(statement).scalars()}


def release_timers(engine: Engine, game_ids: Collection[int]) -> None:
    """Drops this worker's claims of games whose timers it fired."""
    if engine.dialect.name != "postgresql" or not game_ids:
        return
    with engine.begin() as connection:
        connection.execute(delete(TimerClaim).where(col(TimerClaim.game_id).in_(sorted(game_ids))))
