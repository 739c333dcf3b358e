"""A collecting in-memory messenger: the test double of every adapter."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field

from bangbot.messaging.adapter import Button, Keyboard, MessageRef, Press, Undeliverable


@dataclass
class Sent:
    """One message as it stands now, with its history of texts."""

    ref: MessageRef
    text: str
    buttons: Keyboard
    history: list[str] = field(default_factory=list)
    deleted: bool = False


@dataclass
class Answer:
    """The acknowledgement of one press."""

    press: Press
    text: str
    alert: bool


@dataclass
class CollectingMessenger:
    """Keeps every message, edit and answer; users in `unreachable` can't be messaged privately."""

    unreachable: set[int] = field(default_factory=set)
    admins: dict[int, set[int]] = field(default_factory=dict)
    messages: list[Sent] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    fail_sends: int = 0
    calls: Counter[str] = field(default_factory=Counter)
    _next_id: int = 1

    async def send(self, chat_id: int, text: str, buttons: Keyboard = ()) -> MessageRef:
        """Records a message; raises Undeliverable for unreachable private chats or injected failures."""
        self.calls["send"] += 1
        if chat_id in self.unreachable:
            raise Undeliverable(f"user {chat_id} has not started the bot")
        if self.fail_sends > 0:
            self.fail_sends -= 1
            raise ConnectionError("injected send failure")
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.messages.append(Sent(ref, text, buttons, [text]))
        return ref

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a recorded message's text and buttons; raises Undeliverable in an unreachable private chat."""
        self.calls["edit"] += 1
        if ref.chat_id in self.unreachable:
            raise Undeliverable(f"user {ref.chat_id} blocked the bot")
        for m in self.messages:
            if m.ref == ref and not m.deleted:
                m.text, m.buttons = text, buttons
                m.history.append(text)

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Takes a recorded message's buttons away."""
        self.calls["drop_buttons"] += 1
        if ref.chat_id in self.unreachable:
            raise Undeliverable(f"user {ref.chat_id} has not started the bot")
        for m in self.messages:
            if m.ref == ref and not m.deleted:
                m.buttons = ()

    async def delete(self, ref: MessageRef) -> None:
        """Marks a recorded message deleted."""
        self.calls["delete"] += 1
        for m in self.messages:
            if m.ref == ref:
                m.deleted = True

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Records the acknowledgement of a press."""
        self.calls["answer"] += 1
        self.answers.append(Answer(press, text, alert))

    async def can_message(self, user_id: int) -> bool:
        """Returns whether the user is reachable."""
        return user_id not in self.unreachable

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user is listed as an admin of the chat."""
        return user_id in self.admins.get(chat_id, set())

    def join_link(self, game_id: int) -> str | None:
        """Returns None: joining is a plain button here."""
        return None

    def mention(self, user_id: int, name: str) -> str:
        """Returns the name with an at sign."""
        return f"@{name}"

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns None: every edit is made at once."""
        return None

    def in_chat(self, chat_id: int, live_only: bool = True) -> list[Sent]:
        """Returns the messages of one chat, oldest first."""
        return [m for m in self.messages if m.ref.chat_id == chat_id and not (live_only and m.deleted)]

    def last(self, chat_id: int) -> Sent:
        """Returns the newest live message of a chat."""
        return self.in_chat(chat_id)[-1]

    def pressable(self, chat_id: int) -> list[tuple[Sent, Button]]:
        """Returns the buttons of a chat's newest live message that has any (link buttons left out)."""
        live = [m for m in self.in_chat(chat_id) if m.buttons]
        if not live:
            return []
        return [(live[-1], b) for row in live[-1].buttons for b in row if not b.url]

    def all_texts(self, chat_id: int) -> list[str]:
        """Returns every text a chat ever showed, edits included."""
        return [t for m in self.in_chat(chat_id, live_only=False) for t in m.history]
