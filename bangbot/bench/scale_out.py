"""bangbot bench scale: several bot workers behind one webhook front act as one bot under Telegram's limits.

The latency bench's groups (bench.latency: people pressing a few seconds apart, deadline groups nobody presses in, a
bystander flooding the first group with /help) play against N worker processes on one database. The workers start
at the same moment on an empty database (the migrations race); the front hands each update to one worker in turn,
as a proxy would. The emulator enforces Telegram's limits for the bot as a whole, whichever worker sends. Besides the
latency figures it prints what only several workers can break: 429s, the most messages any group got in any minute
and the bot in any second, deadlines fired more than once, failed starts, and whether every worker answered its
health routes.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bangbot.bench.latency import GROUP_LIMIT, OVERALL_LIMIT, LatencyRun, table_text
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.storage.times import aware
from bangbot.telegram.settings import group_timing_defaults
from tools.telegram import ApiCall, BotApiEmulator
from tools.workers import Workers

MESSAGES = frozenset({"sendMessage", "sendDocument", "editMessageText", "editMessageReplyMarkup"})  # what Telegram
# counts against its limits (the emulator counts the same: edits too); press answers and reads are no messages
ERROR_LINE = re.compile(r"^[\w.]*(?:Error|Exception|Violation)\b.*$", re.MULTILINE)  # a traceback's last line
ONE_FIRING = timedelta(seconds=0.5)  # the moves of one deadline's firing are saved together, well within this


def most_in_window(times: list[float], period: float) -> int:
    """Returns the most of the times that fall within any `period` seconds (a window starting at one of them)."""
    ordered = sorted(times)
    most, first = 0, 0
    for last, moment in enumerate(ordered):
        while moment - ordered[first] >= period:
            first += 1
        most = max(most, last - first + 1)
    return most


def message_rates(calls: list[ApiCall]) -> tuple[int, int]:
    """Returns the most messages one group got in any 60 s, and the bot sent in any 1 s, as Telegram counted them."""
    sent = [c for c in calls if c.ok and c.method in MESSAGES]
    per_group: dict[str, list[float]] = defaultdict(list)
    for call in sent:
        chat = str(call.params.get("chat_id", ""))
        if chat.startswith("-"):
            per_group[chat].append(call.received)
    group_most = max((most_in_window(times, GROUP_LIMIT[1]) for times in per_group.values()), default=0)
    return group_most, most_in_window([c.received for c in sent], OVERALL_LIMIT[1])


def firings(moments: list[datetime]) -> list[datetime]:
    """Returns when each firing of a deadline began, from the times of its moves (one firing's come together)."""
    ordered = sorted(moments)
    return [moment for n, moment in enumerate(ordered) if n == 0 or moment - ordered[n - 1] > ONE_FIRING]


def duplicated_deadlines(run: LatencyRun) -> int:
    """Returns the deadline firings that no new stored deadline came before: a deadline fired a second time."""
    duplicated = 0
    for group in run.groups:
        if not group.idle:
            continue
        due = sorted(map(aware, group.deadlines))
        fired = firings([aware(a.at) for a in run.repo.actions(group.game_id) if a.by == "deadline"])
        for previous, firing in itertools.pairwise(fired):
            if not any(previous < d <= firing for d in due):
                duplicated += 1
    return duplicated


def health(workers: Workers) -> dict[str, Any]:
    """Returns whether every worker answered 200 on /healthz and on /readyz at its webhook port, and what each said."""
    healthz, readyz = workers.answer("healthz"), workers.answer("readyz")
    return {
        "healthz_ok": all(status == 200 for status in healthz),
        "readyz_ok": all(status == 200 for status in readyz),
        "healthz_status": healthz,
        "readyz_status": readyz,
    }


def run_scale(workers: int, database: str, games: int, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Runs the scale bench: `games` groups pressing for `seconds` against `workers` processes; returns the figures."""
    from bangbot.storage.postgres import PostgresServer

    if workers > 1 and database != "postgresql":
        raise ValueError("several workers need PostgreSQL (--db postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="bangbot-scale-"))
    server = PostgresServer.start() if database == "postgresql" else None
    url = server.url if server is not None else f"sqlite:///{folder / 'bot.sqlite3'}"
    began = time.monotonic()
    try:
        with BotApiEmulator(group_limit=GROUP_LIMIT, global_limit=OVERALL_LIMIT, flood_counts_edits=True) as emulator:
            bots = Workers(
                emulator,
                url,
                folder / "workers.log",
                workers,
                group_rate="{}/{:g}".format(*GROUP_LIMIT),
                BANGBOT_SEED=str(seed),
                **group_timing_defaults(),  # the bot's own merge window, quiet turn and hold
            )
            try:
                bots.start()  # every worker at the same moment, on an empty database
                repo = Repository(open_engine(url))
                run = LatencyRun(emulator, bots, repo, games, seed)
                run.start_games()
                first, last = run.play(seconds)
                figures = scale_figures(run, bots, database, emulator.calls[first:last], time.monotonic() - began)
            finally:
                bots.stop()  # every worker, also when one died, and the front
            repo.engine.dispose()
            return figures
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def scale_figures(
    run: LatencyRun, workers: Workers, database: str, calls: list[ApiCall], seconds: float
) -> dict[str, Any]:
    """Returns the latency figures with the scale's own first."""
    latency = run.summary(database, calls, seconds)
    log = workers.log.read_text(errors="replace")
    group_most, bot_most = message_rates(calls)
    return {
        "workers": len(workers.ports),
        "rate_limited": latency.pop("rate_limited"),
        "group_messages_max_per_minute": group_most,
        "messages_max_per_second": bot_most,
        "deadlines_fired": latency.pop("deadlines_fired"),
        "deadlines_duplicated": duplicated_deadlines(run),
        "migration_errors": len(workers.failed_starts),
        "start_problems": sorted({line[:200] for line in ERROR_LINE.findall(log)})[:3] if workers.failed_starts else [],
        "press_p99_ms": latency.pop("press_p99_ms"),
        "unanswered": latency.pop("unanswered"),
        "silent_failures": latency.pop("silent_failures"),
        **health(workers),
        "updates_per_worker": [workers.front.per_worker[port] for port in workers.ports],
        **latency,
    }


def main(workers: int, games: int, database: str, seconds: float, seed: int, as_json: bool) -> None:
    """Prints the figures of one scale run: one JSON object, or a table."""
    figures = run_scale(workers, database, games, seconds, seed)
    print(json.dumps(figures) if as_json else table_text(figures))
