"""Updates confirmed to Telegram only once handled: a process killed while it handles a press (or any update) gets it
again at its next start, so the press is answered then (a move already saved gets its kept answer, see
messaging.press.answer) instead of spinning until Telegram gives up.

Long polling confirms every update below the offset a getUpdates call sends. The bot asks with the offset of the
oldest update it still handles, and drops from the answer the updates it handles already; Telegram returns at once
while such updates are unconfirmed, so a poll first waits until one of them is done (at most HELD_WAIT_SECONDS):
asking at once would only fetch them again (a press handled took two polls instead of one). A webhook is answered
once the update is queued: it is not held.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import timedelta
from typing import Any

from telegram import Update
from telegram.ext import Application, ExtBot

from bangbot.telegram.updates import unread_dropped

HELD_WAIT_SECONDS = 0.05  # the longest a poll waits for an update being handled to be done before it asks anyway


class Handling:
    """The ids of the updates this process fetched and has not finished handling."""

    def __init__(self) -> None:
        self.ids: set[int] = set()
        self.changed = asyncio.Event()

    def offset(self, asked: int | None) -> int | None:
        """Returns the offset to poll with: the one asked, or the oldest update still being handled, if older."""
        return min(asked, *self.ids) if asked and self.ids else asked

    def fetched(self, updates: tuple[Update, ...], asked: int | None) -> tuple[Update, ...]:
        """Returns the updates not handed out before (from the offset asked on), now counted as being handled."""
        fresh = tuple(u for u in updates if not asked or u.update_id >= asked)
        self.ids.update(u.update_id for u in fresh)
        return fresh

    def done(self, update_id: int) -> None:
        """Counts an update as handled: polls confirm it from now on."""
        self.ids.discard(update_id)
        self.changed.set()

    async def settle(self, seconds: float) -> None:
        """Waits until an update is done, at most seconds."""
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), seconds)


class HeldBot(ExtBot[Any]):
    """The bot whose getUpdates confirms only the updates handled (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._handling = Handling()

    @property
    def handling(self) -> Handling:
        """Returns the updates fetched and not handled yet."""
        return self._handling

    async def _post(self, endpoint: str, data: Any = None, **options: Any) -> Any:
        """Makes a call as python-telegram-bot does; polled updates lose what the bot never reads before they are
        parsed (updates.unread_dropped)."""
        result = await super()._post(endpoint, data, **options)
        if endpoint == "getUpdates" and isinstance(result, list):
            result = [unread_dropped(update) for update in result]
        return result

    async def get_updates(self, offset: int | None = None, *args: Any, **kwargs: Any) -> tuple[Update, ...]:
        """Polls as asked, but confirms no update still being handled and returns none twice."""
        loop = asyncio.get_running_loop()
        timeout = kwargs.get("timeout", args[1] if len(args) > 1 else None)
        seconds = timeout.total_seconds() if isinstance(timeout, timedelta) else float(timeout or 0)
        until = loop.time() + seconds
        while True:
            if self._handling.offset(offset) != offset:  # asked now, Telegram would answer at once with them
                await self._handling.settle(min(HELD_WAIT_SECONDS, max(until - loop.time(), 0.0)))
            held = self._handling.offset(offset)
            updates = await super().get_updates(held, *args, **kwargs)
            fresh = self._handling.fetched(updates, offset)
            if fresh or held == offset or not updates or loop.time() >= until:
                return fresh


class HeldApplication(Application):  # type: ignore[type-arg]
    """The application that tells its HeldBot when each update is handled."""

    async def process_update(self, update: object) -> None:
        """Handles an update, then lets polls confirm it."""
        try:
            await super().process_update(update)
        finally:
            if isinstance(update, Update) and isinstance(self.bot, HeldBot):
                self.bot.handling.done(update.update_id)
