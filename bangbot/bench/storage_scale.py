"""The timer's tick with nothing due and the start-up time, with no stored games and with many: both should be flat.

Two databases side by side, one empty and one filled in bulk; rounds alternate between them, so a busy machine
slows both alike.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from sqlalchemy import Engine, text

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.bench.stored import store_games
from bangbot.messaging.context import Context, utc_now
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository

ROUNDS = 10
TICKS_PER_ROUND = 100
STORED_GAMES = 10_000
WARM_UP_TICKS = 20


def service_for(engine: Engine) -> GameService:
    """Returns a game service on engine that talks to the collecting messenger."""
    return GameService(Context(Repository(engine), CollectingMessenger(), players_at(EASY)))


async def tick_times(service: GameService, ticks: int) -> list[float]:
    """Returns the duration (s) of each of ticks calls of the service's tick."""
    times: list[float] = []
    for _ in range(ticks):
        started = time.perf_counter()
        await service.tick()
        times.append(time.perf_counter() - started)
    return times


async def start_up(url: str) -> float:
    """Returns how long (s) opening the engine with its migrations, building the service, start() and a tick take."""
    started = time.perf_counter()
    engine = open_engine(url)
    service = service_for(engine)
    await service.start()
    await service.tick()
    elapsed = time.perf_counter() - started
    engine.dispose()
    return elapsed


def settle(engine: Engine) -> None:
    """Does the upkeep a bulk insert sets off (VACUUM ANALYZE and a checkpoint), so it is not timed later."""
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("VACUUM ANALYZE"))
            connection.execute(text("CHECKPOINT"))
        else:
            connection.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))


def fill(url: str, stored: int) -> float:
    """Stores games in bulk at url (store_games) and settles the database; returns the seconds it took."""
    started = time.perf_counter()
    engine = open_engine(url)
    store_games(engine, stored, utc_now())
    settle(engine)
    engine.dispose()
    return time.perf_counter() - started


def ms(seconds: float) -> float:
    """Returns seconds in milliseconds, rounded for printing."""
    return round(seconds * 1000, 3)


def summary(stored: int, ticks: list[float], startups: list[float]) -> dict[str, Any]:
    """Returns the printed figures of one database: tick median and p99, start-up median and maximum."""
    ordered = sorted(ticks)
    return {
        "stored_games": stored,
        "tick_p50_ms": ms(statistics.median(ordered)),
        "tick_p99_ms": ms(ordered[int(len(ordered) * 0.99)]),
        "startup_ms": ms(statistics.median(startups)),
        "startup_max_ms": ms(max(startups)),
    }


async def alternate(urls: list[str], rounds: int, ticks: int) -> list[tuple[list[float], list[float]]]:
    """Returns per url its tick times and start-up times, measured in rounds that take turns over the urls."""
    engines = [open_engine(url) for url in urls]
    services = [service_for(engine) for engine in engines]
    for service in services:
        await tick_times(service, WARM_UP_TICKS)  # connection pool, statement caches
    results: list[tuple[list[float], list[float]]] = [([], []) for _ in urls]
    for _ in range(rounds):
        for (tick_list, startup_list), service, url in zip(results, services, urls, strict=True):
            tick_list += await tick_times(service, ticks)
            startup_list.append(await start_up(url))
    for engine in engines:
        engine.dispose()
    return results


def measure_scale(
    empty_url: str, filled_url: str, stored: int = STORED_GAMES, rounds: int = ROUNDS, ticks: int = TICKS_PER_ROUND
) -> list[dict[str, Any]]:
    """Returns the figures of an empty database and of one holding `stored` games (with the seconds to insert them)."""
    asyncio.run(start_up(empty_url))  # the schema; and the first start-up of a process pays its imports
    inserted = fill(filled_url, stored)
    (empty_ticks, empty_starts), (filled_ticks, filled_starts) = asyncio.run(
        alternate([empty_url, filled_url], rounds, ticks)
    )
    return [
        summary(0, empty_ticks, empty_starts),
        {**summary(stored, filled_ticks, filled_starts), "insert_s": round(inserted, 2)},
    ]
