"""Telegram updates as the game service's commands and presses."""

from __future__ import annotations

from telegram import Update
from telegram import User as TelegramUser
from telegram.constants import ChatType

from bangbot.messaging.adapter import Command, InlineQuery, Press, User


def person(user: TelegramUser) -> User:
    """Returns the service's view of a Telegram user (User cleans and cuts the name)."""
    return User(user.id, user.full_name, user.language_code)


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


def to_inline_query(update: Update) -> InlineQuery | None:
    """Returns the text typed after the bot's name that an inline query carries."""
    query = update.inline_query
    if query is None:
        return None
    return InlineQuery(query.id, person(query.from_user), query.query)
