"""Which games' timers are due: one statement per tick, each of its parts a range scan on a (status, time) index."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import NamedTuple

from sqlalchemy import CompoundSelect, Connection, Integer, Select, bindparam, literal, select, union_all
from sqlalchemy.orm import Mapped
from sqlmodel import col

from bangbot.storage.models import GATHERING, RUNNING, Game


class DueTimers(NamedTuple):
    """The ids of the games whose timers are due, each list oldest first."""

    deadlines: list[int]
    reminders: list[int]
    lobbies: list[int]
    offers: list[int]  # the group is offered to let the AI play for the awaited people


DUE_MOMENTS = (  # DueTimers' fields in order: the status the game is in, and the Game column that falls due
    (RUNNING, "deadline_at"),
    (RUNNING, "reminder_at"),
    (GATHERING, "lobby_expires_at"),
    (RUNNING, "offer_at"),
)


@cache
def due_statement() -> CompoundSelect[int, int | None, datetime]:
    """Returns the rows (part, game id, moment) of every timer not after the parameter `now`: one part per DUE_MOMENTS
    entry, each a range on its (status, moment) index; built once, as the timer asks every tick."""
    parts: list[Select[int, int | None, datetime]] = []
    for part, (status, moment) in enumerate(DUE_MOMENTS):
        column: Mapped[datetime] = getattr(Game, moment)
        chosen: Select[int, int | None, datetime] = select(
            literal(part, Integer).label("part"), col(Game.id).label("id"), col(column).label("moment")
        )
        parts.append(chosen.where(col(Game.status) == status, col(column) <= bindparam("now")))
    return union_all(*parts)


def due_timers(connection: Connection, now: datetime) -> DueTimers:
    """Returns the games whose timers are due at now, each kind oldest first, in one statement."""
    found: list[list[tuple[datetime, int]]] = [[] for _ in DUE_MOMENTS]
    for part, game_id, moment in connection.execute(due_statement(), {"now": now}):
        if game_id is not None:  # a stored game always has its id
            found[part].append((moment, game_id))
    return DueTimers(*([game_id for _, game_id in sorted(rows)] for rows in found))
