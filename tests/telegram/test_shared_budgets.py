"""Several workers on one PostgreSQL act as one bot: Telegram's budgets, a clock step's undoing and the firing of a
game's timers are shared."""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from bangbot.messaging.timers.ticker import DeadlineTimer
from bangbot.storage.budgets import SharedBudgets
from bangbot.storage.db import open_engine
from bangbot.storage.timers.claims import CLAIM_LAPSE, claim_timers
from bangbot.storage.timers.clock_steps import StoredClockReference
from bangbot.storage.times import aware
from bangbot.telegram.limiter import StrictRateLimiter
from tests.messaging.timers.test_timer import Monotonic, deadline_moves, running_game
from tests.service_harness import Table, make_users

GROUP = -100_555


def workers_limiters(url: str, count: int, group: tuple[int, float]) -> list[StrictRateLimiter]:
    """Returns one rate limiter per worker, each with its own engine on the same database."""
    return [StrictRateLimiter(group, shared=SharedBudgets(open_engine(url))) for _ in range(count)]


async def send_all(limiters: list[StrictRateLimiter], chats: list[int], each: int, endpoint: str) -> list[float]:
    """Sends `each` requests through every limiter at once, round the chats; returns when each reached Telegram."""
    arrived: list[float] = []

    async def call() -> bool:
        arrived.append(time.monotonic())
        return True

    async def send(limiter: StrictRateLimiter, n: int) -> None:
        data: dict[str, Any] = {"chat_id": chats[n % len(chats)]}
        await limiter.process_request(call, (), {}, endpoint, data, None)

    await asyncio.gather(*(send(limiter, n) for limiter in limiters for n in range(each)))
    return sorted(arrived)


def most_in_any_window(times: list[float], period: float) -> int:
    """Returns the most times that fall within any `period` seconds."""
    return max(sum(1 for t in times if start <= t < start + period) for start in times)


def test_workers_share_a_groups_budget(postgres_url: str) -> None:
    limiters = workers_limiters(postgres_url, 2, (4, 1.0))
    arrived = asyncio.run(send_all(limiters, [GROUP], 6, "sendMessage"))
    # Each worker alone would let 4 a second through: together they still send no more than 4 in any second.
    assert len(arrived) == 12
    assert most_in_any_window(arrived, 0.99) <= 4


def test_private_messages_of_several_workers_share_the_bots_overall_budget(postgres_url: str) -> None:
    limiters = workers_limiters(postgres_url, 3, (20, 60.0))
    arrived = asyncio.run(send_all(limiters, list(range(1, 40)), 20, "editMessageText"))
    assert len(arrived) == 60
    assert most_in_any_window(arrived, 0.99) <= 30
    # A press's answer sends no message: it never waits for the overall budget, however spent.
    answers = asyncio.run(send_all(limiters, [7], 20, "answerCallbackQuery"))
    assert answers[-1] - answers[0] < 0.9


def test_a_clock_step_is_undone_once_by_several_workers(postgres_url: str) -> None:
    async def scenario() -> None:
        table = Table(postgres_url, make_users(4), seed=5)
        await table.gather(4)
        before = running_game(table)
        monotonic = Monotonic()
        timers = [
            DeadlineTimer(
                table.svc.tick,
                table.repo.shift_deadlines,
                1.0,
                monotonic=monotonic,
                wall=table.clock,
                reference=StoredClockReference(open_engine(postgres_url), boot="one machine"),
            )
            for _ in range(3)
        ]
        for timer in timers:
            assert timer.follow_clock()
        step = timedelta(hours=-2)
        table.clock.advance(step)  # the machine's clock is stepped back: every worker sees it at its next tick
        followed: list[bool] = []
        threads = [threading.Thread(target=lambda t=t: followed.append(t.follow_clock())) for t in timers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = running_game(table)
        assert followed == [True, True, True]
        assert sum(timer.steps for timer in timers) == 1
        assert after.deadline_at == before.deadline_at + step  # type: ignore[operator]
        await table.svc.stop()

    asyncio.run(scenario())


def test_a_due_game_is_fired_by_the_worker_that_claimed_it(postgres_url: str) -> None:
    async def scenario() -> None:
        table = Table(postgres_url, make_users(4), seed=5)
        await table.gather(4)
        first = table.svc
        table.restart(keep_old=True)  # a second worker on the same database
        second = table.svc
        due = aware(running_game(table).deadline_at)  # type: ignore[arg-type]
        table.clock.advance(due - table.clock() + timedelta(seconds=1))
        # The first worker claimed the game at its tick and is firing it (or died doing so): the second passes it by.
        assert claim_timers(first.ctx.repo.engine, {1}, table.clock()) == {1}
        assert claim_timers(second.ctx.repo.engine, {1}, table.clock()) == set()
        await second.tick()
        assert deadline_moves(table) == 0
        # A claim whose worker never came back lapses, and another worker fires the game.
        table.clock.advance(CLAIM_LAPSE)
        await second.tick()
        fired = deadline_moves(table)
        assert fired > 0
        await asyncio.gather(first.tick(), second.tick())  # both at once: nothing is due any more, nothing fires
        assert deadline_moves(table) == fired
        await first.stop()
        await second.stop()

    asyncio.run(scenario())


def test_the_scale_bench_counts_windows_and_firings_as_defined() -> None:
    from bangbot.bench.scale_out import firings, most_in_window

    assert most_in_window([0.0, 0.5, 0.99, 1.0, 1.5], 1.0) == 3  # [0.5, 1.5) holds 0.5, 0.99, 1.0
    assert most_in_window([], 60.0) == 0
    start = datetime(2026, 1, 1, tzinfo=UTC)
    moves = [start, start + timedelta(seconds=0.1), start + timedelta(seconds=61), start + timedelta(seconds=61.2)]
    assert firings(moves) == [start, start + timedelta(seconds=61)]
