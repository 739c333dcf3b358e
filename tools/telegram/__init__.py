"""A local Telegram Bot API emulator: real HTTP/JSON for python-telegram-bot, and a world of users and chats for tests.

Start a ``BotApiEmulator``, point the real ``telegram.Bot`` / ``ApplicationBuilder`` at ``emulator.base_url``, then
act as users (``user_starts_bot``, ``user_sends``, ``user_presses``) and observe what the bot did (``messages``,
``history``, ``answered``, ``calls``, ``commands``).  Standard library only; the server runs in its own thread with its
own asyncio event loop, so tests may drive it from synchronous or asynchronous code alike.

The emulator is one object built in layers, each a class over the one below and one concern per module: ``world``
(the shared state), ``validation``, ``methods_messages``, ``methods_chats``, ``methods`` (the table by name),
``updates`` (getUpdates and webhooks), ``server`` (HTTP), ``observing`` and ``driver`` (the test-facing API);
``parameters`` and ``entities`` parse requests and formatted text.
"""

from tools.telegram.driver import BotApiEmulator
from tools.telegram.values import (
    BOT_FIRST_NAME,
    BOT_TOKEN,
    BOT_USERNAME,
    WAIT_CEILING,
    ApiCall,
    ApiError,
    CallbackAnswer,
    MessageView,
    UploadedFile,
)

__all__ = [
    "BOT_FIRST_NAME",
    "BOT_TOKEN",
    "BOT_USERNAME",
    "WAIT_CEILING",
    "ApiCall",
    "ApiError",
    "BotApiEmulator",
    "CallbackAnswer",
    "MessageView",
    "UploadedFile",
]
