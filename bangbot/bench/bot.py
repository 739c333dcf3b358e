"""`bangbot bench bot`: time per update of the game service on SQLite and PostgreSQL, messenger calls per turn.

It also prints the requests per turn into the group, into private chats and as press answers, by kind, and the share
of awaited transitions (a seat the game starts waiting for) that came with a notification, a new private message.

It plays the games twice on SQLite: with the bot's defaults, the group's lane merging what comes within its window
and holding the group's view (and the bystanders' messages) for a quiet turn (the presses here come at once, as from
quick players), and with every move shown to the group alone (moves that come far apart).

It also prints the timer's tick with nothing due and the start-up time, with no stored games and with many.

The network to Telegram is left out: the service talks to the collecting messenger, so the figures are the
bot's own work (rendering, rules, storage) per update.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.bot_game import play_one
from bangbot.bench.messenger import CollectingMessenger
from bangbot.bench.records import records_lines
from bangbot.bench.requests import requests_per_turn
from bangbot.bench.storage_scale import STORED_GAMES, measure_scale
from bangbot.messaging.context import Context
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.postgres import PostgresServer, find_bin
from bangbot.storage.repository import Repository
from bangbot.telegram.settings import BotSettings
from tools.awaited import NotifyAudit


async def measure(url: str, games: int, hold: bool = True) -> dict[str, Any]:
    """Plays games on the database at url and returns the figures; hold: the group's lane merges and holds as the
    bot's defaults say (else the group is shown every move alone, as when moves come far apart)."""
    messenger = CollectingMessenger()
    context = Context(Repository(open_engine(url)), messenger, players_at(EASY), seeds=lambda: 12345)
    if hold:
        context.group_merge_seconds = BotSettings.default("group_merge_seconds")
        context.group_quiet_seconds = BotSettings.default("group_quiet_seconds")
        context.group_hold_seconds = BotSettings.default("group_hold_seconds")
    service = GameService(context)
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
        "group_held": hold,
        "requests_per_turn": requests_per_turn(messenger, turns),
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
        apart = f"sqlite:///{Path(folder) / 'apart.sqlite3'}"
        print(json.dumps({"database": "sqlite", **asyncio.run(measure(apart, games, hold=False))}))
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
