"""Before the bot starts: one getMe call that turns a refused token or an unreachable Bot API into one clear line."""

from __future__ import annotations

from telegram import Bot
from telegram.error import InvalidToken, TelegramError

from bangbot.i18n import Translator
from bangbot.telegram.settings import BotSettings

TELEGRAM_API_URL = "https://api.telegram.org/bot"


def webhook_problem(settings: BotSettings, tr: Translator) -> str | None:
    """Returns why a webhook must not start (a secret neither set nor registered by the bot itself), or None."""
    if settings.webhook_url and settings.secret() is None:
        return tr.gettext(
            "A webhook registered by another program (BANGBOT_SET_WEBHOOK=0) needs BANGBOT_WEBHOOK_SECRET, "
            "so that forged updates are refused."
        )
    return None


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
