"""The bot's overall limit lets a press's own messages go before the rest of its traffic, and counts every call."""

from __future__ import annotations

import asyncio
import itertools

from bangbot.messaging.delivery.urgency import hurried, hurrying, in_background, is_urgent, urgently
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


def test_a_paced_window_spreads_its_calls_over_the_period_instead_of_stalling_once_full() -> None:
    async def run(pace: tuple[int, float] | None) -> list[float]:
        window = PriorityWindow(4, 0.4, pace=pace)
        return sorted(await asyncio.gather(*(window.acquire() for _ in range(12))))

    paced = asyncio.run(run((1, 0.1)))
    assert all(later - earlier >= 0.1 for earlier, later in itertools.pairwise(paced)), paced
    assert all(later - earlier >= 0.4 for earlier, later in zip(paced, paced[4:], strict=False)), paced
    assert max(later - earlier for earlier, later in itertools.pairwise(paced)) < 0.3, paced
    bursts = asyncio.run(run(None))  # without a pace, a full window makes the next calls wait for the same moment
    assert max(later - earlier for earlier, later in itertools.pairwise(bursts)) >= 0.3, bursts


def test_a_hurried_chat_s_waiting_calls_go_first_whenever_they_came_after_urgent_ones() -> None:
    async def run() -> list[str]:
        window = PriorityWindow(1, 0.05, hurried=hurried)
        order: list[str] = []

        async def call(name: str, chat: int, urgent: bool = False) -> None:
            await window.acquire(urgent, chat)
            order.append(name)

        await call("first", 1)  # fills the window
        waiting = [asyncio.ensure_future(call(name, chat)) for name, chat in (("a", 1), ("b", 7), ("c", 1), ("d", 7))]
        await asyncio.sleep(0)  # they queue before the chat is hurried
        with hurrying(7):
            waiting.append(asyncio.ensure_future(call("urgent", 2, True)))
            await asyncio.gather(*waiting[1::2], waiting[-1])  # chat 7's calls and the urgent one
        await asyncio.gather(*waiting)
        return order

    assert asyncio.run(run()) == ["first", "urgent", "b", "d", "a", "c"]
    assert not hurried(), "a chat is hurried only while a press waits for it"


def test_a_hurried_chat_s_calls_are_each_let_go_once_when_several_fit_at_once() -> None:
    async def run() -> list[str]:
        window = PriorityWindow(3, 0.05, hurried=hurried)
        order: list[str] = []

        async def call(name: str, chat: int) -> None:
            await window.acquire(False, chat)
            order.append(name)

        await asyncio.gather(*(call(f"fill{i}", 1) for i in range(3)))  # fills the window
        with hurrying(7):
            abandoned = asyncio.ensure_future(call("gone", 7))
            waiting = [asyncio.ensure_future(call(name, 7)) for name in ("b", "c")]
            await asyncio.sleep(0)
            abandoned.cancel()  # a caller that gave up is skipped, not let go
            waiting.append(asyncio.ensure_future(call("d", 1)))
            await asyncio.wait_for(asyncio.gather(*waiting), 5)
        return order

    assert asyncio.run(run()) == ["fill0", "fill1", "fill2", "b", "c", "d"]


def test_a_message_slow_on_its_way_counts_in_the_overall_window_until_its_reply_came() -> None:
    now = [0.0]

    async def run() -> tuple[bool, bool]:
        limiter = StrictRateLimiter(overall=1)
        limiter.overall = PriorityWindow(1, 1.0, clock=lambda: now[0])

        async def slow_call() -> bool:
            now[0] += 1.5  # the request took 1.5 s: Telegram counted it somewhere on the way
            return True

        await limiter.process_request(slow_call, (), {}, "sendMessage", {"chat_id": 7}, None)
        now[0] = 2.0  # a second after the request started, but only half a second after it ended
        room_then = limiter.overall._room()
        now[0] = 2.6
        return room_then, limiter.overall._room()

    room_then, room_later = asyncio.run(run())
    assert not room_then, "the next message would go out within a second of the slow one's arrival"
    assert room_later


def test_a_group_s_command_replies_wait_behind_the_game_s_messages_whenever_they_came() -> None:
    async def run() -> list[str]:
        limiter = StrictRateLimiter(group=(1, 0.05), overall=100)
        order: list[str] = []

        async def call(name: str) -> bool:
            order.append(name)
            return True

        async def send(name: str, reply: bool) -> None:
            data = {"chat_id": -100}
            if reply:
                with in_background():
                    await limiter.process_request(call, (name,), {}, "sendMessage", data, None)
            else:
                await limiter.process_request(call, (name,), {}, "editMessageText", data, None)

        await send("first", False)  # fills the group's window
        queued = [asyncio.ensure_future(send(f"help{i}", True)) for i in range(3)]
        await asyncio.sleep(0)  # the replies queue before the game's edit comes
        queued.append(asyncio.ensure_future(send("game", False)))
        await asyncio.gather(*queued)
        return order

    assert asyncio.run(run()) == ["first", "game", "help0", "help1", "help2"]
