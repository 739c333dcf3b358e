"""Telegram updates as the game service's commands, presses and departures."""

from __future__ import annotations

from typing import Any

from telegram import Update
from telegram import User as TelegramUser
from telegram.constants import ChatMemberStatus, ChatType

from bangbot.messaging.adapter import Command, Departure, InlineQuery, Press, User

GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
UNREAD_OF_PRESSED = ("reply_markup", "entities")  # a press reads only its message's chat and id (to_press)


def unread_dropped(update: Any) -> Any:
    """Returns an update's JSON without what the bot never reads and would only parse: the buttons and entities of a
    pressed message (most of a press's parse). Changes it in place; anything else is returned as it is."""
    query = update.get("callback_query") if isinstance(update, dict) else None
    message = query.get("message") if isinstance(query, dict) else None
    if isinstance(message, dict):
        for key in UNREAD_OF_PRESSED:
            message.pop(key, None)
    return update


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
    title = "" if private else chat.title or ""
    thread = message.message_thread_id if message.is_topic_message and message.message_thread_id else 0
    return Command(person(user), chat.id, private, name.lower(), args.strip(), title, thread)


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


def to_move(update: Update) -> tuple[int, int] | None:
    """Returns (old id, new id) when a message says its group was upgraded to a supergroup, else None."""
    message = update.message
    if message is None:
        return None
    if message.migrate_to_chat_id is not None:
        return message.chat.id, message.migrate_to_chat_id
    if message.migrate_from_chat_id is not None:
        return message.migrate_from_chat_id, message.chat.id
    return None


def to_presence(update: Update) -> tuple[int, bool] | None:
    """Returns (group id, whether the bot is in it now) when an update says the bot's status in a group changed."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return None
    present = change.new_chat_member.status not in GONE
    was = change.old_chat_member.status not in GONE
    return (change.chat.id, present) if present != was else None


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


def update_kind(update: Update) -> str:
    """Returns what an update carries, as metrics count it: message, callback_query, inline_query, ..., other."""
    for kind in ("message", "callback_query", "inline_query", "my_chat_member", "chat_member", "edited_message"):
        if getattr(update, kind, None) is not None:
            return kind
    return "other"


def personal_strings(update: Update) -> list[str | None]:
    """Returns what an update says about people: the names of its sender and its chat, and the text typed."""
    user, chat, message = update.effective_user, update.effective_chat, update.effective_message
    strings: list[str | None] = []
    if user is not None:
        strings += [user.full_name, person(user).name, user.first_name, user.last_name, user.username]
    if chat is not None:
        strings += [chat.title, chat.username]
    if message is not None:
        strings += [message.text, message.caption]
        if message.text:
            strings += message.text.split(maxsplit=1)[1:]  # a command's arguments, logged without the command
    if update.inline_query is not None:
        strings.append(update.inline_query.query)
    return strings
