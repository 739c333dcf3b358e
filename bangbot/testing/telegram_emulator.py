"""A local Telegram Bot API emulator: real HTTP/JSON for python-telegram-bot, and a world of users and chats for tests.

Start a ``BotApiEmulator``, point the real ``telegram.Bot`` / ``ApplicationBuilder`` at ``emulator.base_url``, then
act as users (``user_starts_bot``, ``user_sends``, ``user_presses``) and observe what the bot did (``messages``,
``history``, ``answered``, ``calls``, ``commands``).  Standard library only; the server runs in its own thread with its
own asyncio event loop, so tests may drive it from synchronous or asynchronous code alike.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import email.parser
import email.policy
import itertools
import json
import math
import os
import re
import threading
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from types import TracebackType
from typing import Any, Literal, Self, TypeVar
from urllib.parse import parse_qsl, urlsplit

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


# ----------------------------------------------------------------------------------------------------------------------
# Public value types
# ----------------------------------------------------------------------------------------------------------------------


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


# ----------------------------------------------------------------------------------------------------------------------
# Internal world model
# ----------------------------------------------------------------------------------------------------------------------


@dataclass
class _User:
    """A person in the emulated world and their relation to the bot."""

    id: int
    first_name: str
    last_name: str | None
    username: str | None
    language_code: str | None
    started: bool = False
    blocked: bool = False


@dataclass
class _Message:
    """One stored message of a chat, sent by the bot or by a user."""

    chat_id: int
    message_id: int
    sender_id: int
    from_bot: bool
    date: int
    text: str
    raw_text: str
    parse_mode: str | None
    entities: list[JSON]
    reply_markup: JSON | None
    reply_to: int | None
    texts: list[str]
    edits: int = 0
    edit_date: int | None = None
    deleted: bool = False
    service: JSON = field(default_factory=dict)
    reply_keyboard: JSON | None = None
    thread_id: int | None = None


@dataclass
class _RateLimit:
    """Counts events against `count` per `period` seconds, as a sliding window or a leaky bucket.

    Events are counted at their arrival time, which may come slightly out of order (two connections): the window keeps
    its times sorted and checks every window of `period` seconds that would hold the new event, so the verdict is the
    one a test gets by counting the recorded arrival times itself.
    """

    count: int
    period: float
    model: FloodModel
    times: list[float] = field(default_factory=list)
    level: float = 0.0
    last: float = 0.0

    def retry_after(self, now: float) -> float:
        """Returns how many seconds to wait before one more event is allowed (0 when allowed now)."""
        if self.model == "bucket":
            rate = self.count / self.period
            level = max(0.0, self.level - max(0.0, now - self.last) * rate)
            return 0.0 if level + 1 <= self.count else (level + 1 - self.count) / rate
        horizon = bisect.bisect_right(self.times, now - 2 * self.period)
        del self.times[:horizon]  # no window that holds a newer event can reach these
        wait = 0.0
        # A window [start, start + period) that would hold `now` starts at an event within period before it, or at now.
        first = bisect.bisect_right(self.times, now - self.period)
        for start in [*self.times[first : bisect.bisect_right(self.times, now)], now]:
            held = bisect.bisect_left(self.times, start + self.period) - bisect.bisect_left(self.times, start)
            if held >= self.count:
                wait = max(wait, start + self.period - now)
        return wait

    def record(self, now: float) -> None:
        """Counts one event at time now."""
        if self.model == "bucket":
            rate = self.count / self.period
            self.level = max(0.0, self.level - max(0.0, now - self.last) * rate) + 1
            self.last = max(self.last, now)
        else:
            bisect.insort(self.times, now)


@dataclass
class _Chat:
    """A private chat (id = user id) or a group chat (negative id) with its members and messages."""

    id: int
    type: str
    title: str = ""
    username: str | None = None
    members: set[int] = field(default_factory=set)
    admins: set[int] = field(default_factory=set)
    creator: int | None = None
    restricted: dict[int, bool] = field(default_factory=dict)  # restricted users: whether each is still a member
    bot_status: str = "member"
    migrated_to: int | None = None
    topics: dict[int, str] = field(default_factory=dict)  # a forum supergroup's topics: thread id -> name
    messages: dict[int, _Message] = field(default_factory=dict)
    next_message_id: int = 1
    flood: _RateLimit | None = None

    @property
    def is_group(self) -> bool:
        """Returns whether this is a group or supergroup chat."""
        return self.type in ("group", "supergroup")


@dataclass
class _Query:
    """A callback query created by a button press, and its answer once given."""

    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    created: float
    answer: CallbackAnswer | None = None


@dataclass
class _Webhook:
    """The webhook the bot set: where and how updates are POSTed."""

    url: str
    secret_token: str | None
    max_connections: int
    ip_address: str | None


class _Described:
    """A method result that also carries Telegram's "description" field (setWebhook, deleteWebhook)."""

    def __init__(self, result: object, description: str) -> None:
        """Wraps result and its description."""
        self.result = result
        self.description = description


def _bad(text: str) -> ApiError:
    """Returns a 400 "Bad Request: text" error."""
    return ApiError(400, f"Bad Request: {text}")


def _forbidden(text: str) -> ApiError:
    """Returns a 403 "Forbidden: text" error."""
    return ApiError(403, f"Forbidden: {text}")


def _utf16_len(text: str) -> int:
    """Returns the length of text in UTF-16 code units, the unit of Telegram entity offsets."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


# ----------------------------------------------------------------------------------------------------------------------
# Request parameters
# ----------------------------------------------------------------------------------------------------------------------


class _Params:
    """Bot API request parameters as sent: strings from forms/queries, native values from JSON bodies."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        """Wraps the raw parameter mapping."""
        self.raw = dict(raw)

    def has(self, name: str) -> bool:
        """Returns whether the parameter is present and not empty."""
        return self.raw.get(name) not in (None, "")

    def text(self, name: str) -> str | None:
        """Returns the parameter as a string (numbers and booleans rendered as Telegram would read them)."""
        value = self.raw.get(name)
        if value is None:
            return None
        if isinstance(value, str):
            return value
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int | float):
            return str(value)
        return json.dumps(value)

    def integer(self, name: str, default: int | None = None) -> int | None:
        """Returns the parameter as an integer, default when absent; 400 when it is not a number."""
        value = self.raw.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            return int(value)
        try:
            return int(str(value).strip())
        except ValueError:
            try:
                return int(float(str(value).strip()))
            except ValueError:
                raise _bad(f'field "{name}" must be of type Integer') from None

    def flag(self, name: str) -> bool:
        """Returns the parameter as a boolean ("true"/"1" are true)."""
        value = self.raw.get(name)
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float):
            return bool(value)
        return isinstance(value, str) and value.strip().lower() in ("true", "1")

    def obj(self, name: str, error: str | None = None) -> Any:
        """Returns the parameter decoded from JSON (or as sent in a JSON body); 400 with error when malformed."""
        value = self.raw.get(name)
        if value is None or value == "":
            return None
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                raise _bad(error or f"can't parse {name} JSON object") from None
        return value


def _decode_params(query: str, headers: Mapping[str, str], body: bytes) -> dict[str, Any]:
    """Returns the parameters of a request from its query string and its form, multipart or JSON body."""
    raw: dict[str, Any] = dict(parse_qsl(query, keep_blank_values=True))
    if not body:
        return raw
    ctype = headers.get("content-type", "")
    mime = ctype.split(";")[0].strip().lower()
    if mime == "application/json":
        decoded = json.loads(body.decode("utf-8"))
        if not isinstance(decoded, dict):
            raise ValueError("a JSON request body must be an object")
        raw.update(decoded)
    elif mime == "multipart/form-data":
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b"Content-Type: " + ctype.encode("latin-1") + b"\r\n\r\n" + body
        )
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if not isinstance(name, str):
                continue
            payload = part.get_payload(decode=True)
            data = payload if isinstance(payload, bytes) else b""
            filename = part.get_filename()
            if filename is not None:
                raw[name] = UploadedFile(filename, data)
            else:
                raw[name] = data.decode(part.get_content_charset() or "utf-8")
    else:
        raw.update(parse_qsl(body.decode("utf-8"), keep_blank_values=True))
    return raw


def _record_params(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Returns parameters for ApiCall records: JSON-valued fields decoded, integer fields as int when possible."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, str) and key in _JSON_PARAMS:
            with contextlib.suppress(ValueError):
                value = json.loads(value)
        elif isinstance(value, str) and key in _INT_PARAMS:
            with contextlib.suppress(ValueError):
                value = int(value)
        elif isinstance(value, UploadedFile):
            value = f"<file {value.filename}: {len(value.data)} bytes>"
        out[key] = value
    return out


# ----------------------------------------------------------------------------------------------------------------------
# Formatted text (ports of tdlib's parse_html / parse_markdown / parse_markdown_v2)
# ----------------------------------------------------------------------------------------------------------------------

_Ent = tuple[str, int, int, str]  # tdlib entity type, UTF-16 offset, UTF-16 length, argument
_SPACE_BYTES = frozenset(b" \t\r\n\x00\x0b\x0c")
_HTML_TAGS = frozenset(
    {
        "a",
        "b",
        "strong",
        "i",
        "em",
        "s",
        "strike",
        "del",
        "u",
        "ins",
        "tg-spoiler",
        "tg-emoji",
        "span",
        "pre",
        "code",
        "blockquote",
    }
)
_ENTITY_PRIORITY = {
    "BlockQuote": 0,
    "ExpandableBlockQuote": 0,
    "PreCode": 10,
    "Pre": 11,
    "Code": 20,
    "TextUrl": 49,
    "MentionName": 49,
    "Bold": 90,
    "Italic": 91,
    "Underline": 92,
    "Strikethrough": 93,
    "Spoiler": 94,
    "CustomEmoji": 99,
}
_API_ENTITY_TYPE = {
    "Bold": "bold",
    "Italic": "italic",
    "Underline": "underline",
    "Strikethrough": "strikethrough",
    "Spoiler": "spoiler",
    "Code": "code",
    "Pre": "pre",
    "PreCode": "pre",
    "TextUrl": "text_link",
    "MentionName": "text_mention",
    "BlockQuote": "blockquote",
    "ExpandableBlockQuote": "expandable_blockquote",
    "CustomEmoji": "custom_emoji",
}
_BLOCKQUOTE_EXPANDABLE_RE = re.compile(rb"[ \t\r\n]+expandable[ \t\r\n]*(?=>)", re.IGNORECASE)


class _ParseError(Exception):
    """A formatting error, answered as "Bad Request: can't parse entities: <message>"."""


def _checked_link(url: str) -> str:
    """Returns url as Telegram would keep it for a text link, or "" when it is not a usable link."""
    url = url.strip()
    if not url or any(ch.isspace() for ch in url):
        return ""
    lowered = url.lower()
    if lowered.startswith(("tg:", "ton:")):
        return url
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return ""
    return url


def _link_entity(url: str, offset: int, length: int) -> _Ent | None:
    """Returns the entity for a link to url: a user mention for tg://user?id=N, a text link, or None."""
    user = _USER_LINK_RE.match(url.strip())
    if user:
        return ("MentionName", offset, length, user.group(1))
    checked = _checked_link(url)
    return ("TextUrl", offset, length, checked) if checked else None


def _decode_html_entity(data: bytes, pos: int) -> tuple[int, int] | None:
    """Decodes the HTML character reference at data[pos] ("&"); returns (code point, next position) or None."""
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    end = pos + 1
    code = 0
    if at(pos + 1) == ord("#"):
        end += 1
        if at(pos + 2) == ord("x"):
            end += 1
            while chr(at(end)) in "0123456789abcdefABCDEF" and at(end) != 0:
                code = code * 16 + int(chr(at(end)), 16)
                end += 1
        else:
            while ord("0") <= at(end) <= ord("9"):
                code = code * 10 + at(end) - ord("0")
                end += 1
        if code == 0 or code >= 0x10FFFF or end - pos >= 10:
            return None
    else:
        while chr(at(end)).isascii() and chr(at(end)).isalpha():
            end += 1
        named = {b"lt": "<", b"gt": ">", b"amp": "&", b"quot": '"'}.get(data[pos + 1 : end])
        if named is None:
            return None
        code = ord(named)
    if at(end) == ord(";"):
        end += 1
    return code, end


def _count_utf16(byte: int) -> int:
    """Returns how many UTF-16 code units a UTF-8 byte starts (0 for continuation bytes)."""
    if byte & 0xC0 == 0x80:
        return 0
    return 2 if byte >= 0xF0 else 1


def _parse_html(text: str) -> tuple[str, list[_Ent]]:
    """Parses Telegram HTML into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    out = bytearray()
    entities: list[_Ent] = []
    nested: list[tuple[str, str, int, int]] = []
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("&"):
            decoded = _decode_html_entity(data, i)
            if decoded is not None:
                code, i = decoded
                if 0xD800 <= code <= 0xDFFF:
                    raise _ParseError(
                        "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched "
                        "surrogate code units"
                    )
                utf16 += 2 if code > 0xFFFF else 1
                out += chr(code).encode("utf-8")
                continue
        if c != ord("<"):
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        begin = i
        i += 1
        if at(i) != ord("/"):
            while at(i) not in _SPACE_BYTES and at(i) != ord(">"):
                i += 1
            if at(i) == 0:
                raise _ParseError(f"Unclosed start tag at byte offset {begin}")
            tag = data[begin + 1 : i].decode("utf-8", "replace").lower()
            if tag not in _HTML_TAGS:
                raise _ParseError(f'Unsupported start tag "{tag}" at byte offset {begin}')
            argument = ""
            if tag == "blockquote":
                expandable = _BLOCKQUOTE_EXPANDABLE_RE.match(data, i)
                if expandable:
                    argument = "expandable"
                    i = expandable.end()
            while at(i) != ord(">"):
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) == ord(">"):
                    break
                attribute_begin = i
                while at(i) not in _SPACE_BYTES and at(i) != ord("="):
                    i += 1
                attribute = data[attribute_begin:i]
                if not attribute:
                    raise _ParseError(f'Empty attribute name in the tag "{tag}" at byte offset {begin}')
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) != ord("="):
                    raise _ParseError(
                        f'Expected equal sign in declaration of an attribute of the tag "{tag}" at byte offset {begin}'
                    )
                i += 1
                while at(i) != 0 and at(i) in _SPACE_BYTES:
                    i += 1
                if at(i) == 0:
                    raise _ParseError(f'Unclosed start tag "{tag}" at byte offset {begin}')
                if at(i) not in (ord("'"), ord('"')):
                    token_begin = i
                    while (chr(at(i)).isascii() and chr(at(i)).isalnum()) or at(i) in (ord("."), ord("-")):
                        i += 1
                    value = data[token_begin:i].decode("ascii").lower()
                    if at(i) not in _SPACE_BYTES and at(i) != ord(">"):
                        raise _ParseError(f"Unexpected end of name token at byte offset {token_begin}")
                else:
                    quote = at(i)
                    i += 1
                    buffer = bytearray()
                    while at(i) != quote and at(i) != 0:
                        if at(i) == ord("&"):
                            decoded = _decode_html_entity(data, i)
                            if decoded is not None:
                                code, i = decoded
                                buffer += chr(code).encode("utf-8", "surrogatepass")
                                continue
                        buffer.append(at(i))
                        i += 1
                    if at(i) == quote:
                        i += 1
                    value = buffer.decode("utf-8", "replace")
                if at(i) == 0:
                    raise _ParseError(f"Unclosed start tag at byte offset {begin}")
                if tag == "a" and attribute == b"href":
                    argument = value
                elif tag == "code" and attribute == b"class" and value.startswith("language-"):
                    argument = value[9:]
                elif tag == "span" and attribute == b"class" and value.startswith("tg-"):
                    argument = value[3:]
                elif tag == "tg-emoji" and attribute == b"emoji-id":
                    argument = value
            if tag == "span" and argument != "spoiler":
                raise _ParseError(f'Tag "span" must have class "tg-spoiler" at byte offset {begin}')
            nested.append((tag, argument, utf16, len(out)))
            i += 1
            continue
        if not nested:
            raise _ParseError(f"Unexpected end tag at byte offset {begin}")
        while at(i) not in _SPACE_BYTES and at(i) != ord(">"):
            i += 1
        end_tag = data[begin + 2 : i].decode("utf-8", "replace").lower()
        while at(i) != 0 and at(i) in _SPACE_BYTES:
            i += 1
        if at(i) != ord(">"):
            raise _ParseError(f"Unclosed end tag at byte offset {begin}")
        tag, argument, offset, out_pos = nested[-1]
        if end_tag and end_tag != tag:
            raise _ParseError(f'Unmatched end tag at byte offset {begin}, expected "</{tag}>", found "</{end_tag}>"')
        if utf16 > offset:
            length = utf16 - offset
            if tag in ("i", "em"):
                entities.append(("Italic", offset, length, ""))
            elif tag in ("b", "strong"):
                entities.append(("Bold", offset, length, ""))
            elif tag in ("s", "strike", "del"):
                entities.append(("Strikethrough", offset, length, ""))
            elif tag in ("u", "ins"):
                entities.append(("Underline", offset, length, ""))
            elif tag in ("tg-spoiler", "span"):
                entities.append(("Spoiler", offset, length, ""))
            elif tag == "tg-emoji":
                if not argument.isdigit() or int(argument) == 0:
                    raise _ParseError("Invalid custom emoji identifier specified")
                entities.append(("CustomEmoji", offset, length, argument))
            elif tag == "a":
                url = argument or out[out_pos:].decode("utf-8", "replace")
                link = _link_entity(url, offset, length)
                if link is not None:
                    entities.append(link)
            elif tag == "pre":
                last = entities[-1] if entities else None
                if last and last[0] == "Code" and last[1:3] == (offset, length) and last[3]:
                    entities[-1] = ("PreCode", offset, length, last[3])
                else:
                    entities.append(("Pre", offset, length, ""))
            elif tag == "code":
                last = entities[-1] if entities else None
                if last and last[0] == "Pre" and last[1:3] == (offset, length) and argument:
                    entities[-1] = ("PreCode", offset, length, argument)
                else:
                    entities.append(("Code", offset, length, argument))
            else:
                kind = "ExpandableBlockQuote" if argument == "expandable" else "BlockQuote"
                entities.append((kind, offset, length, ""))
        nested.pop()
        i += 1
    if nested:
        raise _ParseError(f"Can't find end tag corresponding to start tag {nested[-1][0]}")
    entities = [(kind, off, ln, "" if kind == "Code" else arg) for kind, off, ln, arg in entities]
    return out.decode("utf-8", "replace"), entities


def _parse_markdown(text: str) -> tuple[str, list[_Ent]]:
    """Parses legacy Telegram Markdown into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    out = bytearray()
    entities: list[_Ent] = []
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("\\") and at(i + 1) in b"_*`[":
            out.append(data[i + 1])
            utf16 += 1
            i += 2
            continue
        if c not in b"_*`[":
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        begin = i
        end_character = ord("]") if c == ord("[") else c
        is_pre = False
        language = ""
        i += 1
        if c == ord("`") and at(i) == ord("`") and at(i + 1) == ord("`"):
            i += 2
            is_pre = True
            language_end = i
            while at(language_end) not in _SPACE_BYTES and at(language_end) != ord("`"):
                language_end += 1
            if i != language_end and language_end < n and at(language_end) != ord("`"):
                language = data[i:language_end].decode("utf-8", "replace")
                i = language_end
            if at(i) in (ord("\n"), ord("\r")):
                if at(i + 1) in (ord("\n"), ord("\r")) and at(i) != at(i + 1):
                    i += 2
                else:
                    i += 1
        entity_offset = utf16
        while i < n and (
            data[i] != end_character or (is_pre and not (at(i + 1) == ord("`") and at(i + 2) == ord("`")))
        ):
            utf16 += _count_utf16(data[i])
            out.append(data[i])
            i += 1
        if i == n:
            raise _ParseError(f"Can't find end of the entity starting at byte offset {begin}")
        if entity_offset != utf16:
            length = utf16 - entity_offset
            if c == ord("_"):
                entities.append(("Italic", entity_offset, length, ""))
            elif c == ord("*"):
                entities.append(("Bold", entity_offset, length, ""))
            elif c == ord("["):
                if at(i + 1) != ord("("):
                    url = data[begin + 1 : i].decode("utf-8", "replace")
                else:
                    i += 2
                    url_begin = i
                    while i < n and data[i] != ord(")"):
                        i += 1
                    url = data[url_begin:i].decode("utf-8", "replace")
                link = _link_entity(url, entity_offset, length)
                if link is not None:
                    entities.append(link)
            elif is_pre:
                entities.append(("PreCode" if language else "Pre", entity_offset, length, language))
            else:
                entities.append(("Code", entity_offset, length, ""))
        if is_pre:
            i += 2
        i += 1
    return out.decode("utf-8", "replace"), entities


def _parse_markdown_v2(text: str) -> tuple[str, list[_Ent]]:
    """Parses Telegram MarkdownV2 into plain text and entities, with tdlib's error messages."""
    data = text.encode("utf-8", "replace")
    n = len(data)

    def at(k: int) -> int:
        return data[k] if k < n else 0

    def reserved_error(ch: int) -> _ParseError:
        return _ParseError(f"Character '{chr(ch)}' is reserved and must be escaped with the preceding '\\'")

    out = bytearray()
    entities: list[_Ent] = []
    nested: list[tuple[str, str, int, int, int]] = []  # type, argument, utf16 offset, byte offset, out position
    have_blockquote = False
    utf16 = 0
    i = 0
    while i < n:
        c = data[i]
        if c == ord("\\") and 0 < at(i + 1) <= 126:
            i += 1
            utf16 += 1
            out.append(data[i])
            i += 1
            continue
        reserved = b"_*[]()~`>#+-=|{}.!\n"
        if nested and nested[-1][0] in ("Code", "Pre", "PreCode"):
            reserved = b"`"
        if c not in reserved:
            utf16 += _count_utf16(c)
            out.append(c)
            i += 1
            continue
        is_end = False
        if nested:
            top = nested[-1][0]
            if have_blockquote and c == ord("\n") and (i + 1 == n or at(i + 1) != ord(">")):
                is_end = True
            elif top == "Bold":
                is_end = c == ord("*")
            elif top == "Italic":
                is_end = c == ord("_") and at(i + 1) != ord("_")
            elif top == "Code":
                is_end = c == ord("`")
            elif top in ("Pre", "PreCode"):
                is_end = c == ord("`") and at(i + 1) == ord("`") and at(i + 2) == ord("`")
            elif top in ("TextUrl", "CustomEmoji"):
                is_end = c == ord("]")
            elif top == "Underline":
                is_end = c == ord("_") and at(i + 1) == ord("_")
            elif top == "Strikethrough":
                is_end = c == ord("~")
            elif top == "Spoiler":
                is_end = c == ord("|") and at(i + 1) == ord("|")
        if not is_end:
            kind: str | None
            argument = ""
            byte_offset = i
            if c == ord("_"):
                if at(i + 1) == ord("_"):
                    kind = "Underline"
                    i += 1
                else:
                    kind = "Italic"
            elif c == ord("*"):
                kind = "Bold"
            elif c == ord("~"):
                kind = "Strikethrough"
            elif c == ord("|"):
                if at(i + 1) != ord("|"):
                    raise reserved_error(c)
                i += 1
                kind = "Spoiler"
            elif c == ord("["):
                kind = "TextUrl"
            elif c == ord("`"):
                if at(i + 1) == ord("`") and at(i + 2) == ord("`"):
                    i += 3
                    kind = "Pre"
                    language_end = i
                    while at(language_end) not in _SPACE_BYTES and at(language_end) != ord("`"):
                        language_end += 1
                    if i != language_end and language_end < n and at(language_end) != ord("`"):
                        kind = "PreCode"
                        argument = data[i:language_end].decode("utf-8", "replace")
                        i = language_end
                    if at(i) in (ord("\n"), ord("\r")):
                        if at(i + 1) in (ord("\n"), ord("\r")) and at(i) != at(i + 1):
                            i += 2
                        else:
                            i += 1
                    i -= 1
                else:
                    kind = "Code"
            elif c == ord("!"):
                if at(i + 1) != ord("["):
                    raise reserved_error(c)
                i += 1
                kind = "CustomEmoji"
            elif c == ord("\n"):
                utf16 += 1
                out.append(c)
                kind = None
                if i + 1 < n and at(i + 1) == ord(">"):
                    i += 1
                    if not have_blockquote:
                        kind = "BlockQuote"
                        have_blockquote = True
            elif c == ord(">") and i == 0:
                kind = "BlockQuote"
                have_blockquote = True
            else:
                raise reserved_error(c)
            if kind is not None:
                nested.append((kind, argument, utf16, byte_offset, len(out)))
            i += 1
            continue
        kind, argument, offset, byte_offset, out_pos = nested[-1]
        if c == ord("\n") and kind != "BlockQuote":
            raise _ParseError(f"Can't find end of {kind} entity at byte offset {byte_offset}")
        skip = utf16 == offset
        entity: _Ent | None = None
        if kind in ("Underline", "Spoiler"):
            i += 1
        elif kind in ("Pre", "PreCode"):
            i += 2
        elif kind in ("TextUrl", "CustomEmoji"):
            if at(i + 1) != ord("("):
                if kind == "CustomEmoji":
                    raise _ParseError("Custom emoji entity must contain a tg://emoji URL")
                url = out[out_pos:].decode("utf-8", "replace")
            else:
                i += 2
                url_begin = i
                url_bytes = bytearray()
                while i < n and data[i] != ord(")"):
                    if data[i] == ord("\\") and 0 < at(i + 1) <= 126:
                        url_bytes.append(data[i + 1])
                        i += 2
                        continue
                    url_bytes.append(data[i])
                    i += 1
                if at(i) != ord(")"):
                    what = "a custom emoji URL" if kind == "CustomEmoji" else "a URL"
                    raise _ParseError(f"Can't find end of {what} at byte offset {url_begin}")
                url = url_bytes.decode("utf-8", "replace")
            if kind == "CustomEmoji":
                emoji = _EMOJI_LINK_RE.match(url)
                if not emoji or int(emoji.group(1)) == 0:
                    raise _ParseError("Invalid custom emoji identifier specified")
                entity = ("CustomEmoji", offset, utf16 - offset, emoji.group(1))
            else:
                entity = _link_entity(url, offset, utf16 - offset)
                skip = skip or entity is None
        elif kind == "BlockQuote":
            have_blockquote = False
            out.append(c)
            utf16 += 1
        if not skip:
            entities.append(entity or (kind, offset, utf16 - offset, argument))
        nested.pop()
        i += 1
    if have_blockquote and nested and nested[-1][0] == "BlockQuote":
        _, _, offset, _, _ = nested.pop()
        if utf16 != offset:
            entities.append(("BlockQuote", offset, utf16 - offset, ""))
    if nested:
        raise _ParseError(f"Can't find end of {nested[-1][0]} entity at byte offset {nested[-1][3]}")
    return out.decode("utf-8", "replace"), entities


def _trim(text: str, entities: list[_Ent]) -> tuple[str, list[_Ent]]:
    """Strips leading and trailing whitespace as Telegram does, moving and clipping entities to match."""
    left = text.lstrip(_WS)
    lead = _utf16_len(text[: len(text) - len(left)])
    core = left.rstrip(_WS)
    total = _utf16_len(core)
    kept: list[_Ent] = []
    for kind, offset, length, argument in entities:
        start = max(offset - lead, 0)
        end = min(offset + length - lead, total)
        if end > start:
            kept.append((kind, start, end - start, argument))
    return core, kept


# ----------------------------------------------------------------------------------------------------------------------
# HTTP plumbing
# ----------------------------------------------------------------------------------------------------------------------


async def _read_head(reader: asyncio.StreamReader) -> list[bytes] | None:
    """Reads a request or status line and headers; None on a clean end of stream before any byte."""
    lines: list[bytes] = []
    while True:
        line = await reader.readline()
        if not line:
            if not lines:
                return None
            raise ConnectionError("connection closed inside HTTP headers")
        if line in (b"\r\n", b"\n"):
            if lines:
                return lines
            continue
        lines.append(line.rstrip(b"\r\n"))
        if len(lines) > 256:
            raise ValueError("too many header lines")


def _parse_headers(lines: Iterable[bytes]) -> dict[str, str]:
    """Returns header fields keyed by lower-case name."""
    headers: dict[str, str] = {}
    for line in lines:
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


async def _read_body(reader: asyncio.StreamReader, headers: Mapping[str, str], *, to_eof: bool) -> bytes:
    """Reads a message body framed by Content-Length or chunked encoding (or, for responses, by end of stream)."""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        body = bytearray()
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                return bytes(body)
            body += await reader.readexactly(size)
            await reader.readexactly(2)
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    return await reader.read() if to_eof else b""


def _http_response(status: int, payload: JSON, *, keep_alive: bool) -> bytes:
    """Returns a complete HTTP/1.1 response carrying payload as JSON."""
    body = json.dumps(payload).encode("utf-8")
    try:
        reason = HTTPStatus(status).phrase
    except ValueError:
        reason = "Unknown"
    head = (
        f"HTTP/1.1 {status} {reason}\r\n"
        "Server: bangbot-telegram-emulator\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n"
    )
    return head.encode("latin-1") + body


async def _http_post(url: str, body: bytes, headers: Mapping[str, str]) -> tuple[int, str, dict[str, str], bytes]:
    """POSTs body to a local http:// URL; returns status, reason, headers and body of the response."""
    parts = urlsplit(url)
    host = _LOCAL_HOSTS[(parts.hostname or "").lower()]
    port = parts.port or 80
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [
            f"POST {target} HTTP/1.1",
            f"Host: {parts.netloc}",
            "Content-Type: application/json",
            f"Content-Length: {len(body)}",
            "Connection: close",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        await writer.drain()
        head = await _read_head(reader)
        if not head:
            raise ConnectionError("empty response")
        status_parts = head[0].decode("latin-1").split(" ", 2)
        status = int(status_parts[1])
        reason = status_parts[2] if len(status_parts) > 2 else ""
        response_headers = _parse_headers(head[1:])
        response_body = await _read_body(reader, response_headers, to_eof=True)
        return status, reason, response_headers, response_body
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


# ----------------------------------------------------------------------------------------------------------------------
# The emulator
# ----------------------------------------------------------------------------------------------------------------------


class BotApiEmulator:
    """A Telegram Bot API server on 127.0.0.1 for one bot, with a world of users and chats and a test-facing API."""

    def __init__(
        self,
        *,
        token: str = BOT_TOKEN,
        bot_username: str = BOT_USERNAME,
        bot_first_name: str = BOT_FIRST_NAME,
        group_limit: tuple[int, float] | None = (20, 60.0),
        private_limit: tuple[int, float] | None = None,
        global_limit: tuple[int, float] | None = None,
        flood_model: FloodModel = "window",
        flood_counts_edits: bool = False,
        privacy_mode: bool = True,
        callback_timeout: float | None = None,
        max_text_length: int = 4096,
        webhook_timeout: float = 10.0,
        webhook_retry_delay: float = 0.2,
        port: int = 0,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """Configures the bot identity (bot id = token prefix), flood limits as (messages, seconds), and behaviour.

        Flood limits count sendMessage; with flood_counts_edits also editMessageText and editMessageReplyMarkup
        (Telegram answers edits into a busy group with 429 too). clock gives message dates; monotonic times the
        arrival of requests and presses, which flood limits and callback_timeout count (tests may pass a fake one).
        """
        bot_id, _, _ = token.partition(":")
        if not bot_id.isdigit():
            raise ValueError("a bot token starts with the bot's numeric id and a colon")
        self._token = token
        self._bot_id = int(bot_id)
        self._bot_username = bot_username
        self._bot_first_name = bot_first_name
        self._group_limit = group_limit
        self._private_limit = private_limit
        self._flood_model: FloodModel = flood_model
        self._flood_counts_edits = flood_counts_edits
        self._global_flood = _RateLimit(*global_limit, flood_model) if global_limit else None
        self._private_flood: dict[int, _RateLimit] = {}
        self._privacy_mode = privacy_mode
        self._callback_timeout = callback_timeout
        self._max_text_length = max_text_length
        self._webhook_timeout = webhook_timeout
        self._webhook_retry_delay = webhook_retry_delay
        self._wanted_port = port
        self._clock = clock
        self._monotonic = monotonic

        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)
        self._users: dict[int, _User] = {}
        self._chats: dict[int, _Chat] = {}
        self._queries: dict[str, _Query] = {}
        self._commands: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._bot_texts: dict[tuple[str, str], str] = {}
        self._menu_buttons: dict[int | None, JSON] = {}
        self._documents: dict[tuple[int, int], UploadedFile] = {}
        self._pinned: dict[int, list[int]] = {}  # chat id -> pinned message ids, the newest last
        self._no_pin_right: set[int] = set()  # groups where the bot, as an administrator, may not pin
        self._inline_answers: dict[str, list[JSON]] = {}
        self._inline_queries: dict[str, int] = {}  # query id -> the user who typed it
        self._calls: list[ApiCall] = []
        self._internal_errors: list[str] = []
        self._all_updates: list[JSON] = []
        self._dropped_updates: list[JSON] = []
        self._pending: list[JSON] = []
        self._allowed_updates: frozenset[str] | None = None
        self._webhook: _Webhook | None = None
        self._webhook_error: tuple[int, str] | None = None
        self._inflight: set[int] = set()
        self._retry_at: dict[int, float] = {}
        self._attempts: dict[int, int] = {}
        self._poll_generation = 0
        self._max_fetched_id = 0
        self._last_activity = time.monotonic()
        self._received = monotonic()  # arrival of the request being handled (lock held)
        self._waiting_polls = 0
        self._changes = 0
        self._update_ids = itertools.count(100_000_001)
        self._user_ids = itertools.count(100_001)
        self._group_ids = itertools.count(1)
        self._query_ids = itertools.count(1)

        self._outage: tuple[int, int, frozenset[str] | None] | None = None  # status, retry_after, methods (lowercase)

        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._poll_event: asyncio.Event | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._port = 0

        handlers: dict[str, Callable[[_Params], object]] = {
            "getMe": self._m_get_me,
            "logOut": self._m_true,
            "close": self._m_true,
            "sendMessage": self._m_send_message,
            "sendDocument": self._m_send_document,
            "editMessageText": self._m_edit_message_text,
            "editMessageReplyMarkup": self._m_edit_message_reply_markup,
            "deleteMessage": self._m_delete_message,
            "deleteMessages": self._m_delete_messages,
            "answerCallbackQuery": self._m_answer_callback_query,
            "sendChatAction": self._m_send_chat_action,
            "setMyCommands": self._m_set_my_commands,
            "getMyCommands": self._m_get_my_commands,
            "deleteMyCommands": self._m_delete_my_commands,
            "setMyDescription": lambda p: self._m_set_bot_text(p, "description"),
            "getMyDescription": lambda p: self._m_get_bot_text(p, "description"),
            "setMyShortDescription": lambda p: self._m_set_bot_text(p, "short_description"),
            "getMyShortDescription": lambda p: self._m_get_bot_text(p, "short_description"),
            "setMyName": lambda p: self._m_set_bot_text(p, "name"),
            "getMyName": lambda p: self._m_get_bot_text(p, "name"),
            "setChatMenuButton": self._m_set_chat_menu_button,
            "getChatMenuButton": self._m_get_chat_menu_button,
            "getChat": self._m_get_chat,
            "getChatMember": self._m_get_chat_member,
            "getChatAdministrators": self._m_get_chat_administrators,
            "getChatMemberCount": self._m_get_chat_member_count,
            "leaveChat": self._m_leave_chat,
            "setWebhook": self._m_set_webhook,
            "deleteWebhook": self._m_delete_webhook,
            "getWebhookInfo": self._m_get_webhook_info,
            "pinChatMessage": self._m_pin_chat_message,
            "unpinChatMessage": self._m_unpin_chat_message,
            "unpinAllChatMessages": self._m_unpin_all_chat_messages,
            "answerInlineQuery": self._m_answer_inline_query,
            "getUpdates": self._m_true,  # answered asynchronously by _get_updates
        }
        self._methods = {name.lower(): (name, handler) for name, handler in handlers.items()}

    def answer_with(self, method: str, result: Callable[[], object]) -> None:
        """Makes a method answer `{"ok": true, "result": result()}` whatever it is asked (a broken Bot API)."""
        name, _ = self._methods.get(method.lower(), (method, None))
        self._methods[method.lower()] = (name, lambda p: result())

    def fail_requests(self, status: int, retry_after: int = 0, methods: Iterable[str] | None = None) -> None:
        """From now until heal(), answers the bot's requests (of these methods; never getUpdates) with a failure.

        status 502: "Bad Gateway"; 429: "Too Many Requests" asking to retry after retry_after s; 0: no answer at all
        (the request is lost: its connection closes at heal(), the method not run), as when Telegram times out.
        """
        wanted = frozenset(m.lower() for m in methods) if methods is not None else None
        with self._lock:
            self._outage = (status, retry_after, wanted)

    def heal(self) -> None:
        """Ends the failures fail_requests began: every request is served again."""
        with self._lock:
            self._outage = None

    def _failing(self, name: str) -> tuple[int, int] | None:
        """Returns the injected failure (status, retry_after) a request of this method meets now, if any."""
        outage = self._outage
        if outage is None or name == "getUpdates" or (outage[2] is not None and name.lower() not in outage[2]):
            return None
        return outage[0], outage[1]

    async def _fail(
        self, name: str, raw: Mapping[str, Any], failure: tuple[int, int], received: float
    ) -> tuple[int, JSON]:
        """Answers a request with an injected failure (recorded as a call), or holds it unanswered until heal()."""
        status, retry_after = failure
        if status == 0:
            while self._failing(name) is not None:
                await asyncio.sleep(0.05)
            with self._lock:
                self._record(name, raw, 504, {"description": "lost: no answer"}, received)
            raise ConnectionResetError("the request was lost")
        payload: JSON = {"ok": False, "error_code": status}
        if status == 429:
            payload["description"] = f"Too Many Requests: retry after {retry_after}"
            payload["parameters"] = {"retry_after": retry_after}
        else:
            payload["description"] = "Bad Gateway"
        with self._lock:
            self._record(name, raw, status, payload, received)
        return status, payload

    # -- lifecycle -----------------------------------------------------------------------------------------------------

    def start(self) -> Self:
        """Starts serving on 127.0.0.1 (a free port unless one was given) in a background thread; returns self."""
        if self._thread is not None:
            raise RuntimeError("the emulator is already running")
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                server = loop.run_until_complete(
                    asyncio.start_server(self._handle_connection, "127.0.0.1", self._wanted_port)
                )
            except BaseException as exc:
                failure.append(exc)
                ready.set()
                loop.close()
                return
            self._server = server
            self._port = int(server.sockets[0].getsockname()[1])
            self._poll_event = asyncio.Event()
            self._loop = loop
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close_all())
                loop.close()

        self._thread = threading.Thread(target=run, name="telegram-bot-api-emulator", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("the emulator did not start within 10 s")
        if failure:
            self._thread = None
            raise failure[0]
        with self._lock:
            self._signal()
        return self

    def stop(self) -> None:
        """Stops the server, ends open connections and deliveries, and joins the thread; the world is kept."""
        thread, loop = self._thread, self._loop
        if thread is None:
            return
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        with self._lock:
            self._thread = None
            self._loop = None
            self._server = None
            self._inflight.clear()

    async def _close_all(self) -> None:
        """Closes the listening socket, open connections and running tasks (on the emulator's loop)."""
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()
        tasks = [task for task in self._tasks if not task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def __enter__(self) -> Self:
        """Starts the emulator for a with-block."""
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Stops the emulator at the end of a with-block."""
        self.stop()

    async def __aenter__(self) -> Self:
        """Starts the emulator for an async with-block."""
        return self.start()

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Stops the emulator at the end of an async with-block."""
        await asyncio.to_thread(self.stop)

    # -- identity ------------------------------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        """Returns the TCP port the emulator listens on (0 before start)."""
        return self._port

    @property
    def base_url(self) -> str:
        """Returns the base_url for PTB: "http://127.0.0.1:<port>/bot" (PTB appends <token>/<method>)."""
        if not self._port:
            raise RuntimeError("start the emulator first")
        return f"http://127.0.0.1:{self._port}/bot"

    @property
    def base_file_url(self) -> str:
        """Returns a base_file_url for python-telegram-bot (files are not served)."""
        return f"http://127.0.0.1:{self._port}/file/bot"

    @property
    def token(self) -> str:
        """Returns the bot token the emulator accepts."""
        return self._token

    @property
    def bot_id(self) -> int:
        """Returns the bot's user id."""
        return self._bot_id

    @property
    def bot_username(self) -> str:
        """Returns the bot's username, without "@"."""
        return self._bot_username

    def bot_user(self) -> JSON:
        """Returns the bot as the User object getMe answers with."""
        return {
            **self._bot_json(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self._privacy_mode,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    # -- world set-up (test-facing) ------------------------------------------------------------------------------------

    def add_user(
        self,
        first_name: str,
        *,
        user_id: int | None = None,
        username: str | None = None,
        last_name: str | None = None,
        language_code: str | None = "en",
        started: bool = False,
    ) -> int:
        """Adds a person (with their private chat, id = user id); returns the user id."""
        with self._lock:
            uid = user_id if user_id is not None else next(self._user_ids)
            if uid <= 0 or uid in self._users or uid == self._bot_id:
                raise ValueError(f"user id {uid} is taken or invalid")
            self._users[uid] = _User(uid, first_name, last_name, username, language_code, started=started)
            self._chats[uid] = _Chat(uid, "private")
            return uid

    def add_group(
        self,
        title: str,
        *,
        members: Iterable[int] = (),
        admins: Iterable[int] = (),
        creator: int | None = None,
        chat_id: int | None = None,
        type: Literal["group", "supergroup"] = "supergroup",
        username: str | None = None,
        bot_is_admin: bool = False,
    ) -> int:
        """Adds a group chat with the bot in it; admins and creator are members too; returns the (negative) chat id."""
        with self._lock:
            if chat_id is None:
                number = next(self._group_ids)
                chat_id = -(1_000_000_000_000 + number) if type == "supergroup" else -(4_000_000_000 + number)
            if chat_id >= 0 or chat_id in self._chats:
                raise ValueError(f"group chat id {chat_id} is taken or not negative")
            chat = _Chat(chat_id, type, title=title, username=username, creator=creator)
            chat.bot_status = "administrator" if bot_is_admin else "member"
            for uid in [*members, *admins, *([creator] if creator is not None else [])]:
                self._require_user(uid)
                chat.members.add(uid)
            chat.admins.update(admins)
            self._chats[chat_id] = chat
            return chat_id

    def add_member(self, chat_id: int, user_id: int, *, admin: bool = False) -> None:
        """Makes a user a member (and optionally an administrator) of a group."""
        with self._lock:
            chat = self._require_group(chat_id)
            self._require_user(user_id)
            chat.members.add(user_id)
            if admin:
                chat.admins.add(user_id)

    def remove_member(self, chat_id: int, user_id: int) -> None:
        """Removes a user from a group (their status becomes "left")."""
        with self._lock:
            chat = self._require_group(chat_id)
            chat.members.discard(user_id)
            chat.restricted.pop(user_id, None)
            chat.admins.discard(user_id)
            if chat.creator == user_id:
                chat.creator = None

    def allow_updates(self, kinds: Iterable[str]) -> None:
        """Sets which update kinds are created from now on, as getUpdates' allowed_updates does (none: the default)."""
        with self._lock:
            self._set_allowed_updates(list(kinds))

    def user_leaves(self, chat_id: int, user_id: int) -> int:
        """A member leaves a group: a left_chat_member service message (returns its id) and a chat_member update."""
        with self._lock:
            chat = self._require_group(chat_id)
            user = self._require_user(user_id)
            if user_id not in chat.members:
                raise ValueError(f"user {user_id} is not a member of {chat_id}")
            old = "creator" if chat.creator == user_id else "administrator" if user_id in chat.admins else "member"
            self.remove_member(chat_id, user_id)
            message = self._user_message(
                chat, user_id, "", service={"left_chat_member": self._user_json(user)}, force=True
            )
            person = self._user_json(user)
            self._enqueue(
                "chat_member",
                {
                    "chat": self._chat_json(chat),
                    "from": person,
                    "date": int(self._clock()),
                    "old_chat_member": {"status": old, "user": person},
                    "new_chat_member": {"status": "left", "user": person},
                },
            )
            return message.message_id

    def set_admin(self, chat_id: int, user_id: int, admin: bool = True) -> None:
        """Promotes a group member to administrator or demotes them."""
        with self._lock:
            chat = self._require_group(chat_id)
            if user_id not in chat.members:
                raise ValueError(f"user {user_id} is not a member of {chat_id}")
            (chat.admins.add if admin else chat.admins.discard)(user_id)

    def restrict_member(self, chat_id: int, user_id: int, *, is_member: bool = True) -> None:
        """Restricts a user in a supergroup: getChatMember says "restricted", with is_member as given.

        A restricted user who is not a member (is_member False) cannot write or press there.
        """
        with self._lock:
            chat = self._require_group(chat_id)
            self._require_user(user_id)
            if chat.type != "supergroup":
                raise ValueError("only supergroup members can be restricted")
            chat.restricted[user_id] = is_member
            chat.admins.discard(user_id)
            (chat.members.add if is_member else chat.members.discard)(user_id)

    def set_bot_status(self, chat_id: int, status: Literal["member", "administrator", "left", "kicked"]) -> None:
        """Sets the bot's own status in a group (kicked/left chats answer 403 to sends)."""
        with self._lock:
            self._require_group(chat_id).bot_status = status

    def set_bot_pin_right(self, chat_id: int, allowed: bool) -> None:
        """Gives or takes the bot's right to pin messages in a group where it is an administrator."""
        with self._lock:
            self._require_group(chat_id)
            if allowed:
                self._no_pin_right.discard(chat_id)
            else:
                self._no_pin_right.add(chat_id)

    def kick_bot(self, chat_id: int) -> None:
        """Removes the bot from a group: sending there fails with 403 "bot was kicked from the ... chat"."""
        self.set_bot_status(chat_id, "kicked")

    def open_topic(self, chat_id: int, name: str, by: int) -> int:
        """Opens a topic in a supergroup (which becomes a forum); returns its message_thread_id."""
        with self._lock:
            chat = self._require_group(chat_id)
            if chat.type != "supergroup":
                raise ValueError("only a supergroup has topics")
            created = self._user_message(chat, by, "", service={"forum_topic_created": {"name": name, "icon_color": 0}})
            chat.topics[created.message_id] = name
            created.thread_id = created.message_id
            return created.message_id

    def remove_bot_from_group(self, chat_id: int, by: int, status: Literal["left", "kicked"] = "kicked") -> None:
        """A member removes the bot from a group: sends there answer 403, and a my_chat_member update says so."""
        with self._lock:
            chat = self._require_group(chat_id)
            old = chat.bot_status
            chat.bot_status = status
            self._group_my_chat_member(chat, self._require_user(by), old, status)

    def add_bot_to_group(self, chat_id: int, by: int) -> None:
        """A member adds the bot back to a group it was removed from; a my_chat_member update says so."""
        with self._lock:
            chat = self._require_group(chat_id)
            old = chat.bot_status
            chat.bot_status = "member"
            self._group_my_chat_member(chat, self._require_user(by), old, "member")

    def _group_my_chat_member(self, chat: _Chat, actor: _User, old: str, new: str) -> None:
        """Queues a my_chat_member update for the bot's status change in a group, made by actor."""
        members: list[JSON] = []
        for status in (old, new):
            member: JSON = {"status": status, "user": self._bot_json()}
            if status == "kicked":
                member["until_date"] = 0
            members.append(member)
        self._enqueue(
            "my_chat_member",
            {
                "chat": self._chat_json(chat),
                "from": self._user_json(actor),
                "date": int(self._clock()),
                "old_chat_member": members[0],
                "new_chat_member": members[1],
            },
        )

    def migrate_group(self, chat_id: int) -> int:
        """Upgrades a basic group to a new supergroup; the old id then answers 400 with migrate_to_chat_id."""
        with self._lock:
            old = self._require_group(chat_id)
            if old.type != "group" or old.migrated_to is not None:
                raise ValueError("only a basic group that was not migrated yet can be upgraded")
            new_id = -(1_000_000_000_000 + next(self._group_ids))
            new = _Chat(
                new_id,
                "supergroup",
                title=old.title,
                members=set(old.members),
                admins=set(old.admins),
                creator=old.creator,
                bot_status=old.bot_status,
            )
            self._chats[new_id] = new
            old.migrated_to = new_id
            actor = old.creator or next(iter(sorted(old.members)), None)
            if actor is not None and old.bot_status in ("member", "administrator"):
                self._user_message(old, actor, "", service={"migrate_to_chat_id": new_id}, force=True)
                self._user_message(new, actor, "", service={"migrate_from_chat_id": chat_id}, force=True)
            return new_id

    # -- acting as users (test-facing) ---------------------------------------------------------------------------------

    def user_starts_bot(self, user_id: int, payload: str | None = None) -> int:
        """Sends "/start" or "/start <payload>" privately; the user has then started (and unblocked) the bot."""
        if payload is not None and not _START_PAYLOAD_RE.match(payload):
            raise ValueError("a start payload is 1-64 characters of A-Z, a-z, 0-9, _ and -")
        with self._lock:
            user = self._require_user(user_id)
            if user.blocked:
                user.blocked = False
                self._my_chat_member(user, "kicked", "member")
            user.started = True
            text = "/start" if payload is None else f"/start {payload}"
            return self._user_message(self._chats[user_id], user_id, text).message_id

    def user_sends(
        self, user_id: int, chat_id: int, text: str, *, reply_to: int | None = None, thread: int | None = None
    ) -> int:
        """Sends a user's text (a /command gets a bot_command entity; a private one starts the chat); returns its id.

        thread names a topic of a forum supergroup (see open_topic) the message is written in.
        """
        if not text.strip():
            raise ValueError("a user cannot send an empty message")
        with self._lock:
            user = self._require_user(user_id)
            chat = self._require_chat(chat_id)
            if chat.type == "private":
                if chat.id != user_id:
                    raise ValueError(f"user {user_id} cannot write in the private chat of {chat_id}")
                if user.blocked:
                    raise ValueError("the user blocked the bot; call user_starts_bot or unblock first")
                user.started = True
            elif user_id not in chat.members:
                raise ValueError(f"user {user_id} is not a member of {chat_id}")
            elif chat.migrated_to is not None:
                raise ValueError(f"group {chat_id} was migrated to {chat.migrated_to}")
            if reply_to is not None and self._live_message(chat, reply_to) is None:
                raise ValueError(f"no message {reply_to} in chat {chat_id} to reply to")
            if thread is not None and thread not in chat.topics:
                raise ValueError(f"no topic {thread} in chat {chat_id}")
            return self._user_message(chat, user_id, text, reply_to=reply_to, thread=thread).message_id

    def user_edits(self, user_id: int, chat_id: int, message_id: int, text: str) -> None:
        """Edits a user's own earlier message, producing an edited_message update when the bot could see it."""
        with self._lock:
            chat = self._require_chat(chat_id)
            message = self._live_message(chat, message_id)
            if message is None or message.from_bot or message.sender_id != user_id:
                raise ValueError(f"user {user_id} has no message {message_id} in chat {chat_id}")
            message.text = message.raw_text = text
            message.entities = self._command_entities(text)
            message.texts.append(text)
            message.edits += 1
            message.edit_date = int(self._clock())
            if self._bot_sees(chat, message):
                self._enqueue("edited_message", self._message_json(message))

    def user_presses(
        self, user_id: int, chat_id: int, message_id: int, callback_data: str, *, check: bool = True
    ) -> str:
        """Presses an inline button (callback_data must be on the message unless check=False); returns the query id."""
        with self._lock:
            user = self._require_user(user_id)
            chat = self._require_chat(chat_id)
            message = self._live_message(chat, message_id)
            if message is None or not message.from_bot:
                raise ValueError(f"no bot message {message_id} in chat {chat_id}")
            if chat.type == "private" and chat.id != user_id:
                raise ValueError(f"user {user_id} cannot see the private chat of {chat_id}")
            if chat.is_group and user_id not in chat.members:
                raise ValueError(f"user {user_id} is not a member of {chat_id}")
            datas = [
                b.get("callback_data") for row in (message.reply_markup or {}).get("inline_keyboard", []) for b in row
            ]
            if check and callback_data not in datas:
                raise ValueError(f"message {message_id} has no button with callback_data {callback_data!r}: {datas}")
            query_id = str((self._bot_id << 24) + next(self._query_ids))
            self._queries[query_id] = _Query(query_id, user_id, chat_id, message_id, callback_data, self._monotonic())
            self._enqueue(
                "callback_query",
                {
                    "id": query_id,
                    "from": self._user_json(user),
                    "message": self._message_json(message),
                    "chat_instance": str((chat_id * 0x9E3779B1) % (1 << 63)),
                    "data": callback_data,
                },
            )
            return query_id

    def user_inline_query(self, user_id: int, text: str) -> str:
        """Types text after the bot's username in some chat (inline mode); returns the inline query's id."""
        with self._lock:
            user = self._require_user(user_id)
            query_id = str((self._bot_id << 24) + next(self._query_ids))
            self._inline_queries[query_id] = user_id
            self._enqueue("inline_query", {"id": query_id, "from": self._user_json(user), "query": text, "offset": ""})
            return query_id

    def press_button(self, user_id: int, chat_id: int, label: str, *, message_id: int | None = None) -> str:
        """Presses the button labelled label (exact, else containing) on the newest bot message having it."""
        with self._lock:
            candidates = [
                view
                for view in reversed(self.messages(chat_id))
                if view.from_bot and not view.deleted and (message_id is None or view.message_id == message_id)
            ]
            for view in candidates:
                with contextlib.suppress(LookupError):
                    data = view.button(label)
                    return self.user_presses(user_id, chat_id, view.message_id, data, check=False)
            shown = {view.message_id: view.button_texts for view in candidates if view.buttons}
            raise LookupError(f"no button {label!r} in chat {chat_id}; buttons by message: {shown}")

    def block(self, user_id: int) -> None:
        """The user blocks the bot: private sends fail with 403 "bot was blocked by the user"."""
        with self._lock:
            user = self._require_user(user_id)
            if not user.blocked:
                user.blocked = True
                if user.started:
                    self._my_chat_member(user, "member", "kicked")

    def unblock(self, user_id: int) -> None:
        """The user unblocks the bot (without sending /start)."""
        with self._lock:
            user = self._require_user(user_id)
            if user.blocked:
                user.blocked = False
                if user.started:
                    self._my_chat_member(user, "kicked", "member")

    # -- observing (test-facing) ---------------------------------------------------------------------------------------

    def messages(self, chat_id: int) -> list[MessageView]:
        """Returns every message of a chat in order, deleted ones flagged, with current text and buttons."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return [self._view(message) for _, message in sorted(chat.messages.items())]

    def documents(self, chat_id: int) -> list[tuple[MessageView, UploadedFile]]:
        """Returns the files the bot sent to a chat, in order, each with its message (whose text is the caption)."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return [
                (self._view(chat.messages[mid]), file)
                for (cid, mid), file in sorted(self._documents.items())
                if cid == chat_id
            ]

    def bot_messages(self, chat_id: int) -> list[MessageView]:
        """Returns the bot's messages in a chat that are not deleted, in order."""
        return [view for view in self.messages(chat_id) if view.from_bot and not view.deleted]

    def message(self, chat_id: int, message_id: int) -> MessageView:
        """Returns one message of a chat (KeyError when it never existed)."""
        with self._lock:
            return self._view(self._require_chat(chat_id).messages[message_id])

    def last_message(self, chat_id: int) -> MessageView | None:
        """Returns the bot's newest message in a chat that is not deleted, or None."""
        messages = self.bot_messages(chat_id)
        return messages[-1] if messages else None

    def history(self, chat_id: int) -> dict[int, list[str]]:
        """Returns, per message id, every text the message ever had (first to current, deleted ones included)."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return {mid: list(message.texts) for mid, message in sorted(chat.messages.items())}

    def answered(self, query_id: str) -> CallbackAnswer | None:
        """Returns how the bot answered a callback query, or None while it is unanswered."""
        with self._lock:
            query = self._queries.get(query_id)
            if query is None:
                raise KeyError(f"no callback query {query_id}")
            return query.answer

    def unanswered(self) -> list[str]:
        """Returns the ids of callback queries the bot has not answered, oldest first."""
        with self._lock:
            return [qid for qid, query in self._queries.items() if query.answer is None]

    @property
    def calls(self) -> list[ApiCall]:
        """Returns every Bot API call answered so far (method, decoded params, time, outcome), oldest first."""
        with self._lock:
            return list(self._calls)

    def calls_to(self, method: str) -> list[ApiCall]:
        """Returns the calls of one method (name compared case-insensitively)."""
        return [call for call in self.calls if call.method.lower() == method.lower()]

    def clear_calls(self) -> None:
        """Forgets the recorded calls."""
        with self._lock:
            self._calls.clear()

    @property
    def commands(self) -> dict[tuple[str, str], list[tuple[str, str]]]:
        """Returns setMyCommands lists keyed by (scope, language_code); scope is the type [":chat_id"[":user_id"]]."""
        with self._lock:
            return {key: list(value) for key, value in self._commands.items()}

    @property
    def updates(self) -> list[JSON]:
        """Returns every update created so far (delivered or not), oldest first."""
        with self._lock:
            return list(self._all_updates)

    def pending_updates(self) -> list[JSON]:
        """Returns the updates not yet confirmed by getUpdates or accepted by the webhook."""
        with self._lock:
            return list(self._pending)

    @property
    def internal_errors(self) -> list[str]:
        """Returns descriptions of requests the emulator failed on itself (answered with 500); tests expect none."""
        with self._lock:
            return list(self._internal_errors)

    def reset_flood(self) -> None:
        """Forgets all flood-limit counters."""
        with self._lock:
            for chat in self._chats.values():
                chat.flood = None
            self._private_flood.clear()
            if self._global_flood is not None:
                self._global_flood = _RateLimit(self._global_flood.count, self._global_flood.period, self._flood_model)

    def polls_started(self) -> int:
        """Returns how many getUpdates requests arrived so far (a bot that started polling makes it grow)."""
        with self._lock:
            return self._poll_generation

    def polls_waiting(self) -> int:
        """Returns how many getUpdates requests are waiting for an update right now."""
        with self._lock:
            return self._waiting_polls

    def is_idle(self, quiet: float = 0.1) -> bool:
        """Returns whether every update was fetched, no request runs, and no call came in the last quiet seconds."""
        with self._lock:
            fetched = all(update["update_id"] <= self._max_fetched_id for update in self._pending)
            busy = bool(self._inflight)  # a request other than getUpdates runs under the lock: none is under way
            return fetched and not busy and time.monotonic() - self._last_activity >= quiet

    def pinned(self, chat_id: int) -> list[int]:
        """Returns the ids of a chat's pinned messages, the newest last."""
        with self._lock:
            return list(self._pinned.get(chat_id, []))

    def inline_answer(self, query_id: str) -> list[JSON] | None:
        """Returns the results the bot answered an inline query with, or None before it answered."""
        with self._lock:
            answer = self._inline_answers.get(query_id)
            return None if answer is None else list(answer)

    def transcript(self, chat_id: int | None = None) -> str:
        """Returns a readable dump of one chat (or all chats), for failure messages."""
        with self._lock:
            chats = [self._require_chat(chat_id)] if chat_id is not None else list(self._chats.values())
            lines: list[str] = []
            for chat in chats:
                if not chat.messages:
                    continue
                lines.append(f"== chat {chat.id} ({chat.type} {chat.title})")
                for view in (self._view(m) for _, m in sorted(chat.messages.items())):
                    who = "bot" if view.from_bot else f"user {view.sender_id}"
                    flags = (" [deleted]" if view.deleted else "") + (f" [edited x{view.edits}]" if view.edits else "")
                    lines.append(f"#{view.message_id} {who}{flags}: {view.text!r} {view.buttons or ''}")
            return "\n".join(lines)

    # -- waiting (test-facing) -----------------------------------------------------------------------------------------

    def wait_until(
        self, predicate: Callable[[], T | None], timeout: float = WAIT_CEILING, what: str = "condition"
    ) -> T:
        """Blocks until predicate() is truthy and returns it; TimeoutError after timeout s (not for the bot's loop).

        The predicate runs without the emulator's lock, so it may take its time (read a database) without holding up
        the requests the emulator serves meanwhile; it is tried again after every change and at least every 50 ms.
        """
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                changes = self._changes
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}\n{self.transcript()}")
            with self._cond:
                if self._changes == changes:
                    self._cond.wait(min(remaining, 0.05))

    async def wait_until_async(
        self,
        predicate: Callable[[], T | None],
        timeout: float = WAIT_CEILING,
        what: str = "condition",
        interval: float = 0.01,
    ) -> T:
        """Awaits until predicate() is truthy and returns it, letting the caller's loop run; TimeoutError on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() >= deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}\n{self.transcript()}")
            await asyncio.sleep(interval)

    def _message_matcher(
        self, chat_id: int, contains: str | None, predicate: Callable[[MessageView], bool] | None, after: int
    ) -> Callable[[], MessageView | None]:
        """Returns a probe for the first live bot message after `after` that contains text and satisfies predicate."""

        def probe() -> MessageView | None:
            for view in self.bot_messages(chat_id):
                if view.message_id <= after:
                    continue
                if contains is not None and contains not in view.text:
                    continue
                if predicate is not None and not predicate(view):
                    continue
                return view
            return None

        return probe

    def wait_for_message(
        self,
        chat_id: int,
        contains: str | None = None,
        *,
        predicate: Callable[[MessageView], bool] | None = None,
        after: int = 0,
        timeout: float = WAIT_CEILING,
    ) -> MessageView:
        """Blocks until a live bot message with id > after contains `contains` and satisfies predicate; returns it."""
        probe = self._message_matcher(chat_id, contains, predicate, after)
        return self.wait_until(probe, timeout, f"a bot message in {chat_id} containing {contains!r}")

    async def wait_for_message_async(
        self,
        chat_id: int,
        contains: str | None = None,
        *,
        predicate: Callable[[MessageView], bool] | None = None,
        after: int = 0,
        timeout: float = WAIT_CEILING,
    ) -> MessageView:
        """Awaits a live bot message with id > after that contains `contains` and satisfies predicate; returns it."""
        probe = self._message_matcher(chat_id, contains, predicate, after)
        return await self.wait_until_async(probe, timeout, f"a bot message in {chat_id} containing {contains!r}")

    def wait_for_answer(self, query_id: str, timeout: float = WAIT_CEILING) -> CallbackAnswer:
        """Blocks until the bot answered the callback query; returns the answer."""
        return self.wait_until(lambda: self.answered(query_id), timeout, f"an answer to callback query {query_id}")

    async def wait_for_answer_async(self, query_id: str, timeout: float = WAIT_CEILING) -> CallbackAnswer:
        """Awaits the bot's answer to the callback query; returns it."""
        return await self.wait_until_async(
            lambda: self.answered(query_id), timeout, f"an answer to callback query {query_id}"
        )

    def wait_idle(self, quiet: float = 0.2, timeout: float = WAIT_CEILING) -> None:
        """Blocks until is_idle(quiet): all updates fetched and no bot call for quiet seconds.

        A quiet period proves little on a busy machine (the bot may be computing between two calls): wait for the state
        a test needs instead where there is one.
        """
        self.wait_until(lambda: self.is_idle(quiet), timeout, f"{quiet} s without bot activity")

    async def wait_idle_async(self, quiet: float = 0.2, timeout: float = WAIT_CEILING) -> None:
        """Awaits is_idle(quiet): all updates fetched and no bot call for quiet seconds."""
        await self.wait_until_async(lambda: self.is_idle(quiet), timeout, f"{quiet} s without bot activity")

    # -- internals: world helpers (lock held) --------------------------------------------------------------------------

    def _require_user(self, user_id: int) -> _User:
        """Returns a known user or raises KeyError (a test mistake)."""
        user = self._users.get(user_id)
        if user is None:
            raise KeyError(f"no user {user_id}; add_user first")
        return user

    def _require_chat(self, chat_id: int) -> _Chat:
        """Returns a known chat or raises KeyError (a test mistake)."""
        chat = self._chats.get(chat_id)
        if chat is None:
            raise KeyError(f"no chat {chat_id}")
        return chat

    def _require_group(self, chat_id: int) -> _Chat:
        """Returns a known group chat or raises KeyError."""
        chat = self._require_chat(chat_id)
        if not chat.is_group:
            raise KeyError(f"chat {chat_id} is not a group")
        return chat

    @staticmethod
    def _live_message(chat: _Chat, message_id: int) -> _Message | None:
        """Returns a message of the chat that exists and is not deleted."""
        message = chat.messages.get(message_id)
        return None if message is None or message.deleted else message

    def _bot_json(self) -> JSON:
        """Returns the bot as a User object."""
        return {"id": self._bot_id, "is_bot": True, "first_name": self._bot_first_name, "username": self._bot_username}

    @staticmethod
    def _user_json(user: _User) -> JSON:
        """Returns a person as a User object."""
        data: JSON = {"id": user.id, "is_bot": False, "first_name": user.first_name}
        if user.last_name:
            data["last_name"] = user.last_name
        if user.username:
            data["username"] = user.username
        if user.language_code:
            data["language_code"] = user.language_code
        return data

    def _chat_json(self, chat: _Chat) -> JSON:
        """Returns a chat as a Chat object."""
        if chat.type == "private":
            user = self._users[chat.id]
            data: JSON = {"id": chat.id, "type": "private", "first_name": user.first_name}
            if user.last_name:
                data["last_name"] = user.last_name
            if user.username:
                data["username"] = user.username
            return data
        data = {"id": chat.id, "type": chat.type, "title": chat.title}
        if chat.username:
            data["username"] = chat.username
        if chat.topics:
            data["is_forum"] = True
        return data

    def _message_json(self, message: _Message, *, nested: bool = False) -> JSON:
        """Returns a stored message as a Message object (a replied-to message one level deep)."""
        chat = self._chats[message.chat_id]
        sender = self._bot_json() if message.from_bot else self._user_json(self._users[message.sender_id])
        data: JSON = {
            "message_id": message.message_id,
            "from": sender,
            "chat": self._chat_json(chat),
            "date": message.date,
        }
        if message.edit_date is not None:
            data["edit_date"] = message.edit_date
        if message.text:
            data["text"] = message.text
        if message.entities:
            data["entities"] = [dict(entity) for entity in message.entities]
        data.update(message.service)
        if message.thread_id is not None:
            data["message_thread_id"] = message.thread_id
            data["is_topic_message"] = True
        if message.reply_markup:
            data["reply_markup"] = json.loads(json.dumps(message.reply_markup))
        if message.reply_to is not None and not nested:
            replied = chat.messages.get(message.reply_to)
            if replied is not None and not replied.deleted:
                data["reply_to_message"] = self._message_json(replied, nested=True)
        return data

    def _view(self, message: _Message) -> MessageView:
        """Returns the test-facing snapshot of a stored message."""
        rows = (message.reply_markup or {}).get("inline_keyboard", [])
        buttons = [
            [(str(b.get("text", "")), str(b.get("callback_data", b.get("url", "")))) for b in row] for row in rows
        ]
        return MessageView(
            chat_id=message.chat_id,
            message_id=message.message_id,
            text=message.text,
            buttons=buttons,
            from_bot=message.from_bot,
            sender_id=message.sender_id,
            date=message.date,
            edits=message.edits,
            deleted=message.deleted,
            texts=list(message.texts),
            entities=[dict(entity) for entity in message.entities],
            raw_text=message.raw_text,
            parse_mode=message.parse_mode,
            reply_to_message_id=message.reply_to,
            reply_markup=json.loads(json.dumps(message.reply_markup)) if message.reply_markup else None,
            thread_id=message.thread_id,
        )

    def _store(self, chat: _Chat, message: _Message) -> _Message:
        """Stores a new message in its chat."""
        chat.messages[message.message_id] = message
        return message

    def _next_message_id(self, chat: _Chat) -> int:
        """Returns the chat's next message id."""
        mid = chat.next_message_id
        chat.next_message_id += 1
        return mid

    def _command_entities(self, text: str) -> list[JSON]:
        """Returns bot_command entities for every /command (or /command@username) in a user's text."""
        return [
            {"type": "bot_command", "offset": _utf16_len(text[: m.start()]), "length": _utf16_len(m.group(0))}
            for m in _COMMAND_RE.finditer(text)
        ]

    def _bot_sees(self, chat: _Chat, message: _Message) -> bool:
        """Returns whether the bot receives a user's message (privacy mode in groups, the bot's membership)."""
        if chat.type == "private":
            return True
        if chat.bot_status not in ("member", "administrator"):
            return False
        if message.service or not self._privacy_mode or chat.bot_status == "administrator":
            return True
        if message.reply_to is not None:
            replied = chat.messages.get(message.reply_to)
            if replied is not None and replied.from_bot:
                return True
        command = _COMMAND_RE.match(message.text)
        if command is None:
            return False
        mention = command.group(2)
        return mention is None or mention[1:].lower() == self._bot_username.lower()

    def _user_message(
        self,
        chat: _Chat,
        user_id: int,
        text: str,
        *,
        reply_to: int | None = None,
        service: JSON | None = None,
        force: bool = False,
        thread: int | None = None,
    ) -> _Message:
        """Stores a user's message and queues a message update when the bot can see it."""
        message = self._store(
            chat,
            _Message(
                chat_id=chat.id,
                message_id=self._next_message_id(chat),
                sender_id=user_id,
                from_bot=False,
                date=int(self._clock()),
                text=text,
                raw_text=text,
                parse_mode=None,
                entities=self._command_entities(text),
                reply_markup=None,
                reply_to=reply_to,
                texts=[text],
                service=dict(service or {}),
                thread_id=thread,
            ),
        )
        if force or self._bot_sees(chat, message):
            self._enqueue("message", self._message_json(message))
        return message

    def _my_chat_member(self, user: _User, old: str, new: str) -> None:
        """Queues a my_chat_member update for the bot's status change in a user's private chat."""
        new_member: JSON = {"status": new, "user": self._bot_json()}
        if new == "kicked":
            new_member["until_date"] = 0
        old_member: JSON = {"status": old, "user": self._bot_json()}
        if old == "kicked":
            old_member["until_date"] = 0
        self._enqueue(
            "my_chat_member",
            {
                "chat": self._chat_json(self._chats[user.id]),
                "from": self._user_json(user),
                "date": int(self._clock()),
                "old_chat_member": old_member,
                "new_chat_member": new_member,
            },
        )

    def _enqueue(self, kind: str, payload: JSON) -> None:
        """Creates an update of the given kind unless allowed_updates excludes it, and wakes its consumers."""
        allowed = self._allowed_updates
        if (allowed is None and kind in _DEFAULT_EXCLUDED_UPDATES) or (allowed is not None and kind not in allowed):
            self._dropped_updates.append({kind: payload})
            return
        update = {"update_id": next(self._update_ids), kind: payload}
        self._all_updates.append(update)
        self._pending.append(update)
        self._signal()

    def _notify(self) -> None:
        """Counts a change and wakes synchronous waiters (lock held)."""
        self._changes += 1
        self._cond.notify_all()

    def _signal(self) -> None:
        """Wakes synchronous waiters, long polls and webhook delivery after a change (lock held)."""
        self._notify()
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._on_signal)

    def _on_signal(self) -> None:
        """Wakes every waiting getUpdates and starts webhook deliveries (on the emulator's loop)."""
        event = self._poll_event
        if event is not None:
            self._poll_event = asyncio.Event()
            event.set()
        self._kick_webhook()

    def _set_allowed_updates(self, value: Any) -> None:
        """Stores allowed_updates for updates created from now on (an empty list restores the default)."""
        if value is None:
            return
        if not isinstance(value, list) or not all(isinstance(kind, str) for kind in value):
            raise _bad("can't parse allowed updates JSON object")
        self._allowed_updates = frozenset(value) if value else None

    # -- internals: validation helpers ---------------------------------------------------------------------------------

    def _target_chat(self, p: _Params, name: str = "chat_id") -> _Chat:
        """Resolves a chat_id parameter (number or @username) to a chat; 400 for unknown or migrated chats."""
        value = p.raw.get(name)
        if value is None or value == "":
            raise _bad(f"{name} is empty")
        chat: _Chat | None = None
        if isinstance(value, str) and value.strip().startswith("@"):
            wanted = value.strip()[1:].lower()
            chat = next((c for c in self._chats.values() if c.username and c.username.lower() == wanted), None)
        else:
            try:
                chat = self._chats.get(int(str(value).strip()))
            except ValueError:
                chat = None
        if chat is None:
            raise _bad("chat not found")
        if chat.migrated_to is not None:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                {"migrate_to_chat_id": chat.migrated_to},
            )
        return chat

    def _check_access(self, chat: _Chat) -> None:
        """Raises 403 when the bot may not write to the chat (not started, blocked, kicked, not a member)."""
        if chat.type == "private":
            user = self._users[chat.id]
            if user.blocked:
                raise _forbidden("bot was blocked by the user")
            if not user.started:
                raise _forbidden("bot can't initiate conversation with a user")
            return
        kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
        if chat.bot_status == "kicked":
            raise _forbidden(f"bot was kicked from the {kind}")
        if chat.bot_status == "left":
            raise _forbidden(f"bot is not a member of the {kind}")

    def _check_flood(self, chat: _Chat) -> None:
        """Raises 429 with retry_after when one more message would exceed a flood limit; else counts it.

        The request counts at its arrival (the `received` time of its ApiCall), as Telegram counts on arrival, not when
        the emulator's thread got round to it.
        """
        now = self._received
        limits: list[_RateLimit] = []
        if chat.is_group and self._group_limit:
            if chat.flood is None:
                chat.flood = _RateLimit(*self._group_limit, self._flood_model)
            limits.append(chat.flood)
        if chat.type == "private" and self._private_limit:
            limits.append(self._private_flood.setdefault(chat.id, _RateLimit(*self._private_limit, self._flood_model)))
        if self._global_flood is not None:
            limits.append(self._global_flood)
        wait = max((limit.retry_after(now) for limit in limits), default=0.0)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            raise ApiError(429, f"Too Many Requests: retry after {seconds}", {"retry_after": seconds})
        for limit in limits:
            limit.record(now)

    def _resolve_entities(self, entities: list[_Ent]) -> list[JSON]:
        """Converts parsed entities to Bot API MessageEntity objects (mentions of unknown users are dropped)."""
        result: list[JSON] = []
        for kind, offset, length, argument in sorted(
            entities, key=lambda e: (e[1], -e[2], _ENTITY_PRIORITY.get(e[0], 50))
        ):
            entity: JSON = {"type": _API_ENTITY_TYPE[kind], "offset": offset, "length": length}
            if kind == "PreCode":
                entity["language"] = argument
            elif kind == "TextUrl":
                entity["url"] = argument
            elif kind == "CustomEmoji":
                entity["custom_emoji_id"] = argument
            elif kind == "MentionName":
                user = self._users.get(int(argument))
                if user is None:
                    continue
                entity["user"] = self._user_json(user)
            result.append(entity)
        return result

    def _format(self, text: str | None, parse_mode: str | None, explicit: Any) -> tuple[str, list[JSON]]:
        """Parses message text as Telegram does (parse_mode or explicit entities), trims it, checks empty/too long."""
        if text is None or text == "":
            raise _bad("message text is empty")
        mode = (parse_mode or "").strip().lower()
        try:
            if explicit is not None:
                plain, parsed = text, self._explicit_entities(explicit)
            elif mode == "html":
                plain, parsed = _parse_html(text)
            elif mode == "markdownv2":
                plain, parsed = _parse_markdown_v2(text)
            elif mode == "markdown":
                plain, parsed = _parse_markdown(text)
            elif mode == "":
                plain, parsed = text, []
            else:
                raise _bad("unsupported parse_mode")
        except _ParseError as exc:
            raise _bad(f"can't parse entities: {exc}") from None
        plain, parsed = _trim(plain, parsed)
        if not plain:
            raise _bad("message text is empty")
        if len(plain) > self._max_text_length:
            raise _bad("message is too long")
        return plain, self._resolve_entities(parsed)

    @staticmethod
    def _explicit_entities(value: Any) -> list[_Ent]:
        """Converts an explicit `entities` parameter to parsed entities."""
        reverse = {api: kind for kind, api in _API_ENTITY_TYPE.items() if kind != "PreCode"}
        if not isinstance(value, list):
            raise _bad("can't parse entities JSON object")
        result: list[_Ent] = []
        for item in value:
            if not isinstance(item, dict) or item.get("type") not in reverse:
                continue
            kind = reverse[item["type"]]
            argument = ""
            if kind == "Pre" and item.get("language"):
                kind, argument = "PreCode", str(item["language"])
            elif kind == "TextUrl":
                argument = str(item.get("url", ""))
            elif kind == "MentionName":
                argument = str((item.get("user") or {}).get("id", 0))
            elif kind == "CustomEmoji":
                argument = str(item.get("custom_emoji_id", ""))
            result.append((kind, int(item.get("offset", 0)), int(item.get("length", 0)), argument))
        return result

    @staticmethod
    def _valid_button_url(url: object) -> bool:
        """Returns whether an inline button URL is acceptable (http, https or tg links)."""
        if not isinstance(url, str) or not url or any(ch.isspace() for ch in url):
            return False
        parts = urlsplit(url)
        if parts.scheme.lower() == "tg":
            return bool(parts.netloc or parts.path)
        return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)

    def _reply_markup(self, p: _Params, *, inline_only: bool = False) -> tuple[JSON | None, JSON | None]:
        """Validates reply_markup; returns (inline keyboard or None, other keyboard markup or None)."""
        value = p.obj("reply_markup", "can't parse reply keyboard markup JSON object")
        if value is None:
            return None, None
        if not isinstance(value, dict):
            raise _bad("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in value:
            if inline_only:
                raise _bad("inline keyboard expected")
            if not any(key in value for key in ("keyboard", "remove_keyboard", "force_reply")):
                raise _bad("can't parse reply keyboard markup JSON object")
            return None, dict(value)
        rows = value["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise _bad('can\'t parse inline keyboard button: Field "inline_keyboard" must be of type Array')
        clean_rows: list[list[JSON]] = []
        for row in rows:
            clean_row: list[JSON] = []
            for button in row:
                if not isinstance(button, dict):
                    raise _bad("can't parse inline keyboard button: InlineKeyboardButton must be of type Object")
                if not isinstance(button.get("text"), str):
                    raise _bad('can\'t parse inline keyboard button: Field "text" must be of type String')
                if not any(key in button for key in _BUTTON_ACTIONS):
                    raise _bad("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard")
                if "callback_data" in button:
                    data = button["callback_data"]
                    if not isinstance(data, str) or not 1 <= len(data.encode("utf-8")) <= _MAX_CALLBACK_DATA:
                        raise _bad("BUTTON_DATA_INVALID")
                if "url" in button and not self._valid_button_url(button["url"]):
                    raise _bad("BUTTON_URL_INVALID")
                clean_row.append({key: button[key] for key in ("text", *_BUTTON_ACTIONS) if key in button})
            if clean_row:
                clean_rows.append(clean_row)
        return ({"inline_keyboard": clean_rows} if clean_rows else None), None

    def _reply_target(self, chat: _Chat, p: _Params) -> int | None:
        """Resolves reply_parameters / reply_to_message_id; 400 when the message is gone and replies are required."""
        parameters = p.obj("reply_parameters", "can't parse reply parameters JSON object")
        allow_without = p.flag("allow_sending_without_reply")
        target: int | None = p.integer("reply_to_message_id")
        if isinstance(parameters, dict):
            if parameters.get("chat_id") not in (None, chat.id, str(chat.id)):
                raise _bad("cross-chat replies are not supported by the emulator")
            target = int(parameters.get("message_id", 0)) or None
            allow_without = bool(parameters.get("allow_sending_without_reply", allow_without))
        if target is None:
            return None
        if self._live_message(chat, target) is None:
            if allow_without:
                return None
            raise _bad("message to be replied not found")
        return target

    def _editable(self, p: _Params) -> tuple[_Chat, _Message]:
        """Finds the bot message an edit method targets; 400 when it is unknown, deleted or not the bot's."""
        if p.has("inline_message_id"):
            raise _bad("MESSAGE_ID_INVALID")
        chat = self._target_chat(p)
        message_id = p.integer("message_id")
        if message_id is None:
            raise _bad("message identifier is not specified")
        message = self._live_message(chat, message_id)
        if message is None:
            raise _bad("message to edit not found")
        if not message.from_bot:
            raise _bad("message can't be edited")
        self._check_access(chat)
        return chat, message

    # -- Bot API methods (lock held) -----------------------------------------------------------------------------------

    def _m_true(self, p: _Params) -> bool:
        """Answers True (logOut, close)."""
        return True

    def _m_get_me(self, p: _Params) -> JSON:
        """getMe: the bot's User object."""
        return self.bot_user()

    def _m_send_message(self, p: _Params) -> JSON:
        """sendMessage: validates text, markup, chat, access and flood limits; stores and returns the Message."""
        text, entities = self._format(p.text("text"), p.text("parse_mode"), p.obj("entities"))
        markup, keyboard = self._reply_markup(p)
        chat = self._target_chat(p)
        self._check_access(chat)
        reply_to = self._reply_target(chat, p)
        thread = self._thread_target(chat, p)
        self._check_flood(chat)
        message = self._store(
            chat,
            _Message(
                chat_id=chat.id,
                message_id=self._next_message_id(chat),
                sender_id=self._bot_id,
                from_bot=True,
                date=int(self._clock()),
                text=text,
                raw_text=p.text("text") or "",
                parse_mode=p.text("parse_mode"),
                entities=entities,
                reply_markup=markup,
                reply_to=reply_to,
                texts=[text],
                reply_keyboard=keyboard,
                thread_id=thread,
            ),
        )
        self._signal()
        return self._message_json(message)

    def _m_send_document(self, p: _Params) -> JSON:
        """sendDocument: an uploaded file (multipart) with an optional caption of at most 1024 characters."""
        document = p.raw.get("document")
        if not isinstance(document, UploadedFile):
            raise _bad("there is no document in the request")
        caption = p.text("caption") or ""
        if len(caption) > 1024:
            raise _bad("message caption is too long")
        chat = self._target_chat(p)
        self._check_access(chat)
        self._check_flood(chat)
        mid = self._next_message_id(chat)
        file_id = f"doc{chat.id}_{mid}"
        info: JSON = {
            "file_id": file_id,
            "file_unique_id": file_id,
            "file_name": document.filename,
            "file_size": len(document.data),
        }
        service: JSON = {"document": info, "caption": caption} if caption else {"document": info}
        message = self._store(
            chat,
            _Message(
                chat_id=chat.id,
                message_id=mid,
                sender_id=self._bot_id,
                from_bot=True,
                date=int(self._clock()),
                text=caption,
                raw_text=caption,
                parse_mode=None,
                entities=[],
                reply_markup=None,
                reply_to=None,
                texts=[caption],
                service=service,
            ),
        )
        self._documents[(chat.id, mid)] = document
        self._signal()
        data = self._message_json(message)
        data.pop("text", None)  # a document's message has a caption, not a text
        return data

    def _thread_target(self, chat: _Chat, p: _Params) -> int | None:
        """Resolves message_thread_id: a topic of a forum supergroup; 400 for any other thread."""
        thread = p.integer("message_thread_id")
        if not thread:
            return None
        if thread not in chat.topics:
            raise _bad("message thread not found")
        return thread

    def _m_edit_message_text(self, p: _Params) -> JSON:
        """editMessageText: replaces text and inline keyboard (absent reply_markup removes it); 400 when unchanged."""
        chat, message = self._editable(p)
        text, entities = self._format(p.text("text"), p.text("parse_mode"), p.obj("entities"))
        markup, _ = self._reply_markup(p, inline_only=True)
        if self._flood_counts_edits:
            self._check_flood(chat)
        if text == message.text and entities == message.entities and markup == message.reply_markup:
            raise _bad(
                "message is not modified: specified new message content and reply markup are exactly the same as a "
                "current content and reply markup of the message"
            )
        if text != message.text:
            message.texts.append(text)
        message.text, message.entities, message.reply_markup = text, entities, markup
        message.raw_text, message.parse_mode = p.text("text") or "", p.text("parse_mode")
        message.edits += 1
        message.edit_date = int(self._clock())
        self._signal()
        return self._message_json(message)

    def _m_edit_message_reply_markup(self, p: _Params) -> JSON:
        """editMessageReplyMarkup: replaces (or removes) the inline keyboard; 400 when unchanged."""
        chat, message = self._editable(p)
        markup, _ = self._reply_markup(p, inline_only=True)
        if self._flood_counts_edits:
            self._check_flood(chat)
        if markup == message.reply_markup:
            raise _bad(
                "message is not modified: specified new message content and reply markup are exactly the same as a "
                "current content and reply markup of the message"
            )
        message.reply_markup = markup
        message.edits += 1
        message.edit_date = int(self._clock())
        self._signal()
        return self._message_json(message)

    def _delete(self, chat: _Chat, message_id: int) -> None:
        """Deletes one message; 400 when it is gone or the bot may not delete it."""
        message = self._live_message(chat, message_id)
        if message is None:
            raise _bad("message to delete not found")
        if not message.from_bot and chat.is_group and chat.bot_status != "administrator":
            raise _bad("message can't be deleted")
        message.deleted = True
        with contextlib.suppress(ValueError):
            self._pinned.get(chat.id, []).remove(message_id)

    def _m_delete_message(self, p: _Params) -> bool:
        """deleteMessage: flags the message deleted; 400 "message to delete not found" when it is gone."""
        chat = self._target_chat(p)
        message_id = p.integer("message_id")
        if message_id is None:
            raise _bad("message identifier is not specified")
        self._check_access(chat)
        self._delete(chat, message_id)
        self._signal()
        return True

    def _m_delete_messages(self, p: _Params) -> bool:
        """deleteMessages: deletes the listed messages that can be deleted, skipping the others."""
        chat = self._target_chat(p)
        ids = p.obj("message_ids")
        if not isinstance(ids, list) or not 1 <= len(ids) <= 100:
            raise _bad("message_ids must be a list of 1-100 message identifiers")
        self._check_access(chat)
        for message_id in ids:
            with contextlib.suppress(ApiError, ValueError, TypeError):
                self._delete(chat, int(message_id))
        self._signal()
        return True

    def _pin_target(self, p: _Params) -> _Chat:
        """Returns the chat of a pin request; 400 unless the bot may pin there (an administrator with the right)."""
        chat = self._target_chat(p)
        self._check_access(chat)
        if chat.is_group and (chat.bot_status != "administrator" or chat.id in self._no_pin_right):
            raise _bad("not enough rights to manage pinned messages in the chat")
        return chat

    def _m_pin_chat_message(self, p: _Params) -> bool:
        """pinChatMessage: pins a live message of the chat (pinning it again moves it to the top)."""
        chat = self._pin_target(p)
        message_id = p.integer("message_id")
        if message_id is None or self._live_message(chat, message_id) is None:
            raise _bad("message to pin not found")
        pins = self._pinned.setdefault(chat.id, [])
        if message_id in pins:
            pins.remove(message_id)
        pins.append(message_id)
        self._signal()
        return True

    def _m_unpin_chat_message(self, p: _Params) -> bool:
        """unpinChatMessage: unpins the message given (or the newest pinned); 400 when it is not pinned."""
        chat = self._pin_target(p)
        pins = self._pinned.get(chat.id, [])
        message_id = p.integer("message_id")
        if message_id is None and pins:
            message_id = pins[-1]
        if message_id is None or message_id not in pins:
            raise _bad("message to unpin not found")
        pins.remove(message_id)
        self._signal()
        return True

    def _m_unpin_all_chat_messages(self, p: _Params) -> bool:
        """unpinAllChatMessages: clears the chat's pinned messages."""
        chat = self._pin_target(p)
        self._pinned.pop(chat.id, None)
        self._signal()
        return True

    def _m_answer_inline_query(self, p: _Params) -> bool:
        """answerInlineQuery: records the results (at most 50, ids unique, each with a title and content)."""
        query_id = p.text("inline_query_id") or ""
        if query_id not in self._inline_queries:
            raise _bad("query is too old and response timeout expired or query ID is invalid")
        if query_id in self._inline_answers:
            raise _bad("query is too old and response timeout expired or query ID is invalid")
        results = p.obj("results", "can't parse inline query results JSON object")
        if not isinstance(results, list) or len(results) > 50:
            raise _bad("RESULTS_TOO_MUCH")
        ids = [r.get("id") if isinstance(r, dict) else None for r in results]
        if any(not isinstance(i, str) or not 1 <= len(i.encode()) <= 64 for i in ids) or len(set(ids)) != len(ids):
            raise _bad("RESULT_ID_INVALID")
        for r in results:
            content = r.get("input_message_content") or {}
            if r.get("type") != "article" or not r.get("title") or not content.get("message_text"):
                raise _bad("RESULT_INVALID")
        self._inline_answers[query_id] = results
        self._signal()
        return True

    def _m_answer_callback_query(self, p: _Params) -> bool:
        """answerCallbackQuery: records the answer; 400 for unknown, expired or already answered queries."""
        query = self._queries.get(p.text("callback_query_id") or "")
        expired = (
            query is not None
            and self._callback_timeout is not None
            and self._received - query.created > self._callback_timeout
        )
        if query is None or query.answer is not None or expired:
            raise _bad("query is too old and response timeout expired or query ID is invalid")
        text = p.text("text")
        if text is not None and len(text) > _MAX_CALLBACK_ANSWER:
            raise _bad("MESSAGE_TOO_LONG")
        query.answer = CallbackAnswer(
            query_id=query.id,
            text=text,
            show_alert=p.flag("show_alert"),
            url=p.text("url"),
            cache_time=p.integer("cache_time", 0) or 0,
            time=time.time(),
        )
        self._signal()
        return True

    def _m_send_chat_action(self, p: _Params) -> bool:
        """sendChatAction: checks the chat, access and action name."""
        chat = self._target_chat(p)
        if (p.text("action") or "") not in _CHAT_ACTIONS:
            raise _bad("wrong parameter action in request")
        self._check_access(chat)
        return True

    def _scope_key(self, p: _Params) -> tuple[str, str]:
        """Returns the (scope, language_code) key of a commands request."""
        scope = p.obj("scope", "can't parse BotCommandScope JSON object") or {"type": "default"}
        if not isinstance(scope, dict):
            raise _bad("can't parse BotCommandScope JSON object")
        kind = scope.get("type")
        if kind in ("default", "all_private_chats", "all_group_chats", "all_chat_administrators"):
            key = str(kind)
        elif kind in ("chat", "chat_administrators", "chat_member"):
            chat = self._target_chat(_Params(scope))
            key = f"{kind}:{chat.id}"
            if kind == "chat_member":
                user_id = _Params(scope).integer("user_id")
                if user_id is None or user_id not in self._users:
                    raise _bad("user not found")
                key += f":{user_id}"
        else:
            raise _bad("wrong BotCommandScope type specified")
        language = p.text("language_code") or ""
        if language and not re.fullmatch(r"[a-z]{2}", language):
            raise _bad("invalid language code specified")
        return key, language

    def _m_set_my_commands(self, p: _Params) -> bool:
        """setMyCommands: validates and records the command list for a scope and language."""
        commands = p.obj("commands", "can't parse commands JSON object")
        if not isinstance(commands, list):
            raise _bad("can't parse commands JSON object")
        if len(commands) > _MAX_COMMANDS:
            raise _bad("too many commands")
        parsed: list[tuple[str, str]] = []
        for item in commands:
            if not isinstance(item, dict):
                raise _bad("can't parse BotCommand: expected an Object")
            command, description = item.get("command"), item.get("description")
            if not isinstance(command, str) or not _BOT_COMMAND_NAME_RE.match(command):
                raise _bad("BOT_COMMAND_INVALID")
            if not isinstance(description, str) or not description.strip():
                raise _bad("command description must be non-empty")
            if len(description) > 256:
                raise _bad("BOT_COMMAND_DESCRIPTION_INVALID")
            parsed.append((command, description))
        key = self._scope_key(p)
        if parsed:
            self._commands[key] = parsed
        else:
            self._commands.pop(key, None)
        self._signal()
        return True

    def _m_get_my_commands(self, p: _Params) -> list[JSON]:
        """getMyCommands: the list recorded for exactly this scope and language."""
        return [{"command": c, "description": d} for c, d in self._commands.get(self._scope_key(p), [])]

    def _m_delete_my_commands(self, p: _Params) -> bool:
        """deleteMyCommands: forgets the list for this scope and language."""
        self._commands.pop(self._scope_key(p), None)
        self._signal()
        return True

    def _m_set_bot_text(self, p: _Params, field_name: str) -> bool:
        """setMyDescription / setMyShortDescription / setMyName: records the text per language."""
        self._bot_texts[(field_name, p.text("language_code") or "")] = p.text(field_name) or ""
        return True

    def _m_get_bot_text(self, p: _Params, field_name: str) -> JSON:
        """getMyDescription / getMyShortDescription / getMyName: the recorded text per language."""
        default = self._bot_first_name if field_name == "name" else ""
        return {field_name: self._bot_texts.get((field_name, p.text("language_code") or ""), default)}

    def _m_set_chat_menu_button(self, p: _Params) -> bool:
        """setChatMenuButton: records the menu button for one private chat or the default."""
        chat_id = self._target_chat(p).id if p.has("chat_id") else None
        button = p.obj("menu_button", "can't parse menu button JSON object") or {"type": "default"}
        self._menu_buttons[chat_id] = button
        return True

    def _m_get_chat_menu_button(self, p: _Params) -> JSON:
        """getChatMenuButton: the recorded menu button (commands by default)."""
        chat_id = self._target_chat(p).id if p.has("chat_id") else None
        button = self._menu_buttons.get(chat_id) or self._menu_buttons.get(None) or {"type": "commands"}
        return {"type": "commands"} if button.get("type") == "default" else dict(button)

    def _m_get_chat(self, p: _Params) -> JSON:
        """getChat: a ChatFullInfo for a known chat."""
        chat = self._target_chat(p)
        if chat.is_group and chat.bot_status in ("kicked", "left"):
            self._check_access(chat)
        data = self._chat_json(chat)
        data.update(
            {
                "accent_color_id": 0,
                "max_reaction_count": 11,
                "accepted_gift_types": {
                    "unlimited_gifts": False,
                    "limited_gifts": False,
                    "unique_gifts": False,
                    "premium_subscription": False,
                    "gifts_from_channels": False,
                },
            }
        )
        if chat.is_group:
            data["permissions"] = {"can_send_messages": True}
        return data

    def _member_json(self, chat: _Chat, user_id: int) -> JSON:
        """Returns the ChatMember object of a user (or the bot) in a chat."""
        if user_id == self._bot_id:
            status = chat.bot_status if chat.is_group else "member"
            member = self._member_of(status, self._bot_json())
            if status == "administrator" and chat.id in self._no_pin_right:
                member["can_pin_messages"] = False
            return member
        user = self._users.get(user_id)
        if user is None:
            raise _bad("user not found")
        if chat.type == "private":
            if user_id != chat.id:
                raise _bad("user not found")
            return self._member_of("member", self._user_json(user))
        if chat.creator == user_id:
            status = "creator"
        elif user_id in chat.restricted:
            return self._restricted_json(user, is_member=chat.restricted[user_id])
        elif user_id in chat.admins:
            status = "administrator"
        elif user_id in chat.members:
            status = "member"
        else:
            status = "left"
        return self._member_of(status, self._user_json(user))

    def _restricted_json(self, user: _User, *, is_member: bool) -> JSON:
        """Returns the ChatMemberRestricted object of a user, with every permission field Telegram sends."""
        rights = (
            "can_send_messages",
            "can_send_audios",
            "can_send_documents",
            "can_send_photos",
            "can_send_videos",
            "can_send_video_notes",
            "can_send_voice_notes",
            "can_send_polls",
            "can_send_other_messages",
            "can_add_web_page_previews",
            "can_change_info",
            "can_invite_users",
            "can_pin_messages",
            "can_manage_topics",
            "can_edit_tag",
            "can_react_to_messages",
        )
        return {"status": "restricted", "user": self._user_json(user), "is_member": is_member, "until_date": 0} | {
            right: False for right in rights
        }

    @staticmethod
    def _member_of(status: str, user: JSON) -> JSON:
        """Returns a ChatMember object with the fields its status requires."""
        if status == "creator":
            return {"status": "creator", "user": user, "is_anonymous": False}
        if status == "administrator":
            rights = {
                "can_be_edited": False,
                "is_anonymous": False,
                "can_manage_chat": True,
                "can_delete_messages": True,
                "can_manage_video_chats": True,
                "can_restrict_members": True,
                "can_promote_members": False,
                "can_change_info": True,
                "can_invite_users": True,
                "can_post_stories": False,
                "can_edit_stories": False,
                "can_delete_stories": False,
                "can_pin_messages": True,
            }
            return {"status": "administrator", "user": user, **rights}
        if status == "kicked":
            return {"status": "kicked", "user": user, "until_date": 0}
        return {"status": status, "user": user}

    def _m_get_chat_member(self, p: _Params) -> JSON:
        """getChatMember: creator / administrator / member / left from the world model."""
        chat = self._target_chat(p)
        if chat.is_group and chat.bot_status in ("kicked", "left"):
            self._check_access(chat)
        user_id = p.integer("user_id")
        if user_id is None:
            raise _bad("user_id is empty")
        return self._member_json(chat, user_id)

    def _m_get_chat_administrators(self, p: _Params) -> list[JSON]:
        """getChatAdministrators: the creator, the administrators and the bot when it is one."""
        chat = self._target_chat(p)
        if not chat.is_group:
            return [self._member_json(chat, chat.id)]
        self._check_access(chat)
        ids = ([chat.creator] if chat.creator is not None else []) + sorted(chat.admins - {chat.creator})
        members = [self._member_json(chat, uid) for uid in ids]
        if chat.bot_status == "administrator":
            members.append(self._member_json(chat, self._bot_id))
        return members

    def _m_get_chat_member_count(self, p: _Params) -> int:
        """getChatMemberCount: members plus the bot."""
        chat = self._target_chat(p)
        if not chat.is_group:
            return 2
        self._check_access(chat)
        return len(chat.members) + (1 if chat.bot_status in ("member", "administrator") else 0)

    def _m_leave_chat(self, p: _Params) -> bool:
        """leaveChat: the bot leaves a group."""
        chat = self._target_chat(p)
        if not chat.is_group:
            raise _bad("chat member status can't be changed in private chats")
        self._check_access(chat)
        chat.bot_status = "left"
        return True

    def _m_set_webhook(self, p: _Params) -> _Described:
        """setWebhook: local http URLs only; new updates are then POSTed there instead of queued for getUpdates."""
        url = (p.text("url") or "").strip()
        if not url:
            return self._m_delete_webhook(p)
        parts = urlsplit(url)
        if parts.scheme.lower() != "http" or (parts.hostname or "").lower() not in _LOCAL_HOSTS:
            raise _bad("bad webhook: the emulator delivers only to http://127.0.0.1 or http://localhost")
        secret = p.text("secret_token")
        if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", secret):
            raise _bad("secret token contains unallowed characters")
        max_connections = p.integer("max_connections", 40) or 40
        if not 1 <= max_connections <= 100:
            raise _bad("bad webhook: max_connections must be between 1 and 100")
        self._set_allowed_updates(p.obj("allowed_updates", "can't parse allowed updates JSON object"))
        if p.flag("drop_pending_updates"):
            self._pending.clear()
        hook = _Webhook(url, secret, max_connections, p.text("ip_address"))
        same = self._webhook == hook
        self._webhook = hook
        self._webhook_error = None
        self._retry_at.clear()
        self._signal()
        return _Described(True, "Webhook is already set" if same else "Webhook was set")

    def _m_delete_webhook(self, p: _Params) -> _Described:
        """deleteWebhook: back to getUpdates; drop_pending_updates forgets queued updates."""
        if p.flag("drop_pending_updates"):
            self._pending.clear()
        existed = self._webhook is not None
        self._webhook = None
        self._webhook_error = None
        self._signal()
        return _Described(True, "Webhook was deleted" if existed else "Webhook is already deleted")

    def _m_get_webhook_info(self, p: _Params) -> JSON:
        """getWebhookInfo: url, pending count, last delivery error."""
        info: JSON = {"url": "", "has_custom_certificate": False, "pending_update_count": len(self._pending)}
        hook = self._webhook
        if hook is not None:
            info["url"] = hook.url
            info["max_connections"] = hook.max_connections
            info["ip_address"] = hook.ip_address or "127.0.0.1"
            if self._allowed_updates is not None:
                info["allowed_updates"] = sorted(self._allowed_updates)
            if self._webhook_error is not None:
                info["last_error_date"], info["last_error_message"] = self._webhook_error
        return info

    # -- internals: getUpdates -----------------------------------------------------------------------------------------

    def _confirm(self, offset: int) -> None:
        """Forgets updates confirmed by a getUpdates offset (negative: keep only the last -offset updates)."""
        if offset < 0:
            del self._pending[: max(0, len(self._pending) + offset)]
        elif offset > 0:
            self._pending = [update for update in self._pending if update["update_id"] >= offset]

    async def _get_updates(self, p: _Params) -> list[JSON]:
        """getUpdates: confirms by offset, then answers at once or when an update arrives or the timeout ends."""
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._webhook is not None:
                raise ApiError(
                    409,
                    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the "
                    "webhook first",
                )
            offset = p.integer("offset", 0) or 0
            limit = min(max(p.integer("limit", 100) or 100, 1), 100)
            timeout = min(max(p.integer("timeout", 0) or 0, 0), 50)
            self._set_allowed_updates(p.obj("allowed_updates", "can't parse allowed updates JSON object"))
            self._confirm(offset)
            self._poll_generation += 1
            generation = self._poll_generation
        self._on_signal()
        deadline = loop.time() + timeout
        while True:
            with self._lock:
                if generation != self._poll_generation:
                    raise ApiError(
                        409,
                        "Conflict: terminated by other getUpdates request; make sure that only one bot instance "
                        "is running",
                    )
                if self._webhook is not None:
                    raise ApiError(409, "Conflict: terminated by setWebhook request")
                batch = self._pending[:limit]
                remaining = deadline - loop.time()
                if batch or remaining <= 0:
                    if batch:
                        self._max_fetched_id = max(self._max_fetched_id, batch[-1]["update_id"])
                        self._last_activity = time.monotonic()
                        self._notify()
                    return batch
                event = self._poll_event
            if event is None:
                return []
            with self._lock:
                self._waiting_polls += 1
                self._notify()
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), remaining)
            finally:
                with self._lock:
                    self._waiting_polls -= 1

    # -- internals: webhook delivery -----------------------------------------------------------------------------------

    def _kick_webhook(self) -> None:
        """Starts deliveries of pending updates up to max_connections in flight (on the emulator's loop)."""
        loop = self._loop
        if loop is None:
            return
        with self._lock:
            hook = self._webhook
            if hook is None:
                return
            now = time.monotonic()
            free = hook.max_connections - len(self._inflight)
            starting: list[JSON] = []
            for update in self._pending:
                if free <= 0:
                    break
                uid = update["update_id"]
                if uid in self._inflight or self._retry_at.get(uid, 0.0) > now:
                    continue
                self._inflight.add(uid)
                starting.append(update)
                free -= 1
        for update in starting:
            self._spawn(self._deliver(hook, update))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Runs a coroutine as a task tracked for shutdown (on the emulator's loop)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, hook: _Webhook, update: JSON) -> None:
        """POSTs one update to the webhook; on failure records the error and schedules a retry."""
        uid = int(update["update_id"])
        headers = {"X-Telegram-Bot-Api-Secret-Token": hook.secret_token} if hook.secret_token else {}
        error: str | None = None
        reply: Any = None
        try:
            status, reason, response_headers, body = await asyncio.wait_for(
                _http_post(hook.url, json.dumps(update).encode("utf-8"), headers), self._webhook_timeout
            )
            if not 200 <= status < 300:
                error = f"Wrong response from the webhook: {status} {reason}".strip()
            elif body and "json" in response_headers.get("content-type", ""):
                with contextlib.suppress(ValueError):
                    reply = json.loads(body)
        except TimeoutError:
            error = "Read timeout expired"
        except ConnectionRefusedError:
            error = "Connection refused"
        except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
            error = f"Connection failed: {exc}"
        loop = asyncio.get_running_loop()
        with self._lock:
            self._inflight.discard(uid)
            self._last_activity = time.monotonic()
            if error is None:
                self._pending = [u for u in self._pending if u["update_id"] != uid]
                self._max_fetched_id = max(self._max_fetched_id, uid)
                self._retry_at.pop(uid, None)
                self._attempts.pop(uid, None)
            else:
                self._webhook_error = (int(self._clock()), error)
                attempts = self._attempts[uid] = self._attempts.get(uid, 0) + 1
                delay = min(self._webhook_retry_delay * 2 ** (attempts - 1), 5.0)
                self._retry_at[uid] = time.monotonic() + delay
                loop.call_later(delay, self._kick_webhook)
            self._notify()
        if isinstance(reply, dict) and isinstance(reply.get("method"), str):
            params = {key: value for key, value in reply.items() if key != "method"}
            await self._call(str(reply["method"]), params)
        self._kick_webhook()

    # -- internals: HTTP server ----------------------------------------------------------------------------------------

    async def _handle_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Serves HTTP/1.1 requests (keep-alive) on one client connection."""
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self._writers.add(writer)
        try:
            while True:
                head = await _read_head(reader)
                if head is None:
                    break
                request_line = head[0].decode("latin-1").split()
                if len(request_line) != 3:
                    writer.write(_http_response(400, _bad("malformed request line").payload(), keep_alive=False))
                    break
                verb, target, version = request_line
                headers = _parse_headers(head[1:])
                if headers.get("expect", "").lower() == "100-continue":
                    writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
                    await writer.drain()
                received = self._monotonic()  # the request arrived: its head was read
                body = await _read_body(reader, headers, to_eof=False)
                keep_alive = version.upper() == "HTTP/1.1" and headers.get("connection", "").lower() != "close"
                status, payload = await self._serve(verb, target, headers, body, received)
                writer.write(_http_response(status, payload, keep_alive=keep_alive))
                await writer.drain()
                if not keep_alive:
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ValueError, asyncio.LimitOverrunError):
            pass
        except asyncio.CancelledError:
            pass  # shutdown: end quietly (asyncio.streams in 3.11 logs handler tasks that end cancelled)
        finally:
            self._writers.discard(writer)
            writer.close()
            if task is not None:
                self._tasks.discard(task)

    async def _serve(
        self, verb: str, target: str, headers: Mapping[str, str], body: bytes, received: float
    ) -> tuple[int, JSON]:
        """Routes /bot<token>/<method> to the method (arrived at `received`); returns HTTP status and JSON body."""
        parts = urlsplit(target)
        match = _PATH_RE.match(parts.path)
        if match is None or verb.upper() not in ("GET", "POST"):
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        token, method = match.groups()
        if token != self._token:
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        try:
            raw = _decode_params(parts.query, headers, body)
        except (ValueError, UnicodeDecodeError) as exc:
            return 400, _bad(f"can't parse request: {exc}").payload()
        return await self._call(method, raw)

    async def _call(self, method: str, raw: Mapping[str, Any], received: float | None = None) -> tuple[int, JSON]:
        """Runs one Bot API method with raw parameters, records the call, returns HTTP status and JSON body.

        received is when the request arrived (on the monotonic clock); flood limits count the request at that moment.
        A method other than getUpdates runs and is recorded under one hold of the lock, so whoever sees its effect
        (a message changed) also finds its call in `calls`.
        """
        if received is None:
            received = self._monotonic()
        entry = self._methods.get(method.lower())
        name = entry[0] if entry else method
        params = _Params(raw)
        if name == "getUpdates":
            try:
                status, payload = self._ok(await self._get_updates(params))
            except ApiError as exc:
                status, payload = exc.code, exc.payload()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                status, payload = self._internal_error(name, exc)
            with self._lock:
                self._record(name, raw, status, payload, received)
            return status, payload
        failure = self._failing(name)
        if failure is not None:
            return await self._fail(name, raw, failure, received)
        with self._lock:
            self._received = received
            try:
                if entry is None:
                    raise ApiError(404, "Not Found: method not found")
                status, payload = self._ok(entry[1](params))
            except ApiError as exc:
                status, payload = exc.code, exc.payload()
            except Exception as exc:
                status, payload = self._internal_error(name, exc)
            self._last_activity = time.monotonic()
            self._record(name, raw, status, payload, received)
        return status, payload

    @staticmethod
    def _ok(result: object) -> tuple[int, JSON]:
        """Returns the HTTP status and JSON body of a method's result."""
        payload: JSON = {"ok": True}
        if isinstance(result, _Described):
            payload["result"], payload["description"] = result.result, result.description
        else:
            payload["result"] = result
        return 200, payload

    def _internal_error(self, name: str, exc: Exception) -> tuple[int, JSON]:
        """Records a failure of the emulator itself and returns the 500 answer."""
        with self._lock:
            self._internal_errors.append(f"{name}: {type(exc).__name__}: {exc}")
        return 500, {"ok": False, "error_code": 500, "description": f"Internal Server Error: {exc}"}

    def _record(self, name: str, raw: Mapping[str, Any], status: int, payload: JSON, received: float) -> None:
        """Appends the call to `calls` and wakes waiters (lock held)."""
        self._calls.append(
            ApiCall(
                method=name,
                params=_record_params(raw),
                time=time.time(),
                ok=status == 200,
                error_code=None if status == 200 else status,
                description=payload.get("description") if status != 200 else None,
                received=received,
            )
        )
        self._notify()
