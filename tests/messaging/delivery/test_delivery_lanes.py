"""The network is never awaited inside a game's critical section; what is saved is shown, what fails is said."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy.exc import OperationalError

from bangbot.bench.messenger import CollectingMessenger
from bangbot.messaging.adapter import Keyboard, MessageRef, Press, User
from bangbot.messaging.press.button_data import decode
from bangbot.telegram.edits import LatestEdits
from tests.service_harness import GROUP, Table, make_users


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Runs a test coroutine."""
    asyncio.run(coro)


@dataclass
class SlowGroupMessenger(CollectingMessenger):
    """A collecting messenger whose messages into groups wait at a gate, as under the group's flood limit."""

    gate: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: int = 0

    def __post_init__(self) -> None:
        self.gate.set()

    async def _group_wait(self, chat_id: int) -> None:
        if chat_id < 0:
            self.waiting += 1
            await self.gate.wait()
            self.waiting -= 1

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        await self._group_wait(chat_id)
        return await super().send(chat_id, text, buttons)

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        await self._group_wait(ref.chat_id)
        await super().edit(ref, text, buttons)


async def slow_group_table(path: Path) -> tuple[Table, SlowGroupMessenger]:
    """Returns a started game of four people (seed 3) in a SQLite file at path, with its slow group messenger."""
    messenger = SlowGroupMessenger()
    table = Table(f"sqlite:///{path}", make_users(4), messenger=messenger, seed=3)
    await table.gather(4)
    return table, messenger


async def until(condition: Any) -> None:
    """Waits (yielding to the loop) until condition() holds."""
    for _ in range(10_000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("the condition never held")


def a_move(table: Table) -> tuple[int, Any, str]:
    """Returns a move someone can make now: (user, message, choice)."""
    return next(c for c in table.choices() if c[2].startswith("a"))


def press_of(table: Table, user: int, message: Any, choice: str, press_id: str) -> Press:
    """Returns the press of a button of message."""
    data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
    return Press(press_id, table.users[user], message.ref.chat_id, message.ref.message_id, data, True)


def test_a_press_is_answered_while_the_group_waits_for_its_limit(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = await slow_group_table(tmp_path / "s.sqlite3")
        version = table.repo.game(1).version  # type: ignore[union-attr]
        messenger.gate.clear()  # the group's limit is used up: nothing more goes into the group for now
        user, message, choice = a_move(table)
        await asyncio.wait_for(table.svc.on_press(press_of(table, user, message, choice, "p-1")), timeout=10)
        answer = messenger.answers[-1]
        assert answer.press.id == "p-1" and not answer.alert  # answered although the group's messages wait
        assert table.repo.game(1).version > version  # type: ignore[union-attr]
        await until(lambda: messenger.waiting > 0)
        # Another player's press in the same chat is not held up by the group either.
        user2, message2, choice2 = a_move(table)
        await asyncio.wait_for(table.svc.on_press(press_of(table, user2, message2, choice2, "p-2")), timeout=10)
        assert messenger.answers[-1].press.id == "p-2"
        assert table.repo.outbox(1), "the group's part is still to be shown"
        messenger.gate.set()
        await table.svc.idle()
        assert table.repo.outbox(1) == []
        game = table.repo.game(1)
        assert game is not None and game.log_message_id is not None
        log = next(m for m in messenger.in_chat(GROUP) if m.ref.message_id == game.log_message_id)
        assert log.text, "the group's log shows the moves once the limit allows"

    run(scenario())


def test_a_press_whose_save_fails_is_told_so_and_changes_nothing(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'f.sqlite3'}", make_users(4), seed=3)
        await table.gather(4)
        repo = table.repo
        version = repo.game(1).version  # type: ignore[union-attr]
        real_save = repo.save

        def broken_save(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("UPDATE game", {}, Exception("database or disk is full"))

        repo.save = broken_save  # type: ignore[method-assign]
        user, message, choice = a_move(table)
        table.users[user] = User(table.users[user].id, table.users[user].name, "ru")
        await table.svc.on_press(press_of(table, user, message, choice, "f-1"))
        answer = table.messenger.answers[-1]
        assert answer.alert and answer.text.startswith("Не сохранено"), answer.text
        assert repo.game(1).version == version  # type: ignore[union-attr]
        assert repo.press_answer("f-1") is None
        repo.save = real_save  # type: ignore[method-assign]
        await table.svc.on_press(press_of(table, user, message, choice, "f-2"))
        await table.svc.idle()
        assert not table.messenger.answers[-1].alert
        assert repo.game(1).version == version + 1  # type: ignore[union-attr]

    run(scenario())


def test_the_timer_fires_a_deadline_without_waiting_for_the_group(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = await slow_group_table(tmp_path / "d.sqlite3")
        version = table.repo.game(1).version  # type: ignore[union-attr]
        messenger.gate.clear()  # the group's messages wait from now on
        table.clock.advance(timedelta(days=1, minutes=1))
        await asyncio.wait_for(
            table.svc.tick(), timeout=10
        )  # returns although what the deadline changed cannot reach the group yet
        assert table.repo.game(1).version > version  # type: ignore[union-attr]
        await until(lambda: messenger.waiting > 0)
        assert table.repo.outbox(1)
        messenger.gate.set()
        await table.svc.idle()
        assert table.repo.outbox(1) == []

    run(scenario())


def test_a_failed_group_edit_is_tried_again_until_telegram_confirms_it() -> None:
    async def scenario() -> None:
        shown: dict[MessageRef, str] = {}
        failures = [2]

        async def edit(ref: MessageRef, text: str, buttons: Keyboard) -> None:
            if failures[0] > 0:
                failures[0] -= 1
                raise ConnectionError("502 Bad Gateway")
            shown[ref] = text

        edits = LatestEdits(edit)
        table = MessageRef(-1, 7)
        edits.submit(table, "after the move", ())
        waiting = edits.queued(-1)
        assert waiting is not None
        await asyncio.wait_for(waiting, timeout=30)
        assert shown[table] == "after the move" and edits.failures == 2
        assert edits.queued(-1) is None

    run(scenario())
