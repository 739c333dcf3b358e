"""Checks of a Bot API request against the world: target chat, access, flood limits, text and keyboards."""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import urlsplit

from tools.telegram.entities import (
    _API_ENTITY_TYPE,
    _ENTITY_PRIORITY,
    _Ent,
    _parse_html,
    _parse_markdown,
    _parse_markdown_v2,
    _ParseError,
    _trim,
)
from tools.telegram.model import _bad, _Chat, _forbidden, _Message, _RateLimit
from tools.telegram.parameters import _Params
from tools.telegram.values import _BUTTON_ACTIONS, _MAX_CALLBACK_DATA, JSON, ApiError
from tools.telegram.world import World


class Validation(World):
    """The checks every Bot API method shares (lock held)."""

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
