"""Messages that need no saving (a command's reply, a table shown again) sent in order per chat, in the background.

A handler posts them and returns at once, so a chat's flood limit never holds up the next update; a chat's posts go
out one at a time in the order they were posted, behind the games' own messages in a group's flood limit. A failure
is logged: the reply is not part of any game's state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bangbot.messaging.delivery.urgency import in_background

log = logging.getLogger(__name__)
Sending = Callable[[], Awaitable[None]]


@dataclass
class ChatSenders:
    """One ordered queue of sends per chat, each drained by a task that ends when its queue is empty."""

    queues: dict[int, list[Sending]] = field(default_factory=dict)
    tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)

    def post(self, chat_id: int, sending: Sending) -> None:
        """Queues a send for chat_id behind the ones posted before it; returns at once."""
        self.queues.setdefault(chat_id, []).append(sending)
        if chat_id not in self.tasks:
            self.tasks[chat_id] = asyncio.get_running_loop().create_task(self._drain(chat_id))

    async def _drain(self, chat_id: int) -> None:
        """Sends a chat's queue in order until it is empty."""
        try:
            queue = self.queues[chat_id]
            while queue:
                sending = queue.pop(0)
                try:
                    with in_background():
                        await sending()
                except Exception:
                    log.warning("could not send a reply in chat %s", chat_id, exc_info=True)
        finally:
            self.queues.pop(chat_id, None)
            self.tasks.pop(chat_id, None)

    async def idle(self) -> None:
        """Waits until every posted send went out (or failed)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)
