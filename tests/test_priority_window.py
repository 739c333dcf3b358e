"""The bot's overall limit lets a press's own messages go before the rest of its traffic, and counts every call."""

from __future__ import annotations

import asyncio

from bangbot.messaging.urgency import is_urgent, urgently
from bangbot.telegram.limiter import PriorityWindow, StrictRateLimiter


def test_an_urgent_call_overtakes_every_waiting_call_and_others_keep_their_order() -> None:
    async def run() -> list[str]:
        window = PriorityWindow(1, 0.05)
        order: list[str] = []

        async def call(name: str, urgent: bool) -> None:
            await window.acquire(urgent)
            order.append(name)

        await call("first", False)  # fills the window
        waiting = [asyncio.ensure_future(call(name, False)) for name in ("b", "c", "d")]
        await asyncio.sleep(0)  # they queue before the urgent one comes
        waiting.append(asyncio.ensure_future(call("urgent", True)))
        await asyncio.gather(*waiting)
        return order

    assert asyncio.run(run()) == ["first", "urgent", "b", "c", "d"]


def test_no_more_calls_start_in_a_window_than_its_limit() -> None:
    async def run() -> list[float]:
        window = PriorityWindow(3, 0.2)
        return list(await asyncio.gather(*(window.acquire(i % 2 == 0) for i in range(9))))

    starts = sorted(asyncio.run(run()))
    assert len(starts) == 9
    assert all(later - earlier >= 0.2 for earlier, later in zip(starts, starts[3:], strict=False)), starts


def test_urgency_holds_for_the_block_and_its_awaits_only() -> None:
    async def inner() -> bool:
        await asyncio.sleep(0)
        return is_urgent()

    async def run() -> tuple[bool, bool, bool]:
        before = is_urgent()
        with urgently():
            during = await inner()
        return before, during, is_urgent()

    assert asyncio.run(run()) == (False, True, False)


def test_the_bots_limiter_sends_a_press_s_own_message_before_queued_ones() -> None:
    async def run() -> list[int]:
        limiter = StrictRateLimiter(overall=1)
        order: list[int] = []

        async def call(chat: int) -> bool:
            order.append(chat)
            return True

        async def edit(chat: int, urgent: bool) -> None:
            with urgently(urgent):
                await limiter.process_request(call, (chat,), {}, "editMessageText", {"chat_id": chat}, None)

        await edit(1, False)
        queued = [asyncio.ensure_future(edit(chat, False)) for chat in (2, 3)]
        await asyncio.sleep(0)
        queued.append(asyncio.ensure_future(edit(4, True)))
        await asyncio.gather(*queued)
        return order

    assert asyncio.run(run()) == [1, 4, 2, 3]
