"""The messenger adapter interface and the messenger-neutral shapes of what comes in and goes out."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Protocol

MAX_MESSAGE_LENGTH = 4096
END = "end"  # Button.fixed of "End the turn" and of the other ways to play nothing (take the hit, …)
BACK = "back"  # Button.fixed of "« Back"


@dataclass(frozen=True, slots=True)
class Button:
    """A button: the text people read and the data its press sends back (at most 64 bytes), or a link.

    fixed names a button that keeps its place on every step (END or BACK): the terminal gives it a fixed number.
    """

    text: str
    data: str = ""
    url: str | None = None
    fixed: str = ""


Keyboard = tuple[tuple[Button, ...], ...]


@dataclass(frozen=True, slots=True)
class MessageRef:
    """Where a sent message lives, so it can be edited or deleted later."""

    chat_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class User:
    """A person writing to the bot; language is the messenger's language code, if any."""

    id: int
    name: str
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Command:
    """A text command like /newgame sent in a chat (private when chat_id equals the user's id)."""

    user: User
    chat_id: int
    private: bool
    name: str
    args: str = ""
    chat_title: str = ""


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
class Departure:
    """A person who left a group chat or was removed from it."""

    chat_id: int
    user_id: int


class Undeliverable(Exception):
    """A message could not reach a chat: the user never started the bot or blocked it."""


class Messenger(Protocol):
    """What the game service needs from a messenger; a private chat's id is its user's id."""

    async def send(self, chat_id: int, text: str, buttons: Keyboard = ()) -> MessageRef:
        """Sends a message with button rows; raises Undeliverable if the chat can't be reached."""
        ...

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a sent message's text and buttons; an unchanged or vanished message is no error."""
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

    def join_link(self, game_id: int) -> str | None:
        """Returns a link that joins a lobby through the private chat (so the bot may write there), or None."""
        ...

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns what to await until the edits queued for a chat so far are sent, or None if none wait."""
        ...
