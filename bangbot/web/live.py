"""Live boards: every save of a game wakes the pages showing it, in this process and, on PostgreSQL, in every other
worker through LISTEN/NOTIFY. A page is only nudged with the game's new version; it fetches its snapshot itself."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.engine import Engine

CHANNEL = "bangbot_board"
RECONNECT_SECONDS = 1.0

log = logging.getLogger(__name__)


class Hub:
    """The newest version of each watched game, and the pages waiting for a newer one."""

    def __init__(self) -> None:
        self.versions: dict[int, int] = {}
        self.changed: dict[int, asyncio.Event] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def bind(self) -> None:
        """Remembers the running loop, which saves in other threads wake pages on."""
        self.loop = asyncio.get_running_loop()

    def saved(self, game_id: int, version: int) -> None:
        """Takes a game's new version from any thread (a save, a notification) and wakes its pages."""
        if self.loop is None or self.loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self._bump(game_id, version)
        else:
            self.loop.call_soon_threadsafe(self._bump, game_id, version)

    def _bump(self, game_id: int, version: int) -> None:
        """Records a newer version and wakes whoever waits for that game."""
        if version <= self.versions.get(game_id, -1):
            return
        self.versions[game_id] = version
        event = self.changed.pop(game_id, None)
        if event is not None:
            event.set()

    async def wait(self, game_id: int, known: int, timeout: float) -> int | None:
        """Returns a version of the game newer than known once one is saved, or None after timeout seconds."""
        newest = self.versions.get(game_id, -1)
        if newest > known:
            return newest
        event = self.changed.setdefault(game_id, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)
        newest = self.versions.get(game_id, -1)
        return newest if newest > known else None


class Notifier:
    """PostgreSQL's side of the hub: each save here is NOTIFYed; each NOTIFY from any worker reaches the hub."""

    def __init__(self, engine: Engine, hub: Hub) -> None:
        self.url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.hub = hub
        self.sender: Any = None
        self.task: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()  # set once LISTEN runs (again after each reconnection)

    def notify(self, game_id: int, version: int) -> None:
        """Sends a save to every worker (called in the saving thread, after the commit)."""
        import psycopg

        try:
            if self.sender is None or self.sender.closed:
                self.sender = psycopg.connect(self.url, autocommit=True)
            self.sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id}:{version}"))
        except psycopg.Error:
            log.info("could not notify the other workers of game %s", game_id)
            self.sender = None

    def start(self) -> None:
        """Starts listening for the other workers' saves."""
        self.task = asyncio.get_running_loop().create_task(self._listen())

    async def stop(self) -> None:
        """Stops listening and closes the connections."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.sender is not None:
            self.sender.close()

    async def _listen(self) -> None:
        """Passes every notification to the hub; reconnects after a drop."""
        import psycopg

        while True:
            try:
                async for game_id, version in self._notifications(psycopg):
                    self.hub.saved(game_id, version)
            except (psycopg.Error, OSError):
                log.info("the board's LISTEN connection dropped; reconnecting")
            self.listening.clear()
            await asyncio.sleep(RECONNECT_SECONDS)

    async def _notifications(self, psycopg: Any) -> AsyncIterator[tuple[int, int]]:
        """Yields (game id, version) of each notification on one connection."""
        async with await psycopg.AsyncConnection.connect(self.url, autocommit=True) as connection:
            await connection.execute(f"LISTEN {CHANNEL}")
            self.listening.set()
            async for note in connection.notifies():
                game, _, version = note.payload.partition(":")
                if game.isdigit() and version.isdigit():
                    yield int(game), int(version)
