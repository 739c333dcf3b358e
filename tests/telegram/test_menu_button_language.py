"""A private chat's menu button opens the board in the words of that chat's own board button (its reader's language)."""

from __future__ import annotations

import asyncio

from bangbot.i18n import translator
from bangbot.messaging.adapter import Button
from bangbot.messaging.presenting.board_buttons import BOARD_BUTTON
from bangbot.telegram.adapter import TelegramMessenger
from bangbot.telegram.settings import BoardAddress
from tests.tools.test_telegram_emulator import bot_for
from tools.telegram import BotApiEmulator

PAGE = "https://bang.example.org/app/"


def board_row(language: str) -> tuple[tuple[Button, ...], ...]:
    """Returns a seat message's board button row in a language, as messaging.presenting.board_buttons makes it."""
    return ((Button(translator(language).gettext(BOARD_BUTTON), web_app=PAGE + "?game=1"),),)


def test_each_private_chat_gets_its_own_words_once_and_a_group_none() -> None:
    with BotApiEmulator() as emu:
        olga, ken = emu.add_user("Olga", started=True), emu.add_user("Ken", started=True)
        group = emu.add_group("Saloon", creator=olga)

        async def main() -> None:
            async with bot_for(emu) as bot:
                messenger = TelegramMessenger(bot, "bangbot", BoardAddress("board", PAGE))
                await messenger.send(olga, "ваш ход", board_row("ru"))
                await messenger.send(olga, "снова ваш ход", board_row("ru"))
                await messenger.send(ken, "あなたの番", board_row("ja"))
                await messenger.send(group, "the table", ((Button("Open the board", url="https://t.me/b/board"),),))
                await messenger.send(olga, "your move", board_row("en"))  # she chose English meanwhile

        asyncio.run(main())
        calls = [call for call in emu.calls if call.method == "setChatMenuButton"]
        assert len(calls) == 3, "once per chat and wording, never in a group"
        words = {lang: translator(lang).gettext(BOARD_BUTTON) for lang in ("ru", "ja", "en")}
        assert len(set(words.values())) == 3
        assert emu._menu_buttons[ken] == {"type": "web_app", "text": words["ja"], "web_app": {"url": PAGE}}
        assert emu._menu_buttons[olga]["text"] == words["en"]
        assert group not in emu._menu_buttons
