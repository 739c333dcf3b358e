"""Who opened the board: Telegram's signed initData checked, and the short-lived session token it is exchanged for."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any
from urllib.parse import parse_qsl

MAX_AGE = 86400  # initData older than a day is refused
SKEW = 60  # seconds an auth_date may lie in the future (clocks differ)
SESSION_SECONDS = 3600  # how long a session token lets its user in
WEB_APP_KEY = b"WebAppData"


class InvalidInitData(ValueError):
    """initData that Telegram did not sign for this bot, or signed too long ago."""


class InvalidSession(ValueError):
    """A session token this server did not sign, or one that has expired."""


def secret_key(bot_token: str) -> bytes:
    """Returns the key Telegram signs a Mini App's initData with for this bot."""
    return hmac.new(WEB_APP_KEY, bot_token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    """Returns the text the hash signs: every field but hash, sorted by key, as key=value lines."""
    return "\n".join(f"{key}={value}" for key, value in sorted(fields.items()) if key != "hash")


def sign_init_data(fields: dict[str, str], bot_token: str) -> str:
    """Returns the hash Telegram would give these fields (tests and the development page sign with a test token)."""
    return hmac.new(secret_key(bot_token), data_check_string(fields).encode(), hashlib.sha256).hexdigest()


def verify_init_data(
    init_data: str, bot_token: str, max_age: int = MAX_AGE, now: float | None = None
) -> dict[str, Any]:
    """Returns initData's fields (user decoded from JSON) if Telegram signed them for this bot within max_age
    seconds; raises InvalidInitData otherwise."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as error:
        raise InvalidInitData("initData is not a query string") from error
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise InvalidInitData("a field is given twice")
    given = fields.get("hash", "")
    if not hmac.compare_digest(sign_init_data(fields, bot_token), given):
        raise InvalidInitData("the hash does not match")
    auth_date = fields.get("auth_date", "")
    if not auth_date.isdigit():
        raise InvalidInitData("no auth_date")
    age = (time.time() if now is None else now) - int(auth_date)
    if age > max_age or age < -SKEW:
        raise InvalidInitData("initData is too old or from the future")
    out: dict[str, Any] = dict(fields)
    if "user" in fields:
        try:
            user = json.loads(fields["user"])
        except ValueError as error:
            raise InvalidInitData("user is not JSON") from error
        if not isinstance(user, dict) or not isinstance(user.get("id"), int):
            raise InvalidInitData("user has no id")
        out["user"] = user
    return out


def _mac(key: bytes, body: bytes) -> str:
    """Returns a session token's signature of body."""
    return base64.urlsafe_b64encode(hmac.new(key, body, hashlib.sha256).digest()).decode().rstrip("=")


def session_key(bot_token: str) -> bytes:
    """Returns the key this server signs session tokens with (derived from the bot token, never sent)."""
    return hmac.new(b"bangbot-board-session", bot_token.encode(), hashlib.sha256).digest()


def issue_session(key: bytes, user_id: int, language: str, now: float | None = None) -> str:
    """Returns a token naming a user and their language, valid for SESSION_SECONDS."""
    expires = int((time.time() if now is None else now) + SESSION_SECONDS)
    body = json.dumps({"u": user_id, "l": language, "e": expires}, separators=(",", ":")).encode()
    encoded = base64.urlsafe_b64encode(body).decode().rstrip("=")
    return f"{encoded}.{_mac(key, body)}"


def open_session(key: bytes, token: str, now: float | None = None) -> tuple[int, str]:
    """Returns the (user id, language) a token names; raises InvalidSession for a forged or expired one."""
    encoded, _, mac = token.partition(".")
    try:
        body = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        data = json.loads(body)
        user, language, expires = int(data["u"]), str(data["l"]), int(data["e"])
    except (ValueError, KeyError, TypeError) as error:
        raise InvalidSession("not a session token") from error
    if not hmac.compare_digest(_mac(key, body), mac):
        raise InvalidSession("the signature does not match")
    if expires < (time.time() if now is None else now):
        raise InvalidSession("the session has expired")
    return user, language
