"""A messenger that prints group and private messages to a terminal and keeps the buttons to choose from."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TextIO

from bangbot.messaging.adapter import BACK, END, Button, Keyboard, MessageRef, Press

FIXED_KEYS = {END: "0", BACK: "9"}  # End the turn (or take the hit) and « Back keep these numbers on every step


@dataclass
class Shown:
    """A message as the terminal last printed it."""

    text: str
    buttons: Keyboard


@dataclass
class ConsoleMessenger:
    """Prints messages for one person; the group chat is `group`, the person's private chat is `user_id`."""

    out: TextIO
    group: int
    user_id: int
    group_label: str
    private_label: str
    messages: dict[MessageRef, Shown] = field(default_factory=dict)
    _next_id: int = 1

    def _print(self, chat_id: int, lines: list[str]) -> None:
        """Prints lines framed as a group or a private message."""
        if not lines:
            return
        label = self.group_label if chat_id == self.group else self.private_label
        self.out.write(f"┌─ {label}\n")
        for line in lines:
            self.out.write(f"│ {line}\n")
        self.out.write("└─\n")
        self.out.flush()

    async def send(self, chat_id: int, text: str, buttons: Keyboard = ()) -> MessageRef:
        """Prints a new message in full (a private one with buttons waits until the person is asked)."""
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.messages[ref] = Shown(text, buttons)
        if chat_id == self.group or not buttons:
            self._print(chat_id, text.splitlines())
        return ref

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Prints the lines of a group message that an edit changed or added."""
        old = self.messages.get(ref)
        self.messages[ref] = Shown(text, buttons)
        if old is None or old.text == text:
            return
        before, after = old.text.splitlines(), text.splitlines()
        if ref.chat_id != self.group:
            return  # private messages are printed when the person is asked to choose
        common = 0
        while common < min(len(before), len(after)) and before[common] == after[common]:
            common += 1
        self._print(ref.chat_id, [line for line in after[common:] if line])

    async def delete(self, ref: MessageRef) -> None:
        """Forgets a message."""
        self.messages.pop(ref, None)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Prints the notice of a press, if it has one."""
        if text:
            self.out.write(f"{'⚠ ' if alert else ''}{text}\n")

    async def can_message(self, user_id: int) -> bool:
        """Returns True: the terminal reaches its one person."""
        return True

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Returns True: the person at the terminal runs the table."""
        return True

    def join_link(self, game_id: int) -> str | None:
        """Returns None: joining is a plain button here."""
        return None

    def mention(self, user_id: int, name: str) -> str:
        """Returns the name as it is."""
        return name

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns None: every edit is made at once."""
        return None

    def latest_private(self) -> tuple[MessageRef, Shown] | None:
        """Returns the person's newest private message that has buttons."""
        mine = [(ref, shown) for ref, shown in self.messages.items() if ref.chat_id == self.user_id and shown.buttons]
        return max(mine, key=lambda item: item[0].message_id) if mine else None

    def print_private(self, ref: MessageRef) -> None:
        """Prints a private message in full with its buttons numbered."""
        shown = self.messages[ref]
        lines = shown.text.splitlines()
        lines += [""] + [f"{key}) {b.text}" for key, b in numbered(shown.buttons)]
        self._print(ref.chat_id, lines)


def numbered(buttons: Keyboard) -> list[tuple[str, Button]]:
    """Returns the buttons in order with the number that chooses each: fixed ones their FIXED_KEYS, others 1, 2, …

    The others skip the fixed numbers, so no number ever means two things.
    """
    out: list[tuple[str, Button]] = []
    n = 0
    for button in (b for row in buttons for b in row):
        if button.fixed in FIXED_KEYS:
            out.append((FIXED_KEYS[button.fixed], button))
            continue
        n += 1
        while str(n) in FIXED_KEYS.values():
            n += 1
        out.append((str(n), button))
    return out
