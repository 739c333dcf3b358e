"""The table of Bot API methods the emulator serves, by name."""

from __future__ import annotations

from collections.abc import Callable

from tools.telegram.methods_chats import ChatMethods
from tools.telegram.parameters import _Params


class Methods(ChatMethods):
    """Every Bot API method, routed by name."""

    def _handlers(self) -> dict[str, Callable[[_Params], object]]:
        """Returns the Bot API methods served, by their Telegram name."""
        return {
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
