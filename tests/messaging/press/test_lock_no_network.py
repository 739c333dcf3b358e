"""No messenger call is awaited inside a game's lock: a lobby press asks who is an admin or a member before it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bangbot.bench.messenger import CollectingMessenger, Sent
from bangbot.messaging.adapter import Keyboard, MessageRef, Press
from bangbot.messaging.press.button_data import decode
from tests.service_harness import GROUP, Table, make_users


@dataclass
class LockWatchingMessenger(CollectingMessenger):
    """A collecting messenger that notes every call made while the calling task holds a game's lock."""

    holders: set[asyncio.Task[Any]] = field(default_factory=set)  # tasks inside a game's lock now
    locked_calls: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)  # the is_admin and is_member calls, locked or not

    def _check(self, name: str) -> None:
        if asyncio.current_task() in self.holders:
            self.locked_calls.append(name)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        self.asked.append("is_admin")
        if self.holders:  # stricter: nobody holds a game's lock while the chat's admins are asked
            self.locked_calls.append("is_admin")
        return await super().is_admin(chat_id, user_id)

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        self.asked.append("is_member")
        if self.holders:
            self.locked_calls.append("is_member")
        return await super().is_member(chat_id, user_id)

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        self._check("send")
        return await super().send(chat_id, text, buttons, thread)

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        self._check("edit")
        await super().edit(ref, text, buttons)

    async def delete(self, ref: MessageRef) -> None:
        self._check("delete")
        await super().delete(ref)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        self._check("answer")
        await super().answer(press, text, alert)


def watched_table(tmp_path: Path) -> tuple[Table, LockWatchingMessenger]:
    """Returns a table whose repository's game lock tells the messenger which task holds it."""
    messenger = LockWatchingMessenger()
    table = Table(f"sqlite:///{tmp_path / 'lock.sqlite3'}", make_users(5), messenger=messenger)
    repo = table.repo
    real_lock = repo.game_lock

    @asynccontextmanager
    async def watched_lock(game_id: int) -> AsyncIterator[None]:
        async with real_lock(game_id):
            task = asyncio.current_task()
            assert task is not None
            messenger.holders.add(task)
            try:
                yield
            finally:
                messenger.holders.discard(task)

    repo.game_lock = watched_lock  # type: ignore[method-assign]
    return table, messenger


def removal_menu(table: Table) -> Sent:
    """Returns the newest group message offering players to remove."""
    return next(
        m
        for m in reversed(table.messenger.in_chat(GROUP))
        if any(decode(b.data).choice.startswith("rm.") for row in m.buttons for b in row)
    )


def test_lobby_presses_ask_the_messenger_before_the_lock_and_still_decide_right(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, messenger = watched_table(tmp_path)
        users = table.users
        messenger.admins[GROUP] = {users[3].id}
        messenger.strangers[GROUP] = {users[4].id}
        await table.command(0, "newgame")
        for user in (1, 2):
            assert not (await table.press(user, table.lobby(), "join")).alert
        refused = await table.press(4, table.lobby(), "join")  # not a member of the group
        assert refused.alert
        denied = await table.press(1, table.lobby(), "ai+")  # neither the creator nor an admin
        assert denied.alert
        assert not (await table.press(3, table.lobby(), "ai+")).alert  # an admin who did not create it
        await table.press(3, table.lobby(), "remove")
        assert not (await table.press(3, removal_menu(table), "rm.1")).alert
        assert not (await table.press(0, table.lobby(), "ai+")).alert  # the creator needs no admin rights
        game = table.game()
        assert game is not None and game.ai_seats == 2
        assert [s.user_id for s in table.repo.seats(game.id or 0)] == [users[0].id, users[2].id]
        assert not (await table.press(0, table.lobby(), "start")).alert
        assert "is_admin" in messenger.asked and "is_member" in messenger.asked
        assert messenger.locked_calls == []

    asyncio.run(scenario())
