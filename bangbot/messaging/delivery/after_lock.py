"""Network work a handler leaves for after it released the game's lock: nothing waits for a messenger inside it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)
Later = list[Callable[[], Awaitable[object]]]  # network work a handler does once it released the game's lock


async def run_later(later: Later) -> None:
    """Runs what a handler left for after the game's lock; a failure there is logged (the change stands)."""
    for work in later:
        try:
            await work()
        except Exception:
            log.exception("could not show a press's result")
