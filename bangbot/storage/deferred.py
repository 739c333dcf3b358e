"""The delivery's bookkeeping held back to ride with a game's next write, where this process is the only writer.

Two writes of the delivery change nothing a player sees if lost: what a seat's existing message shows after an edit
(its shown_digest), and the deletion of an outbox row whose every message was shown. After a crash such a row is
shown again, and its edits compare what is shown and repeat nothing visible; the new messages it sent are counted in
its progress, written at once. So, where one process writes the database (SQLite), they are not committed one by
one: they are kept here and written in the transaction of the game's next write (a save, a delivery's progress, a
new message's reference), or on their own once they waited a while (HELD_SECONDS by default: a game's next press
mostly comes sooner, so at a person's pace they ride with it), or at shutdown. Meanwhile every read of
the game in this process lays the digests over what it read, and leaves the rows out (Repository).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from sqlalchemy import Connection, bindparam, delete, update
from sqlmodel import col

from bangbot.storage.models import Outbox, Seat

SEAT_DIGEST_UPDATE = (  # a held digest, written only if the seat still has the message it was shown on
    update(Seat)
    .where(
        col(Seat.game_id) == bindparam("key_game"),
        col(Seat.position) == bindparam("key_position"),
        col(Seat.private_message_id) == bindparam("key_message"),
    )
    .values(shown_digest=bindparam("digest"))
)
OUTBOX_DELETE = delete(Outbox).where(  # a game's rows only: an id of a row deleted elsewhere may be used again
    col(Outbox.game_id) == bindparam("game_id"), col(Outbox.id).in_(bindparam("ids", expanding=True))
)
HELD_SECONDS = 60.0  # what the delivery held back waits this long at most for a write of its game to carry it
Shown = tuple[int | None, str]  # a seat's message id and the digest of what it shows after an edit


@dataclass
class Held:
    """One game's writes held back: per seat position, its message and digest; the outbox rows done."""

    digests: dict[int, Shown] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)
    since: float = field(default_factory=time.monotonic)  # when the oldest write held began to wait


class DeferredWrites:
    """The writes held back per game, safe to use from the database threads."""

    def __init__(self) -> None:
        self._held: dict[int, Held] = {}
        self._lock = threading.Lock()

    def note_shown(self, game_id: int, seats: Iterable[tuple[int, int | None, str]]) -> None:
        """Holds what seats' messages show now: (position, message id, digest) each."""
        with self._lock:
            held = self._held.setdefault(game_id, Held())
            for position, message_id, digest in seats:
                held.digests[position] = (message_id, digest)

    def note_done(self, game_id: int, row_ids: Iterable[int]) -> None:
        """Holds the deletion of outbox rows whose every message was shown."""
        with self._lock:
            self._held.setdefault(game_id, Held()).done.update(row_ids)

    def taken(self, game_id: int) -> Held | None:
        """Returns a copy of what is held for a game (None if nothing), to write or to lay over a read."""
        with self._lock:
            held = self._held.get(game_id)
            return None if held is None else Held(dict(held.digests), set(held.done), held.since)

    def written(self, game_id: int, held: Held) -> None:
        """Forgets what a copy taken before held and was written since (a digest held again meanwhile stays)."""
        with self._lock:
            now = self._held.get(game_id)
            if now is None:
                return
            for position, shown in held.digests.items():
                if now.digests.get(position) == shown:
                    del now.digests[position]
            now.done -= held.done
            if not now.digests and not now.done:
                del self._held[game_id]

    def done_rows(self, game_id: int) -> set[int]:
        """Returns the outbox rows of a game whose deletion is held (left out of what is read)."""
        with self._lock:
            held = self._held.get(game_id)
            return set() if held is None else set(held.done)

    def every_done(self) -> frozenset[int]:
        """Returns the outbox rows of every game whose deletion is held (not a backlog: they were shown)."""
        with self._lock:
            return frozenset(row for held in self._held.values() for row in held.done)

    def waiting(self, older_than: float = 0.0) -> list[int]:
        """Returns the games whose held writes waited at least older_than seconds."""
        now = time.monotonic()
        with self._lock:
            return [game_id for game_id, held in self._held.items() if now - held.since >= older_than]


def write_held(connection: Connection, game_id: int, held: Held | None) -> None:
    """Writes a game's held writes in the connection's transaction: each digest where its seat still has that message,
    then the deletion of the rows done."""
    if held is None:
        return
    if held.digests:
        rows = [
            {"key_game": game_id, "key_position": position, "key_message": message, "digest": digest}
            for position, (message, digest) in held.digests.items()
        ]
        connection.execute(SEAT_DIGEST_UPDATE, rows)
    if held.done:
        connection.execute(OUTBOX_DELETE, {"game_id": game_id, "ids": sorted(held.done)})


def laid_over(seats: list[Seat], held: Held | None) -> list[Seat]:
    """Returns seats as read with the digests held back for them laid over (where a seat still has that message)."""
    if held is not None:
        for seat in seats:
            shown = held.digests.get(seat.position)
            if shown is not None and shown[0] == seat.private_message_id:
                seat.shown_digest = shown[1]
    return seats
