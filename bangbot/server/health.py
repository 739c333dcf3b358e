"""Readiness: the database answers, the Bot API was reached lately, and the outbox backlog is under its bound."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

API_RECENT_SECONDS = 60.0  # a Bot API answer older than this is checked again (getMe) before /readyz says ready
CHECK_TIMEOUT_SECONDS = 5.0  # a check that takes longer fails


class Reach:
    """When the Bot API last answered and last could not be reached, in monotonic seconds (None: never)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.answered_at: float | None = None
        self.failed_at: float | None = None

    def answered(self) -> None:
        """Notes that the Bot API answered a request just now."""
        self.answered_at = self.clock()

    def failed(self) -> None:
        """Notes that a request could not reach the Bot API just now (no answer, or a gateway's error)."""
        self.failed_at = self.clock()

    def recent(self, within: float) -> bool:
        """Returns whether the last request reached the Bot API, at most `within` seconds ago."""
        if self.answered_at is None or self.clock() - self.answered_at > within:
            return False
        return self.failed_at is None or self.failed_at <= self.answered_at


@dataclass
class Readiness:
    """The checks /readyz runs: each a name and what failed, or nothing when the worker may take traffic."""

    ping: Callable[[], Awaitable[None]]  # raises when the database does not answer
    totals: Callable[[], Awaitable[tuple[int, int]]]  # (outbox backlog, games running)
    reach: Reach
    probe: Callable[[], Awaitable[object]]  # one cheap Bot API call (getMe); raises when it fails
    backlog_bound: int
    api_within: float = API_RECENT_SECONDS
    probing: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def failures(self) -> dict[str, str]:
        """Returns the failed checks (database, bot_api, outbox) with a short reason each; empty when ready."""
        failed: dict[str, str] = {}
        try:
            await asyncio.wait_for(self.ping(), CHECK_TIMEOUT_SECONDS)
            backlog, _ = await asyncio.wait_for(self.totals(), CHECK_TIMEOUT_SECONDS)
        except Exception as error:  # a timeout or the driver's error: its class says enough, its text may hold a URL
            failed["database"] = type(error).__name__
        else:
            if backlog > self.backlog_bound:
                failed["outbox"] = f"{backlog} rows waiting, more than {self.backlog_bound}"
        if not await self.api_reached():
            failed["bot_api"] = f"not reached in the last {self.api_within:.0f} s"
        return failed

    async def api_reached(self) -> bool:
        """Returns whether the Bot API was reached lately, asking it once (getMe) when that is not known."""
        if self.reach.recent(self.api_within):
            return True
        async with self.probing:  # one probe at a time; those waiting use its result
            if self.reach.recent(self.api_within):
                return True
            try:
                await asyncio.wait_for(self.probe(), CHECK_TIMEOUT_SECONDS)
            except Exception:
                self.reach.failed()
                return False
            self.reach.answered()
            return True
