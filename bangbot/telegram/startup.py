"""Before the bot starts: one getMe call that turns a refused token, an unreachable Bot API or a malformed answer
into one clear line."""

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
    """Returns why the bot cannot work with these settings (token refused, Bot API unreachable, malformed), or None."""
    url = settings.api_url or TELEGRAM_API_URL
    malformed = tr.gettext("The Bot API at {url} did not answer getMe with a bot: check BANGBOT_API_URL.", url=url)
    try:
        async with Bot(settings.token, base_url=url) as bot:  # entering calls getMe
            me = bot.bot
            return None if isinstance(me.id, int) and me.is_bot is True and isinstance(me.username, str) else malformed
    except (TypeError, ValueError, KeyError, AttributeError):  # the answer is not a User object
        return malformed
    except InvalidToken:
        return tr.gettext("The bot token was refused by Telegram: check BANGBOT_TOKEN.")
    except TelegramError:
        return tr.gettext("Cannot reach the Bot API at {url}: check the network and BANGBOT_API_URL.", url=url)
