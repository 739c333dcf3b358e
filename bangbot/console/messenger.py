"""A messenger for one person at a terminal: it keeps what the game shows, for the terminal game to print."""

from __future__ import annotations

import difflib
import os
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import count
from pathlib import Path

from bangbot.messaging.adapter import BACK, END, Article, Button, InlineQuery, Keyboard, MessageRef, Press

RECORDS_DIR = "BANGBOT_RECORDS_DIR"  # where the terminal writes records; else a folder in the system's temp dir
FIXED_KEYS = {END: "0", BACK: "9"}  # End the turn (or take the hit) and « Back keep these numbers on every step

# A choice's label: its group first (choices of one group never share a number in an epoch, so a new one never takes
# the number of one another question of the turn may show again), then what it picks (see Identity), else (its
# question, its text, how many choices before it have the same text).
Label = tuple[Hashable, ...]
Identity = Callable[[Button], Label | None]  # a button's label, the same while the game moves on; None: unknown


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


def records_folder(env: Mapping[str, str]) -> Path:
    """Returns the folder the terminal writes game records into: $BANGBOT_RECORDS_DIR, else <temp>/bangbot-records."""
    chosen = env.get(RECORDS_DIR, "")
    return Path(chosen) if chosen else Path(tempfile.gettempdir()) / "bangbot-records"


def write_new(folder: Path, filename: str, data: bytes) -> Path:
    """Writes data into a new file in folder: filename, else its stem with -2, -3, … before its suffix (a record of
    a game played without --db is numbered like every other such game's); never replaces a file. Returns its path."""
    name = Path(filename)
    for n in count(1):
        path = folder / (filename if n == 1 else f"{name.stem}-{n}{name.suffix}")
        try:
            with path.open("xb") as file:
                file.write(data)
        except FileExistsError:
            continue
        return path
    raise AssertionError("unreachable")


def changed_indexes(before: Sequence[str], after: Sequence[str]) -> list[int]:
    """Returns the indexes of the non-blank lines of after that before does not have at their place."""
    matcher = difflib.SequenceMatcher(None, list(before), list(after), autojunk=False)
    return [
        j
        for tag, _, _, j1, j2 in matcher.get_opcodes()
        if tag in ("replace", "insert")
        for j in range(j1, j2)
        if after[j].strip()
    ]


def added_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """Returns the non-blank lines of after that before does not have at their place."""
    return [after[j] for j in changed_indexes(before, after)]


def depth(line: str) -> int:
    """Returns how deep a line sits under the headings above it: its indentation, a leading ▶ marker included."""
    return len(line) - len(line.lstrip(" ▶"))


def with_owners(lines: Sequence[str], chosen: Collection[int], nearest: bool = False) -> list[str]:
    """Returns the chosen lines in order, each under the headings it belongs to, even unchanged ones (nearest: only
    the closest indented heading, the player a group table's line describes, never the table's title above it).

    A line's headings are the less indented lines above it in its paragraph (a blank line ends a paragraph): the
    player a "reserve: 2" line describes, the "Distance to each player" a distance line is part of.
    """
    kept = set(chosen)
    for i in chosen:
        level = depth(lines[i])
        for j in range(i - 1, -1, -1):
            if level == 0 or not lines[j].strip():
                break
            if depth(lines[j]) < level:
                if nearest and not depth(lines[j]):  # a title: the line names its player itself
                    break
                kept.add(j)
                level = 0 if nearest else depth(lines[j])
    return [lines[i] for i in sorted(kept)]


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
    numbers: dict[Label, str] = field(default_factory=dict)  # each choice's number when last shown, the latest last
    epoch: Hashable = None  # what numbers are remembered for (a turn): another forgets them
    last_numbers: dict[Label, str] = field(default_factory=dict)  # the last prompt's number of each choice
    asked: list[str] = field(default_factory=list)  # the last prompt's question
    last_body: list[str] | None = None  # what the last prompt showed: a new private message is told against it
    last_group: MessageRef | None = None  # the group message whose lines were shown last
    folder: Path = field(default_factory=lambda: records_folder(os.environ))
    _next_id: int = 1

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        """Keeps a new message; it is shown in full (a private one with buttons when the person is asked)."""
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.messages[ref] = Shown(text, buttons)
        if chat_id == self.group and self.shown_elsewhere(ref, text.splitlines()):
            return ref
        if chat_id == self.group or not buttons:
            self.pending.append(Piece(ref, tuple(text.splitlines())))
            self.last_group = ref if chat_id == self.group else self.last_group
        return ref

    async def send_document(self, chat_id: int, filename: str, data: bytes, caption: str = "") -> MessageRef:
        """Writes the file into `folder` under a name no file there has (see write_new) and shows its caption and
        path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = write_new(self.folder, filename, data)
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.pending.append(Piece(ref, (*caption.splitlines(), str(path.resolve()))))
        return ref

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Keeps an edit; of a group message, the lines it added are shown."""
        old = self.messages.get(ref)
        self.messages[ref] = Shown(text, buttons)
        if old is not None and ref.chat_id == self.group:
            lines = text.splitlines()
            added = with_owners(lines, changed_indexes(old.text.splitlines(), lines), nearest=True)
            if added and not self.shown_elsewhere(ref, added):
                self.pending.append(Piece(ref, tuple(added)))
                self.last_group = ref

    def resumed(self, ref: MessageRef, text: str, buttons: Keyboard, after: int) -> None:
        """Takes a resumed game's group message (its turn's log) as it stands, sent before the terminal started: it
        is shown in full now and its edits show what they add; new messages get ids above after (the highest id
        the game kept)."""
        self._next_id = max(self._next_id, after + 1)
        self.messages[ref] = Shown(text, buttons)
        self.pending.append(Piece(ref, tuple(text.splitlines())))
        self.last_group = ref

    def shown_elsewhere(self, ref: MessageRef, lines: list[str]) -> bool:
        """Returns whether another group message last shown already holds every one of these lines (the turn's
        message shows the table below its events: the table message then tells nothing new)."""
        other = self.messages.get(self.last_group) if self.last_group not in (None, ref) else None
        return other is not None and bool(lines) and set(lines) <= set(other.text.splitlines())

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

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Returns True: the terminal's table is its one person's."""
        return True

    def join_link(self, token: str) -> str | None:
        """Returns None: joining is a plain button here."""
        return None

    def board_link(self, game_id: int) -> str | None:
        """Returns None: the terminal shows no board."""
        return None

    def board_page(self, game_id: int) -> str | None:
        """Returns None: the terminal shows no board."""
        return None

    async def may_pin(self, chat_id: int) -> bool:
        """Returns False: the terminal has no pins."""
        return False

    async def pin(self, ref: MessageRef) -> None:
        """Does nothing: the terminal shows the table when it matters."""

    async def unpin(self, ref: MessageRef) -> None:
        """Does nothing: nothing is pinned."""

    def pin_rights_link(self) -> str | None:
        """Returns None: the terminal has no pins."""
        return None

    def share_link(self, url: str, text: str) -> str | None:
        """Returns None: nobody else sits at the terminal."""
        return None

    async def answer_inline(self, query: InlineQuery, articles: list[Article]) -> None:
        """Does nothing: the terminal has no inline mode."""

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

    def drop_notices(self) -> None:
        """Forgets the press notices not yet taken (messages stay)."""
        self.pending = [piece for piece in self.pending if piece.ref is not None]

    def show_whole(self) -> None:
        """Makes the next new private message print in full (asked for, as /status does), not only what changed."""
        self.last_body = None

    def latest_private(self) -> tuple[MessageRef, Shown] | None:
        """Returns the person's newest private message that has buttons."""
        mine = [(ref, shown) for ref, shown in self.messages.items() if ref.chat_id == self.user_id and shown.buttons]
        return max(mine, key=lambda item: item[0].message_id) if mine else None

    def prompt(self, ref: MessageRef, identity: Identity | None = None, epoch: Hashable = None) -> Prompt:
        """Returns a private message as a prompt: what changed since last printed (all at first), with the headings
        it belongs to, its question and its numbered choices; a choice shown before in the same epoch (the same card or
        answer, told by identity, else by its text) keeps its number, in any question (see renumbered).

        A new private message (the game notifies a player who is asked) is compared with the last one printed."""
        shown = self.messages[ref]
        body, question = split_question(shown.text)
        before = self.printed.get(ref, self.last_body)
        self.printed[ref] = self.last_body = body
        news = body if before is None else with_owners(body, changed_indexes(before, body))
        if epoch != self.epoch:
            self.numbers, self.epoch = {}, epoch
        identify = partial(label_of, tuple(question), identity)
        keys = renumbered(shown.buttons, self.numbers, identify)
        mine = dict(zip(labels(keys, identify), (key for key, b in keys if not b.fixed), strict=True))
        last = self.last_numbers if question == self.asked else {}  # the same question, asked again
        known = bool(last) and all(last.get(label) == key for label, key in mine.items())
        for label, key in mine.items():  # shown now: the latest
            self.numbers.pop(label, None)
            self.numbers[label] = key
        self.last_numbers, self.asked = mine, question
        lines = [*news, ""] if news else []
        choices = [f"{key}) {b.text}" for key, b in keys]
        return Prompt([*lines, *question, "", *choices], dict(keys), known)


@dataclass(frozen=True)
class Prompt:
    """A question as the terminal prints it: its lines, the button each number chooses, and whether it is the last
    prompt's question asked again with every choice (but the fixed ones) still there, under the same number."""

    lines: list[str]
    keys: dict[str, Button]
    known: bool


def label_of(question: tuple[str, ...], identity: Identity | None, button: Button, same_text: int) -> Label:
    """Returns a choice's label: what it picks (identity), else its question, its text and how many choices before it
    have the same text."""
    picked = identity(button) if identity is not None else None
    return picked if picked is not None else (question, button.text, same_text)


def labels(keys: Sequence[tuple[str, Button]], identify: Callable[[Button, int], Label]) -> list[Label]:
    """Returns the label of each choice that has no fixed number (see label_of)."""
    seen: Counter[str] = Counter()
    out: list[Label] = []
    for _, button in keys:
        if not button.fixed:
            out.append(identify(button, seen[button.text]))
            seen[button.text] += 1
    return out


def renumbered(
    buttons: Keyboard, before: Mapping[Label, str], identify: Callable[[Button, int], Label]
) -> list[tuple[str, Button]]:
    """Returns the buttons numbered: a choice shown before keeps its number there (before holds the latest last: of
    two choices once shown with one number, the one shown later keeps it), so no number changes its meaning while its
    card is offered; a new one takes the lowest number that no choice of its group holds (fixed buttons:
    FIXED_KEYS)."""
    fresh = numbered(buttons)
    mine = labels(fresh, identify)
    latest = {label: i for i, label in enumerate(before)}
    kept: dict[Label, str] = {}
    for label in sorted((label for label in mine if label in before), key=latest.__getitem__, reverse=True):
        if before[label] not in kept.values():
            kept[label] = before[label]
    taken = set(kept.values()) | set(FIXED_KEYS.values())
    numbers: list[str] = []
    for label in mine:
        held = {number for other, number in before.items() if other[0] == label[0]}
        number = kept.get(label) or next(str(n) for n in count(1) if str(n) not in taken | held)
        taken.add(number)
        numbers.append(number)
    chosen = iter(numbers)
    return [(key if button.fixed else next(chosen), button) for key, button in fresh]


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
