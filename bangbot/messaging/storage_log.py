"""Failures to read or save, logged without flooding the log while the database is away: a traceback at most once a
minute, one line for every other failure, and how many failures there were since the last traceback."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable

TRACEBACK_EVERY_S = 60.0


class StorageFailures:
    """Logs the failures of one logger's reads and saves, each at the moment it is handled (inside `except`)."""

    def __init__(self, log: logging.Logger, clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.clock = clock
        self.last_traceback: float | None = None
        self.since = 0  # failures logged in one line since the last traceback

    def failed(self, message: str, *args: object) -> None:
        """Logs the failure being handled: with its traceback if none was logged within a minute, else in one line."""
        now = self.clock()
        if self.last_traceback is None or now - self.last_traceback >= TRACEBACK_EVERY_S:
            suffix = f" ({self.since} more failures since the last traceback)" if self.since else ""
            self.log.warning(message + suffix, *args, exc_info=True)
            self.last_traceback, self.since = now, 0
            return
        self.since += 1
        self.log.warning(message + " (%s; traceback logged at most once a minute)", *args, _current_error())


def _current_error() -> str:
    """Returns the class and first line of the exception being handled."""

    error = sys.exc_info()[1]
    first = str(error).splitlines()[0] if error is not None and str(error) else ""
    return f"{type(error).__name__}: {first}" if error is not None else "no error"
