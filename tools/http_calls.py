"""The bot's CPU per Bot API call against the local emulator: python-telegram-bot's httpx transport and typed methods
(how the bot called before) against bangbot.telegram.transport and plain calls (how it calls now), alternating.

    python -m tools.http_calls [--calls N] [--rounds R]

Each figure is the calling thread's CPU time per editMessageText of a seat's message (a 7x3 keyboard), in ms; the
emulator answers from its own thread, so its work is not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.request import BaseRequest, HTTPXRequest

from bangbot.messaging.adapter import Button
from bangbot.telegram.calls import call, keyboard
from bangbot.telegram.transport import AiohttpRequest
from tools.telegram import BotApiEmulator

ROWS = tuple(tuple(Button(f"Card {r}{c}", f"g:123:45:{r}:{c}") for c in range(3)) for r in range(7))
WARM_CALLS = 50
Edit = Callable[[Bot, int, int, str], Awaitable[object]]


async def typed_edit(bot: Bot, chat: int, message: int, text: str) -> object:
    """Edits with python-telegram-bot's typed method and keyboard objects."""
    markup = InlineKeyboardMarkup([[InlineKeyboardButton(b.text, callback_data=b.data) for b in row] for row in ROWS])
    return await bot.edit_message_text(text, chat, message, parse_mode="HTML", reply_markup=markup)


async def plain_edit(bot: Bot, chat: int, message: int, text: str) -> object:
    """Edits with a plain call (bangbot.telegram.calls)."""
    return await call(
        bot,
        "editMessageText",
        chat_id=chat,
        message_id=message,
        text=text,
        parse_mode="HTML",
        reply_markup=keyboard(ROWS),
    )


async def cpu_per_call(request: BaseRequest, edit: Edit, calls: int) -> float:
    """Returns the calling thread's CPU ms per edit, after a few unmeasured ones."""
    with BotApiEmulator() as emulator:
        user = emulator.add_user("Ann", started=True)
        async with Bot(emulator.token, base_url=emulator.base_url, request=request) as bot:
            message = (await bot.send_message(user, "table")).message_id
            for i in range(WARM_CALLS):
                await edit(bot, user, message, f"<b>turn</b> {i}")
            began = time.thread_time()
            for i in range(calls):
                await edit(bot, user, message, f"<b>turn</b> {WARM_CALLS + i}")
            return (time.thread_time() - began) * 1000 / calls


def main() -> None:
    """Prints the median CPU ms per call of each way, over alternating rounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ways: dict[str, tuple[Callable[[], BaseRequest], Edit]] = {
        "httpx, typed (before)": (lambda: HTTPXRequest(connection_pool_size=8), typed_edit),
        "httpx, plain": (lambda: HTTPXRequest(connection_pool_size=8), plain_edit),
        "aiohttp, plain (now)": (lambda: AiohttpRequest(8), plain_edit),
    }
    figures: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, (request, edit) in ways.items():
            figures[name].append(asyncio.run(cpu_per_call(request(), edit, args.calls)))
    for name, values in figures.items():
        print(f"{name:24} {statistics.median(values):6.3f} ms CPU per call  ({', '.join(f'{v:.3f}' for v in values)})")


if __name__ == "__main__":
    main()
