"""Before the bot starts: one getMe call that turns a refused token or an unreachable Bot API into one clear line."""

from __future__ import annotations

from telegram import Bot
from telegram.error import InvalidToken, TelegramError

from bangbot.i18n import Translator
from bangbot.telegram.settings import BotSettings

TELEGRAM_API_URL = "https://api.telegram.org/bot"


async def connection_problem(settings: BotSettings, tr: Translator) -> str | None:
    """Returns why the bot cannot work with these settings (token refused, Bot API unreachable), or None."""
    url = settings.api_url or TELEGRAM_API_URL
    try:
        async with Bot(settings.token, base_url=url):  # entering calls getMe
            return None
    except InvalidToken:
        return tr.gettext("The bot token was refused by Telegram: check BANGBOT_TOKEN.")
    except TelegramError:
        return tr.gettext("Cannot reach the Bot API at {url}: check the network and BANGBOT_API_URL.", url=url)
