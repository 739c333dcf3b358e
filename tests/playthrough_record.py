"""A playthrough as text: what each chat shows after every step, written so that a diff of two runs reads well.

A step is one thing a person does (a command or a button press). After it, every message of every chat that was
sent, edited to something else or deleted is written in full, with its buttons; messages are named by their chat and
their place in it (the messenger's ids are left out), so the text depends only on what people read.
"""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from bangbot.bench.messenger import CollectingMessenger, Sent
from bangbot.messaging.adapter import Keyboard

ELIDED = 3  # an edit writes this many or more unchanged lines in a row as one line
IDLE_BOUND = 30.0  # seconds: a delivery still running after this is a hang, not a slow machine

Shown = tuple[str, Keyboard, bool]  # a message's text, buttons and whether it is deleted


async def delivery_idle() -> None:
    """Returns once the service has shown everything it saved: the one place that knows how delivery finishes.

    Waits for every other task of the event loop: the game's delivery lanes and the replies run as tasks.
    """
    me = asyncio.current_task()
    while pending := [t for t in asyncio.all_tasks() if t is not me and not t.done()]:
        _, still = await asyncio.wait(pending, timeout=IDLE_BOUND)
        if still:
            raise TimeoutError(f"delivery is not idle: {len(still)} tasks still run; adapt delivery_idle")


def snapshot(messenger: CollectingMessenger) -> dict[tuple[int, int], Shown]:
    """Returns what every message of every chat shows now, by (chat id, message id)."""
    return {(m.ref.chat_id, m.ref.message_id): (m.text, m.buttons, m.deleted) for m in messenger.messages}


def keyboard_lines(buttons: Keyboard) -> list[str]:
    """Returns one line per button row, each button in brackets (a link marked as one)."""
    return ["  " + " ".join(f"[{b.text}]" + (" (link)" if b.url else "") for b in row) for row in buttons]


def text_lines(text: str, before: str | None = None) -> list[str]:
    """Returns a message's text, each line behind a bar so blank lines and edges stay visible.

    For an edit (before is the text it replaced), runs of at least ELIDED lines that stayed as they were are
    written as one line saying how many.
    """
    lines = text.split("\n")
    shown = [f"  | {line}".rstrip() for line in lines]
    if before is None:
        return shown
    out: list[str] = []
    matcher = difflib.SequenceMatcher(None, before.split("\n"), lines, autojunk=False)
    for tag, _, _, start, end in matcher.get_opcodes():
        if tag == "equal" and end - start >= ELIDED:
            out.append(f"  ┆ {end - start} lines as before")
        else:
            out.extend(shown[start:end])
    return out


@dataclass
class Recording:
    """The text of one playthrough, built step by step from a collecting messenger's chats."""

    messenger: CollectingMessenger
    chat_names: dict[int, str]
    moves: Callable[[], Sequence[str]] = list  # the moves applied since its last call, written out
    lines: list[str] = field(default_factory=list)
    steps: int = 0
    _before: dict[tuple[int, int], Shown] = field(default_factory=dict)
    _answers: int = 0

    def comment(self, *lines: str) -> None:
        """Writes lines about the playthrough (after a blank line unless they open it), each after a '#'."""
        self.lines.extend([""] if self.lines else [])
        self.lines.extend(f"# {line}" for line in lines)

    def name_of(self, message: Sent) -> str:
        """Returns a message's name: its chat and its place among the chat's messages (1 is the first)."""
        chat = message.ref.chat_id
        place = 1 + [m.ref for m in self.messenger.messages if m.ref.chat_id == chat].index(message.ref)
        return f"{self.chat_names[chat]}, message {place}"

    async def step(self, what: str, act: Callable[[], Awaitable[object]]) -> None:
        """Runs act (one command or press, described by what), waits for delivery and writes what changed."""
        self.steps += 1
        self._before = snapshot(self.messenger)
        self._answers = len(self.messenger.answers)
        await act()
        await delivery_idle()
        self.lines.extend(["", f"== {self.steps}. {what}"])
        self.lines.extend(f"-- move: {move}" for move in self.moves())
        self.lines.extend(self.changes())

    def changes(self) -> list[str]:
        """Returns the lines for every message sent, edited or deleted and every press answered since the snapshot."""
        out: list[str] = []
        for answer in self.messenger.answers[self._answers :]:
            if answer.text:
                kind = "alert" if answer.alert else "answer"
                out.append(f"-- {kind} to {answer.press.user.name}: {answer.text}")
        chats = list(self.chat_names)
        for message in sorted(self.messenger.messages, key=lambda m: chats.index(m.ref.chat_id)):
            before = self._before.get((message.ref.chat_id, message.ref.message_id))
            now = (message.text, message.buttons, message.deleted)
            if before == now:
                continue
            if message.deleted:
                out.append(f"-- {self.name_of(message)}: " + ("sent and deleted" if before is None else "deleted"))
                continue
            out.append(f"-- {self.name_of(message)}: " + ("sent" if before is None else "edited"))
            out.extend(text_lines(message.text, None if before is None else before[0]))
            out.extend(keyboard_lines(message.buttons))
        return out or ["-- nothing changed"]

    def text(self) -> str:
        """Returns the whole playthrough, ending with a newline."""
        return "\n".join(self.lines) + "\n"
