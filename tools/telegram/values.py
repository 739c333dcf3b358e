"""The emulator's identity defaults, limits and the public value types tests read (calls, answers, views)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

BOT_TOKEN = "7000000001:AAEmuLatedBangbotTestToken_01234567"
BOT_USERNAME = "bangbot_test_bot"
BOT_FIRST_NAME = "BANG! Test Bot"

WAIT_CEILING = 300.0 * float(os.environ.get("BANGBOT_WAIT_SCALE", "1"))
"""How long the wait helpers wait at most by default. Each wait ends as soon as its condition holds, so this is only a
ceiling against a hang, far above any healthy wait on a busy machine; BANGBOT_WAIT_SCALE scales it."""

T = TypeVar("T")
JSON = dict[str, Any]
FloodModel = Literal["window", "bucket"]

_MAX_CALLBACK_DATA = 64
_MAX_CALLBACK_ANSWER = 200
_MAX_COMMANDS = 100
_WS = " \t\r\n\x0b\x0c"
_DEFAULT_EXCLUDED_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})
_BUTTON_ACTIONS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)
_CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
_JSON_PARAMS = frozenset(
    {
        "reply_markup",
        "link_preview_options",
        "reply_parameters",
        "allowed_updates",
        "commands",
        "scope",
        "entities",
        "caption_entities",
        "message_ids",
        "menu_button",
        "rights",
    }
)
_INT_PARAMS = frozenset(
    {
        "chat_id",
        "message_id",
        "user_id",
        "offset",
        "limit",
        "timeout",
        "reply_to_message_id",
        "max_connections",
        "cache_time",
        "message_thread_id",
    }
)
_PATH_RE = re.compile(r"^/bot([^/]+)/([A-Za-z0-9_]+)/?$")
_COMMAND_RE = re.compile(r"(?<![\w/@])/([A-Za-z0-9_]{1,64})(@[A-Za-z0-9_]{3,32})?(?![\w/@])")
_BOT_COMMAND_NAME_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_USER_LINK_RE = re.compile(r"^tg://user\?id=(\d{1,20})$", re.IGNORECASE)
_EMOJI_LINK_RE = re.compile(r"^tg://emoji\?id=(\d{1,20})$", re.IGNORECASE)
_START_PAYLOAD_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_LOCAL_HOSTS = {"127.0.0.1": "127.0.0.1", "localhost": "127.0.0.1", "::1": "::1"}


class ApiError(Exception):
    """An error the Bot API answers with: HTTP status code, description and optional response parameters."""

    def __init__(self, code: int, description: str, parameters: Mapping[str, int] | None = None) -> None:
        """Creates the error answered as {"ok": false, "error_code": code, "description": ..., "parameters": ...}."""
        super().__init__(description)
        self.code = code
        self.description = description
        self.parameters = dict(parameters) if parameters else None

    def payload(self) -> JSON:
        """Returns the JSON body Telegram would send for this error."""
        body: JSON = {"ok": False, "error_code": self.code, "description": self.description}
        if self.parameters:
            body["parameters"] = dict(self.parameters)
        return body


@dataclass(frozen=True)
class UploadedFile:
    """A file part of a multipart request: its file name and bytes (accepted, never interpreted)."""

    filename: str
    data: bytes


@dataclass(frozen=True)
class ApiCall:
    """One Bot API request the emulator answered: canonical method name, decoded parameters, times, outcome.

    `time` is the wall time the answer was ready; `received` is when the request arrived, on the emulator's monotonic
    clock (`time.monotonic()` unless given: the clock a bot's own rate limiter uses, shared by every process), the
    moment the flood limits count it at, as Telegram counts on arrival.
    """

    method: str
    params: dict[str, Any]
    time: float
    ok: bool
    error_code: int | None = None
    description: str | None = None
    received: float = 0.0


@dataclass(frozen=True)
class CallbackAnswer:
    """How the bot answered one callback query (answerCallbackQuery parameters and when)."""

    query_id: str
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int
    time: float


@dataclass(frozen=True)
class MessageView:
    """A snapshot of one message as chat members see it; buttons are rows of (text, callback_data or url)."""

    chat_id: int
    message_id: int
    text: str
    buttons: list[list[tuple[str, str]]]
    from_bot: bool
    sender_id: int
    date: int
    edits: int
    deleted: bool
    texts: list[str]
    entities: list[JSON]
    raw_text: str
    parse_mode: str | None
    reply_to_message_id: int | None
    reply_markup: JSON | None
    thread_id: int | None = None  # the forum topic the message belongs to (message_thread_id), if any

    @property
    def button_texts(self) -> list[str]:
        """Returns the labels of all buttons, row by row."""
        return [text for row in self.buttons for text, _ in row]

    def button(self, label: str) -> str:
        """Returns the callback data (or url) of the first button whose label equals or contains label."""
        for exact in (True, False):
            for row in self.buttons:
                for text, data in row:
                    if text == label if exact else label in text:
                        return data
        raise LookupError(f"no button {label!r} in message {self.message_id}: {self.button_texts}")
