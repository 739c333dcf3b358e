"""The game service's Messenger on the Telegram Bot API."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ChatAction, ChatMemberStatus, ParseMode
from telegram.error import BadRequest, Forbidden

from bangbot.messaging.adapter import Keyboard, MessageRef, Press, Undeliverable
from bangbot.telegram.edits import LatestEdits
from bangbot.telegram.text import MAX_TEXT, mention_token, split, to_html, visible_length

log = logging.getLogger(__name__)
MAX_ANSWER = 200
BENIGN = ("message is not modified", "message to edit not found", "message to delete not found", "can't be edited")
UNREACHABLE = ("chat not found", "user not found", "have no rights", "not enough rights")


def markup(buttons: Keyboard) -> InlineKeyboardMarkup | None:
    """Returns Telegram's inline keyboard for button rows (None for none)."""
    if not buttons:
        return None
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(b.text, url=b.url) if b.url else InlineKeyboardButton(b.text, callback_data=b.data)
                for b in row
            ]
            for row in buttons
        ]
    )


def benign(error: BadRequest) -> bool:
    """Returns whether an error only says the change was not needed or the message is gone."""
    return any(part in error.message.lower() for part in BENIGN)


class TelegramMessenger:
    """Sends, edits and deletes messages with a telegram.Bot; unreachable chats raise Undeliverable."""

    def __init__(self, bot: Bot, username: str = "") -> None:
        self.bot = bot
        self.username = username
        self.group_edits = LatestEdits(self.edit_now)

    async def send(self, chat_id: int, text: str, buttons: Keyboard = ()) -> MessageRef:
        """Sends text (in several messages if it is too long; buttons go on the last)."""
        parts = split(text)
        try:
            for part in parts[:-1]:
                await self.bot.send_message(chat_id, to_html(part), parse_mode=ParseMode.HTML)
            message = await self.bot.send_message(
                chat_id, to_html(parts[-1]), parse_mode=ParseMode.HTML, reply_markup=markup(buttons)
            )
        except Forbidden as error:
            raise Undeliverable(str(error)) from error
        except BadRequest as error:
            if any(part in error.message.lower() for part in UNREACHABLE):
                raise Undeliverable(str(error)) from error
            raise
        return MessageRef(chat_id, message.message_id)

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a message's text and buttons; group edits go out in the background, newest content first."""
        if ref.chat_id < 0:
            self.group_edits.submit(ref, text, buttons)
            return
        await self.edit_now(ref, text, buttons)

    async def edit_now(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Edits a message now; no change needed and a vanished message are no error."""
        if visible_length(text) > MAX_TEXT:
            text = split(text)[-1]
        try:
            await self.bot.edit_message_text(
                to_html(text), ref.chat_id, ref.message_id, parse_mode=ParseMode.HTML, reply_markup=markup(buttons)
            )
        except BadRequest as error:
            if not benign(error):
                raise
        except Forbidden as error:
            raise Undeliverable(str(error)) from error

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Takes a message's buttons away; a message without any, or gone, is no error."""
        try:
            await self.bot.edit_message_reply_markup(ref.chat_id, ref.message_id, reply_markup=None)
        except BadRequest as error:
            if not benign(error):
                raise
        except Forbidden as error:
            raise Undeliverable(str(error)) from error

    async def delete(self, ref: MessageRef) -> None:
        """Deletes a message; one that is gone or too old to delete is no error."""
        self.group_edits.forget(ref)
        try:
            await self.bot.delete_message(ref.chat_id, ref.message_id)
        except (BadRequest, Forbidden) as error:
            log.debug("could not delete %s: %s", ref, error)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Answers a callback query (Telegram shows a spinner until then)."""
        try:
            await self.bot.answer_callback_query(press.id, text=text[:MAX_ANSWER] or None, show_alert=alert)
        except BadRequest as error:
            log.info("could not answer press %s: %s", press.id, error)

    async def can_message(self, user_id: int) -> bool:
        """Returns whether the bot may write to the user (they started it and did not block it)."""
        try:
            await self.bot.send_chat_action(user_id, ChatAction.TYPING)
        except (Forbidden, BadRequest):
            return False
        return True

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user is an administrator or the owner of the chat."""
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except (Forbidden, BadRequest):
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    def mention(self, user_id: int, name: str) -> str:
        """Returns a token that becomes a link to the user, which notifies them."""
        return mention_token(user_id, name)

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns what to await until the group edits queued for chat so far are sent, or None if none wait."""
        return self.group_edits.queued(chat_id)

    def join_link(self, game_id: int) -> str | None:
        """Returns the deep link that opens the private chat with /start join_<game>."""
        return f"https://t.me/{self.username}?start=join_{game_id}" if self.username else None
