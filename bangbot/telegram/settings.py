"""How the Telegram bot runs, from environment variables."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass

from bangbot.storage.db import DEFAULT_URL

TOKEN_VARIABLES = ("BANGBOT_TOKEN", "TELEGRAM_BOT_TOKEN")


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
    owner_id: int | None = None  # the person who runs the bot: error reports and /admin, in private
    http_port: int | None = None  # polling: where /healthz, /readyz and /metrics listen (a webhook serves them itself)
    worker_id: str | None = None  # the worker's label in metrics and reports (hostname-pid when unset)
    ready_backlog: int = 1000  # /readyz fails while more outbox rows than this wait
    log_format: str = "text"  # "json": one JSON object a line
    log_personal: bool = False  # names and message texts may appear in logs

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
            owner_id=int(env["BANGBOT_OWNER_ID"]) if env.get("BANGBOT_OWNER_ID") else None,
            http_port=int(env["BANGBOT_HTTP_PORT"]) if env.get("BANGBOT_HTTP_PORT") else None,
            worker_id=env.get("BANGBOT_WORKER_ID") or None,
            ready_backlog=int(env.get("BANGBOT_READY_BACKLOG", "1000")),
            log_format=env.get("BANGBOT_LOG_FORMAT", "text").lower(),
            log_personal=env.get("BANGBOT_LOG_PERSONAL", "0") == "1",
        )


def parse_rate(text: str) -> tuple[int, float]:
    """Returns (messages, seconds) from 'N/S'; raises ValueError for anything else."""
    count, _, seconds = text.partition("/")
    rate = (int(count), float(seconds))
    if rate[0] < 1 or rate[1] <= 0:
        raise ValueError(f"not a rate: {text!r}")
    return rate
