"""Games as this process last read or saved them, at their stored version, so reading a game again is one light read.

Every write that changes a game's state, seats or settings gives it a new version (Repository.save, shift_deadlines,
move_chat); a few columns change without one: the message references and what a seat's message shows (the delivery),
the names and creator a /forgetme erases, the state a purge drops. The light read takes the version and exactly
those columns in one statement; a game kept at that version with the same seats is rebuilt from what was kept with
them laid over it, so it is what a full read would return, whichever process or worker wrote it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, bindparam
from sqlalchemy.orm import instrumentation
from sqlmodel import col, select

from bangbot.messaging.lru import LruCache
from bangbot.storage.models import Game, Seat

GAMES_KEPT = 1024
LIGHT_GAME = ("version", "creator_id", "lobby_message_id", "table_message_id", "log_message_id", "purged_at")
LIGHT_SEAT = ("position", "user_id", "name", "private_message_id", "shown_digest")
LIGHT_READ = (
    select(  # type: ignore[call-overload]  # sqlmodel's select is typed for at most four columns
        *(getattr(Game, name) for name in LIGHT_GAME),
        col(Game.state_json).is_(None),
        *(getattr(Seat, name) for name in LIGHT_SEAT),
    )
    .select_from(Game)
    .outerjoin(Seat, col(Seat.game_id) == col(Game.id))
    .where(col(Game.id) == bindparam("id"))
    .order_by(col(Seat.position))
)
_GAMES = instrumentation.manager_of_class(Game)
_SEATS = instrumentation.manager_of_class(Seat)


@dataclass(frozen=True, slots=True)
class Kept:
    """One game's columns and its seats' as read or saved at one version (never handed out: copies are)."""

    game: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    stateless: bool  # the game had no state (a lobby, or a purged game)


class KeptGames:
    """The games this process read or saved last, each at one version (the least recently used forgotten first)."""

    def __init__(self, capacity: int = GAMES_KEPT) -> None:
        self.kept: LruCache[int, Kept] = LruCache(capacity)

    def keep(self, game: Game, seats: Sequence[Seat]) -> None:
        """Keeps a game and all its seats as they are stored now (just read, or just saved by this process)."""
        assert game.id is not None
        rows = tuple(values(seat, Seat.model_fields) for seat in sorted(seats, key=lambda s: s.position))
        self.kept.put(game.id, Kept(values(game, Game.model_fields), rows, game.state_json is None))

    def forget(self, game_id: int) -> None:
        """Forgets a game (its stored seats are not known after a write)."""
        self.kept.pop(game_id)

    def rebuilt(self, game_id: int, rows: Sequence[Row[Any]]) -> tuple[Game, list[Seat]] | None:
        """Returns fresh copies of a kept game and its seats with the light read's rows laid over them, or None when
        the game is not kept at the version read, with the same seats and the same state."""
        kept = self.kept.get(game_id)
        if kept is None or not rows:
            return None
        first = tuple(rows[0])
        light = dict(zip(LIGHT_GAME, first, strict=False))
        if kept.game["version"] != light["version"] or kept.stateless != bool(first[len(LIGHT_GAME)]):
            return None
        seats = [dict(zip(LIGHT_SEAT, tuple(row)[len(LIGHT_GAME) + 1 :], strict=True)) for row in rows]
        if seats[0]["position"] is None:
            seats = []
        if [s["position"] for s in seats] != [s["position"] for s in kept.seats]:
            return None
        game = instance(_GAMES, kept.game | light)
        return game, [instance(_SEATS, old | new) for old, new in zip(kept.seats, seats, strict=True)]


def values(row: Game | Seat, fields: Any) -> dict[str, Any]:
    """Returns a row's column values by name."""
    return {name: getattr(row, name) for name in fields}


def instance(manager: Any, columns: dict[str, Any]) -> Any:
    """Returns a new row object holding the columns, made as the ORM makes the rows it loads (no validation)."""
    made = manager.new_instance()
    made.__dict__.update(columns)
    return made
