"""On PostgreSQL an update runs on the connection that holds its game's lock: one checkout, still transactional."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from bangbot.storage.db import open_engine
from bangbot.storage.models import ActionLog, Outbox
from bangbot.storage.repository import Repository, StaleGame
from bangbot.storage.threads import working
from tests.service_harness import Table, make_users


def held_while_sending(table: Table, presses: int) -> list[int]:
    """Plays random presses; returns, for every message sent or edited meanwhile, how many pooled connections were
    checked out at that moment beyond those of database work running in its threads (the network is never awaited
    with a game's lock or a connection of its own)."""
    held: list[int] = []
    pool = table.repo.engine.pool
    messenger = table.messenger
    send, edit = messenger.send, messenger.edit

    async def counting_send(*args: Any, **kwargs: Any) -> Any:
        held.append(pool.checkedout() - working())  # type: ignore[attr-defined]
        return await send(*args, **kwargs)

    async def counting_edit(*args: Any, **kwargs: Any) -> Any:
        held.append(pool.checkedout() - working())  # type: ignore[attr-defined]
        return await edit(*args, **kwargs)

    messenger.send = counting_send  # type: ignore[method-assign]
    messenger.edit = counting_edit  # type: ignore[method-assign]

    async def play() -> None:
        rng = random.Random(3)
        for _ in range(presses):
            options = table.choices()
            if not options:
                return
            user, message, choice = rng.choice(options)
            answer = await table.press(user, message, choice)
            assert not answer.alert, answer.text

    asyncio.run(play())
    return held


def started_game(url: str, seed: int) -> tuple[Repository, int, int]:
    """Starts a game of four through the service; returns a second worker's repository, the game id and version."""
    table = Table(url, make_users(4), seed=seed)
    asyncio.run(table.gather(4))
    game = table.game()
    assert game is not None and game.id is not None
    return Repository(open_engine(url)), game.id, game.version


def test_no_connection_but_the_delivery_lease_is_held_while_a_message_waits(postgres_url: str) -> None:
    table = Table(postgres_url, make_users(4), seed=11)
    asyncio.run(table.gather(4))
    held = held_while_sending(table, 40)
    assert held, "the presses showed something"
    assert max(held) <= 1, held  # the one connection is the worker's delivery lease, which waits for nothing


def test_a_press_after_the_server_dropped_every_connection_is_applied(postgres_url: str) -> None:
    table = Table(postgres_url, make_users(4), seed=12)
    asyncio.run(table.gather(4))
    game = table.game()
    assert game is not None
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:  # what a restarted server does to the pool's connections
        dropped = connection.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar()
    admin.dispose()
    assert dropped
    assert max(held_while_sending(table, 3)) <= 1
    after = table.game()
    assert after is not None and after.version > game.version


def test_a_stale_save_under_the_lock_writes_nothing_and_later_writes_stay(postgres_url: str) -> None:
    repo, game_id, version = started_game(postgres_url, seed=13)

    async def scenario() -> None:
        async with repo.game_lock(game_id):
            old = repo.game(game_id)
            assert old is not None
            old.version -= 1  # read before the last save
            action = ActionLog(game_id=game_id, index=10_000, seat=0, action="end", at=old.updated_at)
            row = Outbox(game_id=game_id, created_at=old.updated_at)
            with pytest.raises(StaleGame):
                repo.save(old, actions=[action], outbox=row)
            repo.update_refs(game_id, log_message_id=424242)  # after the refused save, on the same connection

    asyncio.run(scenario())
    fresh = Repository(open_engine(postgres_url))
    stored = fresh.game(game_id)
    assert stored is not None and stored.version == version and stored.log_message_id == 424242
    assert all(a.index != 10_000 for a in fresh.actions(game_id))
    assert fresh.outbox(game_id) == []


def test_a_task_started_under_the_lock_writes_on_its_own_connection_after_it(postgres_url: str) -> None:
    repo, game_id, _ = started_game(postgres_url, seed=14)

    async def scenario() -> None:
        released = asyncio.Event()

        async def later() -> None:
            await released.wait()
            repo.update_refs(game_id, table_message_id=515151)

        async with repo.game_lock(game_id):
            task = asyncio.get_running_loop().create_task(later())  # as the outbox's wait for queued edits does
            await asyncio.sleep(0)
        released.set()
        await task

    asyncio.run(scenario())
    stored = Repository(open_engine(postgres_url)).game(game_id)
    assert stored is not None and stored.table_message_id == 515151


def test_more_games_in_an_update_than_the_pool_has_connections_all_finish(postgres_url: str) -> None:
    open_engine(postgres_url).dispose()  # the schema
    small = create_engine(postgres_url, pool_size=2, max_overflow=2, pool_timeout=3)
    repo = Repository(small)

    def beside_the_lock() -> int:
        """What a holder's write session does: a second connection of its own while the lock's stays pinned."""
        with small.connect() as connection:
            return int(connection.execute(text("SELECT 1")).scalar_one())

    async def update(game_id: int) -> int:
        async with repo.game_lock(game_id):
            assert await repo.run(repo.game, game_id) is None  # a read on the pinned connection
            return await repo.run(beside_the_lock)

    async def read(game_id: int) -> int:
        return 1 if await repo.run(repo.game, game_id) is None else 0

    async def crowd() -> list[int]:
        updates = [update(game_id) for game_id in range(1, 41)]
        reads = [read(game_id) for game_id in range(1, 41)]
        return await asyncio.gather(*updates, *reads)

    with repo:
        finished = asyncio.run(crowd())
    small.dispose()
    assert finished == [1] * 80  # none waited out the pool's timeout: holders never take every connection
