"""The deadline timer: a monotonic schedule, no overlapping ticks, and steps of the system clock cost nobody a turn."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from bangbot.bench.latency import COALESCED_TICK
from bangbot.messaging.timers.ticker import DeadlineTimer
from bangbot.storage.models import Game
from tests.service_harness import FakeClock, Table, make_users

STEPS = [timedelta(minutes=-10), timedelta(days=3)]


class Monotonic:
    """A monotonic clock for the timer that moves only when the timer sleeps or a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def timer_of(table: Table, monotonic: Monotonic, interval: float = 1.0) -> DeadlineTimer:
    """Returns a timer over the table's service and clocks."""
    repo = table.repo
    return DeadlineTimer(
        table.svc.tick, repo.shift_deadlines, interval, monotonic=monotonic, wall=table.clock, sleep=monotonic.sleep
    )


def running_game(table: Table) -> Game:
    """Returns the table's game as stored."""
    game = table.repo.game(1)
    assert game is not None and game.deadline_at is not None and game.reminder_at is not None
    return game


def deadline_moves(table: Table) -> int:
    """Returns how many moves a deadline made."""
    return sum(1 for action in table.repo.actions(1) if action.by == "deadline")


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Returns the URL of an empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 't.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.mark.parametrize("step", STEPS, ids=["back-10-minutes", "forward-3-days"])
def test_a_step_of_the_system_clock_moves_the_deadlines_by_the_step(url: str, step: timedelta) -> None:
    async def scenario() -> None:
        table = Table(url, make_users(4), seed=5)
        await table.gather(4)
        before = running_game(table)
        monotonic = Monotonic()
        timer = timer_of(table, monotonic)
        await timer.run(rounds=1)
        table.clock.advance(step)  # the administrator steps the clock between two ticks
        await timer.run(rounds=1)
        after = running_game(table)
        assert timer.steps == 1 and timer.ticks == 2
        assert (after.deadline_at, after.reminder_at) == (before.deadline_at + step, before.reminder_at + step)  # type: ignore[operator]
        assert deadline_moves(table) == 0 and all(s.missed_deadlines == 0 for s in table.repo.seats(1))
        # The time per move still counts: a whole day later (on both clocks) the deadline fires.
        table.clock.advance(timedelta(days=1, seconds=2))
        monotonic.now += timedelta(days=1).total_seconds()
        await timer.run(rounds=1)
        assert timer.steps == 1
        assert deadline_moves(table) > 0
        await table.svc.stop()

    asyncio.run(scenario())


def test_deadlines_that_passed_while_the_process_was_down_fire_at_its_first_tick(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'd.sqlite3'}", make_users(4), seed=5)
        await table.gather(4)
        await timer_of(table, Monotonic()).run(rounds=1)
        table.clock.advance(timedelta(days=1, minutes=1))  # down for a day
        table.restart()
        timer = timer_of(table, Monotonic())
        await timer.run(rounds=1)
        assert timer.steps == 0
        assert deadline_moves(table) > 0
        await table.svc.stop()

    asyncio.run(scenario())


def test_the_schedule_follows_the_monotonic_clock_whatever_the_wall_clock_does() -> None:
    monotonic = Monotonic()
    moments: list[float] = []
    wall = FakeClock()
    shifts: list[timedelta] = []

    async def tick() -> None:
        moments.append(monotonic.now)
        wall.advance(timedelta(seconds=1) if len(moments) != 3 else timedelta(minutes=-10))

    def shift(by: timedelta) -> int:
        shifts.append(by)
        return 0

    timer = DeadlineTimer(tick, shift, 1.0, monotonic=monotonic, wall=wall, sleep=monotonic.sleep)
    asyncio.run(timer.run(rounds=6))
    assert moments == [1000.0, 1001.0, 1002.0, 1003.0, 1004.0, 1005.0]
    assert len(shifts) == 1 and abs(shifts[0] - timedelta(minutes=-10, seconds=-1)) < timedelta(milliseconds=1)


def test_a_tick_that_overruns_is_never_overlapped_and_the_starts_it_covered_are_counted(
    caplog: pytest.LogCaptureFixture,
) -> None:
    monotonic = Monotonic()
    running = 0
    most = 0
    durations = iter([0.2, 2.5, 0.2, 0.2])
    starts: list[float] = []

    async def tick() -> None:
        nonlocal running, most
        running += 1
        most = max(most, running)
        starts.append(monotonic.now)
        monotonic.now += next(durations)
        running -= 1

    wall = FakeClock()

    def moved(by: timedelta) -> int:
        raise AssertionError(f"the clock did not step, yet the deadlines were moved by {by}")

    timer = DeadlineTimer(tick, moved, 1.0, monotonic=monotonic, wall=wall, sleep=monotonic.sleep, tolerance=10.0)
    asyncio.run(timer.run(rounds=4))
    assert most == 1 and timer.ticks == 4
    # Ticks due at 1002 and 1003 fell while the second tick ran (1001-1003.5): one tick runs at once for both.
    assert starts == [1000.0, 1001.0, 1003.5, 1004.5]
    assert timer.coalesced == 2
    # bench latency reads the count from the log
    assert sum(int(n) for n in COALESCED_TICK.findall(caplog.text)) == 2
