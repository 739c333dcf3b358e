"""What the delivery holds back (storage.deferred): read as written meanwhile, written with the game's next save or
once its delivery settled, and lost in a crash without harm: the rows are shown again, no new message twice."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from sqlalchemy import text

from bangbot.bench.press import count_sql
from bangbot.messaging.press.step_menu import PRESS
from tests.messaging.delivery.test_outbox import assert_table_current
from tests.service_harness import Table, make_users

NEW_MESSAGES = ("send", "send_document")
PERSONS_PAUSE = 1.5  # seconds between a person's presses: longer than a delivery takes to settle here


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


def stored_rows(table: Table) -> int:
    """Returns the outbox rows in the database, as another process reads them."""
    with table.repo.engine.connect() as connection:
        return int(connection.execute(text("SELECT count(*) FROM outbox")).scalar_one())


def stored_digests(table: Table) -> dict[int, str]:
    """Returns each seat's shown digest in the database, by position."""
    with table.repo.engine.connect() as connection:
        rows = connection.execute(text("SELECT position, shown_digest FROM seat WHERE game_id = 1")).all()
    return {int(position): str(digest) for position, digest in rows}


async def moves(table: Table, rng: random.Random, count: int) -> None:
    """Presses count random moves (choices that play)."""
    for _ in range(count):
        user, message, choice = rng.choice([c for c in table.choices() if c[2].startswith(PRESS)])
        answer = await table.press(user, message, choice)
        assert not answer.alert, answer.text


def test_held_writes_are_read_as_written_and_ride_with_the_next_save(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'h.sqlite3'}", make_users(4), seed=3)
        table.svc.ctx.held_writes_seconds = 600.0  # no settling within the test: the save carries them
        await table.gather(4)
        await moves(table, random.Random(2), 1)
        held = table.repo.deferred.taken(1)
        assert held is not None and held.done and held.digests, "a move's delivery holds its row and its edits"
        assert stored_rows(table) == len(held.done) and table.repo.outbox(1) == []
        stale = stored_digests(table)
        assert any(stale[position] != digest for position, (_, digest) in held.digests.items())
        seats = table.repo.seats(1)  # the kept copy forgotten: read from the database, the held digests laid over
        table.repo.kept.clear()
        assert {s.position: s.shown_digest for s in table.repo.seats(1)} == {s.position: s.shown_digest for s in seats}
        for position, (_, digest) in held.digests.items():
            assert seats[position].shown_digest == digest
        await moves(table, random.Random(3), 1)  # its save deletes the row held and writes the digests
        assert all(row not in (table.repo.deferred.taken(1) or held).done for row in held.done)
        assert stored_rows(table) == len((table.repo.deferred.taken(1) or held).done)
        assert_table_current(table)

    run(scenario())


def test_a_settled_delivery_deletes_its_rows_by_itself(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 's.sqlite3'}", make_users(4), seed=3)
        table.svc.ctx.held_writes_seconds = 0.05
        await table.gather(4)
        await moves(table, random.Random(2), 2)
        loop = asyncio.get_running_loop()
        until = loop.time() + 10
        while stored_rows(table) and loop.time() < until:
            await asyncio.sleep(0.02)
        assert stored_rows(table) == 0, "another process sees the shown rows gone soon after"
        held = table.repo.deferred.taken(1)
        assert held is None, held
        assert_table_current(table)

    run(scenario())


def test_held_writes_lost_in_a_crash_show_the_rows_again_and_no_new_message_twice(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'c.sqlite3'}", make_users(4), seed=5)
        await table.gather(4)
        rng = random.Random(4)
        for _ in range(12):
            table.svc.ctx.held_writes_seconds = 600.0  # each restart's service too
            await moves(table, rng, 1)
            held = table.repo.deferred.taken(1)
            assert held is not None and held.done
            sent = sum(table.messenger.calls[kind] for kind in NEW_MESSAGES)
            table.restart()  # the process dies: what it held is lost, its rows are still stored
            assert stored_rows(table) >= len(held.done)
            await table.svc.start()
            await table.svc.idle()
            assert sum(table.messenger.calls[kind] for kind in NEW_MESSAGES) == sent, "a new message was sent twice"
            assert_table_current(table)  # every awaited player holds the current prompt's buttons

    run(scenario())


def test_at_a_persons_pace_a_move_commits_once_plus_once_per_new_message(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'p.sqlite3'}", make_users(4), seed=3)  # the default hold
        await table.gather(4)
        sql: Counter[str] = Counter()
        count_sql(table.repo.engine, sql)
        rng = random.Random(2)
        for _ in range(3):
            commits, sent = sql["commits"], sum(table.messenger.calls[kind] for kind in NEW_MESSAGES)
            await moves(table, rng, 1)
            await asyncio.sleep(PERSONS_PAUSE)  # the next person reads before pressing: the delivery settles
            new = sum(table.messenger.calls[kind] for kind in NEW_MESSAGES) - sent
            assert sql["commits"] - commits <= 1 + new, "the shown rows' deletion waits for the next move's save"
            assert stored_rows(table) > 0 and table.repo.outbox(1) == []
        assert_table_current(table)
        await table.svc.stop()  # a stop writes what is held: another process sees every shown row gone
        assert stored_rows(table) == 0 and table.repo.deferred.taken(1) is None

    run(scenario())
