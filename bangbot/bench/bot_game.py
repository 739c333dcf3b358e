"""One all-human game played by random presses through the game service, timed per update (bench bot, records)."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

from bangbot.bench.messenger import CollectingMessenger
from bangbot.games import game as registered
from bangbot.games.contract import BACK
from bangbot.messaging.adapter import Command, Press, User
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.service import GameService
from tools.awaited import NotifyAudit

PLAYERS = 5
POLL_SECONDS = 0.001


async def players_shown(service: GameService, game_id: int) -> None:
    """Waits until the game's saved changes are shown to every player (the group's view may still wait)."""
    ctx = service.ctx
    while True:
        await ctx.replies.idle()
        rows = await ctx.repo.run(ctx.repo.outbox, game_id)
        if all(ctx.lanes.of(game_id).holds(row) for row in rows):
            return
        await asyncio.sleep(POLL_SECONDS)


async def play_one(
    service: GameService, messenger: CollectingMessenger, chat: int, seed: int, audit: NotifyAudit
) -> tuple[list[float], int, int]:
    """Plays one all-human game by random presses; returns update times (s), turns, new group messages in play.

    Each press comes once the last one's change is shown to the players; the group's view may still wait for a
    quiet turn then (messaging.delivery.quiet_turn), if the service holds it. audit follows, after each update, who
    became awaited and whether they were notified.
    """
    users = [User(-chat * 10 + i, f"P{i}", "en") for i in range(PLAYERS)]  # people have positive ids, groups negative
    timings: list[float] = []
    presses = 0
    game_id = 0

    async def timed(coro: Any) -> None:
        started = time.perf_counter()
        await coro
        timings.append(time.perf_counter() - started)
        # what the update saved is shown in the background: wait before reading the chats
        if game_id:
            await players_shown(service, game_id)
        else:
            await service.idle()

    await timed(service.on_command(Command(users[0], chat, False, "newgame", "", f"Bench {chat}")))
    lobby = messenger.pressable(chat)[0][0]
    for u in users[1:]:
        presses += 1
        data = next(b.data for _, b in messenger.pressable(chat) if decode(b.data).choice == "join")
        await timed(service.on_press(Press(f"{chat}:{presses}", u, chat, lobby.ref.message_id, data, False)))
    data = next(b.data for _, b in messenger.pressable(chat) if decode(b.data).choice == "start")
    await timed(service.on_press(Press(f"{chat}:start", users[0], chat, lobby.ref.message_id, data, False)))
    before_play = len(messenger.in_chat(chat, live_only=False))
    started = service.ctx.repo.latest_game(chat)
    game_id = started.id if started is not None and started.id is not None else 0
    audit.check(service.ctx.repo, game_id)
    rng = random.Random(seed)
    while True:
        options = [(u, m, b) for u in users for m, b in messenger.pressable(u.id) if decode(b.data).choice != BACK]
        if not options:
            break
        u, m, b = rng.choice(options)
        presses += 1
        await timed(service.on_press(Press(f"{chat}:{presses}", u, u.id, m.ref.message_id, b.data, True)))
        audit.check(service.ctx.repo, game_id)
    await service.idle()
    game = service.ctx.repo.latest_game(chat)
    state_json = game.state_json if game else None
    turns = registered(game.ruleset).ruleset.from_json(json.loads(state_json)).turn_number if game and state_json else 1
    return timings, turns, len(messenger.in_chat(chat, live_only=False)) - before_play
