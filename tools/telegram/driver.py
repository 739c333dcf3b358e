"""The test-facing driver: building the world and acting as its users; BotApiEmulator composes the layers."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Literal

from tools.telegram.model import _Chat, _Query, _User
from tools.telegram.observing import Observing
from tools.telegram.values import _START_PAYLOAD_RE, JSON


class BotApiEmulator(Observing):
    """A Telegram Bot API server on 127.0.0.1 for one bot, with a world of users and chats and a test-facing API."""

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
