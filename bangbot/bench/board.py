"""bench board: from a move tapped on one page to every other open page of its game showing it, through the board's
server-sent nudge and the refetch of the snapshot; p50 and p99, and the bytes each page receives per update.

With several workers (PostgreSQL) each serves the board from a process of its own on one database, and the pages
are spread over them in turn, as a proxy would: a move saved by one worker reaches the others' pages by NOTIFY."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import multiprocessing
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.messaging.adapter import User
from bangbot.messaging.context import Context
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.web.app import BoardSettings
from bangbot.web.dev import open_game, signed_init_data
from bangbot.web.serve import free_port, serving

TOKEN = "1:BENCH-board"
PLAYERS = 4
MOVES = 4  # moves per game
MOVE_SPACING = 0.05  # seconds between two games' moves: games take turns, each moving every games * spacing seconds
CAUGHT_UP_SECONDS = 10.0
SETUP_SECONDS = 600.0  # the board's process opens its games within this time


@dataclass
class Page:
    """One open page: its user's session, the versions it has shown, and the bytes it received."""

    game: int
    token: str
    seat: bool
    base: str  # the worker that serves the page
    client: httpx.AsyncClient = field(default_factory=lambda: httpx.AsyncClient(timeout=30))  # a page: a browser
    shown: dict[int, float] = field(default_factory=dict)  # version -> when its snapshot arrived
    nudged: dict[int, float] = field(default_factory=dict)  # version -> when its nudge arrived
    received: int = 0
    updates: int = 0


async def session(client: httpx.AsyncClient, base: str, user: User) -> str:
    """Returns a session token of a user."""
    answer = await client.post(base + "api/session", json={"init_data": signed_init_data(user, TOKEN)})
    answer.raise_for_status()
    return str(answer.json()["token"])


async def follow(page: Page) -> None:
    """Keeps a page live: on each nudge, fetches the snapshot and notes when its version arrived."""
    base = page.base
    url = f"{base}api/games/{page.game}/events?t={page.token}"
    async with page.client.stream("GET", url) as stream:
        async for line in stream.aiter_lines():
            page.received += len(line.encode()) + 1
            if not line.startswith("data:"):
                continue
            page.nudged.setdefault(int(line.partition(":")[2]), time.perf_counter())
            answer = await page.client.get(
                f"{base}api/games/{page.game}", headers={"authorization": f"Bearer {page.token}"}
            )
            page.received += len(answer.content)
            page.updates += 1
            page.shown.setdefault(int(answer.json()["version"]), time.perf_counter())


async def tap(page: Page) -> tuple[float, int] | None:
    """Taps the first move the page's menu offers (following its steps); returns when the move was sent and the
    version it was made at, or None when the menu offers none."""
    base = page.base
    level = ""
    headers = {"authorization": f"Bearer {page.token}"}
    for _ in range(6):
        data = (await page.client.get(f"{base}api/games/{page.game}?level={level}", headers=headers)).json()
        if data["menu"] is None:
            return None
        choices = [b["choice"] for row in data["menu"]["rows"] for b in row]
        moves = [c for c in choices if c.startswith("a")]
        if moves:
            tap = {"choice": moves[0], "prompt": data["prompt"]}
            sent = time.perf_counter()
            answer = await page.client.post(f"{base}api/games/{page.game}/press", json=tap, headers=headers)
            return None if answer.json()["alert"] else (sent, int(data["version"]))
        level = next(c for c in choices if c not in ("x", "") and not c.startswith("i"))
    return None


async def move(pages: list[Page]) -> list[tuple[float, float]]:
    """Makes one move in a game from an awaited seat's page; returns how long each other page took to be nudged and
    to show it."""
    mover, started, before = None, 0.0, 0
    for page in pages:
        sent = await tap(page) if page.seat else None
        if sent is not None:
            mover, (started, before) = page, sent
            break
    if mover is None:
        return []
    deadline = started + CAUGHT_UP_SECONDS
    others = [p for p in pages if p is not mover]
    while time.perf_counter() < deadline and not all(any(v > before for v in p.shown) for p in others):
        await asyncio.sleep(0.005)
    return [
        (first(p.nudged, before) - started, first(p.shown, before) - started)
        for p in others
        if any(v > before for v in p.shown)
    ]


async def playing(pages: list[Page], offset: float, games: int) -> list[tuple[float, float]]:
    """Makes MOVES moves in a game, the first after offset seconds, each games * MOVE_SPACING after the last began
    (or at once when the last took longer), as people do in their own time; returns every page's delays."""
    await asyncio.sleep(offset)
    delays: list[tuple[float, float]] = []
    for _ in range(MOVES):
        began = time.perf_counter()
        delays += await move(pages)
        await asyncio.sleep(max(0.0, began + games * MOVE_SPACING - time.perf_counter()))
    return delays


def first(times: dict[int, float], before: int) -> float:
    """Returns when the first version after before arrived."""
    return min(t for v, t in times.items() if v > before)


async def opened(pages: list[list[Page]], following: list[asyncio.Task[None]]) -> None:
    """Waits until every page shows its game; raises what stopped a page from following, or after a minute."""
    deadline = time.perf_counter() + 60
    while not all(p.shown for group in pages for p in group):
        failed = next((t for t in following if t.done()), None)
        if failed is not None:
            failed.result()
            raise RuntimeError("a page stopped following its game")
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{sum(not p.shown for g in pages for p in g)} pages never showed their game")
        await asyncio.sleep(0.01)


@contextlib.asynccontextmanager
async def database(kind: str) -> AsyncIterator[str]:
    """Yields a fresh database URL: a SQLite file, or a PostgreSQL server started for the run."""
    if kind == "postgresql":
        from bangbot.storage.postgres import PostgresServer

        server = PostgresServer.start()
        try:
            yield server.url
        finally:
            server.stop()
        return
    with tempfile.TemporaryDirectory() as folder:
        yield f"sqlite:///{Path(folder) / 'board.sqlite3'}"


def serve_games(url: str, games: int, port: int, ready: Any) -> None:
    """Runs in a board's own process: opens the games (none for a worker but the first), serves their board, puts
    (base, tables) on ready."""
    asyncio.run(serving_games(url, games, port, ready))


async def serving_games(url: str, games: int, port: int, ready: Any) -> None:
    """Opens the games of PLAYERS people each and serves their board until the process is stopped."""
    service = GameService(Context(Repository(open_engine(url)), CollectingMessenger(), players_at(EASY)))
    tables = []
    for i in range(games):
        people = [User(10_000 * (i + 1) + p, f"P{p}", "en") for p in range(PLAYERS)]
        tables.append((await open_game(service, -1000 - i, people), [u.id for u in people]))
    async with serving(service.ctx, BoardSettings(TOKEN), port) as base:
        ready.put((base, tables))
        await asyncio.Event().wait()


async def measure(games: int, db: str, workers: int = 1) -> dict[str, Any]:
    """Serves games in processes of their own (the bot's workers; the first opens the games), opens every seat's and
    a member's page of each here (the phones), moves in each, and returns the figures."""
    async with database(db) as url:
        spawn = multiprocessing.get_context("spawn")
        ready = spawn.Queue()
        servers = []
        try:
            bases: list[str] = []
            tables: list[tuple[int, list[int]]] = []
            for worker in range(workers):
                opened_games = games if worker == 0 else 0
                server = spawn.Process(target=serve_games, args=(url, opened_games, free_port(), ready), daemon=True)
                server.start()
                servers.append(server)
                base, found = await asyncio.to_thread(ready.get, True, SETUP_SECONDS)
                bases.append(base)
                tables += found
            return await watch_and_play(bases, db, tables) | {"workers": workers}
        finally:
            for server in servers:
                server.terminate()
                server.join(SETUP_SECONDS)


async def watch_and_play(bases: list[str], db: str, tables: list[tuple[int, list[int]]]) -> dict[str, Any]:
    """Opens the pages of every game, each served by the next worker in turn, lets the games move in their own
    time, and returns the figures."""
    turn = itertools.cycle(bases)
    async with httpx.AsyncClient(timeout=30) as client:
        pages: list[list[Page]] = []
        for game_id, people in tables:
            users = [User(uid, f"P{i}", "en") for i, uid in enumerate(people)]
            watcher = User(9_000_000 + game_id, "Watcher", "en")
            group = []
            for user, seat in [*((u, True) for u in users), (watcher, False)]:
                base = next(turn)
                group.append(Page(game_id, await session(client, base, user), seat, base))
            pages.append(group)
    every = [p for group in pages for p in group]
    following = [asyncio.create_task(follow(p)) for p in every]
    await opened(pages, following)
    baseline = sum(p.received for p in every), sum(p.updates for p in every)
    delays: list[tuple[float, float]] = []
    started = time.perf_counter()
    playing_games = (playing(g, i * MOVE_SPACING, len(pages)) for i, g in enumerate(pages))
    for found in await asyncio.gather(*playing_games):
        delays += found
    elapsed = time.perf_counter() - started
    received, updates = sum(p.received for p in every) - baseline[0], sum(p.updates for p in every) - baseline[1]
    for task in following:
        task.cancel()
    await asyncio.gather(*following, return_exceptions=True)
    for page in every:
        await page.client.aclose()
    result = figures(len(tables), db, delays, received, updates)
    return result | {"moves_per_s": round(len(tables) * MOVES / elapsed, 1)}


def share(ms: list[float], part: float) -> float | None:
    """Returns the value below which a share part of the sorted figures lie (None for none), rounded to 0.1."""
    return round(ms[min(len(ms) - 1, int(part * len(ms)))], 1) if ms else None


def figures(games: int, db: str, delays: list[tuple[float, float]], received: int, updates: int) -> dict[str, Any]:
    """Returns the bench's figures from the delays (s: to the nudge, to the snapshot) and the bytes and updates the
    pages received."""
    ms = sorted(d[1] * 1000 for d in delays)
    nudges = sorted(d[0] * 1000 for d in delays)
    return {
        "db": db,
        "games": games,
        "pages": games * (PLAYERS + 1),
        "shown": len(ms),
        "p50_ms": share(ms, 0.5),
        "p99_ms": share(ms, 0.99),
        "max_ms": share(ms, 1.0),
        "mean_ms": round(statistics.fmean(ms), 1) if ms else None,
        "nudge_p50_ms": share(nudges, 0.5),
        "nudge_p99_ms": share(nudges, 0.99),
        "bytes_per_update": round(received / updates) if updates else None,
    }


def main(games: int, db: str, as_json: bool, workers: int = 1) -> None:
    """Prints the board's figures (one JSON object with as_json)."""
    result = asyncio.run(measure(games, db, workers))
    if as_json:
        print(json.dumps(result))
        return
    for key, value in result.items():
        print(f"{key:18} {value}")
