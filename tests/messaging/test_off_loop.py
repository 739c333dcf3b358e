"""Commands, lobby presses and deadlines read and write the database in its threads, never on the event loop: a
statement that waits (a SQLite file locked by another process) then holds up only its own thread. The one exception
is a read through Repository.run_brief, where this process alone writes (SQLite in WAL: a reader never waits)."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

from sqlalchemy import event

from tests.service_harness import Table, make_users


class LoopWatch:
    """Records where each statement the service runs on the event loop's thread came from."""

    def __init__(self, table: Table) -> None:
        self.on = False
        self.seen: list[str] = []
        event.listen(table.repo.engine, "before_cursor_execute", self.note)

    def note(self, _connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        """Notes a statement run on a thread with a running event loop, while watching (not a read run_brief runs)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # a database thread
        if self.on:
            frames = [f for f in traceback.extract_stack() if "/bangbot/" in f.filename]
            if statement.lstrip().upper().startswith("SELECT") and any(f.name == "run_brief" for f in frames):
                return
            self.seen.append(" < ".join(f"{Path(f.filename).name}:{f.name}" for f in reversed(frames[-7:])))

    async def watch(self, work: Awaitable[object]) -> None:
        """Runs the service's work while watching."""
        self.on = True
        try:
            await work
        finally:
            self.on = False


def test_commands_and_the_lobby_run_no_statement_on_the_event_loop(tmp_path: Path) -> None:
    async def body() -> list[str]:
        table = Table(f"sqlite:///{tmp_path / 'loop.sqlite3'}", make_users(4))
        watch = LoopWatch(table)
        await watch.watch(table.command(0, "newgame"))
        for user in range(1, 4):
            lobby = table.lobby()
            await watch.watch(table.press(user, lobby, "join"))
        await watch.watch(table.command(0, "deadline", "6h"))
        lobby = table.lobby()
        await watch.watch(table.press(0, lobby, "start"))
        for name, args, private in [
            ("status", "", False),
            ("status", "", True),
            ("help", "", False),
            ("help", "", True),
            ("rules", "Bang", False),
            ("stats", "", True),
            ("notify", "", False),
        ]:
            await watch.watch(table.command(1, name, args, private=private))
        await watch.watch(table.command(2, "start", private=True))
        await watch.watch(table.command(0, "cancel"))
        await watch.watch(table.command(0, "newgame"))
        return watch.seen

    seen = asyncio.run(body())
    assert seen == [], "\n".join(sorted(set(seen)))
