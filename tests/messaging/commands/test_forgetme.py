"""/forgetme: after a confirmation only its person can give, nothing with their id or name remains in storage."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path

from sqlalchemy import MetaData, select

from bangbot.bench.messenger import Sent
from bangbot.storage.models import RUNNING
from bangbot.storage.stats import StatsStore
from tests.service_harness import GROUP, Table, make_users

ASK = "Shall I forget you?"


def traces(table: Table, user_id: int, name: str) -> list[str]:
    """Returns every stored value that is the person's id or holds their name: table, column, value."""
    found = []
    metadata = MetaData()
    metadata.reflect(table.repo.engine)
    with table.repo.engine.connect() as connection:
        for stored in metadata.sorted_tables:
            for row in connection.execute(select(stored)).mappings():
                for column, value in row.items():
                    if value == user_id or (isinstance(value, str) and (name in value or str(user_id) in value)):
                        found.append(f"{stored.name}.{column}={str(value)[:60]}")
    return found


def asked(table: Table, user: int) -> Sent:
    """Returns the person's newest confirmation message."""
    return next(m for m in reversed(table.messenger.in_chat(table.users[user].id)) if ASK in m.text)


def yes(message: Sent) -> str:
    """Returns the data of a confirmation's "forget me" button."""
    return message.buttons[0][0].data


def test_forgetme_erases_the_persons_id_and_name_after_their_own_fresh_confirmation(tmp_path: Path) -> None:
    table = Table(f"sqlite:///{tmp_path / 'forget.sqlite3'}", make_users(3))
    gone = table.users[1]

    async def run() -> None:
        await table.gather(2, ai_seats=2)
        await table.play(random.Random(3), check=False)
        await table.command(1, "notify")
        await table.command(1, "stats", "off", private=True)
        balance = StatsStore(table.repo.engine).balance(GROUP)
        assert balance and any(t.startswith("seat_result.user_id") for t in traces(table, gone.id, gone.name))
        assert traces(table, gone.id, gone.name)
        await table.command(1, "forgetme")  # in the group: it works in private
        assert "private chat" in table.messenger.last(GROUP).text
        await table.command(1, "forgetme", private=True)
        refused = await table.press(2, asked(table, 1), data=yes(asked(table, 1)))  # someone else's button
        assert refused.alert
        table.clock.advance(timedelta(minutes=11))
        old = await table.press(1, asked(table, 1), data=yes(asked(table, 1)))
        assert old.alert and "too old" in old.text
        assert traces(table, gone.id, gone.name)  # nothing erased yet
        await table.command(1, "forgetme", private=True)
        done = await table.press(1, asked(table, 1), data=yes(asked(table, 1)))
        assert not done.alert and "Done" in done.text
        assert StatsStore(table.repo.engine).balance(GROUP) == balance  # the group's games still count

    asyncio.run(run())
    assert traces(table, gone.id, gone.name) == []
    assert traces(table, table.users[0].id, table.users[0].name)  # only they were forgotten


def test_a_person_in_a_running_game_is_asked_to_finish_or_leave_it_first(tmp_path: Path) -> None:
    table = Table(f"sqlite:///{tmp_path / 'running.sqlite3'}", make_users(4))

    async def run() -> None:
        await table.gather(4)
        game = table.game()
        assert game is not None and game.status == RUNNING
        await table.command(2, "forgetme", private=True)

    asyncio.run(run())
    last = table.messenger.last(table.users[2].id)
    assert "finish or leave it first" in last.text and not last.buttons
    assert traces(table, table.users[2].id, table.users[2].name)
