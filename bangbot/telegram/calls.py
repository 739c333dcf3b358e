"""Bot API calls with plain JSON parameters and results, for the calls every press makes.

python-telegram-bot's typed methods build an object per button to send and parse the whole message Telegram returns
(its buttons too) into objects the bot never reads: about 0.45 ms of CPU per edit of a seat's message
(`python -m tools.http_calls`). These calls take
JSON-able parameters and return Telegram's JSON result, through the same bot: its rate limiter, its request (which
notes every answer, `telegram.observed`) and its errors (BadRequest, Forbidden, ChatMigrated, RetryAfter...).
"""

from __future__ import annotations

from typing import Any

from telegram import Bot

from bangbot.messaging.adapter import Button, Keyboard

JSON = dict[str, Any]


async def call(bot: Bot, method: str, **parameters: object) -> Any:
    """Makes a Bot API call (parameters that are None are left out) and returns its JSON result."""
    return await bot._post(method, parameters)  # the typed methods' own path, minus their objects


def keyboard(buttons: Keyboard) -> JSON | None:
    """Returns Telegram's inline keyboard for button rows as JSON (None for none)."""
    if not buttons:
        return None
    return {"inline_keyboard": [[button(b) for b in row] for row in buttons]}


def button(b: Button) -> JSON:
    """Returns Telegram's button for a press, a link or a Mini App's page, as JSON."""
    if b.web_app:
        return {"text": b.text, "web_app": {"url": b.web_app}}
    if b.url:
        return {"text": b.text, "url": b.url}
    return {"text": b.text, "callback_data": b.data}


def message_id(result: Any) -> int:
    """Returns the id of the message a send returned."""
    return int(result["message_id"])
