"""Fault injection for `bangbot bench faults` and the fault tests.

BANGBOT_FAULT=<point>:<n> kills this process at the n-th pass of point. The points sit where a crash hurts most:
`saved` (a change is committed, nothing of it shown yet), `sent` (a delivery has sent a new message and not the
rest), `tick` (the deadline timer is running). Without the variable a checkpoint costs one comparison.

BANGBOT_FULL_DISK=<file>: while that file exists, every write to the database fails as SQLite fails on a full disk
("database or disk is full"), inside its transaction, which is rolled back.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

POINTS = ("saved", "sent", "tick")


def _plan(raw: str | None) -> tuple[str, int] | None:
    """Returns (point, n) from a BANGBOT_FAULT value, or None when it is unset or malformed."""
    point, _, count = (raw or "").partition(":")
    if point not in POINTS or not count.isdigit() or int(count) < 1:
        return None
    return point, int(count)


_PLAN = _plan(os.environ.get("BANGBOT_FAULT"))
_passes = 0


def checkpoint(point: str) -> None:
    """Kills this process with SIGKILL when point is the planned one and this is its planned pass."""
    global _passes
    if _PLAN is None or _PLAN[0] != point:
        return
    _passes += 1
    if _passes == _PLAN[1]:
        os.kill(os.getpid(), signal.SIGKILL)


WRITES = ("INSERT", "UPDATE", "DELETE")


def full_disk_faults(engine: Engine) -> None:
    """Makes the engine's writes fail as on a full disk while BANGBOT_FULL_DISK names a file that exists."""
    flag = os.environ.get("BANGBOT_FULL_DISK")
    if not flag:
        return

    def refuse(_conn: object, _cursor: object, statement: str, params: Any, _context: object, _many: bool) -> None:
        if statement.lstrip().upper().startswith(WRITES) and os.path.exists(flag):
            raise OperationalError(statement, params, sqlite3.OperationalError("database or disk is full"))

    event.listen(engine, "before_cursor_execute", refuse)
