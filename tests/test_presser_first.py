"""A press's own message goes first and ahead of the bot's other traffic; everyone else's follows, not urgently."""

from __future__ import annotations

import asyncio
import random
from typing import Any

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
