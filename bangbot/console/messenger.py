"""A messenger for one person at a terminal: it keeps what the game shows, for the terminal game to print."""

from __future__ import annotations

import difflib
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field

from bangbot.messaging.adapter import BACK, END, Button, Keyboard, MessageRef, Press

FIXED_KEYS = {END: "0", BACK: "9"}  # End the turn (or take the hit) and « Back keep these numbers on every step


@dataclass
class Shown:
    """A message as it stands now."""

    text: str
    buttons: Keyboard


@dataclass(frozen=True)
class Piece:
    """What one messenger call showed: a new message's lines, the lines an edit added, or a notice (no ref)."""

    ref: MessageRef | None
    lines: tuple[str, ...]


def added_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """Returns the non-blank lines of after that before does not have at their place."""
    matcher = difflib.SequenceMatcher(None, list(before), list(after), autojunk=False)
    return [
        line
        for tag, _, _, j1, j2 in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for line in after[j1:j2]
        if line.strip()
    ]


def split_question(text: str) -> tuple[list[str], list[str]]:
    """Splits a private message into what it shows and its last paragraph, the question asked."""
    lines = text.splitlines()
    blanks = [i for i, line in enumerate(lines) if not line.strip()]
    if not blanks:
        return [], lines
    return lines[: blanks[-1]], lines[blanks[-1] + 1 :]


@dataclass
class ConsoleMessenger:
    """Keeps the messages of one person's group chat (`group`) and private chat (`user_id`) and what changed."""

    group: int
    user_id: int
    messages: dict[MessageRef, Shown] = field(default_factory=dict)
    pending: list[Piece] = field(default_factory=list)
    printed: dict[MessageRef, list[str]] = field(default_factory=dict)
    _next_id: int = 1

    async def send(self, chat_id: int, text: str, buttons: Keyboard = ()) -> MessageRef:
        """Keeps a new message; it is shown in full (a private one with buttons when the person is asked)."""
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.messages[ref] = Shown(text, buttons)
        if chat_id == self.group or not buttons:
            self.pending.append(Piece(ref, tuple(text.splitlines())))
        return ref

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Keeps an edit; of a group message, the lines it added are shown."""
        old = self.messages.get(ref)
        self.messages[ref] = Shown(text, buttons)
        if old is not None and ref.chat_id == self.group:
            added = added_lines(old.text.splitlines(), text.splitlines())
            if added:
                self.pending.append(Piece(ref, tuple(added)))

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Keeps a message's text without its buttons."""
        old = self.messages.get(ref)
        if old is not None:
            self.messages[ref] = Shown(old.text, ())

    async def delete(self, ref: MessageRef) -> None:
        """Forgets a message."""
        self.messages.pop(ref, None)
        self.printed.pop(ref, None)

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Keeps the notice of a press, if it has one."""
        if text:
            self.pending.append(Piece(None, (f"{'⚠ ' if alert else ''}{text}",)))

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

    def take(self) -> list[Piece]:
        """Returns what was shown since the last call, and forgets it."""
        pieces, self.pending = self.pending, []
        return pieces

    def latest_private(self) -> tuple[MessageRef, Shown] | None:
        """Returns the person's newest private message that has buttons."""
        mine = [(ref, shown) for ref, shown in self.messages.items() if ref.chat_id == self.user_id and shown.buttons]
        return max(mine, key=lambda item: item[0].message_id) if mine else None

    def prompt_lines(self, ref: MessageRef) -> list[str]:
        """Returns a private message as a prompt: what changed since last printed (all at first), question, buttons."""
        shown = self.messages[ref]
        body, question = split_question(shown.text)
        before = self.printed.get(ref)
        self.printed[ref] = body
        news = body if before is None else added_lines(before, body)
        lines = [*news, ""] if news else []
        return [*lines, *question, "", *(f"{key}) {b.text}" for key, b in numbered(shown.buttons))]


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
