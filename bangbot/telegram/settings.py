"""How the Telegram bot runs, from environment variables."""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from bangbot.storage.db import DEFAULT_URL

TOKEN_VARIABLES = ("BANGBOT_TOKEN", "TELEGRAM_BOT_TOKEN")
WEBAPP_NAME = re.compile(r"[A-Za-z0-9_]{3,30}")  # a Mini App's short name, as BotFather's /newapp takes it
BOARD_PATH = "/app/"  # where the bot's web server serves the board


@dataclass(frozen=True)
class BoardAddress:
    """The Mini App of the board: its short name (t.me/<bot>/<name>) and its page's https address."""

    name: str
    page: str


@dataclass(frozen=True)
class BotSettings:
    """The bot's token, database, Bot API address, webhook and timer settings."""

    token: str
    database_url: str = DEFAULT_URL
    api_url: str | None = None
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_path: str = "telegram"
    webhook_secret: str | None = None
    set_webhook: bool = True
    tick_seconds: float = 30.0
    group_rate: tuple[int, float] = (20, 60.0)
    group_merge_seconds: float = 1.5  # quick moves of one turn share the group's edits (~20 requests a minute)
    group_quiet_seconds: float = 6.0  # a turn's moves are shown to the group once it was quiet this long...
    group_hold_seconds: float = 30.0  # ... or this long after the first at the latest (messaging.hold)
    seed: int | None = None
    board: BoardAddress | None = None  # the Mini App, when BANGBOT_WEBAPP_NAME is set: tables and seats link to it

    def secret(self) -> str | None:
        """Returns the webhook's secret token: the one set, else (when the bot registers its webhook) one of its own.

        Its own is derived from the bot token, so every worker and every restart registers and checks the same one.
        None when another program registers the webhook and no secret is set: such a webhook must not start.
        """
        if self.webhook_secret or not self.set_webhook:
            return self.webhook_secret
        return hashlib.sha256(f"bangbot webhook secret:{self.token}".encode()).hexdigest()

    @staticmethod
    def from_env(env: Mapping[str, str] | None = None) -> BotSettings | None:
        """Returns the settings from the environment, or None when no bot token is set."""
        env = os.environ if env is None else env
        token = next((env[v] for v in TOKEN_VARIABLES if env.get(v)), None)
        if token is None:
            return None
        return BotSettings(
            token=token,
            database_url=env.get("DATABASE_URL") or DEFAULT_URL,
            api_url=env.get("BANGBOT_API_URL") or None,
            webhook_url=env.get("BANGBOT_WEBHOOK_URL") or None,
            webhook_listen=env.get("BANGBOT_WEBHOOK_LISTEN", "0.0.0.0"),
            webhook_port=int(env.get("BANGBOT_WEBHOOK_PORT", "8443")),
            webhook_path=env.get("BANGBOT_WEBHOOK_PATH", "telegram"),
            webhook_secret=env.get("BANGBOT_WEBHOOK_SECRET") or None,
            set_webhook=env.get("BANGBOT_SET_WEBHOOK", "1") != "0",
            tick_seconds=float(env.get("BANGBOT_TICK_SECONDS", "30")),
            group_rate=parse_rate(env.get("BANGBOT_GROUP_RATE", "20/60")),
            group_merge_seconds=float(env.get("BANGBOT_GROUP_MERGE_SECONDS", "1.5")),
            group_quiet_seconds=float(env.get("BANGBOT_GROUP_QUIET_SECONDS", "6")),
            group_hold_seconds=float(env.get("BANGBOT_GROUP_HOLD_SECONDS", "30")),
            seed=int(env["BANGBOT_SEED"]) if env.get("BANGBOT_SEED") else None,
            board=board_address(env),
        )


def parse_rate(text: str) -> tuple[int, float]:
    """Returns (messages, seconds) from 'N/S'; raises ValueError for anything else."""
    count, _, seconds = text.partition("/")
    rate = (int(count), float(seconds))
    if rate[0] < 1 or rate[1] <= 0:
        raise ValueError(f"not a rate: {text!r}")
    return rate


def board_address(env: Mapping[str, str]) -> BoardAddress | None:
    """Returns the board's Mini App from BANGBOT_WEBAPP_NAME and BANGBOT_WEBAPP_URL (by default /app/ on the webhook's
    host), or None when no name is set; raises ValueError for a malformed name or a page not served over https."""
    name = env.get("BANGBOT_WEBAPP_NAME") or ""
    if not name:
        return None
    if not WEBAPP_NAME.fullmatch(name):
        raise ValueError(f"BANGBOT_WEBAPP_NAME is not a Mini App's short name (3-30 letters, digits, _): {name!r}")
    page = env.get("BANGBOT_WEBAPP_URL") or ""
    if not page and (hook := env.get("BANGBOT_WEBHOOK_URL")):
        scheme, _, rest = hook.partition("://")
        page = f"{scheme}://{rest.split('/', 1)[0]}{BOARD_PATH}"
    if not page.startswith("https://"):
        raise ValueError(f"BANGBOT_WEBAPP_URL must be the board's https address (or set BANGBOT_WEBHOOK_URL): {page!r}")
    return BoardAddress(name, page)
