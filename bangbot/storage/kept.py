"""Games as this process last read or saved them, at their stored version, so reading a game again is one light read.

Every write that changes a game's state, seats or settings gives it a new version (Repository.save, shift_deadlines,
move_chat); a few columns change without one: the message references and what a seat's message shows (the delivery),
the names and creator a /forgetme erases, the state a purge drops. The light read takes the version and exactly
those columns in one statement; a game kept at that version with the same seats is rebuilt from what was kept with
them laid over it, so it is what a full read would return, whichever process or worker wrote it.

This process's own writes of those columns are laid over the kept copy too (write_refs), and a save keeps the columns
it left as the copy had them: where this process is the database's only writer (SQLite), the copy at the version
stored is the game as stored, which its delivery lanes take without reading it (Repository.known).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, bindparam
from sqlalchemy.orm import instrumentation
from sqlmodel import col, select

from bangbot.messaging.lru import LruCache
from bangbot.storage.models import SEAT_REFS, Game, Seat

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
        self._lock = threading.Lock()  # one change of the kept copies at a time: a save's and a delivery's meet here
        self.writes = 0  # changes of the kept copies so far: a read begun before one keeps nothing (see keep)

    def keep(self, game: Game, seats: Sequence[Seat], since: int | None = None) -> None:
        """Keeps a game and all its seats as read from storage; not if a kept copy changed since the read began (since,
        the writes then), as its write may have come after the read."""
        assert game.id is not None
        rows = tuple(values(seat, Seat.model_fields) for seat in sorted(seats, key=lambda s: s.position))
        with self._lock:
            if since is None or since == self.writes:
                self.kept.put(game.id, Kept(values(game, Game.model_fields), rows, game.state_json is None))

    def saved(self, game: Game, seats: Sequence[Seat], removed: Sequence[int], left: Sequence[str]) -> None:
        """Keeps a game just saved at its new version from the copy kept at the version before: its seats saved and
        removed, its columns but the references it left (left) taken from the game; forgets it without such a copy
        (the seats not saved, the references stored meanwhile, are not known). A seat still stored keeps its kept
        references (a save never writes them); one inserted has the seat's."""
        assert game.id is not None
        with self._lock:
            self.writes += 1
            before = self.kept.get(game.id)
            if before is None or before.game["version"] != game.version - 1:
                self.kept.pop(game.id)
                return
            merged = {row["position"]: row for row in before.seats if row["position"] not in removed}
            for seat in seats:  # written after the removed ones were deleted: a seat written anew is inserted whole
                row = values(seat, Seat.model_fields)
                old = merged.get(seat.position)
                merged[seat.position] = row | {n: old[n] for n in SEAT_REFS} if old is not None else row
            columns = values(game, Game.model_fields) | {name: before.game[name] for name in left}
            rows = tuple(merged[position] for position in sorted(merged))
            self.kept.put(game.id, Kept(columns, rows, game.state_json is None))

    def write_refs(self, game_id: int, refs: Mapping[str, Any], seats: Sequence[Mapping[str, Any]] = ()) -> None:
        """Lays message references this process just stored over a kept game (whatever its version): the game's refs,
        and each seat's (its position and SEAT_REFS)."""
        with self._lock:
            self.writes += 1
            kept = self.kept.get(game_id)
            if kept is None:
                return
            changed = {seat["position"]: seat for seat in seats}
            rows = tuple(
                row | {n: changed[row["position"]][n] for n in SEAT_REFS} if row["position"] in changed else row
                for row in kept.seats
            )
            self.kept.put(game_id, Kept(kept.game | dict(refs), rows, kept.stateless))

    def forget(self, game_id: int) -> None:
        """Forgets a game (its stored seats are not known after a write)."""
        with self._lock:
            self.writes += 1
            self.kept.pop(game_id)

    def clear(self) -> None:
        """Forgets every game (after a write to many)."""
        with self._lock:
            self.writes += 1
            self.kept = LruCache(self.kept.capacity)

    def copy(self, game_id: int) -> tuple[Game, list[Seat]] | None:
        """Returns fresh copies of a kept game and its seats as kept, or None."""
        kept = self.kept.get(game_id)
        if kept is None:
            return None
        return instance(_GAMES, dict(kept.game)), [instance(_SEATS, dict(row)) for row in kept.seats]

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
