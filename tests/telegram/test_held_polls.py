"""Long polling while updates are handled (telegram.held): no poll only to fetch again what is being handled, no new
update waiting for a slow one, nothing handled confirmed early."""

from __future__ import annotations

import asyncio

from telegram import Update

from bangbot.telegram.held import HELD_WAIT_SECONDS, HeldBot
from tools.telegram import BotApiEmulator

POLL_SECONDS = 3  # the long poll's timeout in these tests: far above any wait they expect


def polls(emulator: BotApiEmulator) -> list[int | None]:
    """Returns the offset every getUpdates call so far asked with."""
    return [call.params.get("offset") for call in emulator.calls if call.method == "getUpdates"]


async def first_update(bot: HeldBot, emulator: BotApiEmulator, user: int) -> Update:
    """Sends a user's message and fetches it: it is now being handled."""
    emulator.user_sends(user, user, "one")
    (update,) = await bot.get_updates(timeout=POLL_SECONDS)
    return update


def test_a_poll_waits_for_the_update_handled_instead_of_fetching_it_again() -> None:
    with BotApiEmulator() as emulator:
        user = emulator.add_user("Olga", started=True)

        async def scenario() -> None:
            async with HeldBot(emulator.token, base_url=emulator.base_url) as bot:
                handled = await first_update(bot, emulator, user)
                before = len(polls(emulator))
                loop = asyncio.get_running_loop()
                loop.call_later(0.05, bot.handling.done, handled.update_id)
                loop.call_later(0.3, emulator.user_sends, user, user, "two")
                (update,) = await bot.get_updates(offset=handled.update_id + 1, timeout=POLL_SECONDS)
                assert update.update_id == handled.update_id + 1
                assert polls(emulator)[before:] == [handled.update_id + 1], "one long poll, once the first was done"

        asyncio.run(scenario())


def test_a_new_update_does_not_wait_for_a_slow_one_nor_confirms_it() -> None:
    with BotApiEmulator() as emulator:
        user = emulator.add_user("Ivan", started=True)

        async def scenario() -> None:
            async with HeldBot(emulator.token, base_url=emulator.base_url) as bot:
                slow = await first_update(bot, emulator, user)  # never done in this test
                before = len(polls(emulator))
                emulator.user_sends(user, user, "two")
                loop = asyncio.get_running_loop()
                began = loop.time()
                (update,) = await bot.get_updates(offset=slow.update_id + 1, timeout=POLL_SECONDS)
                assert update.update_id == slow.update_id + 1
                assert loop.time() - began < POLL_SECONDS / 2, "the new update waited for the slow one"
                assert polls(emulator)[before:] == [slow.update_id], "the slow update stays unconfirmed"
                assert HELD_WAIT_SECONDS < POLL_SECONDS / 2

        asyncio.run(scenario())
