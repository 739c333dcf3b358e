"""The Bot API methods on the bot's settings and chats: commands, texts, menu button, members, webhook."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from tools.telegram.methods_messages import MessageMethods
from tools.telegram.model import _bad, _Chat, _Described, _User, _Webhook
from tools.telegram.parameters import _Params
from tools.telegram.values import _BOT_COMMAND_NAME_RE, _LOCAL_HOSTS, _MAX_COMMANDS, JSON


class ChatMethods(MessageMethods):
    """Bot API methods on the bot's settings, chats and members (lock held)."""

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
