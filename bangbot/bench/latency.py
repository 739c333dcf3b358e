"""bangbot bench latency: how long people wait for their presses, and how late deadlines fire, under Telegram's limits.

The real bot process plays against the local Bot API emulator on 127.0.0.1 with Telegram's limits on (20 messages
and edits a minute into one group, 30 a second overall): N groups play at once, each person pressing a few seconds
after seeing the answer to the previous press; every fifth group has a 1-minute deadline and nobody presses there,
so its deadlines fire; in the first group a bystander sends /help every FLOOD_SECONDS. The timer ticks every second.
Each group's first press, too, comes a person's pause after pressing starts, so the groups' presses are spread.
The run is bounded by --seconds of pressing, then SETTLE_SECONDS for the last answers and group messages: it ends
once every press is answered, every table shows its game and the bot sent nothing for QUIET_SECONDS.
The bot holds back its delivery's bookkeeping as it does in production (BANGBOT_HELD_WRITES_SECONDS, its default;
`--held-writes 1` as the tests run it, a shown row written a second after its delivery settled).
It also gives the bot process's CPU time (user and system, all threads) per answered press over that window.
`--bot-checkout DIR` runs the bot from another checkout; with `--rounds N` both bots run alternately, side by side.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bangbot.bench.faults import STALL_SECONDS, FaultTable, unsaved_successes
from bangbot.storage.db import open_engine
from bangbot.storage.deferred import HELD_SECONDS
from bangbot.storage.models import RUNNING
from bangbot.storage.repository import Repository
from bangbot.storage.times import aware
from bangbot.telegram.lost import resent_in
from bangbot.telegram.settings import group_timing_defaults
from tools.process import BotProcess, checkout_env
from tools.telegram import ApiCall, BotApiEmulator

GROUP_LIMIT = (20, 60.0)  # Telegram: about 20 messages a minute into one group (edits count too)
OVERALL_LIMIT = (30, 1.0)  # Telegram: about 30 messages a second from one bot
PACE_SECONDS = (2.0, 5.0)  # a person presses this long after the answer to the previous press
DEADLINE_EVERY = 5  # every fifth group plays with the shortest deadline and never presses
SHORT_DEADLINE = "1m"
SHORT_DEADLINE_SECONDS = 60
FLOOD_SECONDS = 2.0  # the bystander's /help comes this often
SETTLE_SECONDS = 60.0  # after pressing stops, how long answers and group messages may still take
QUIET_SECONDS = 0.5  # ... and the run ends once the bot sent nothing for this long
SETUP_WORKERS = 8
SETUP_SECONDS = 600.0
DEADLINE_WATCH_SECONDS = 0.5  # how often the deadline groups' stored deadlines are read
LOOP_SECONDS = 0.02  # the driver's pace between rounds over the groups (a bench, not a test)
SKIPPED_TICK = "maximum number of running instances reached"  # APScheduler's line for a tick not run
COALESCED_TICK = re.compile(r"ticks coalesced into the next one, which starts now: (\d+)")  # the timer's line


@dataclass
class Press:
    """One press of a button: when it was made and which group made it."""

    query: str
    at: float
    group: int


@dataclass
class Group:
    """One group's game and the people pressing in it."""

    table: FaultTable
    idle: bool  # a deadline group: nobody presses
    next_at: float = 0.0
    waiting: Press | None = None
    game_id: int = 0
    first_turn: int = 0
    deadlines: list[datetime] = field(default_factory=list)  # each deadline seen stored, in order


def setup(table: FaultTable, idle: bool, until: float) -> bool:
    """Opens the group's lobby (with the short deadline in an idle group), seats four people and starts the game.

    Returns False when the game did not start by `until` (monotonic time).
    """
    try:
        if idle:
            # The lobby takes the chat's time per move once it is stored: with several workers the commands of one
            # chat may run side by side, so /newgame waits for it, as a person waits for the bot's answer.
            table.emulator.user_sends(table.users[0], table.group, f"/deadline {SHORT_DEADLINE}")
            table.emulator.wait_until(
                lambda: table.repo.chat_settings(table.group).deadline_seconds == SHORT_DEADLINE_SECONDS,
                SETUP_SECONDS,
                "the short deadline",
            )
        while time.monotonic() < until:
            game = table.open_game()
            if game is not None and game.status == RUNNING:
                return True
            query = table.next_press()
            if query is not None:
                table.wait_answer(query)
    except TimeoutError:  # a lobby or a join never came
        return False
    return False


def percentile(values: list[float], share: float) -> float:
    """Returns the value below which `share` of values lie (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def request_kind(call: ApiCall) -> str | None:
    """Returns the kind of a request counted per turn (group or private, send or edit, press answer), or None."""
    if call.method == "answerCallbackQuery":
        return "press_answers"
    chat = call.params.get("chat_id")
    where = "group" if isinstance(chat, int | str) and str(chat).startswith("-") else "private"
    if call.method == "sendMessage":
        return f"{where}_sends"
    if call.method in ("editMessageText", "editMessageReplyMarkup"):
        return f"{where}_edits"
    return None


class LatencyRun:
    """Drives the groups against one bot process and collects the figures."""

    def __init__(self, emulator: BotApiEmulator, bot: BotProcess, repo: Repository, games: int, seed: int) -> None:
        self.emulator = emulator
        self.bot = bot
        self.repo = repo
        self.rng = random.Random(seed)
        self.groups = [
            Group(FaultTable(emulator, bot, repo, random.Random(seed + i), STALL_SECONDS), idle=i % DEADLINE_EVERY == 4)
            for i in range(games)
        ]
        self.presses: list[Press] = []
        self.bot_cpu: tuple[float | None, float | None] = (None, None)  # the bot's CPU seconds as pressing starts, ends
        self.window_calls: list[ApiCall] = []  # the bot's requests from the first press to the last answer
        self.not_started = 0
        self.watched = 0.0
        self.flood = self.groups[0].table
        self.bystander = emulator.add_user("Bystander", language_code="en")
        emulator.add_member(self.flood.group, self.bystander)

    def start_games(self) -> None:
        """Starts every group's game, several groups at once; a group whose game did not start is left out."""
        until = time.monotonic() + SETUP_SECONDS
        with ThreadPoolExecutor(SETUP_WORKERS) as pool:
            started = list(pool.map(lambda g: setup(g.table, g.idle, until), self.groups))
        self.not_started = started.count(False)
        self.groups = [g for g, ok in zip(self.groups, started, strict=True) if ok]
        if not self.groups:
            raise RuntimeError("no game started: see the bot's log")
        for group in self.groups:
            game = group.table.open_game()
            assert game is not None and game.id is not None
            group.game_id, group.first_turn = game.id, game.log_turn

    def press_round(self, now: float) -> None:
        """Lets every person whose answer came, and whose pause is over, press a button of their message."""
        watch = now - self.watched >= DEADLINE_WATCH_SECONDS
        if watch:
            self.watched = now
        for index, group in enumerate(self.groups):
            if group.idle:
                game = group.table.open_game() if watch else None
                if game is not None and game.deadline_at is not None and game.deadline_at not in group.deadlines:
                    group.deadlines.append(game.deadline_at)
                continue
            if group.waiting is not None:
                if self.emulator.answered(group.waiting.query) is None:
                    continue
                group.waiting = None
                group.next_at = now + self.rng.uniform(*PACE_SECONDS)
            if now < group.next_at:
                continue
            options = group.table.pressable()
            if not options:
                group.next_at = now + PACE_SECONDS[0]
                continue
            user, message, data = self.rng.choice(options)
            pressed_at = time.time()
            query = group.table.press(user, user, message, data)
            if query is not None:
                group.waiting = Press(query, pressed_at, index)
                self.presses.append(group.waiting)

    def play(self, seconds: float) -> tuple[int, int]:
        """Presses for `seconds`, then waits for the last answers; returns the range of emulator calls it made."""
        first_call = len(self.emulator.calls)
        cpu_began = self.bot.cpu_seconds()
        began = time.monotonic()
        flooded = began
        for group in self.groups:  # a person's first press, too, comes after a pause: not every group at once
            group.next_at = began + self.rng.uniform(*PACE_SECONDS)
        while time.monotonic() - began < seconds and self.bot.alive():
            now = time.monotonic()
            self.press_round(now)
            if now - flooded >= FLOOD_SECONDS:
                self.emulator.user_sends(self.bystander, self.flood.group, "/help")
                flooded = now
            time.sleep(LOOP_SECONDS)
        last_call = len(self.emulator.calls)
        pending = [p.query for p in self.presses]
        settle_until = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < settle_until and self.bot.alive() and not self.settled(pending):
            time.sleep(0.1)
        self.bot_cpu = (cpu_began, self.bot.cpu_seconds())
        self.window_calls = [c for c in self.emulator.calls[first_call:] if c.method != "getUpdates"]
        return first_call, last_call

    def settled(self, pending: list[str]) -> bool:
        """Returns whether every press of pending is answered, every table shows its game (its outbox aside: shown
        rows may wait to be deleted) and the bot sent nothing but getUpdates for QUIET_SECONDS."""
        if not all(self.emulator.answered(q) is not None for q in pending):
            return False
        last = next((c for c in reversed(list(self.emulator.calls)) if c.method != "getUpdates"), None)
        if last is not None and time.time() - last.time < QUIET_SECONDS:
            return False
        return all(group.table.current(outbox=False) is None for group in self.groups)

    def deadline_lateness(self) -> list[float]:
        """Returns how late (s) each deadline that fell due in the run fired, from the stored deadlines and moves."""
        late: list[float] = []
        ended = datetime.now(UTC)
        for group in self.groups:
            fired = [aware(a.at) for a in self.repo.actions(group.game_id) if a.by == "deadline"]
            for due in map(aware, group.deadlines):
                if due > ended:
                    continue
                when = next((at for at in fired if at >= due), ended)
                late.append((when - due).total_seconds())
        return late

    def turns(self) -> int:
        """Returns the turns played in the pressing groups other than the flooded one."""
        total = 0
        for group in self.groups[1:]:
            game = self.repo.game(group.game_id)
            if game is not None and not group.idle:
                total += game.log_turn - group.first_turn
        return total

    def turn_requests(self, calls: list[ApiCall]) -> list[ApiCall]:
        """Returns the calls into the groups whose turns are counted (and their people's chats), their answers too."""
        left_out = [g.table for g in self.groups if g.idle] + [self.flood]
        chats = {str(chat) for table in left_out for chat in [table.group, *table.users]}
        queries = {query for table in left_out for query in table.sent}
        return [
            c
            for c in calls
            if str(c.params.get("chat_id", "")) not in chats and c.params.get("callback_query_id") not in queries
        ]

    def silent_failures(self) -> tuple[int, int, list[str]]:
        """Returns the moves answered like success but not saved, groups shown wrong with nothing to deliver, why."""
        sent: dict[str, str] = {}
        wrong: list[str] = []
        for group in self.groups:
            sent |= group.table.sent
            problem = group.table.current(outbox=False)  # the bot may hold back deleting shown rows
            if problem is not None:
                wrong.append(problem)
        return len(unsaved_successes(self.emulator, self.repo, sent)), len(wrong), wrong

    def bot_cpu_seconds(self) -> float | None:
        """Returns the bot process's CPU seconds (user and system, all threads) from the first press to the last
        answer; None when they could not be read."""
        began, ended = self.bot_cpu
        return None if began is None or ended is None else ended - began

    def per_press(self, answered: int) -> dict[str, Any]:
        """Returns the bot's CPU ms and requests to the Bot API per answered press over the pressing window."""
        spent = self.bot_cpu_seconds()
        return {
            "bot_cpu_ms_per_press": round(spent * 1000 / answered, 2) if spent is not None and answered else None,
            "bot_cpu_s": round(spent, 2) if spent is not None else None,
            "api_calls_per_press": round(len(self.window_calls) / answered, 2) if answered else None,
        }

    def summary(self, database: str, calls: list[ApiCall], seconds: float) -> dict[str, Any]:
        """Returns the figures as one JSON-ready object."""
        waits = [
            (answer.time - press.at) * 1000
            for press in self.presses
            if (answer := self.emulator.answered(press.query)) is not None
        ]
        counted = self.turn_requests(calls)
        kinds = Counter(kind for c in counted if (kind := request_kind(c)) is not None)
        turns = max(1, self.turns())
        unsaved, wrong, problems = self.silent_failures()
        log = self.bot.log.read_text(errors="replace")
        late = self.deadline_lateness()
        group_requests = kinds["group_sends"] + kinds["group_edits"]
        return {
            "database": database,
            "games": len(self.groups),
            "games_not_started": self.not_started,
            "deadline_games": sum(g.idle for g in self.groups),
            "seconds": round(seconds, 1),
            "presses": len(self.presses),
            "press_p50_ms": round(statistics.median(waits), 1) if waits else 0.0,
            "press_p99_ms": round(percentile(waits, 0.99), 1),
            "press_max_ms": round(max(waits, default=0.0), 1),
            "presses_answered": len(waits),
            **self.per_press(len(waits)),
            "presses_over_10s": sum(w > 10_000 for w in waits),
            "deadlines_fired": len(late),
            "deadline_late_p99_ms": round(percentile(late, 0.99) * 1000, 1),
            "deadline_late_max_ms": round(max(late, default=0.0) * 1000, 1),
            "skipped_ticks": log.count(SKIPPED_TICK),
            "resent_after_lost_reply": resent_in(log),
            "coalesced_ticks": sum(int(n) for n in COALESCED_TICK.findall(log)),
            "unanswered": sum(1 for p in self.presses if self.emulator.answered(p.query) is None),
            "silent_failures": unsaved + wrong,
            "unsaved_successes": unsaved,
            "groups_shown_wrong": wrong,
            "turns": self.turns(),
            "requests_per_turn": round(sum(kinds.values()) / turns, 2),
            "group_requests_per_turn": round(group_requests / turns, 2),
            "per_turn": {kind: round(kinds[kind] / turns, 2) for kind in sorted(kinds)},
            "rate_limited": sum(1 for c in calls if c.error_code == 429),
            "problems": problems[:5],
        }


def limited_bot(
    emulator: BotApiEmulator, url: str, log: Path, seed: int, checkout: Path | None, held_writes: float | None = None
) -> BotProcess:
    """Returns the bot process (not started) under Telegram's group limit, with the bot's own merge window, quiet turn
    and hold, its delivery's bookkeeping held back held_writes seconds at most (None: as the tests run it), from
    `checkout` (None: this one)."""
    held = {} if held_writes is None else {"BANGBOT_HELD_WRITES_SECONDS": f"{held_writes:g}"}
    return BotProcess(
        emulator,
        url,
        log,
        group_rate="{}/{:g}".format(*GROUP_LIMIT),
        BANGBOT_SEED=str(seed),
        **held,
        **group_timing_defaults(),
        **checkout_env(checkout),
    )


def run_latency(
    games: int,
    database: str,
    seconds: float,
    seed: int = 1,
    checkout: Path | None = None,
    held_writes: float = HELD_SECONDS,
) -> dict[str, Any]:
    """Runs the latency bench on SQLite or PostgreSQL: `games` groups pressing for `seconds` against the bot of
    `checkout` (None: this one), holding back its delivery's bookkeeping held_writes seconds; returns the figures."""
    from bangbot.storage.postgres import PostgresServer

    folder = Path(tempfile.mkdtemp(prefix="bangbot-latency-"))
    server = PostgresServer.start() if database == "postgresql" else None
    url = server.url if server is not None else f"sqlite:///{folder / 'bot.sqlite3'}"
    began = time.monotonic()
    try:
        with BotApiEmulator(group_limit=GROUP_LIMIT, global_limit=OVERALL_LIMIT, flood_counts_edits=True) as emulator:
            bot = limited_bot(emulator, url, folder / "bot.log", seed, checkout, held_writes)
            try:
                bot.start()  # first: the bot migrates its database as its checkout knows it, then this run reads it
                repo = Repository(open_engine(url))
                run = LatencyRun(emulator, bot, repo, games, seed)
                run.start_games()
                first, last = run.play(seconds)
                figures = run.summary(database, emulator.calls[first:last], time.monotonic() - began)
            finally:
                stop(bot)
            repo.engine.dispose()
            return {"bot": str(checkout or "this checkout"), "held_writes_seconds": held_writes, **figures}
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def stop(bot: BotProcess) -> None:
    """Stops the bot with SIGTERM; BotProcess.stop kills it when it does not stop in time."""
    if bot.alive():
        with contextlib.suppress(subprocess.TimeoutExpired):
            bot.stop()


def table_text(figures: dict[str, Any]) -> str:
    """Returns the figures as lines of `name  value` for people."""
    width = max(len(name) for name in figures)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in figures.items())


SIDE_BY_SIDE = ("bot_cpu_ms_per_press", "press_p50_ms", "press_p99_ms", "api_calls_per_press", "presses_answered")


def alternate(
    games: int,
    database: str,
    seconds: float,
    seed: int,
    checkout: Path,
    rounds: int,
    held_writes: float = HELD_SECONDS,
) -> list[dict[str, Any]]:
    """Runs this checkout's bot and `checkout`'s alternately, `rounds` runs each, the first of each pair swapped
    every round (this, other, other, this, ...); returns every run's figures in the order run."""
    order: list[Path | None] = [None, checkout]
    runs: list[dict[str, Any]] = []
    for index in range(rounds):
        for side in order if index % 2 == 0 else order[::-1]:
            runs.append(run_latency(games, database, seconds, seed, side, held_writes))
    return runs


def side_by_side(runs: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Returns, per figure of SIDE_BY_SIDE, each bot's median over its runs (None when a run lacks the figure)."""
    bots = list(dict.fromkeys(run["bot"] for run in runs))
    table: dict[str, dict[str, float | None]] = {}
    for name in SIDE_BY_SIDE:
        table[name] = {}
        for bot in bots:
            values = [run[name] for run in runs if run["bot"] == bot]
            table[name][bot] = None if None in values else round(statistics.median(values), 2)
    return table


def side_by_side_text(table: dict[str, dict[str, float | None]]) -> str:
    """Returns the side-by-side figures as a table for people: a column per bot."""
    bots = list(next(iter(table.values())))
    width = max(len(name) for name in table)
    columns = [max(len(bot), 8) for bot in bots]
    lines = [f"{'':<{width}}  " + "  ".join(f"{bot:>{w}}" for bot, w in zip(bots, columns, strict=True))]
    for name, per_bot in table.items():
        cells = (f"{per_bot[bot]!s:>{w}}" for bot, w in zip(bots, columns, strict=True))
        lines.append(f"{name:<{width}}  " + "  ".join(cells))
    return "\n".join(lines)


def main(
    games: int,
    database: str,
    seconds: float,
    seed: int,
    as_json: bool,
    checkout: str | None = None,
    rounds: int = 0,
    held_writes: float = HELD_SECONDS,
) -> None:
    """Prints the figures of one latency run (of `checkout`'s bot when given): one JSON object, or a table; with
    `rounds` and `checkout`, the runs of both bots alternately, then their medians side by side."""
    other = Path(checkout).resolve() if checkout else None
    if other is None or rounds < 1:
        figures = run_latency(games, database, seconds, seed, other, held_writes)
        print(json.dumps(figures) if as_json else table_text(figures))
        return
    runs = alternate(games, database, seconds, seed, other, rounds, held_writes)
    table = side_by_side(runs)
    if as_json:
        print(json.dumps({"runs": runs, "side_by_side": table}))
        return
    for run in runs:
        print(table_text(run) + "\n")
    print(side_by_side_text(table))
