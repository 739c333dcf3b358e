"""The deadline timer: ticks on a monotonic schedule, never two at once, and undoes steps of the system clock.

Deadlines are stored as wall-clock times so that they survive a restart. Between two ticks the wall clock should move
as far as the monotonic one; when it moved further or less (an administrator or NTP stepped it), the running games'
deadlines and reminders are moved by the same amount, so the step costs nobody a turn. A process that was not running
has no earlier tick to compare with: what fell due meanwhile fires at its first tick. Several workers on one database
share the comparison instead (storage.timers.clock_steps), so each step is undone once, not once per worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bangbot.messaging.context import utc_now

log = logging.getLogger(__name__)
STEP_TOLERANCE_SECONDS = 5.0  # wall and monotonic time between two ticks may differ this much without being a step
# Stores the clock's offset (wall minus monotonic seconds) and, if it moved by more than the tolerance (second
# argument) since the last one stored, moves the deadlines by that step: returns (step, games moved), else None.
ClockReference = Callable[[float, float], tuple[float, int] | None]


def boot_clock() -> float:
    """Returns monotonic seconds that keep counting while the machine sleeps (a suspend is downtime, not a step)."""
    if hasattr(time, "CLOCK_BOOTTIME"):
        return time.clock_gettime(time.CLOCK_BOOTTIME)
    return time.monotonic()


class DeadlineTimer:
    """Calls `tick` every `interval` seconds of monotonic time; `shift` moves stored deadlines by a clock step.

    A tick that overruns its interval is never overlapped: the starts that fell during it are coalesced into one tick
    that starts at once, and counted in `coalesced`. `steps` counts the clock steps undone.
    """

    def __init__(
        self,
        tick: Callable[[], Awaitable[None]],
        shift: Callable[[timedelta], int],
        interval: float,
        *,
        monotonic: Callable[[], float] = boot_clock,
        wall: Callable[[], datetime] = utc_now,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        tolerance: float = STEP_TOLERANCE_SECONDS,
        reference: ClockReference | None = None,
    ) -> None:
        self.tick = tick
        self.shift = shift
        self.interval = interval
        self.monotonic = monotonic
        self.wall = wall
        self.sleep = sleep
        self.tolerance = tolerance
        self.reference = reference if reference is not None else self.local_reference
        self.offset: float | None = None  # the offset of the previous tick (the local reference's)
        self.ticks = 0
        self.coalesced = 0
        self.steps = 0
        self.stopping = False
        self.sleeping = False
        self.task: asyncio.Task[None] | None = None

    async def run(self, rounds: int | None = None) -> None:
        """Ticks until stopped (or `rounds` ticks were made), each start `interval` after the previous one."""
        start = self.monotonic()
        made = 0
        while not self.stopping and (rounds is None or made < rounds):
            await self.tick_once()
            made += 1
            start = self.next_start(start)
            wait = start - self.monotonic()
            if wait > 0 and not self.stopping and (rounds is None or made < rounds):
                self.sleeping = True
                try:
                    await self.sleep(wait)
                finally:
                    self.sleeping = False

    def next_start(self, previous: float) -> float:
        """Returns when the next tick starts: on schedule, or now when the previous tick overran (counted)."""
        due = previous + self.interval
        now = self.monotonic()
        if now <= due:
            return due
        missed = math.floor((now - due) / self.interval) + 1
        self.coalesced += missed
        log.warning(
            "a tick took %.1f s; ticks coalesced into the next one, which starts now: %d", now - previous, missed
        )
        return now

    async def tick_once(self) -> None:
        """Undoes a step of the system clock since the previous tick (in a thread when it may ask the database), then
        ticks (a failure is logged)."""
        if not self.unstepped() and not await asyncio.to_thread(self.follow_clock):
            return
        try:
            await self.tick()
        except Exception:
            log.exception("deadline timer failed")
        self.ticks += 1

    def unstepped(self) -> bool:
        """Returns True, taking this tick's offset as the reference, when this worker's own reference saw no step of
        the clock (nothing to ask the database); False when the reference is shared or the clock stepped."""
        if self.reference != self.local_reference:
            return False
        offset = self.wall().timestamp() - self.monotonic()
        if self.step_since(offset, self.tolerance) is not None:
            return False
        self.offset = offset
        return True

    def follow_clock(self) -> bool:
        """Moves the stored deadlines by the step of the wall clock since the previous tick, if any; False if it failed.

        After a failure the previous tick stays the reference, so the next tick moves them by the whole step.
        """
        offset = self.wall().timestamp() - self.monotonic()
        try:
            undone = self.reference(offset, self.tolerance)
        except Exception as error:  # the database is away (an outage is logged where it hurts a press)
            log.warning("could not compare the clock with the last tick's (%r); this tick is skipped", error)
            return False
        if undone is not None:
            self.steps += 1
            log.warning("the system clock stepped by %+.1f s: moved the deadlines of %d running games", *undone)
        return True

    def local_reference(self, offset: float, tolerance: float) -> tuple[float, int] | None:
        """The reference of one worker: its previous tick's offset (none before its first tick)."""
        step = self.step_since(offset, tolerance)
        undone = None if step is None else (step, self.shift(timedelta(seconds=step)))
        self.offset = offset
        return undone

    def step_since(self, offset: float, tolerance: float) -> float | None:
        """Returns the step of the wall clock (seconds) between this worker's previous tick's offset and offset, when
        it is beyond tolerance; None when it is not, or before this worker's first tick."""
        if self.offset is None:
            return None
        step = offset - self.offset
        return step if abs(step) > tolerance else None

    def start(self) -> None:
        """Runs the timer in a task of the running event loop."""
        self.task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        """Stops the timer: a tick in progress finishes, a wait for the next one ends at once."""
        self.stopping = True
        if self.task is None:
            return
        if self.sleeping:
            self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.task
