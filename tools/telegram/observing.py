"""The test-facing reads of the world: messages, calls, answers, updates, and waits for conditions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from tools.telegram.model import _RateLimit
from tools.telegram.server import Server
from tools.telegram.values import JSON, WAIT_CEILING, ApiCall, CallbackAnswer, MessageView, T, UploadedFile


class Observing(Server):
    """What a test reads from the world, and waits for."""

    # -- observing (test-facing) ---------------------------------------------------------------------------------------

    def messages(self, chat_id: int) -> list[MessageView]:
        """Returns every message of a chat in order, deleted ones flagged, with current text and buttons."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return [self._view(message) for _, message in sorted(chat.messages.items())]

    def documents(self, chat_id: int) -> list[tuple[MessageView, UploadedFile]]:
        """Returns the files the bot sent to a chat, in order, each with its message (whose text is the caption)."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return [
                (self._view(chat.messages[mid]), file)
                for (cid, mid), file in sorted(self._documents.items())
                if cid == chat_id
            ]

    def bot_messages(self, chat_id: int) -> list[MessageView]:
        """Returns the bot's messages in a chat that are not deleted, in order."""
        return [view for view in self.messages(chat_id) if view.from_bot and not view.deleted]

    def message(self, chat_id: int, message_id: int) -> MessageView:
        """Returns one message of a chat (KeyError when it never existed)."""
        with self._lock:
            return self._view(self._require_chat(chat_id).messages[message_id])

    def last_message(self, chat_id: int) -> MessageView | None:
        """Returns the bot's newest message in a chat that is not deleted, or None."""
        messages = self.bot_messages(chat_id)
        return messages[-1] if messages else None

    def history(self, chat_id: int) -> dict[int, list[str]]:
        """Returns, per message id, every text the message ever had (first to current, deleted ones included)."""
        with self._lock:
            chat = self._require_chat(chat_id)
            return {mid: list(message.texts) for mid, message in sorted(chat.messages.items())}

    def answered(self, query_id: str) -> CallbackAnswer | None:
        """Returns how the bot answered a callback query, or None while it is unanswered."""
        with self._lock:
            query = self._queries.get(query_id)
            if query is None:
                raise KeyError(f"no callback query {query_id}")
            return query.answer

    def unanswered(self) -> list[str]:
        """Returns the ids of callback queries the bot has not answered, oldest first."""
        with self._lock:
            return [qid for qid, query in self._queries.items() if query.answer is None]

    @property
    def calls(self) -> list[ApiCall]:
        """Returns every Bot API call answered so far (method, decoded params, time, outcome), oldest first."""
        with self._lock:
            return list(self._calls)

    def calls_to(self, method: str) -> list[ApiCall]:
        """Returns the calls of one method (name compared case-insensitively)."""
        return [call for call in self.calls if call.method.lower() == method.lower()]

    def clear_calls(self) -> None:
        """Forgets the recorded calls."""
        with self._lock:
            self._calls.clear()

    @property
    def commands(self) -> dict[tuple[str, str], list[tuple[str, str]]]:
        """Returns setMyCommands lists keyed by (scope, language_code); scope is the type [":chat_id"[":user_id"]]."""
        with self._lock:
            return {key: list(value) for key, value in self._commands.items()}

    @property
    def updates(self) -> list[JSON]:
        """Returns every update created so far (delivered or not), oldest first."""
        with self._lock:
            return list(self._all_updates)

    def pending_updates(self) -> list[JSON]:
        """Returns the updates not yet confirmed by getUpdates or accepted by the webhook."""
        with self._lock:
            return list(self._pending)

    @property
    def internal_errors(self) -> list[str]:
        """Returns descriptions of requests the emulator failed on itself (answered with 500); tests expect none."""
        with self._lock:
            return list(self._internal_errors)

    def reset_flood(self) -> None:
        """Forgets all flood-limit counters."""
        with self._lock:
            for chat in self._chats.values():
                chat.flood = None
            self._private_flood.clear()
            if self._global_flood is not None:
                self._global_flood = _RateLimit(self._global_flood.count, self._global_flood.period, self._flood_model)

    def polls_started(self) -> int:
        """Returns how many getUpdates requests arrived so far (a bot that started polling makes it grow)."""
        with self._lock:
            return self._poll_generation

    def polls_waiting(self) -> int:
        """Returns how many getUpdates requests are waiting for an update right now."""
        with self._lock:
            return self._waiting_polls

    def is_idle(self, quiet: float = 0.1) -> bool:
        """Returns whether every update was fetched, no request runs, and no call came in the last quiet seconds."""
        with self._lock:
            fetched = all(update["update_id"] <= self._max_fetched_id for update in self._pending)
            busy = bool(self._inflight)  # a request other than getUpdates runs under the lock: none is under way
            return fetched and not busy and time.monotonic() - self._last_activity >= quiet

    def pinned(self, chat_id: int) -> list[int]:
        """Returns the ids of a chat's pinned messages, the newest last."""
        with self._lock:
            return list(self._pinned.get(chat_id, []))

    def inline_answer(self, query_id: str) -> list[JSON] | None:
        """Returns the results the bot answered an inline query with, or None before it answered."""
        with self._lock:
            answer = self._inline_answers.get(query_id)
            return None if answer is None else list(answer)

    def transcript(self, chat_id: int | None = None) -> str:
        """Returns a readable dump of one chat (or all chats), for failure messages."""
        with self._lock:
            chats = [self._require_chat(chat_id)] if chat_id is not None else list(self._chats.values())
            lines: list[str] = []
            for chat in chats:
                if not chat.messages:
                    continue
                lines.append(f"== chat {chat.id} ({chat.type} {chat.title})")
                for view in (self._view(m) for _, m in sorted(chat.messages.items())):
                    who = "bot" if view.from_bot else f"user {view.sender_id}"
                    flags = (" [deleted]" if view.deleted else "") + (f" [edited x{view.edits}]" if view.edits else "")
                    lines.append(f"#{view.message_id} {who}{flags}: {view.text!r} {view.buttons or ''}")
            return "\n".join(lines)

    # -- waiting (test-facing) -----------------------------------------------------------------------------------------

    def wait_until(
        self, predicate: Callable[[], T | None], timeout: float = WAIT_CEILING, what: str = "condition"
    ) -> T:
        """Blocks until predicate() is truthy and returns it; TimeoutError after timeout s (not for the bot's loop).

        The predicate runs without the emulator's lock, so it may take its time (read a database) without holding up
        the requests the emulator serves meanwhile; it is tried again after every change and at least every 50 ms.
        """
        deadline = time.monotonic() + timeout
        while True:
            with self._cond:
                changes = self._changes
            value = predicate()
            if value:
                return value
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}\n{self.transcript()}")
            with self._cond:
                if self._changes == changes:
                    self._cond.wait(min(remaining, 0.05))

    async def wait_until_async(
        self,
        predicate: Callable[[], T | None],
        timeout: float = WAIT_CEILING,
        what: str = "condition",
        interval: float = 0.01,
    ) -> T:
        """Awaits until predicate() is truthy and returns it, letting the caller's loop run; TimeoutError on timeout."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if time.monotonic() >= deadline:
                raise TimeoutError(f"timed out after {timeout} s waiting for {what}\n{self.transcript()}")
            await asyncio.sleep(interval)

    def _message_matcher(
        self, chat_id: int, contains: str | None, predicate: Callable[[MessageView], bool] | None, after: int
    ) -> Callable[[], MessageView | None]:
        """Returns a probe for the first live bot message after `after` that contains text and satisfies predicate."""

        def probe() -> MessageView | None:
            for view in self.bot_messages(chat_id):
                if view.message_id <= after:
                    continue
                if contains is not None and contains not in view.text:
                    continue
                if predicate is not None and not predicate(view):
                    continue
                return view
            return None

        return probe

    def wait_for_message(
        self,
        chat_id: int,
        contains: str | None = None,
        *,
        predicate: Callable[[MessageView], bool] | None = None,
        after: int = 0,
        timeout: float = WAIT_CEILING,
    ) -> MessageView:
        """Blocks until a live bot message with id > after contains `contains` and satisfies predicate; returns it."""
        probe = self._message_matcher(chat_id, contains, predicate, after)
        return self.wait_until(probe, timeout, f"a bot message in {chat_id} containing {contains!r}")

    async def wait_for_message_async(
        self,
        chat_id: int,
        contains: str | None = None,
        *,
        predicate: Callable[[MessageView], bool] | None = None,
        after: int = 0,
        timeout: float = WAIT_CEILING,
    ) -> MessageView:
        """Awaits a live bot message with id > after that contains `contains` and satisfies predicate; returns it."""
        probe = self._message_matcher(chat_id, contains, predicate, after)
        return await self.wait_until_async(probe, timeout, f"a bot message in {chat_id} containing {contains!r}")

    def wait_for_answer(self, query_id: str, timeout: float = WAIT_CEILING) -> CallbackAnswer:
        """Blocks until the bot answered the callback query; returns the answer."""
        return self.wait_until(lambda: self.answered(query_id), timeout, f"an answer to callback query {query_id}")

    async def wait_for_answer_async(self, query_id: str, timeout: float = WAIT_CEILING) -> CallbackAnswer:
        """Awaits the bot's answer to the callback query; returns it."""
        return await self.wait_until_async(
            lambda: self.answered(query_id), timeout, f"an answer to callback query {query_id}"
        )

    def wait_idle(self, quiet: float = 0.2, timeout: float = WAIT_CEILING) -> None:
        """Blocks until is_idle(quiet): all updates fetched and no bot call for quiet seconds.

        A quiet period proves little on a busy machine (the bot may be computing between two calls): wait for the state
        a test needs instead where there is one.
        """
        self.wait_until(lambda: self.is_idle(quiet), timeout, f"{quiet} s without bot activity")

    async def wait_idle_async(self, quiet: float = 0.2, timeout: float = WAIT_CEILING) -> None:
        """Awaits is_idle(quiet): all updates fetched and no bot call for quiet seconds."""
        await self.wait_until_async(lambda: self.is_idle(quiet), timeout, f"{quiet} s without bot activity")
