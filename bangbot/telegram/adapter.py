"""The game service's Messenger on the Telegram Bot API."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

from telegram import (
    Bot,
    ChatMemberRestricted,
    InlineQueryResultArticle,
    InputFile,
    InputTextMessageContent,
    MenuButtonWebApp,
    WebAppInfo,
)
from telegram.constants import ChatAction, ChatMemberStatus, ParseMode
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, TelegramError

from bangbot.messaging.adapter import (
    Article,
    ChatMoved,
    InlineQuery,
    Keyboard,
    MessageRef,
    Press,
    Undeliverable,
)
from bangbot.messaging.lru import LruCache
from bangbot.messaging.press.button_data import JOIN_PAYLOAD
from bangbot.server.metrics import observe_press
from bangbot.telegram.calls import JSON, call, keyboard, message_id
from bangbot.telegram.edits import LatestEdits
from bangbot.telegram.lost import LostReplies
from bangbot.telegram.settings import BoardAddress
from bangbot.telegram.text import MAX_TEXT, mention_token, split, to_html, visible_length

log = logging.getLogger(__name__)
MAX_ANSWER = 200
MAX_CAPTION = 1024  # Telegram's limit on a caption
BENIGN = ("message is not modified", "message to edit not found", "message to delete not found", "can't be edited")
RIGHTS_CACHE_SECONDS = 60.0  # a right given or taken shows in the lobby within this time
INLINE_CACHE_SECONDS = 300
PRESSES_TIMED = 10_000  # presses whose arrival is remembered until answered
MENUS_KEPT = 10_000  # private chats whose menu button's words this process remembers
UNREACHABLE = ("chat not found", "user not found", "have no rights", "not enough rights")


def benign(error: BadRequest) -> bool:
    """Returns whether an error only says the change was not needed or the message is gone."""
    return any(part in error.message.lower() for part in BENIGN)


@contextmanager
def reaching() -> Iterator[None]:
    """Turns Telegram's answers for a chat the bot cannot reach into Undeliverable, and a moved chat into ChatMoved."""
    try:
        yield
    except ChatMigrated as error:  # the group became a supergroup: the caller moves the game and tries again
        raise ChatMoved(error.new_chat_id) from error
    except Forbidden as error:
        raise Undeliverable(str(error)) from error
    except BadRequest as error:
        if any(part in error.message.lower() for part in UNREACHABLE):
            raise Undeliverable(str(error)) from error
        raise


class TelegramMessenger:
    """Sends, edits and deletes messages with a telegram.Bot; unreachable chats raise Undeliverable."""

    def __init__(self, bot: Bot, username: str = "", board: BoardAddress | None = None) -> None:
        self.bot = bot
        self.username = username
        self.board = board  # the Mini App's short name and page, if the bot has one (BANGBOT_WEBAPP_NAME)
        self.group_edits = LatestEdits(self.edit_now)
        self.pin_rights: dict[int, tuple[bool, float]] = {}
        self.unpinned: set[MessageRef] = set()  # messages whose pin was refused: nothing to unpin there
        self.moved: dict[int, int] = {}  # group chats that answered ChatMigrated: old id -> new id
        self.lost = LostReplies()  # sends whose reply was lost, and how many were sent again
        self.arrivals: LruCache[str, float] = LruCache(PRESSES_TIMED)  # press id -> when it came (monotonic)
        self.menus: LruCache[int, str] = LruCache(MENUS_KEPT)  # private chat -> its menu button's words, as set

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        """Sends text (in several messages if it is too long; buttons go on the last), in a forum topic if thread."""
        parts = split(text)
        topic = thread or None
        content = repr((text, buttons))
        try:
            with reaching():
                for part in parts[:-1]:
                    await self.send_part(chat_id, part, topic)
                sent = message_id(await self.send_part(chat_id, parts[-1], topic, keyboard(buttons)))
        except NetworkError as error:
            self.lost.failed(chat_id, content, error)
            raise
        self.lost.sent(chat_id, content, sent)
        await self.board_menu(chat_id, buttons)
        return MessageRef(chat_id, sent)

    async def send_part(self, chat_id: int, text: str, topic: int | None, markup: JSON | None = None) -> Any:
        """Sends one message of at most Telegram's length (in a forum topic if given); returns Telegram's result."""
        return await call(
            self.bot,
            "sendMessage",
            chat_id=chat_id,
            text=to_html(text),
            parse_mode=ParseMode.HTML,
            reply_markup=markup,
            message_thread_id=topic,
        )

    async def board_menu(self, chat_id: int, buttons: Keyboard) -> None:
        """Gives a private chat's menu button the words of the board button just sent there (the reader's language).

        Telegram's default menu button has one text for every language; a chat's own button says it in the words the
        chat's seat messages use. Set once per chat and wording; a refusal changes nothing but is logged.
        """
        board = next((b for row in buttons for b in row if b.web_app), None)
        if board is None or self.board is None or chat_id < 0 or self.menus.get(chat_id) == board.text:
            return
        try:
            await self.bot.set_chat_menu_button(chat_id, MenuButtonWebApp(board.text, WebAppInfo(self.board.page)))
        except TelegramError as error:
            log.info("the menu button of a private chat was not set: %s", error)
            return
        self.menus.put(chat_id, board.text)

    async def send_document(self, chat_id: int, filename: str, data: bytes, caption: str = "") -> MessageRef:
        """Sends a file (sendDocument) with its caption cut to Telegram's 1024 characters."""
        content = repr((filename, caption))
        try:
            with reaching():
                message = await self.bot.send_document(
                    chat_id, InputFile(data, filename=filename), caption=caption[:MAX_CAPTION] or None
                )
        except NetworkError as error:
            self.lost.failed(chat_id, content, error)
            raise
        self.lost.sent(chat_id, content, message.message_id)
        return MessageRef(chat_id, message.message_id)

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a message's text and buttons; group edits go out in the background, newest content first."""
        if ref.chat_id in self.moved:
            raise ChatMoved(self.moved[ref.chat_id])
        if ref.chat_id < 0:
            self.group_edits.submit(ref, text, buttons)
            return
        await self.edit_now(ref, text, buttons)

    async def edit_now(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Edits a message now; no change needed and a vanished message are no error."""
        if visible_length(text) > MAX_TEXT:
            text = split(text)[-1]
        try:
            await call(
                self.bot,
                "editMessageText",
                chat_id=ref.chat_id,
                message_id=ref.message_id,
                text=to_html(text),
                parse_mode=ParseMode.HTML,
                reply_markup=keyboard(buttons),
            )
        except BadRequest as error:
            if not benign(error):
                raise
        except ChatMigrated as error:  # the message stays in the old chat; queued() tells where the chat went
            self.moved[ref.chat_id] = error.new_chat_id
            raise Undeliverable(str(error)) from error
        except Forbidden as error:
            raise Undeliverable(str(error)) from error

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Takes a message's buttons away; a message without any, or gone, is no error."""
        try:
            await call(self.bot, "editMessageReplyMarkup", chat_id=ref.chat_id, message_id=ref.message_id)
        except BadRequest as error:
            if not benign(error):
                raise
        except Forbidden as error:
            raise Undeliverable(str(error)) from error

    async def delete(self, ref: MessageRef) -> None:
        """Deletes a message; one that is gone or too old to delete is no error."""
        self.group_edits.forget(ref)
        try:
            await call(self.bot, "deleteMessage", chat_id=ref.chat_id, message_id=ref.message_id)
        except (BadRequest, Forbidden, ChatMigrated) as error:
            log.debug("could not delete %s: %s", ref, error)

    def press_arrived(self, press_id: str, at: float | None = None) -> None:
        """Notes when a press came (monotonic seconds; None: now), so that its answer is timed from then."""
        self.arrivals.put(press_id, time.monotonic() if at is None else at)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Answers a callback query (Telegram shows a spinner until then); times it from the press's arrival."""
        arrived = self.arrivals.get(press.id)
        self.arrivals.pop(press.id)
        try:
            await call(
                self.bot,
                "answerCallbackQuery",
                callback_query_id=press.id,
                text=text[:MAX_ANSWER] or None,
                show_alert=alert,
            )
        except BadRequest as error:
            log.info("could not answer press %s: %s", press.id, error)
            return
        if arrived is not None:
            observe_press(time.monotonic() - arrived)

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
        """Returns what to await until the group edits queued for chat so far are sent, or None if none wait.

        Awaiting it raises ChatMoved when an edit found that the chat moved.
        """
        waiting = self.group_edits.queued(chat_id)
        if waiting is None and chat_id not in self.moved:
            return None
        return self._settled(chat_id, waiting)

    async def _settled(self, chat_id: int, waiting: Awaitable[None] | None) -> None:
        """Waits for a chat's queued edits, then raises ChatMoved if one of them found that the chat moved."""
        if waiting is not None:
            await waiting
        if chat_id in self.moved:
            raise ChatMoved(self.moved[chat_id])

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Returns whether getChatMember says member, administrator or owner, or restricted but still a member."""
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except (Forbidden, BadRequest):  # the bot is not in the group, or Telegram knows no such user there
            return False
        if isinstance(member, ChatMemberRestricted):
            return member.is_member
        return member.status in (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    def join_link(self, token: str) -> str | None:
        """Returns the deep link that opens the private chat with /start join_<token>."""
        return f"https://t.me/{self.username}?start={JOIN_PAYLOAD}{token}" if self.username else None

    def board_link(self, game_id: int) -> str | None:
        """Returns the Mini App's direct link to a game's board (https://t.me/<bot>/<app>?startapp=g<id>), or None."""
        if self.board is None or not self.username:
            return None
        return f"https://t.me/{self.username}/{self.board.name}?startapp=g{game_id}"

    def board_page(self, game_id: int) -> str | None:
        """Returns the board's page of a game for a private chat's web_app button, or None."""
        return f"{self.board.page}?game={game_id}" if self.board is not None else None

    async def may_pin(self, chat_id: int) -> bool:
        """Returns whether the bot administers the group with the right to pin (asked at most once a minute)."""
        known = self.pin_rights.get(chat_id)
        if known is not None and time.monotonic() - known[1] < RIGHTS_CACHE_SECONDS:
            return known[0]
        try:
            member = await self.bot.get_chat_member(chat_id, self.bot.id)
        except (Forbidden, BadRequest):
            allowed = False
        else:
            rights = bool(getattr(member, "can_pin_messages", False))
            allowed = member.status == ChatMemberStatus.ADMINISTRATOR and rights
        self.pin_rights[chat_id] = (allowed, time.monotonic())
        return allowed

    async def pin(self, ref: MessageRef) -> None:
        """Pins a message without notifying the group; a refusal is only logged, and remembered: the chat counts as
        one where the bot may not pin (for RIGHTS_CACHE_SECONDS) and the message is never unpinned."""
        try:
            await self.bot.pin_chat_message(ref.chat_id, ref.message_id, disable_notification=True)
        except (BadRequest, Forbidden) as error:
            self.pin_rights[ref.chat_id] = (False, time.monotonic())
            self.unpinned.add(ref)
            log.info("could not pin %s: %s", ref, error)
        else:
            self.unpinned.discard(ref)

    async def unpin(self, ref: MessageRef) -> None:
        """Unpins a message, unless its pin was refused; one that is not pinned, gone, or a missing right is only
        logged."""
        if ref in self.unpinned:
            self.unpinned.discard(ref)
            return
        try:
            await self.bot.unpin_chat_message(ref.chat_id, ref.message_id)
        except (BadRequest, Forbidden) as error:
            log.info("could not unpin %s: %s", ref, error)

    def pin_rights_link(self) -> str | None:
        """Returns the link that adds the bot to a group as an administrator that may pin messages."""
        return f"https://t.me/{self.username}?startgroup=true&admin=pin_messages" if self.username else None

    def share_link(self, url: str, text: str) -> str | None:
        """Returns Telegram's share link: the user picks chats, and url with text is sent there."""
        return f"https://t.me/share/url?url={quote(url, safe='')}&text={quote(text, safe='')}"

    async def answer_inline(self, query: InlineQuery, articles: list[Article]) -> None:
        """Answers an inline query with text articles, cached for everyone for a few minutes."""
        results = [
            InlineQueryResultArticle(a.id, a.title, InputTextMessageContent(a.text[:MAX_TEXT]), description=a.text[:99])
            for a in articles
        ]
        try:
            await self.bot.answer_inline_query(query.id, results, cache_time=INLINE_CACHE_SECONDS, is_personal=True)
        except BadRequest as error:
            log.info("could not answer inline query %s: %s", query.id, error)
