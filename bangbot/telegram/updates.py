"""Telegram updates as the game service's commands, presses and departures."""

from __future__ import annotations

from telegram import Update
from telegram import User as TelegramUser
from telegram.constants import ChatMemberStatus, ChatType

from bangbot.messaging.adapter import Command, Departure, Press, User

MAX_NAME = 32
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)


def person(user: TelegramUser) -> User:
    """Returns the service's view of a Telegram user."""
    return User(user.id, user.full_name[:MAX_NAME] or str(user.id), user.language_code)


def to_command(update: Update, bot_username: str) -> Command | None:
    """Returns the command a new message carries, or None (an edit, not a command, or one for another bot)."""
    message, user, chat = update.message, update.effective_user, update.effective_chat
    if message is None or user is None or chat is None or not message.text or not message.text.startswith("/"):
        return None
    first, _, args = message.text.partition(" ")
    name, _, addressee = first[1:].partition("@")
    if addressee and bot_username and addressee.lower() != bot_username.lower():
        return None
    private = chat.type == ChatType.PRIVATE
    return Command(person(user), chat.id, private, name.lower(), args.strip(), "" if private else chat.title or "")


def to_press(update: Update) -> Press | None:
    """Returns the button press a callback query carries."""
    query = update.callback_query
    if query is None or query.data is None:
        return None
    message = query.message
    chat_id = message.chat.id if message is not None else query.from_user.id
    message_id = message.message_id if message is not None else 0
    private = message is not None and message.chat.type == ChatType.PRIVATE
    return Press(query.id, person(query.from_user), chat_id, message_id, query.data, private)


def to_departure(update: Update) -> Departure | None:
    """Returns the person who left a group (a left_chat_member message or a chat_member update), bots left out."""
    message, change = update.message, update.chat_member
    if message is not None and message.left_chat_member is not None and not message.left_chat_member.is_bot:
        return Departure(message.chat.id, message.left_chat_member.id)
    if change is None or change.new_chat_member.user.is_bot:
        return None
    if change.new_chat_member.status in GONE and change.old_chat_member.status not in GONE:
        return Departure(change.chat.id, change.new_chat_member.user.id)
    return None
