"""The group's button that lets the AI play now, over the Bot API emulator: its moment, its cost, who may press it."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta
from pathlib import Path

from telegram import Bot

from bangbot.ai.levels import EASY, players_at
from bangbot.messaging.adapter import Command, Press, User
from bangbot.messaging.context import Context
from bangbot.messaging.delivery.sender import BACK_FROM_AI
from bangbot.messaging.play.replace_now import REPLACE
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.press.step_menu import ABOUT
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.telegram.adapter import TelegramMessenger
from tests.service_harness import FakeClock
from tools.awaited import awaited_users
from tools.telegram import BotApiEmulator, CallbackAnswer, MessageView

TITLE = "Saloon"


class Group:
    """The game service in this process, over the emulator, for the people of one group."""

    def __init__(self, emu: BotApiEmulator, bot: Bot, url: str, people: dict[int, str], group: int) -> None:
        self.emu, self.group, self.clock = emu, group, FakeClock()
        self.users = {uid: User(uid, name, "en") for uid, name in people.items()}
        ctx = Context(Repository(open_engine(url)), TelegramMessenger(bot), players_at(EASY), clock=self.clock)
        ctx.seeds = lambda: 5
        self.svc = GameService(ctx)

    @property
    def repo(self) -> Repository:
        """Returns the service's storage."""
        return self.svc.ctx.repo

    async def command(self, uid: int, name: str, args: str = "", private: bool = False) -> None:
        """Sends a command from a person, in the group or privately, and waits until it is shown."""
        chat = uid if private else self.group
        await self.svc.on_command(Command(self.users[uid], chat, private, name, args, "" if private else TITLE))
        await self.svc.idle()

    async def press(self, uid: int, view: MessageView, data: str) -> CallbackAnswer:
        """Presses a button's data on a message through the emulator; returns how the bot answered."""
        query = self.emu.user_presses(uid, view.chat_id, view.message_id, data, check=False)
        await self.svc.on_press(Press(query, self.users[uid], view.chat_id, view.message_id, data, view.chat_id > 0))
        await self.svc.idle()
        return await self.emu.wait_for_answer_async(query)

    async def tick(self) -> None:
        """Runs the timer once and waits until what it changed is shown."""
        await self.svc.tick()
        await self.svc.idle()

    def log(self, game_id: int) -> MessageView:
        """Returns the group's current turn log, which carries the waiting line."""
        game = self.repo.game(game_id)
        assert game is not None and game.log_message_id is not None
        return self.emu.message(self.group, game.log_message_id)


def data_of(view: MessageView, choice: str) -> list[str]:
    """Returns the data of a message's buttons of one choice."""
    return [data for row in view.buttons for _, data in row if decode(data).choice == choice]


def choices(view: MessageView) -> list[str]:
    """Returns the data of a private message's buttons that make or lead to a move."""
    return [data for row in view.buttons for _, data in row if not decode(data).choice.startswith((ABOUT, "x"))]


def test_the_ai_button_over_the_bot_api(tmp_path: Path) -> None:
    with BotApiEmulator() as emu:
        olga, ivan, sam, adam = (emu.add_user(name, started=True) for name in ("Olga", "Ivan", "Sam", "Adam"))
        group = emu.add_group(TITLE, members=[olga, ivan, sam], admins=[adam])

        async def scenario() -> None:
            async with Bot(emu.token, base_url=emu.base_url) as bot:
                names = {olga: "Olga", ivan: "Ivan", sam: "Sam", adam: "Adam"}
                table = Group(emu, bot, f"sqlite:///{tmp_path / 'tg.sqlite3'}", names, group)
                await table.command(olga, "newgame")
                game = table.repo.open_game(group)
                assert game is not None and game.id is not None and game.lobby_message_id is not None
                await table.command(ivan, "start", f"join_{game.join_token}", private=True)
                for _ in range(2):
                    lobby = emu.message(group, game.lobby_message_id)
                    assert not (await table.press(olga, lobby, data_of(lobby, "ai+")[0])).show_alert
                lobby = emu.message(group, game.lobby_message_id)
                assert not (await table.press(olga, lobby, data_of(lobby, "start")[0])).show_alert
                rng = random.Random(3)
                for _ in range(2000):
                    if awaited_users(table.repo, game.id) == {ivan}:
                        break
                    mine = [m for m in emu.messages(olga) if m.buttons and not m.deleted]
                    assert mine, "nobody can move"
                    assert not (await table.press(olga, mine[-1], rng.choice(choices(mine[-1])))).show_alert
                assert awaited_users(table.repo, game.id) == {ivan}
                stored = table.repo.game(game.id)
                assert stored is not None and stored.offer_at is not None
                table.clock.now = stored.offer_at - timedelta(seconds=1)
                await table.tick()
                assert not data_of(table.log(game.id), REPLACE)

                before = len(emu.calls)
                table.clock.now = stored.offer_at
                await table.tick()
                made = [call.method for call in emu.calls[before:]]
                assert made == ["editMessageText"], f"the offer costs one edit of the log: {made}"
                log = table.log(game.id)
                (data,) = data_of(log, REPLACE)
                assert "🤖 Let the AI play for Ivan" in log.button_texts

                asked = len(emu.calls_to("getChatMember"))
                refused = await table.press(sam, log, data)
                assert (
                    refused.show_alert and refused.text == "Only the creator of the game or a chat admin can do this."
                )
                assert len(emu.calls_to("getChatMember")) == asked + 1, "Sam's right was asked of Telegram"
                assert awaited_users(table.repo, game.id) == {ivan}

                answer = await table.press(adam, log, data)
                assert not answer.show_alert, answer.text
                seats = {s.user_id: s for s in table.repo.seats(game.id)}
                assert seats[ivan].standin and ivan not in awaited_users(table.repo, game.id)
                assert any("Adam let the AI play for Ivan" in m.text for m in emu.messages(group))
                assert not data_of(table.log(game.id), REPLACE), "the AI moved: the offer is gone"

                stale = await table.press(olga, log, data)
                assert stale.show_alert and stale.text == "This choice is no longer current."
                back = [m for m in emu.messages(ivan) if data_of(m, BACK_FROM_AI)][-1]
                assert not (await table.press(ivan, back, data_of(back, BACK_FROM_AI)[0])).show_alert
                assert not {s.user_id: s for s in table.repo.seats(game.id)}[ivan].standin

        asyncio.run(scenario())
