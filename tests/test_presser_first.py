"""A press's own message goes first and ahead of the bot's other traffic; everyone else's follows, not urgently."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bangbot.messaging.codec import decode
from bangbot.messaging.play import load
from bangbot.messaging.player_messages import show_current
from bangbot.messaging.urgency import is_urgent
from tests.service_harness import Table, make_users


def test_the_presser_sees_a_move_first_and_only_their_messages_are_urgent(tmp_path: Any) -> None:
    table = Table(f"sqlite:///{tmp_path / 'bot.sqlite3'}", make_users(4), seed=21)
    asyncio.run(table.gather(4))
    messenger = table.messenger
    requests: list[tuple[int, bool]] = []  # (chat, urgent) of every private send or edit, in order
    send, edit = messenger.send, messenger.edit

    async def recording_send(chat_id: int, *args: Any, **kwargs: Any) -> Any:
        if chat_id > 0:
            requests.append((chat_id, is_urgent()))
        return await send(chat_id, *args, **kwargs)

    async def recording_edit(ref: Any, *args: Any, **kwargs: Any) -> Any:
        if ref.chat_id > 0:
            requests.append((ref.chat_id, is_urgent()))
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
            requests.clear()
            answer = await table.press(user, message, choice)
            assert not answer.alert, answer.text
            assert requests, "a move shows something privately"
            assert requests[0] == (presser, True), requests  # the presser's own message, first and urgent
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
