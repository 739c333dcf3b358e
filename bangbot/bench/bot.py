"""`bangbot bench bot`: time per update of the game service on SQLite and PostgreSQL, messenger calls per turn.

It also prints the requests per turn by kind and the share of awaited transitions (a seat the game starts waiting
for) that came with a notification, a new private message.

It also prints the timer's tick with nothing due and the start-up time, with no stored games and with many.

The network to Telegram is left out: the service talks to the collecting messenger, so the figures are the
bot's own work (rendering, rules, storage) per update.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from bangbot.ai.players import random_players
from bangbot.bench.records import records_lines
from bangbot.bench.scale import STORED_GAMES, measure_scale
from bangbot.core.serialize import from_json
from bangbot.messaging.adapter import Command, Press, User
from bangbot.messaging.codec import decode
from bangbot.messaging.context import Context
from bangbot.messaging.fake import CollectingMessenger
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.postgres import PostgresServer, find_bin
from bangbot.storage.repository import Repository
from bangbot.testing.awaited import NotifyAudit

PLAYERS = 5
BACK = "x"


async def play_one(
    service: GameService, messenger: CollectingMessenger, chat: int, seed: int, audit: NotifyAudit
) -> tuple[list[float], int, int]:
    """Plays one all-human game by random presses; returns update times (s), turns, new group messages in play.

    audit follows, after each update, who became awaited and whether they were notified.
    """
    users = [User(chat * 10 - i, f"P{i}", "en") for i in range(PLAYERS)]
    timings: list[float] = []
    presses = 0

    async def timed(coro: Any) -> None:
        started = time.perf_counter()
        await coro
        timings.append(time.perf_counter() - started)
        await service.idle()  # what the update saved is shown in the background: wait before reading the chats

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
    game = service.ctx.repo.latest_game(chat)
    turns = from_json(json.loads(game.state_json)).turn_number if game and game.state_json else 1
    return timings, turns, len(messenger.in_chat(chat, live_only=False)) - before_play


async def measure(url: str, games: int) -> dict[str, Any]:
    """Plays games on the database at url and returns the figures."""
    messenger = CollectingMessenger()
    service = GameService(Context(Repository(open_engine(url)), messenger, random_players(), seeds=lambda: 12345))
    timings: list[float] = []
    turns = 0
    group_sends = 0
    audit = NotifyAudit(messenger)
    for g in range(games):
        chat = -(10_000 + g)
        times, played, sends = await play_one(service, messenger, chat, g, audit)
        timings += times
        turns += played
        group_sends += sends
    ordered = sorted(timings)
    calls = sum(messenger.calls.values())
    return {
        "games": games,
        "updates": len(timings),
        "updates_per_s": round(len(timings) / sum(timings), 1),
        "p50_ms": round(statistics.median(ordered) * 1000, 2),
        "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 2),
        "messenger_calls_per_turn": round(calls / turns, 2),
        "new_group_messages_per_turn": round(group_sends / turns, 2),
        "requests_per_turn": {kind: round(count / turns, 2) for kind, count in sorted(messenger.calls.items())},
        "awaited_transitions": audit.transitions,
        "notifications_per_awaited_transition": round(audit.share, 3),
        "calls": dict(messenger.calls),
    }


def new_database(server_url: str, name: str) -> str:
    """Creates an empty database on the PostgreSQL server at server_url and returns its URL."""
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def print_scale(database: str, empty_url: str, filled_url: str, stored: int) -> None:
    """Prints the tick and start-up figures with no stored games and with `stored` games, one line each."""
    for line in measure_scale(empty_url, filled_url, stored):
        print(json.dumps({"database": database, **line}))


def print_records(database: str, empty_url: str, filled_url: str, stored: int) -> None:
    """Prints /stats and /record latency and statements with no other stored games and with `stored`, one line each."""
    for line in records_lines(empty_url, filled_url, stored):
        print(json.dumps({"database": database, **line}))


def main(games: int = 20, stored: int = STORED_GAMES) -> None:
    """Prints per database (SQLite, and PostgreSQL if installed) the update figures, then print_scale's lines."""
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        print(json.dumps({"database": "sqlite", **asyncio.run(measure(url, games))}))
        folder_url = f"sqlite:///{Path(folder)}"
        print_scale("sqlite", f"{folder_url}/empty.sqlite3", f"{folder_url}/stored.sqlite3", stored)
        print_records("sqlite", f"{folder_url}/records0.sqlite3", f"{folder_url}/records.sqlite3", stored)
    if find_bin("initdb") is None:
        print(json.dumps({"database": "postgresql", "skipped": "PostgreSQL is not installed"}))
        return
    server = PostgresServer.start()
    try:
        print(json.dumps({"database": "postgresql", **asyncio.run(measure(server.url, games))}))
        print_scale("postgresql", new_database(server.url, "empty"), new_database(server.url, "stored"), stored)
        print_records("postgresql", new_database(server.url, "records0"), new_database(server.url, "records"), stored)
    finally:
        server.stop()
