"""Where Telegram refuses to pin, the bot remembers it: it never unpins what it could not pin."""

from __future__ import annotations

import asyncio

from bangbot.telegram.adapter import TelegramMessenger
from tests.tools.test_telegram_emulator import bot_for
from tools.telegram import BotApiEmulator


def test_a_refused_pin_is_remembered_and_never_unpinned() -> None:
    with BotApiEmulator() as emu:
        owner = emu.add_user("Olga")
        group = emu.add_group("Saloon", creator=owner)  # the bot is a member there, not an admin: it may not pin

        async def main() -> bool:
            async with bot_for(emu) as bot:
                messenger = TelegramMessenger(bot)
                messenger.pin_rights[group] = (True, float("inf"))  # as if an older answer had said it may
                table = await messenger.send(group, "the table")
                await messenger.pin(table)
                may = await messenger.may_pin(group)
                await messenger.unpin(table)
                return may

        assert not asyncio.run(main()), "a refused pin counts: the bot may not pin there"
        methods = [call.method for call in emu.calls]
        assert "pinChatMessage" in methods
        assert "unpinChatMessage" not in methods, "what could not be pinned is not unpinned"
