"""Database work off the event loop: a bounded pool of threads, as many as the engine has connections.

A statement that waits (a SQLite write behind another process's lock, a slow PostgreSQL query) then holds up only
its own thread, never every game. The task that hands work over stays its owner: a game lock's connection it holds
(PostgreSQL) serves the work it runs in a thread as it would serve the task itself.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.pool import QueuePool

T = TypeVar("T")
on_behalf: ContextVar[asyncio.Task[Any] | None] = ContextVar("bangbot_on_behalf", default=None)
_working = [0]  # database threads of this process running work now
_counting = threading.Lock()


def working() -> int:
    """Returns how many database threads of this process run work now (each holds at most one connection)."""
    return _working[0]


def database_threads_wanted(engine: Engine) -> bool:
    """Returns whether the engine's work runs in threads: not when all share one connection (in-memory SQLite),
    where two threads would interleave its transactions."""
    return isinstance(engine.pool, QueuePool)


def pool_capacity(engine: Engine) -> int:
    """Returns how many connections the engine's pool hands out at most (1 for a pool that is not a queue)."""
    pool = engine.pool
    if not isinstance(pool, QueuePool):
        return 1
    return max(pool.size() + max(int(getattr(pool, "_max_overflow", 0)), 0), 1)  # no public getter for the overflow


def pinned_connections(engine: Engine) -> int:
    """Returns how many game locks may pin a connection at once: half the pool, the rest for the work around them."""
    return max(pool_capacity(engine) // 2, 1)


def database_threads(engine: Engine) -> ThreadPoolExecutor | None:
    """Returns threads for the engine's work, one per pooled connection; None when it stays on the loop."""
    if not isinstance(engine.pool, QueuePool):
        return None
    return ThreadPoolExecutor(max_workers=pool_capacity(engine), thread_name_prefix="bangbot-db")


def owner() -> asyncio.Task[Any] | None:
    """Returns the task whose work runs here: the running task, or the one that handed this thread its work."""
    handed = on_behalf.get()
    if handed is not None:
        return handed
    try:
        return asyncio.current_task()
    except RuntimeError:  # a thread with no event loop, not running work handed over by a task
        return None


async def off_loop(threads: ThreadPoolExecutor | None, work: Callable[[], T]) -> T:
    """Runs work in one of the threads (at once on the loop without any) and returns its result or raises its error."""
    if threads is None:
        return work()
    task = asyncio.current_task()

    def run() -> T:
        on_behalf.set(task)
        with _counting:
            _working[0] += 1
        try:
            return work()
        finally:
            with _counting:
                _working[0] -= 1

    return await asyncio.get_running_loop().run_in_executor(threads, contextvars.copy_context().run, run)
