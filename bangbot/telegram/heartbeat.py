"""A worker's heartbeat: at a timer tick it stores that it lives and how many 429s it saw since its last beat (at most
every BEAT_SECONDS unless 429s wait: a host with a one-second tick does not commit a beat a second)."""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from bangbot.storage.desk import beat
from bangbot.storage.repository import STORAGE_ERRORS, Repository

log = logging.getLogger(__name__)
BEAT_SECONDS = 10.0  # the desk's "seen" of a living worker is at most this old, plus a tick


def worker_name() -> str:
    """Returns this process's name on the desk: host and process id."""
    return f"{socket.gethostname()}:{os.getpid()}"


@dataclass
class Heartbeat:
    """This worker's name, start, and the 429s not yet stored."""

    worker: str = field(default_factory=worker_name)
    started: datetime = field(default_factory=lambda: datetime.now(UTC))
    limited: int = 0
    clock: Callable[[], float] = time.monotonic
    stored_at: float | None = None  # when the last beat was stored (clock)

    def count_limited(self) -> None:
        """Counts one 429 Telegram answered (on the event loop)."""
        self.limited += 1

    async def beat(self, repo: Repository) -> None:
        """Stores the beat and the 429s counted since the last one, unless a beat was stored less than BEAT_SECONDS ago
        and no 429 waits; a storage failure keeps them for the next."""
        now = self.clock()
        if not self.limited and self.stored_at is not None and now - self.stored_at < BEAT_SECONDS:
            return
        taken, self.limited = self.limited, 0
        try:
            await repo.run(beat, repo.engine, self.worker, self.started, datetime.now(UTC), taken)
        except STORAGE_ERRORS:
            self.limited += taken
            log.warning("could not store the worker's heartbeat", exc_info=True)
            return
        self.stored_at = now
