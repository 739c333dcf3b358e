"""The simulated world's state and its helpers: identity, users, chats, messages, the update queue."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from tools.telegram.model import _bad, _Chat, _Message, _Query, _RateLimit, _User, _utf16_len, _Webhook
from tools.telegram.parameters import _Params
from tools.telegram.values import (
    _COMMAND_RE,
    _DEFAULT_EXCLUDED_UPDATES,
    BOT_FIRST_NAME,
    BOT_TOKEN,
    BOT_USERNAME,
    JSON,
    ApiCall,
    FloodModel,
    MessageView,
    UploadedFile,
)


class World:
    """The emulator's one shared state: the bot, users, chats, queues; helpers run with the lock held."""

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
        self._losing: frozenset[str] | None = frozenset()  # methods (lowercase; None all) whose answer is lost
        self._replies_to_lose: int | None = None  # how many more replies lose_replies loses (None: no limit)

        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.Server | None = None
        self._poll_event: asyncio.Event | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._port = 0

        self._methods = {name.lower(): (name, handler) for name, handler in self._handlers().items()}

    def _handlers(self) -> dict[str, Callable[[_Params], object]]:
        """Returns the Bot API methods served, by their Telegram name (the methods layer fills it in)."""
        raise NotImplementedError

    def _on_signal(self) -> None:
        """Wakes every waiting getUpdates and starts webhook deliveries (the delivery layer fills it in)."""
        raise NotImplementedError

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

    def _set_allowed_updates(self, value: Any) -> None:
        """Stores allowed_updates for updates created from now on (an empty list restores the default)."""
        if value is None:
            return
        if not isinstance(value, list) or not all(isinstance(kind, str) for kind in value):
            raise _bad("can't parse allowed updates JSON object")
        self._allowed_updates = frozenset(value) if value else None
