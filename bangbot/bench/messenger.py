"""A collecting in-memory messenger: what the benches, the dev board, tools/awaited.py and the tests drive."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bangbot.messaging.adapter import (
    Article,
    Button,
    ChatMoved,
    InlineQuery,
    Keyboard,
    MessageRef,
    Press,
    Undeliverable,
)

GROUP = "group"
PRIVATE = "private"
ANSWERS = "answers"  # the destination of press answers: the presser's client, no chat


@dataclass
class Sent:
    """One message as it stands now, with its history of texts."""

    ref: MessageRef
    text: str
    buttons: Keyboard
    history: list[str] = field(default_factory=list)
    deleted: bool = False
    thread: int = 0


@dataclass
class Document:
    """One file sent to a chat."""

    ref: MessageRef
    filename: str
    data: bytes
    caption: str

    @property
    def text(self) -> str:
        """Returns the file's content read as UTF-8."""
        return self.data.decode("utf-8")


@dataclass
class Answer:
    """The acknowledgement of one press."""

    press: Press
    text: str
    alert: bool


@dataclass
class CollectingMessenger:
    """Keeps every message, edit and answer; users in `unreachable` can't be messaged privately.

    Everyone is a member of every group but the users listed in `strangers` for it.
    """

    unreachable: set[int] = field(default_factory=set)
    admins: dict[int, set[int]] = field(default_factory=dict)
    strangers: dict[int, set[int]] = field(default_factory=dict)
    board_base: str = ""  # a Mini App's address: set, tables and seats get buttons that open the board
    messages: list[Sent] = field(default_factory=list)
    answers: list[Answer] = field(default_factory=list)
    documents: list[Document] = field(default_factory=list)
    fail_sends: int = 0
    pin_link: str | None = None  # set: the bot knows pins, and may pin in the chats of `pinners`
    pinners: set[int] = field(default_factory=set)
    pinned: dict[int, set[int]] = field(default_factory=dict)  # chat id -> pinned message ids
    inline_answers: dict[str, list[Article]] = field(default_factory=dict)
    moved: dict[int, int] = field(default_factory=dict)  # a group chat's old id -> its new id
    undeletable: bool = False  # deletions fail silently, as a bot's do on Telegram once its message is 48 hours old
    calls: Counter[str] = field(default_factory=Counter)
    requests: Counter[tuple[str, str]] = field(default_factory=Counter)  # (GROUP, PRIVATE or ANSWERS, kind) -> count
    unchanged: Counter[str] = field(default_factory=Counter)  # per destination, edits that changed nothing shown
    # awaited with each new message once it is in its chat and before send returns: the moment a person may already
    # press its buttons while the sender does not know its id yet
    arrived: Callable[[Sent], Awaitable[None]] | None = None
    _next_id: int = 1

    def _count(self, kind: str, chat_id: int) -> None:
        """Counts one request of a kind into a chat, by kind and by (destination, kind)."""
        self.calls[kind] += 1
        self.requests[(GROUP if chat_id < 0 else PRIVATE, kind)] += 1

    async def send(self, chat_id: int, text: str, buttons: Keyboard = (), thread: int = 0) -> MessageRef:
        """Records a message; raises Undeliverable for unreachable private chats or injected failures."""
        self._count("send", chat_id)
        if chat_id in self.unreachable:
            raise Undeliverable(f"user {chat_id} has not started the bot")
        if chat_id in self.moved:
            raise ChatMoved(self.moved[chat_id])
        if self.fail_sends > 0:
            self.fail_sends -= 1
            raise ConnectionError("injected send failure")
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.messages.append(Sent(ref, text, buttons, [text], thread=thread))
        if self.arrived is not None:
            await self.arrived(self.messages[-1])
        return ref

    async def send_document(self, chat_id: int, filename: str, data: bytes, caption: str = "") -> MessageRef:
        """Records a file; raises Undeliverable for unreachable private chats."""
        self._count("send_document", chat_id)
        if chat_id in self.unreachable:
            raise Undeliverable(f"user {chat_id} has not started the bot")
        ref = MessageRef(chat_id, self._next_id)
        self._next_id += 1
        self.documents.append(Document(ref, filename, data, caption))
        return ref

    def documents_in(self, chat_id: int) -> list[Document]:
        """Returns the files sent to a chat, oldest first."""
        return [d for d in self.documents if d.ref.chat_id == chat_id]

    async def edit(self, ref: MessageRef, text: str, buttons: Keyboard = ()) -> None:
        """Replaces a recorded message's text and buttons; raises ChatMoved (group moved) or Undeliverable (blocked)."""
        self._count("edit", ref.chat_id)
        if ref.chat_id in self.moved:
            raise ChatMoved(self.moved[ref.chat_id])
        if ref.chat_id in self.unreachable:
            raise Undeliverable(f"user {ref.chat_id} blocked the bot")
        for m in self.messages:
            if m.ref == ref and not m.deleted:
                if (m.text, m.buttons) == (text, buttons):
                    self.unchanged[GROUP if ref.chat_id < 0 else PRIVATE] += 1
                m.text, m.buttons = text, buttons
                m.history.append(text)

    async def drop_buttons(self, ref: MessageRef) -> None:
        """Takes a recorded message's buttons away."""
        self._count("drop_buttons", ref.chat_id)
        if ref.chat_id in self.unreachable:
            raise Undeliverable(f"user {ref.chat_id} has not started the bot")
        for m in self.messages:
            if m.ref == ref and not m.deleted:
                m.buttons = ()

    async def delete(self, ref: MessageRef) -> None:
        """Marks a recorded message deleted (a pinned one is no longer pinned, as on Telegram), unless `undeletable`."""
        self._count("delete", ref.chat_id)
        if self.undeletable:
            return
        self.pinned.get(ref.chat_id, set()).discard(ref.message_id)
        for m in self.messages:
            if m.ref == ref:
                m.deleted = True

    async def answer(self, press: Press, text: str = "", alert: bool = False) -> None:
        """Records the acknowledgement of a press."""
        self.calls["answer"] += 1
        self.requests[(ANSWERS, "answer")] += 1
        self.answers.append(Answer(press, text, alert))

    async def can_message(self, user_id: int) -> bool:
        """Returns whether the user is reachable."""
        return user_id not in self.unreachable

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user is listed as an admin of the chat."""
        return user_id in self.admins.get(chat_id, set())

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Returns whether the user is not listed as a stranger to the chat."""
        return user_id not in self.strangers.get(chat_id, set())

    def join_link(self, token: str) -> str | None:
        """Returns None: joining is a plain button here."""
        return None

    def board_link(self, game_id: int) -> str | None:
        """Returns the board's link when a test gave the fake a board (board_base), else None."""
        return f"{self.board_base}?startapp=g{game_id}" if self.board_base else None

    def board_page(self, game_id: int) -> str | None:
        """Returns the board's page when a test gave the fake a board (board_base), else None."""
        return f"{self.board_base}?game={game_id}" if self.board_base else None

    def mention(self, user_id: int, name: str) -> str:
        """Returns the name with an at sign."""
        return f"@{name}"

    def queued(self, chat_id: int) -> Awaitable[None] | None:
        """Returns None: every edit is made at once."""
        return None

    async def may_pin(self, chat_id: int) -> bool:
        """Returns whether the chat is one of `pinners`."""
        return chat_id in self.pinners

    async def pin(self, ref: MessageRef) -> None:
        """Records a pinned message where the bot may pin."""
        self._count("pin", ref.chat_id)
        if ref.chat_id in self.pinners:
            self.pinned.setdefault(ref.chat_id, set()).add(ref.message_id)

    async def unpin(self, ref: MessageRef) -> None:
        """Forgets a pinned message."""
        self._count("unpin", ref.chat_id)
        self.pinned.get(ref.chat_id, set()).discard(ref.message_id)

    def pin_rights_link(self) -> str | None:
        """Returns `pin_link`."""
        return self.pin_link

    def share_link(self, url: str, text: str) -> str | None:
        """Returns a made-up link that carries url and text."""
        return f"share:{url} {text}"

    async def answer_inline(self, query: InlineQuery, articles: list[Article]) -> None:
        """Records the articles answering a query."""
        self.inline_answers[query.id] = articles

    def in_chat(self, chat_id: int, live_only: bool = True) -> list[Sent]:
        """Returns the messages of one chat, oldest first."""
        return [m for m in self.messages if m.ref.chat_id == chat_id and not (live_only and m.deleted)]

    def last(self, chat_id: int) -> Sent:
        """Returns the newest live message of a chat."""
        return self.in_chat(chat_id)[-1]

    def pressable(self, chat_id: int) -> list[tuple[Sent, Button]]:
        """Returns the press buttons of a chat's newest live message that has any (links and pages left out)."""
        live = [m for m in self.in_chat(chat_id) if m.buttons]
        if not live:
            return []
        return [(live[-1], b) for row in live[-1].buttons for b in row if b.data and not b.url]

    def all_texts(self, chat_id: int) -> list[str]:
        """Returns every text a chat ever showed, edits included."""
        return [t for m in self.in_chat(chat_id, live_only=False) for t in m.history]
