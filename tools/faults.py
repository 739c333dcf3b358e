"""Fault injection for `bangbot bench faults` and the fault tests, installed only by tools/faulty_bot.py.

BANGBOT_FAULT=<point>:<n> kills the process at the n-th pass of a checkpoint (bangbot.checkpoints.POINTS).
BANGBOT_FULL_DISK=<file>: while that file exists, every write to the database fails as SQLite fails on a full disk
("database or disk is full"), inside its transaction, which is rolled back.
"""

from __future__ import annotations

import os
import signal
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

from bangbot import checkpoints
from bangbot.storage import db

WRITES = ("INSERT", "UPDATE", "DELETE")


def plan(raw: str | None) -> tuple[str, int] | None:
    """Returns (point, n) from a BANGBOT_FAULT value, or None when it is unset or malformed."""
    point, _, count = (raw or "").partition(":")
    if point not in checkpoints.POINTS or not count.isdigit() or int(count) < 1:
        return None
    return point, int(count)


def crash_at(point: str, count: int) -> Callable[[str], None]:
    """Returns a checkpoint hook that kills this process with SIGKILL at the count-th pass of point."""
    passes = 0

    def hook(reached: str) -> None:
        nonlocal passes
        if reached != point:
            return
        passes += 1
        if passes == count:
            os.kill(os.getpid(), signal.SIGKILL)

    return hook


def full_disk(flag: str) -> Callable[[Engine], None]:
    """Returns an engine hook that makes the engine's writes fail as on a full disk while the file flag exists."""

    def install(engine: Engine) -> None:
        def refuse(_conn: object, _cursor: object, statement: str, params: Any, _ctx: object, _many: bool) -> None:
            if statement.lstrip().upper().startswith(WRITES) and os.path.exists(flag):
                raise OperationalError(statement, params, sqlite3.OperationalError("database or disk is full"))

        event.listen(engine, "before_cursor_execute", refuse)

    return install


def install(env: Mapping[str, str]) -> None:
    """Installs the faults that BANGBOT_FAULT and BANGBOT_FULL_DISK ask for in this process."""
    planned = plan(env.get("BANGBOT_FAULT"))
    if planned is not None:
        checkpoints.HOOKS.append(crash_at(*planned))
    flag = env.get("BANGBOT_FULL_DISK")
    if flag:
        db.ENGINE_HOOKS.append(full_disk(flag))
