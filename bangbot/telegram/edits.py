"""Group edits that never hold up an update: the newest content of a message wins while an edit waits.

An edit that fails is tried again with backoff (as long as Telegram asks, when it says) until it is confirmed or a
newer content of the same message replaces it: it is never dropped. An edit that would change nothing is not even
submitted: delivery decides that for every messenger (messaging.delivery.last_shown).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable

from bangbot.messaging.adapter import Keyboard, MessageRef, Undeliverable
from bangbot.messaging.delivery.lanes import Backoff

log = logging.getLogger(__name__)
EditFunction = Callable[[MessageRef, str, Keyboard], Awaitable[None]]


class LatestEdits:
    """Sends edits per message one at a time in the background, dropping contents a newer edit replaced.

    Submissions are numbered; `queued(chat)` waits until every submission made so far in a chat was sent, or
    replaced by a newer one that was. A message whose every submission is done is forgotten.
    """

    def __init__(self, edit: EditFunction) -> None:
        self._edit = edit
        self._pending: dict[MessageRef, tuple[str, Keyboard, int]] = {}
        self._tasks: dict[MessageRef, asyncio.Task[None]] = {}
        self._submitted: dict[MessageRef, int] = {}
        self._done: dict[MessageRef, int] = {}
        self._progress: asyncio.Condition | None = None
        self._numbers = itertools.count(1)
        self.failures = 0

    def submit(self, ref: MessageRef, text: str, buttons: Keyboard) -> None:
        """Queues the newest content of a message; returns at once."""
        number = next(self._numbers)
        self._submitted[ref] = number
        self._pending[ref] = (text, buttons, number)
        if ref not in self._tasks:
            self._tasks[ref] = asyncio.get_running_loop().create_task(self._drain(ref))

    def forget(self, ref: MessageRef) -> None:
        """Drops a queued edit (the message is being deleted)."""
        if self._pending.pop(ref, None) is not None:
            self._done[ref] = self._submitted[ref]

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns what to await until the edits submitted so far in chat are done, or None when none wait."""
        targets = {
            ref: number
            for ref, number in self._submitted.items()
            if ref.chat_id == chat_id and self._done.get(ref, 0) < number
        }
        return self._reach(targets) if targets else None

    async def _reach(self, targets: dict[MessageRef, int]) -> None:
        """Waits until each message's finished submissions reach its target number."""
        progress = self._condition()
        async with progress:
            await progress.wait_for(
                lambda: all(ref not in self._submitted or self._done.get(ref, 0) >= n for ref, n in targets.items())
            )

    def _condition(self) -> asyncio.Condition:
        """Returns the condition notified whenever an edit finishes (made on first use, inside the loop)."""
        if self._progress is None:
            self._progress = asyncio.Condition()
        return self._progress

    async def _drain(self, ref: MessageRef) -> None:
        """Sends the newest content of ref until none is queued."""
        try:
            backoff = Backoff()
            while ref in self._pending:
                text, buttons, number = self._pending.pop(ref)
                try:
                    await self._edit(ref, text, buttons)
                    backoff.reset()
                except Undeliverable:  # the bot left the chat: no retry can show it
                    log.info("cannot edit %s any more", ref)
                except Exception as error:
                    self.failures += 1
                    log.warning("could not edit %s, trying again: %r", ref, error)
                    self._pending.setdefault(ref, (text, buttons, number))  # unless a newer content came meanwhile
                    await backoff.wait(error)
                    continue
                self._done[ref] = max(self._done.get(ref, 0), number)
                progress = self._condition()
                async with progress:
                    progress.notify_all()
        finally:
            del self._tasks[ref]
            if ref not in self._pending and self._done.get(ref, 0) >= self._submitted.get(ref, 0):
                self._submitted.pop(ref, None)
                self._done.pop(ref, None)

    async def flush(self) -> None:
        """Waits until every queued edit was sent."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def __len__(self) -> int:
        return len(self._pending) + len(self._tasks)
