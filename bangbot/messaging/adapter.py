"""The messenger adapter interface and the messenger-neutral shapes of what comes in and goes out."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Protocol

from bangbot.messaging.presenting.names import MAX_TITLE, display_name

MAX_MESSAGE_LENGTH = 4096
END = "end"  # Button.fixed of "End the turn" and of the other ways to play nothing (take the hit, …)
BACK = "back"  # Button.fixed of "« Back"


@dataclass(frozen=True, slots=True)
class Button:
    """A button: the text people read and the data its press sends back (at most 64 bytes), or a link, or a page
    the messenger opens in its own window (web_app: the board).

    fixed names a button that keeps its place on every step (END or BACK): the terminal gives it a fixed number.
    """

    text: str
    data: str = ""
    url: str | None = None
    fixed: str = ""
    web_app: str | None = None


Keyboard = tuple[tuple[Button, ...], ...]


@dataclass(frozen=True, slots=True)
class MessageRef:
    """Where a sent message lives, so it can be edited or deleted later."""

    chat_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class User:
    """A person writing to the bot; language is the messenger's language code, if any.

    The name is kept as display_name shows it (the user id if nothing visible is left), wherever it came from.
    """

    id: int
    name: str
    language: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", display_name(self.name) or str(self.id))


@dataclass(frozen=True, slots=True)
class Command:
    """A text command like /newgame sent in a chat (private when chat_id equals the user's id)."""

    user: User
    chat_id: int
    private: bool
    name: str
    args: str = ""
    chat_title: str = ""
    thread: int = 0  # the topic of a forum group the command was written in (0: none)

    def __post_init__(self) -> None:
        object.__setattr__(self, "chat_title", display_name(self.chat_title, MAX_TITLE))


@dataclass(frozen=True, slots=True)
class Press:
    """A button press that must be acknowledged with Messenger.answer."""

    id: str
    user: User
    chat_id: int
    message_id: int
    data: str
    private: bool


@dataclass(frozen=True, slots=True)
class InlineQuery:
    """Text typed after the bot's name in any chat (inline mode), to be answered with articles."""

    id: str
    user: User
    text: str


@dataclass(frozen=True, slots=True)
class Article:
    """One answer to an inline query: a title to pick and the text it sends into the chat."""

    id: str
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Departure:
    """A person who left a group chat or was removed from it."""

    chat_id: int
    user_id: int


class Undeliverable(Exception):
    """A message could not reach a chat: the user never started the bot or blocked it."""


class ChatMoved(Exception):
    """A group chat lives on under a new id (say, upgraded to a supergroup): send there instead."""

    def __init__(self, new_id: int) -> None:
        super().__init__(f"the chat moved to {new_id}")
        self.new_id = new_id


class Messenger(Protocol):
    """What the game service needs from a messenger; a private chat's id is its user's id."""

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        """Sends a message with button rows (in a group's topic, if thread); raises Undeliverable if the chat is
        unreachable, ChatMoved if it moved."""
        ...

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a sent message's text and buttons; an unchanged or vanished message is no error."""
        ...

    async def send_document(self, chat_id: int, filename: str, data: bytes, caption: str = "") -> MessageRef:
        """Sends a file with a short caption; raises Undeliverable if the chat can't be reached."""
        ...

    async def delete(self, ref: MessageRef) -> None:
        """Deletes a sent message; a vanished one is no error."""
        ...

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Takes a sent message's buttons away, keeping its text; a vanished message is no error."""
        ...

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Acknowledges a button press, with a short notice or an alert."""
        ...

    async def can_message(self, user_id: int) -> bool:
        """Returns whether the user can be messaged privately."""
        ...

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user administers the group chat."""
        ...

    def mention(self, user_id: int, name: str) -> str:
        """Returns text that names a user so that the messenger notifies them."""
        ...

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user is a member of the group chat (a restricted member counts; one who left not)."""
        ...

    def join_link(self, token: str) -> str | None:
        """Returns a link that joins the lobby with this join token through the private chat, or None.

        Through the private chat, so the bot may write there; None where joining is a lobby button instead.
        """
        ...

    def board_link(self, game_id: int) -> str | None:
        """Returns the link a group's table message opens the game's board with, or None where there is no board."""
        ...

    def board_page(self, game_id: int) -> str | None:
        """Returns the board's page a private message's button opens in the messenger's window, or None."""
        ...

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns what to await until the edits queued for a chat so far are sent, or None if none wait."""
        ...

    async def may_pin(self, chat_id: int) -> bool:
        """Returns whether the bot has the right to pin messages in the group chat."""
        ...

    async def pin(self, ref: MessageRef) -> None:
        """Pins a message quietly; a missing right or a vanished message is no error."""
        ...

    async def unpin(self, ref: MessageRef) -> None:
        """Unpins a message; one that is not pinned or gone is no error."""
        ...

    def pin_rights_link(self) -> str | None:
        """Returns a link that adds the bot to a group with the right to pin, or None if this messenger has no pins."""
        ...

    def share_link(self, url: str, text: str) -> str | None:
        """Returns a link that lets a user pass url and text on to chats they choose, or None."""
        ...

    async def answer_inline(self, query: InlineQuery, articles: list[Article]) -> None:
        """Answers an inline query with articles (none: nothing found)."""
        ...
