"""Crash injection for `bangbot bench faults`: BANGBOT_FAULT=<point>:<n> kills this process at the n-th pass of point.

The points sit where a crash hurts most: `saved` (a change is committed, nothing of it shown yet), `sent` (a
delivery has sent a new message and not the rest), `tick` (the deadline timer is running). Without the variable a
checkpoint costs one comparison.
"""

from __future__ import annotations

import os
import signal

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
