"""`bangbot purge`: a finished game's hidden state dropped, its record and statistics kept.

What is dropped is what only a game in play needs: the whole state (hands, deck, hidden roles), the seats' AI memory
and prompt digests, the outbox rows it has shown and the answers to its presses. What stays is what its record and
statistics are made of: the game's row (seed, rules, chat, winner), its seats' names, its action log (the record
replays the game from the seed and the log) and its seats' results.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Engine, Select, delete, exists, select, update
from sqlmodel import col

from bangbot.storage.models import CANCELLED, FINISHED, Game, Outbox, PressAnswer, Seat

ENDED = (FINISHED, CANCELLED)
BATCH = 500  # games purged per transaction: a long purge never holds one transaction open


def purgeable(ended_before: datetime) -> Select[int | None]:
    """Returns the ids of the ended games with a state, last changed before then, with nothing left to show."""
    unsent = exists().where(col(Outbox.game_id) == col(Game.id), col(Outbox.sent_at).is_(None))
    return (
        select(col(Game.id))
        .where(col(Game.status).in_(ENDED), col(Game.state_json).is_not(None))
        .where(col(Game.updated_at) < ended_before, ~unsent)
        .limit(BATCH)
    )


def purge_finished(engine: Engine, ended_before: datetime, now: datetime) -> int:
    """Drops the hidden state of every game that ended before ended_before; returns how many games were purged."""
    purged = 0
    while True:
        with engine.begin() as connection:
            ids = list(connection.execute(purgeable(ended_before)).scalars())
            if not ids:
                return purged
            connection.execute(update(Game).where(col(Game.id).in_(ids)).values(state_json=None, purged_at=now))
            connection.execute(
                update(Seat)
                .where(col(Seat.game_id).in_(ids))
                .values(ai_memory_json="{}", prompt_digest="", shown_digest="")
            )
            connection.execute(delete(Outbox).where(col(Outbox.game_id).in_(ids)))
            connection.execute(delete(PressAnswer).where(col(PressAnswer.game_id).in_(ids)))
        purged += len(ids)
