"""Telegram's flood limits kept strictly: at most N requests into one group in any window, and per second overall."""

from __future__ import annotations

import asyncio
import bisect
import heapq
import itertools
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bangbot.messaging.urgency import is_urgent

JSONDict = dict[str, Any]
FIRST = frozenset({"answerCallbackQuery"})  # a press's answer never waits behind messages (it sends no message)
NOT_POSTED = frozenset({"getChatMember", "getChat", "getMe", "answerCallbackQuery", "sendChatAction"})  # no message
Result = bool | JSONDict | list[JSONDict]


class PriorityWindow:
    """Lets at most `limit` calls start in any `period` seconds; a waiting urgent call goes before every other one,
    and calls of one kind go in the order they came."""

    def __init__(self, limit: int, period: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.period = period
        self.clock = clock
        self.starts: deque[float] = deque()
        self.waiting: list[tuple[int, int, asyncio.Future[float]]] = []  # (0 urgent / 1 not, arrival, its grant)
        self.arrivals = itertools.count()
        self.timer: asyncio.TimerHandle | None = None

    async def acquire(self, urgent: bool = False) -> float:
        """Waits until one more call fits in the window (urgent ones first), counts it, and returns when it counts."""
        if not self.waiting and self._room():
            return self._count()
        grant: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (0 if urgent else 1, next(self.arrivals), grant))
        self._grant()
        return await grant

    def _room(self) -> bool:
        """Forgets the starts that left the window; returns whether one more fits now."""
        now = self.clock()
        while self.starts and self.starts[0] <= now - self.period:
            self.starts.popleft()
        return len(self.starts) < self.limit

    def _count(self) -> float:
        """Counts one call starting now and returns its time."""
        now = self.clock()
        self.starts.append(now)
        return now

    def _woken(self) -> None:
        """Runs when the oldest start left the window: lets the next waiting calls go."""
        self.timer = None
        self._grant()

    def _grant(self) -> None:
        """Lets the first waiting calls go while they fit; wakes itself when the oldest start leaves the window."""
        while self.waiting and self._room():
            *_, grant = heapq.heappop(self.waiting)
            if not grant.done():  # a caller that gave up (cancelled) gets nothing
                grant.set_result(self._count())
        if self.waiting and self.timer is None:
            delay = max(self.starts[0] + self.period - self.clock(), 0.0)
            self.timer = asyncio.get_running_loop().call_later(delay, self._woken)

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
        self.overall = PriorityWindow(overall, 1.0)
        self.max_retries = max_retries
        self.windows: dict[int | str, PriorityWindow] = {}

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""

    def window(self, chat: int | str) -> PriorityWindow:
        """Returns the window of one group chat."""
        if chat not in self.windows:
            self.windows[chat] = PriorityWindow(*self.group)
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
        """Waits for room in the group's and the overall window (a press's own messages first), then calls; retries
        after Telegram's RetryAfter."""
        chat = data.get("chat_id")
        if isinstance(chat, str) and chat.lstrip("-").isdigit():
            chat = int(chat)
        posts = endpoint not in NOT_POSTED
        group = chat if posts and ((isinstance(chat, int) and chat < 0) or isinstance(chat, str)) else None
        for attempt in range(self.max_retries + 1):
            counted = await self.window(group).acquire() if group is not None else None
            if endpoint not in FIRST:
                await self.overall.acquire(is_urgent())
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
