"""Telegram's flood limits kept strictly: at most N requests into one group in any window, and per second overall.

Each worker orders its own requests in windows of its own (a press's messages first). With several workers on one
PostgreSQL database (shared budgets), a request then also takes a slot of the same budget in the database, which every
worker counts against, so the limits hold for the bot as a whole; on SQLite one worker runs and its windows suffice.
"""

from __future__ import annotations

import asyncio
import bisect
import heapq
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable, Collection, Coroutine
from datetime import timedelta
from typing import Any

from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from bangbot.messaging.delivery.urgency import hurried, is_background, is_urgent
from bangbot.storage.budgets import Limits, SharedBudgets

log = logging.getLogger(__name__)

JSONDict = dict[str, Any]
FIRST = frozenset({"answerCallbackQuery"})  # a press's answer never waits behind messages (it sends no message)
NOT_POSTED = frozenset({"getChatMember", "getChat", "getMe", "answerCallbackQuery", "sendChatAction"})  # no message
Result = bool | JSONDict | list[JSONDict]
OVERALL_PACES = 10  # the overall second's calls are spread over this many slices: a full second delays a call by one
BOT_KEY = "bot"  # the shared budget of the bot as a whole; a group's is "chat:<id>"


class PriorityWindow:
    """Lets at most `limit` calls start in any `period` seconds, and when `pace` is given also at most pace[0] in any
    pace[1] seconds (spread over the period, so that a full window never makes every call wait for the same moment);
    a waiting urgent call goes before every other one, a low one (a command's reply) after every other one, and calls
    of one kind go in the order they came."""

    def __init__(
        self,
        limit: int,
        period: float,
        clock: Callable[[], float] = time.monotonic,
        pace: tuple[int, float] | None = None,
        hurried: Callable[[], Collection[int]] = frozenset,
    ) -> None:
        self.limits = [(limit, period), *([pace] if pace is not None else [])]
        self.clock = clock
        self.hurried = hurried  # the keys whose waiting calls go first, whenever they came
        self.starts: list[deque[float]] = [deque() for _ in self.limits]  # per limit: the starts within its period
        self.waiting: list[tuple[int, int, asyncio.Future[float]]] = []  # (0 urgent/1/2 low, arrival, its grant)
        self.by_key: dict[int, deque[asyncio.Future[float]]] = {}  # the waiting grants of each key, in arrival order
        self.arrivals = itertools.count()
        self.timer: asyncio.TimerHandle | None = None

    async def acquire(self, urgent: bool = False, key: int | None = None, low: bool = False) -> float:
        """Waits until one more call fits in the window (urgent ones first, then those of a hurried key, then the
        rest in arrival order, low ones last), counts it, and returns when it counts."""
        if not self.waiting and self._room():
            return self._count()
        grant: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (0 if urgent else 2 if low else 1, next(self.arrivals), grant))
        if key is not None:
            self.by_key.setdefault(key, deque()).append(grant)
            grant.add_done_callback(lambda done: self._forget(key, done))
        self._grant()
        return await grant

    def _forget(self, key: int, grant: asyncio.Future[float]) -> None:
        """Drops a granted (or abandoned) call from its key's waiting calls, if still there."""
        waiting = self.by_key.get(key)
        if waiting is not None and grant in waiting:
            waiting.remove(grant)
        if waiting is not None and not waiting:
            del self.by_key[key]

    def _next(self) -> asyncio.Future[float] | None:
        """Takes the call to let go next: an urgent one, else the oldest of a hurried key, else the oldest."""
        while self.waiting and self.waiting[0][2].done():
            heapq.heappop(self.waiting)  # granted through its key, or abandoned
        if not self.waiting:
            return None
        if self.waiting[0][0] == 0:
            return heapq.heappop(self.waiting)[2]
        for key in self.hurried():
            waiting = self.by_key.get(key, deque())
            while waiting:
                grant = waiting.popleft()  # its heap entry is skipped once done
                if not grant.done():
                    return grant
        return heapq.heappop(self.waiting)[2]

    def _room(self) -> bool:
        """Forgets the starts that left each window; returns whether one more fits in all of them now."""
        return self._wait() == 0.0

    def _wait(self) -> float:
        """Forgets the starts that left each window; returns how long until one more fits in all of them."""
        now = self.clock()
        wait = 0.0
        for (limit, period), starts in zip(self.limits, self.starts, strict=True):
            while starts and starts[0] <= now - period:
                starts.popleft()
            if len(starts) >= limit:
                wait = max(wait, starts[len(starts) - limit] + period - now)
        return wait

    def _count(self) -> float:
        """Counts one call starting now and returns its time."""
        now = self.clock()
        for starts in self.starts:
            starts.append(now)
        return now

    def _woken(self) -> None:
        """Runs when a start left a full window: lets the next waiting calls go."""
        self.timer = None
        self._grant()

    def _grant(self) -> None:
        """Lets the first waiting calls go while they fit; wakes itself when the next one can fit."""
        while self._room() and (grant := self._next()) is not None:
            grant.set_result(self._count())
        if self.waiting and self.timer is None:
            self.timer = asyncio.get_running_loop().call_later(max(self._wait(), 0.0), self._woken)

    def finished(self, counted: float) -> None:
        """Counts a call from its end instead of its start: Telegram counts it on arrival, somewhere in between."""
        for starts in self.starts:
            try:
                starts.remove(counted)
            except ValueError:
                continue
            bisect.insort(starts, self.clock())


class StrictRateLimiter(BaseRateLimiter[int]):
    """Holds every request into a group chat to `group` per window and all requests to `overall` per second; with
    `shared` budgets, across every worker of the bot."""

    def __init__(
        self,
        group: tuple[int, float] = (20, 60.0),
        overall: int = 30,
        max_retries: int = 3,
        on_limited: Callable[[], None] = lambda: None,
        shared: SharedBudgets | None = None,
    ) -> None:
        self.group = group
        self.on_limited = on_limited  # told of every 429 Telegram answers (the owner's desk counts them)
        pace = (max(overall // OVERALL_PACES, 1), 1.0 / OVERALL_PACES)
        self.overall = PriorityWindow(overall, 1.0, pace=pace, hurried=hurried)
        self.max_retries = max_retries
        self.windows: dict[int | str, PriorityWindow] = {}
        self.shared = shared
        self.turns: dict[str, asyncio.Lock] = {}  # per shared budget: this worker's requests ask in the order granted
        self.settling: set[asyncio.Task[None]] = set()  # requests' slots being moved to their end

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
        """Waits for room in the group's (a command's reply after the games' messages) and the overall window (a
        press's own messages first), then calls; retries after Telegram's RetryAfter."""
        chat = chat_of(data)
        posts = endpoint not in NOT_POSTED
        group = chat if posts and (not isinstance(chat, int) or chat < 0) else None
        for attempt in range(self.max_retries + 1):
            taken: list[tuple[str, float]] = []
            counted = await self.window(group).acquire(low=is_background()) if group is not None else None
            if group is not None:
                await self.take_shared(f"chat:{group}", [self.group], taken)
            overall = None if endpoint in FIRST else await self.overall.acquire(is_urgent(), key_of(chat))
            if overall is not None:
                await self.take_shared(BOT_KEY, self.overall.limits, taken)
            try:
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                self.on_limited()
                if attempt == self.max_retries:
                    raise
                await asyncio.sleep(seconds(error.retry_after))
            finally:
                if group is not None and counted is not None:
                    self.window(group).finished(counted)
                if overall is not None:
                    self.overall.finished(overall)  # a call slow on the way still counts where Telegram counts it
                if taken:  # off the request's way: its answer need not wait for the database
                    settling = asyncio.get_running_loop().create_task(self.settle_shared(taken))
                    self.settling.add(settling)
                    settling.add_done_callback(self.settling.discard)
        raise AssertionError("unreachable")

    async def take_shared(self, key: str, limits: Limits, taken: list[tuple[str, float]]) -> None:
        """Waits, holding nothing, until the shared budget has room and counts the request there (adds it to taken).

        Without shared budgets it returns at once; a database that fails leaves the request to this worker's windows.
        """
        if self.shared is None:
            return
        async with self.turns.setdefault(key, asyncio.Lock()):
            while True:
                try:
                    at, wait = await asyncio.to_thread(self.shared.take, key, limits)
                except Exception:
                    log.warning("the shared budget %s could not be read; this worker's own limits hold", key)
                    return
                if at is not None:
                    taken.append((key, at))
                    return
                await asyncio.sleep(wait)

    async def settle_shared(self, taken: list[tuple[str, float]]) -> None:
        """Counts the shared slots a request took at its end instead of its start (a failure leaves them earlier)."""
        if self.shared is None:
            return
        try:
            await asyncio.to_thread(self.shared.sent, taken)
        except Exception:
            log.warning("the shared budgets' slots could not be moved to the end of their request")


def chat_of(data: dict[str, Any]) -> int | str | None:
    """Returns the chat a request goes to: its id (a number sent as text read as one), a channel's @name, or None."""
    chat = data.get("chat_id")
    if isinstance(chat, str) and chat.lstrip("-").isdigit():
        return int(chat)
    return chat if isinstance(chat, int | str) else None


def key_of(chat: int | str | None) -> int | None:
    """Returns the key a request waits under in the overall window: its chat's id, None for a channel's @name."""
    return chat if isinstance(chat, int) else None


def seconds(delay: float | timedelta) -> float:
    """Returns a RetryAfter's wait in seconds, whether the library gave a number or a timedelta."""
    return delay.total_seconds() if isinstance(delay, timedelta) else float(delay)
