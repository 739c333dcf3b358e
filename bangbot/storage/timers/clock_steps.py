"""Steps of a machine's wall clock undone once for every worker on it, through the offset stored per machine.

Every worker's timer stores, at each tick, its machine's wall clock minus its boot clock (the same for every process
on the machine, and for every container on one kernel). A step of the wall clock changes that offset; the worker
whose tick first sees the change moves the running games' deadlines by it and stores the new offset in the same
transaction, while the row is locked, so the others find the offset already current and move nothing.
"""

from __future__ import annotations

import socket
from datetime import timedelta
from pathlib import Path

from sqlalchemy import Engine, insert, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.sql.expression import SelectOfScalar

from bangbot.storage.models import ClockReference
from bangbot.storage.repository import deadlines_shift

BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
DRIFT_SECONDS = 0.5  # the stored offset is written again once the clocks drifted this far apart (NTP slews them)


def machine_boot() -> str:
    """Returns what names this machine's boot (Linux's boot id; elsewhere the host's name)."""
    try:
        return BOOT_ID.read_text().strip()
    except OSError:
        return socket.gethostname()


class StoredClockReference:
    """Follows the machine's clock offset in the database and undoes each step once (see the module's text)."""

    def __init__(self, engine: Engine, boot: str | None = None) -> None:
        self.engine = engine
        self.boot = boot if boot is not None else machine_boot()

    def __call__(self, offset: float, tolerance: float) -> tuple[float, int] | None:
        """Stores the offset; if it moved by more than tolerance since any worker's last tick, moves the deadlines by
        that step and returns (step in seconds, games moved), else None. A tick that finds the stored offset current
        only reads it."""
        with self.engine.connect() as connection:
            stored = connection.execute(self._stored()).scalar()
        if stored is not None and abs(offset - stored) <= DRIFT_SECONDS:
            return None  # the usual tick: one read, nothing to write
        try:
            return self._follow(offset, tolerance)
        except IntegrityError:  # another worker stored the machine's first offset at the same moment
            return None

    def _stored(self) -> SelectOfScalar[float]:
        """Returns the query of this machine's stored offset."""
        return select(ClockReference.offset_seconds).where(col(ClockReference.boot) == self.boot)

    def _follow(self, offset: float, tolerance: float) -> tuple[float, int] | None:
        """Does __call__'s work in one transaction."""
        with self.engine.begin() as connection:
            stored = connection.execute(self._stored().with_for_update()).scalar()
            if stored is None:
                connection.execute(insert(ClockReference).values(boot=self.boot, offset_seconds=offset))
                return None
            step = offset - stored
            moved = None
            if abs(step) > tolerance:
                moved = connection.execute(deadlines_shift(timedelta(seconds=step), self.engine.dialect.name)).rowcount
            row = col(ClockReference.boot) == self.boot
            connection.execute(update(ClockReference).where(row).values(offset_seconds=offset))
        return None if moved is None else (step, moved)
