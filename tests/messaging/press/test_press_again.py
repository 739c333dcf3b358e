"""A press delivered again (a second worker gets it, or Telegram after a restart) leaves the presser's message alone."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bangbot.bench.messenger import Sent
from bangbot.messaging.adapter import Press
from tests.service_harness import Table, make_users


def test_a_press_delivered_again_leaves_the_step_of_the_next_choice_in_place(tmp_path: Path) -> None:
    async def scenario() -> None:
        table = Table(f"sqlite:///{tmp_path / 'again.sqlite3'}", make_users(4), seed=3)
        await table.gather(4)
        rng = random.Random(3)
        for _ in range(500):
            user, message, choice = rng.choice(table.choices())
            data = next(b.data for row in message.buttons for b in row if b.data and b.data.endswith(f":{choice}"))
            answer = await table.press(user, message, choice)
            steps = [c for c in table.choices() if c[0] == user and c[2].startswith("c")]
            if choice.startswith("a") and steps:
                break
        else:
            raise AssertionError("no move left its player a card to choose a step of")
        top = steps[0][1].buttons
        await table.press(*steps[0])  # half-way through their next choice: the card's targets are shown
        step = shown(table, steps[0][1])
        assert step.buttons != top
        step_text, step_buttons = step.text, step.buttons
        actions = len(table.repo.actions(1))
        again = Press(answer.press.id, table.users[user], message.ref.chat_id, message.ref.message_id, data, True)
        await table.svc.on_press(again)
        await table.svc.idle()
        repeated = table.messenger.answers[-1]
        assert repeated.press.id == answer.press.id and (repeated.text, repeated.alert) == (answer.text, answer.alert)
        assert len(table.repo.actions(1)) == actions, "nothing is applied twice"
        now = shown(table, steps[0][1])
        assert (now.text, now.buttons) == (step_text, step_buttons), "the player keeps their place in the choice"

    asyncio.run(scenario())


def shown(table: Table, message: Sent) -> Sent:
    """Returns a message as its chat shows it now."""
    return next(m for m in table.messenger.in_chat(message.ref.chat_id) if m.ref == message.ref)
