"""What a person waits for right now: the messages their own press must show go out before other traffic.

The hint travels with the task that sends (a context variable), so a messenger's rate limiter can read it without
every send and edit taking a parameter for it. A chat whose person waits for their press's result is marked for the
whole process (hurrying): what other tasks queued into it earlier goes first too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator
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


_hurried: Counter[int] = Counter()  # the chats a person is looking at for their press's result, how many presses each


@contextmanager
def hurrying(chat_id: int) -> Iterator[None]:
    """Marks a chat as awaited by a press for the block: whatever this process has waiting to go into it goes first,
    even what other tasks queued before (a message of an earlier change holds back the press's own)."""
    _hurried[chat_id] += 1
    try:
        yield
    finally:
        _hurried[chat_id] -= 1
        if _hurried[chat_id] <= 0:
            del _hurried[chat_id]


def hurried() -> Collection[int]:
    """Returns the chats awaited by a press now (see hurrying)."""
    return _hurried.keys()


_background: ContextVar[bool] = ContextVar("bangbot_background", default=False)


def is_background() -> bool:
    """Returns whether what the running task sends now may wait behind the games' own messages (a command's reply)."""
    return _background.get()


@contextmanager
def in_background() -> Iterator[None]:
    """Marks what the block sends as a command's reply: in a group's flood limit, the games' messages go first."""
    token = _background.set(True)
    try:
        yield
    finally:
        _background.reset(token)
