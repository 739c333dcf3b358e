"""Telegram's flood limits kept strictly: at most N requests into one group in any window, and per second overall."""

from __future__ import annotations

import asyncio
import bisect
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

JSONDict = dict[str, Any]
FIRST = frozenset({"answerCallbackQuery"})  # a press's answer never waits behind messages (it sends no message)
NOT_POSTED = frozenset({"getChatMember", "getChat", "getMe", "answerCallbackQuery", "sendChatAction"})  # no message
Result = bool | JSONDict | list[JSONDict]


class SlidingWindow:
    """Lets at most `limit` calls start in any `period` seconds; callers wait their turn in order."""

    def __init__(self, limit: int, period: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.period = period
        self.clock = clock
        self.starts: deque[float] = deque()
        self.lock = asyncio.Lock()

    async def acquire(self) -> float:
        """Waits until one more call fits in the window, counts it, and returns the time it is counted at."""
        async with self.lock:
            while True:
                now = self.clock()
                while self.starts and self.starts[0] <= now - self.period:
                    self.starts.popleft()
                if len(self.starts) < self.limit:
                    self.starts.append(now)
                    return now
                await asyncio.sleep(self.starts[0] + self.period - now)

    def finished(self, counted: float) -> None:
        """Counts a call from its end instead of its start: Telegram counts it on arrival, somewhere in between."""
        try:
            self.starts.remove(counted)
        except ValueError:
            return
        bisect.insort(self.starts, self.clock())


class StrictRateLimiter(BaseRateLimiter[int]):
    """Holds every request into a group chat to `group` per window and all requests to `overall` per second."""

    def __init__(self, group: tuple[int, float] = (20, 60.0), overall: int = 30, max_retries: int = 3) -> None:
        self.group = group
        self.overall = SlidingWindow(overall, 1.0)
        self.max_retries = max_retries
        self.windows: dict[int | str, SlidingWindow] = {}

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""

    def window(self, chat: int | str) -> SlidingWindow:
        """Returns the window of one group chat."""
        if chat not in self.windows:
            self.windows[chat] = SlidingWindow(*self.group)
        return self.windows[chat]

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Result:
        """Waits for room in the group's and the overall window, then calls; retries after Telegram's RetryAfter."""
        chat = data.get("chat_id")
        if isinstance(chat, str) and chat.lstrip("-").isdigit():
            chat = int(chat)
        posts = endpoint not in NOT_POSTED
        group = chat if posts and ((isinstance(chat, int) and chat < 0) or isinstance(chat, str)) else None
        for attempt in range(self.max_retries + 1):
            counted = await self.window(group).acquire() if group is not None else None
            if endpoint not in FIRST:
                await self.overall.acquire()
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                if attempt == self.max_retries:
                    raise
                delay = error.retry_after
                await asyncio.sleep(delay.total_seconds() if hasattr(delay, "total_seconds") else float(delay))
            finally:
                if group is not None and counted is not None:
                    self.window(group).finished(counted)
        raise AssertionError("unreachable")
