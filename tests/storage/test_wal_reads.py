"""A read never waits for a writer on SQLite (WAL), which is why Repository.run_brief may read on the event loop."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from tests.service_harness import Table, make_users


def test_a_read_goes_through_while_another_process_holds_the_exclusive_write_lock(tmp_path: Path) -> None:
    path = tmp_path / "wal.sqlite3"
    table = Table(f"sqlite:///{path}", make_users(4))
    asyncio.run(table.gather(4))
    game = table.game()
    assert game is not None and game.id is not None
    engine = open_engine(f"sqlite:///{path}")  # migrated before the lock: a fresh process's reader, nothing kept
    writer = sqlite3.connect(path, timeout=0, isolation_level=None)
    writer.execute("BEGIN EXCLUSIVE")  # without WAL this would shut every reader out until it ends
    writer.execute("UPDATE game SET version = version + 100 WHERE id = ?", (game.id,))
    try:
        with Repository(engine) as reader:
            stored, seats = reader.game_and_seats(game.id)
            rows = reader.outbox(game.id)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
        table.repo.close()
    assert stored is not None and stored.version == game.version  # what was committed, not the writer's change
    assert [seat.position for seat in seats] == [0, 1, 2, 3]
    assert all(row.game_id == game.id for row in rows)
