"""The Bot API methods on messages: send, edit, delete, pin, answer queries, chat actions."""

from __future__ import annotations

import contextlib
import time

from tools.telegram.model import _bad, _Chat, _Message
from tools.telegram.parameters import _Params
from tools.telegram.validation import Validation
from tools.telegram.values import _CHAT_ACTIONS, _MAX_CALLBACK_ANSWER, JSON, ApiError, CallbackAnswer, UploadedFile


class MessageMethods(Validation):
    """Bot API methods that send, change or answer messages (lock held)."""

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
