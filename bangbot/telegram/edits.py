"""Group edits that never hold up an update: the newest content of a message wins while an edit waits."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bangbot.messaging.adapter import Keyboard, MessageRef

log = logging.getLogger(__name__)
EditFunction = Callable[[MessageRef, str, Keyboard], Awaitable[None]]


class LatestEdits:
    """Sends edits per message one at a time in the background, dropping contents a newer edit replaced."""

    def __init__(self, edit: EditFunction) -> None:
        self._edit = edit
        self._pending: dict[MessageRef, tuple[str, Keyboard]] = {}
        self._tasks: dict[MessageRef, asyncio.Task[None]] = {}

    def submit(self, ref: MessageRef, text: str, buttons: Keyboard) -> None:
        """Queues the newest content of a message; returns at once."""
        self._pending[ref] = (text, buttons)
        if ref not in self._tasks:
            self._tasks[ref] = asyncio.get_running_loop().create_task(self._drain(ref))

    def forget(self, ref: MessageRef) -> None:
        """Drops a queued edit (the message is being deleted)."""
        self._pending.pop(ref, None)

    async def _drain(self, ref: MessageRef) -> None:
        """Sends the newest content of ref until none is queued."""
        try:
            while ref in self._pending:
                text, buttons = self._pending.pop(ref)
                try:
                    await self._edit(ref, text, buttons)
                except Exception:
                    log.exception("could not edit %s", ref)
        finally:
            del self._tasks[ref]

    async def flush(self) -> None:
        """Waits until every queued edit was sent."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def __len__(self) -> int:
        return len(self._pending) + len(self._tasks)
