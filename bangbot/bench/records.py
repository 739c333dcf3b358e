"""`/stats` and `/record` latency in `bangbot bench bot`: the same commands with no other stored games and with many.

A game is played to its end through the service first; then each command is timed through the service (rendering,
replaying the action log for /record, the reply handed to the collecting messenger) and its statements counted.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, event

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.bot_game import play_one
from bangbot.bench.messenger import CollectingMessenger
from bangbot.bench.stored import store_games
from bangbot.bench.stored_results import store_results
from bangbot.messaging.adapter import Command, User
from bangbot.messaging.context import Context
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from tools.awaited import NotifyAudit

CHAT = -42
RUNS = 15
COMMANDS = (("stats", True), ("stats", False), ("record", False), ("record", True))


class Statements:
    """Counts the statements an engine runs while counting is on."""

    def __init__(self, engine: Engine) -> None:
        self.count = 0
        self.on = False
        event.listen(engine, "before_cursor_execute", self.seen)

    def seen(self, *_: Any) -> None:
        """Counts one statement."""
        if self.on:
            self.count += 1


async def measure_records(url: str, stored: int) -> dict[str, Any]:
    """Returns per command its median latency (ms) and statements, after storing `stored` other games."""
    engine = open_engine(url)
    if stored:
        store_results(engine, store_games(engine, stored, datetime.now(UTC)), datetime.now(UTC))
    messenger = CollectingMessenger()
    service = GameService(Context(Repository(engine), messenger, players_at(EASY), seeds=lambda: 12345))
    await play_one(service, messenger, CHAT, 1, NotifyAudit(messenger))
    await service.idle()
    counter = Statements(engine)
    user = User(CHAT * 10, "P0", "en")
    out: dict[str, Any] = {"stored_games": stored}
    for name, private in COMMANDS:
        command = Command(user, user.id if private else CHAT, private, name, "", "Bench")
        times = []
        for _ in range(RUNS):
            counter.count, counter.on = 0, True
            started = time.perf_counter()
            await service.on_command(command)
            await service.idle()
            times.append(time.perf_counter() - started)
            counter.on = False
        where = "private" if private else "group"
        out[f"{name}_{where}_ms"] = round(statistics.median(times) * 1000, 2)
        out[f"{name}_{where}_statements"] = counter.count
    engine.dispose()
    return out


def records_lines(empty_url: str, filled_url: str, stored: int) -> list[dict[str, Any]]:
    """Returns the figures with no other stored games and with `stored` of them."""
    return [asyncio.run(measure_records(empty_url, 0)), asyncio.run(measure_records(filled_url, stored))]
