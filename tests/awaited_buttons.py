"""Presses that arrive at every moment of a new private message's delivery, and the check that every awaited player
holds that prompt's live buttons.

A new message goes through three moments: it reaches its chat (its buttons can be pressed), its send returns, its id
is stored. A press may come between any two of them or after the last; `Presser` makes it come at the moment it is
told (ORDERS) and lets the delivery go on once the press was saved, or once it was answered (RELEASES).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bangbot.bench.messenger import Sent
from bangbot.messaging.adapter import Press
from bangbot.messaging.play.stored_game import load
from bangbot.messaging.press.button_data import BadButton, decode
from tests.service_harness import GROUP, Table

IN_FLIGHT = "pressed before its send returned"
UNSTORED = "pressed after its send returned, before its id was stored"
STORED = "pressed after its id was stored"
ORDERS = (IN_FLIGHT, UNSTORED, STORED)
ANY = "pressed at a moment picked for each message"
SAVED = "the delivery goes on once the press is saved"
ANSWERED = "the delivery goes on once the press is answered"
RELEASES = (SAVED, ANSWERED)
WAIT_SECONDS = 30.0  # only a ceiling against a hang: each wait ends when its condition holds


def moves_of(sent: Sent) -> list[str]:
    """Returns the button data of a message's moves (choices that play, not steps of a menu)."""
    out = []
    for row in sent.buttons:
        for button in row:
            try:
                if button.data and decode(button.data).choice.startswith("a"):
                    out.append(button.data)
            except BadButton:
                continue
    return out


def stored_seats(work: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, ...]:
    """Returns the seats whose message ids a repository's work stores: a seat's new message (update_seat_refs), a
    notification with its step's progress (outbox_progress); none for other work."""
    name = getattr(work, "__name__", "")
    if name == "update_seat_refs":
        return args
    if name == "outbox_progress" and len(args) > 1:
        return tuple(args[1])
    return ()


@dataclass
class Presser:
    """Presses a move on new private messages of a table at one moment of their delivery (see the module)."""

    table: Table
    order: str
    release: str
    rng: random.Random
    budget: int = 40  # presses it makes at most
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    waiting: list[Sent] = field(default_factory=list)  # sent, their ids not stored yet
    moments: dict[int, str] = field(default_factory=dict)  # per waiting message, the moment it is pressed at
    busy: bool = False
    made: int = 0

    def arm(self) -> None:
        """Hooks into the table's messenger and repository."""
        self.table.messenger.arrived = self.arrived
        repo = self.table.repo
        real_run = repo.run

        async def run(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            seats = stored_seats(work, args)
            if seats:
                await self.press_stored_ones(seats, UNSTORED)
            result = await real_run(work, *args, **kwargs)
            if seats:
                await self.press_stored_ones(seats, STORED)
            return result

        repo.run = run  # type: ignore[method-assign]

    async def arrived(self, sent: Sent) -> None:
        """Presses a new private message at once, or keeps it for the moment its id is stored (ANY: a moment picked
        for each message)."""
        if sent.ref.chat_id < 0 or not moves_of(sent):
            return
        order = self.rng.choice(ORDERS) if self.order == ANY else self.order
        if order == IN_FLIGHT:
            await self.press(sent)
        else:
            self.waiting.append(sent)
            self.moments[sent.ref.message_id] = order

    async def press_stored_ones(self, seats: tuple[Any, ...], moment: str) -> None:
        """Presses the waiting messages whose ids the seats being stored carry and whose moment this is."""
        ids = {seat.private_message_id for seat in seats}
        for sent in [s for s in self.waiting if s.ref.message_id in ids]:
            if self.moments.get(sent.ref.message_id, self.order) == moment:
                self.waiting.remove(sent)
                await self.press(sent)

    async def press(self, sent: Sent) -> None:
        """Presses one of a message's moves and waits for the moment of release (one press at a time)."""
        if self.busy or self.made >= self.budget:
            return
        user = next(u for u in self.table.users if u.id == sent.ref.chat_id)
        data = self.rng.choice(moves_of(sent))
        self.busy, self.made = True, self.made + 1
        self.table.presses += 1
        press = Press(f"early-{self.table.presses}", user, user.id, sent.ref.message_id, data, True)
        game = self.table.game()
        assert game is not None and game.id is not None
        version = game.version
        task = asyncio.ensure_future(self.table.svc.on_press(press))
        self.tasks.append(task)
        try:
            async with asyncio.timeout(WAIT_SECONDS):
                while not task.done():
                    if self.release == SAVED and self.table.repo.game_version(game.id) != version:
                        break
                    if self.release == ANSWERED and any(a.press.id == press.id for a in self.table.messenger.answers):
                        break
                    await asyncio.sleep(0.002)
        finally:
            self.busy = False

    async def settle(self) -> None:
        """Waits until every press made is done and everything is shown."""
        while self.tasks:
            await self.tasks.pop()
            await self.table.svc.idle()
        await self.table.svc.idle()


def bare_awaited(table: Table) -> list[str]:
    """Returns, for each person the game waits for whose stored message does not show live buttons of their current
    prompt, what is wrong (empty when every awaited player holds them)."""
    game = table.game() or table.repo.latest_game(GROUP)
    assert game is not None and game.id is not None
    batch = load(table.svc.ctx, game.id)
    if batch is None or game.status != "running" or batch.rules.winner(batch.state) is not None:
        return []
    asked = batch.rules.awaiting(batch.state)
    wrong = []
    for seat in batch.seats:
        if seat.ai_controlled or seat.position not in asked:
            continue
        shown = [m for m in table.messenger.in_chat(seat.user_id) if m.ref.message_id == seat.private_message_id]
        if not shown:
            wrong.append(f"seat {seat.position}: no message {seat.private_message_id}")
            continue
        versions = {decode(b.data).version for row in shown[0].buttons for b in row if b.data and not b.url}
        if versions != {seat.prompt_version}:
            wrong.append(f"seat {seat.position}: message {seat.private_message_id} shows {versions or 'no buttons'}")
        live = [m for m in table.messenger.in_chat(seat.user_id) if moves_of(m) or m.buttons]
        if live and live[-1].ref.message_id != seat.private_message_id:
            wrong.append(f"seat {seat.position}: a newer message {live[-1].ref.message_id} holds buttons")
    return wrong
