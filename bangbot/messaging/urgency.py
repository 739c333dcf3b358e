"""What a person waits for right now: the messages their own press must show go out before other traffic.

The hint travels with the task that sends (a context variable), so a messenger's rate limiter can read it without
every send and edit taking a parameter for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_urgent: ContextVar[bool] = ContextVar("bangbot_urgent", default=False)


def is_urgent() -> bool:
    """Returns whether what the running task sends now is awaited by a person's press."""
    return _urgent.get()


@contextmanager
def urgently(wanted: bool = True) -> Iterator[None]:
    """Marks what the block sends as awaited by a press (when wanted), ahead of other messages of the bot."""
    token = _urgent.set(wanted or _urgent.get())
    try:
        yield
    finally:
        _urgent.reset(token)
