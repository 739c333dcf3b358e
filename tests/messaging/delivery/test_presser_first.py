"""A press's own message goes first and ahead of the bot's other traffic; everyone else's follows, not urgently."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bangbot.messaging.adapter import Press
from bangbot.messaging.delivery.player_messages import show_current
from bangbot.messaging.delivery.urgency import hurried, is_urgent
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press import answer as presses
from bangbot.messaging.press.button_data import decode
from tests.service_harness import Table, make_users


def test_the_presser_sees_a_move_first_and_only_their_messages_are_urgent(tmp_path: Any) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=21)
    asyncio.run(table.gather(4))
    messenger = table.messenger
    requests: list[tuple[int, bool]] = []  # (chat, urgent) of every private send or edit, in order
    hurried_then: list[bool] = []  # whether the chat of each was marked as awaited by a press
    send, edit = messenger.send, messenger.edit

    async def recording_send(chat_id: int, *args: Any, **kwargs: Any) -> Any:
        if chat_id > 0:
            requests.append((chat_id, is_urgent()))
            hurried_then.append(chat_id in hurried())
        return await send(chat_id, *args, **kwargs)

    async def recording_edit(ref: Any, *args: Any, **kwargs: Any) -> Any:
        if ref.chat_id > 0:
            requests.append((ref.chat_id, is_urgent()))
            hurried_then.append(ref.chat_id in hurried())
        return await edit(ref, *args, **kwargs)

    messenger.send = recording_send  # type: ignore[method-assign]
    messenger.edit = recording_edit  # type: ignore[method-assign]

    async def play() -> int:
        rng = random.Random(5)
        moves = 0
        for _ in range(60):
            options = [o for o in table.choices() if o[2].startswith("a")]  # moves, not steps of a menu
            if not options:
                break
            user, message, choice = rng.choice(options)
            presser = table.users[user].id
            requests.clear(), hurried_then.clear()
            answer = await table.press(user, message, choice)
            assert not answer.alert, answer.text
            assert requests, "a move shows something privately"
            assert requests[0] == (presser, True), requests  # the presser's own message, first and urgent
            assert hurried_then[0], "the presser's chat is hurried while the press waits for it"
            assert all(not urgent for chat, urgent in requests if chat != presser), requests
            moves += 1
        return moves

    assert asyncio.run(play()) >= 20


def test_a_step_shown_after_the_game_moved_on_never_brings_back_older_buttons(tmp_path: Any) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=22)
    asyncio.run(table.gather(4))
    ctx = table.svc.ctx

    async def scenario() -> tuple[int, set[int]]:
        rng = random.Random(6)
        for _ in range(40):
            options = table.choices()
            moves = [o for o in options if o[2].startswith("a")]
            user, message, choice = rng.choice(moves)
            steps = [c for u, m, c in options if (u, m.ref) == (user, message.ref) and not c.startswith("a")]
            game = table.game()
            assert game is not None and game.id is not None
            before = load(ctx, game.id)  # what a step press read under the lock, just before this move
            assert before is not None
            position = next(s.position for s in before.seats if s.user_id == table.users[user].id)
            await table.press(user, message, choice)
            after = load(ctx, game.id)
            assert after is not None
            if not steps or after.seats[position].prompt_version == before.seats[position].prompt_version:
                continue  # no step to show, or the mover's choices did not change: nothing older to bring back
            await show_current(ctx, before, before.seats[position], steps[0])  # a step press's late edit
            shown = table.private(user)
            assert shown is not None
            return after.seats[position].prompt_version, {decode(b.data).version for row in shown.buttons for b in row}
        raise AssertionError("no move changed its mover's choices")

    current, shown = asyncio.run(scenario())
    assert shown == {current}, (current, shown)


def test_a_press_is_shown_to_its_presser_while_the_lane_is_busy_and_the_lane_then_skips_them(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=23)
    asyncio.run(table.gather(4))
    messenger, ctx = table.messenger, table.svc.ctx
    requests: list[int] = []  # the private chats of every send or edit
    send, edit = messenger.send, messenger.edit

    async def recording_send(chat_id: int, *args: Any, **kwargs: Any) -> Any:
        requests.append(chat_id) if chat_id > 0 else None
        return await send(chat_id, *args, **kwargs)

    async def recording_edit(ref: Any, *args: Any, **kwargs: Any) -> Any:
        requests.append(ref.chat_id) if ref.chat_id > 0 else None
        return await edit(ref, *args, **kwargs)

    messenger.send = recording_send  # type: ignore[method-assign]
    messenger.edit = recording_edit  # type: ignore[method-assign]
    real_kick = presses.kick

    async def scenario() -> int:
        rng = random.Random(8)
        checked = 0
        for _ in range(30):
            user, message, choice = rng.choice([o for o in table.choices() if o[2].startswith("a")])
            presser = table.users[user].id
            game = table.game()
            assert game is not None and game.id is not None
            lanes = ctx.lanes.of(game.id)
            lanes.delivering = -1  # the lane is busy showing an earlier change: this press's row waits behind it
            monkeypatch.setattr(presses, "kick", lambda ctx, game_id: None)
            requests.clear()
            answer = await table.svc.on_press(press_of(table, user, message, choice)) or messenger.answers[-1]
            assert not answer.alert, answer.text
            stored = load(ctx, game.id)
            assert stored is not None
            seat = next(s for s in stored.seats if s.user_id == presser)
            shown = table.private(user)
            if seat.private_message_id is not None and shown is not None and shown.buttons:
                assert shown.ref.message_id == seat.private_message_id
                assert {decode(b.data).version for row in shown.buttons for b in row} == {seat.prompt_version}
                checked += 1
            assert set(requests) <= {presser}, "only the presser's message goes ahead of the lane"
            lanes.delivering = None
            monkeypatch.setattr(presses, "kick", real_kick)
            ahead = len(requests)
            real_kick(ctx, game.id)
            await table.svc.idle()
            if ahead:
                assert presser not in requests[ahead:], "the lane does not show the presser the same change again"
        return checked

    assert asyncio.run(scenario()) >= 10


def press_of(table: Table, user: int, message: Any, choice: str) -> Press:
    """Returns a press of the button of a user's message whose choice is choice (a new press id)."""
    data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
    table.presses += 1
    u = table.users[user]
    return Press(str(table.presses), u, u.id, message.ref.message_id, data, True)


def test_a_press_whose_answer_time_went_on_waiting_for_the_lock_is_answered_without_waiting_for_its_message(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=23)
    asyncio.run(table.gather(4))
    messenger = table.messenger
    user, message, choice = next(o for o in table.choices() if o[2].startswith("a"))
    presser = table.users[user]
    monkeypatch.setattr(presses, "PRESS_WAIT_SECONDS", 60.0)  # far longer than this test may wait for the answer
    readings = iter([0.0])  # the press arrives at 0; the clock read after the lock says its answer time is over
    monkeypatch.setattr(presses, "now", lambda: next(readings, 61.0))
    send, edit = messenger.send, messenger.edit

    async def scenario() -> None:
        shown = asyncio.Event()  # the presser's chat is held until the answer came

        async def held_send(chat_id: int, *args: Any, **kwargs: Any) -> Any:
            if chat_id == presser.id:
                await shown.wait()
            return await send(chat_id, *args, **kwargs)

        async def held_edit(ref: Any, *args: Any, **kwargs: Any) -> Any:
            if ref.chat_id == presser.id:
                await shown.wait()
            return await edit(ref, *args, **kwargs)

        messenger.send = held_send  # type: ignore[method-assign]
        messenger.edit = held_edit  # type: ignore[method-assign]
        data = next(b.data for row in message.buttons for b in row if decode(b.data).choice == choice)
        press = Press("late", presser, presser.id, message.ref.message_id, data, True)
        before = messenger.last(presser.id).text if messenger.in_chat(presser.id) else ""
        pressing = asyncio.ensure_future(table.svc.on_press(press))
        async with asyncio.timeout(20):
            while not any(a.press.id == press.id for a in messenger.answers):
                await asyncio.sleep(0.01)
        answer = next(a for a in messenger.answers if a.press.id == press.id)
        assert not answer.alert, answer.text  # the move was saved: its answer says so, not "not saved"
        assert not pressing.done(), "the presser's message was still held when the press was answered"
        shown.set()
        await pressing
        await table.svc.idle()
        assert messenger.last(presser.id).text != before or len(messenger.in_chat(presser.id)) > 1

    asyncio.run(scenario())
