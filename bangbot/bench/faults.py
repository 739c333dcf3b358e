"""bangbot bench faults: whole games by presses against the real bot process, killed with SIGKILL at random moments.

The bot runs as `python -m bangbot` against the local Bot API emulator on 127.0.0.1. Each kill is one of:
`press` (SIGKILL a few milliseconds after a press), `saved` (the process kills itself right after committing a
change, before showing it), `sent` (after a delivery sent a new message, before the rest), `tick` (inside the
deadline timer) and `idle` (nothing running). After each kill the bot is started again and must, within
STALL_SECONDS (10 s), show every awaited player buttons of the current prompt and name them in the group.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlmodel import Session, col, select

from bangbot.games import game as registered
from bangbot.messaging.press.button_data import JOIN_PAYLOAD, BadButton, decode
from bangbot.selfplay import replay
from bangbot.storage.db import open_engine
from bangbot.storage.models import GATHERING, RUNNING, ActionLog, Game, PressAnswer, Seat
from bangbot.storage.repository import Repository
from tools.process import BotProcess
from tools.telegram import BotApiEmulator

MODES = ("press", "saved", "sent", "tick", "idle")
PLANNED = ("saved", "sent", "tick")
PLANNED_PRESSES = 30  # presses made at most while waiting for a planned crash
KILL_SHARE = 0.1  # the share of presses followed by a kill
STALL_SECONDS = 10.0  # how long after a restart the table may take to show the current state
ANSWER_SECONDS = 60.0  # how long a press may wait for its answer while the bot runs
IDLE_SECONDS = 60.0  # an idle kill waits this long for the bot to be quiet, then kills it anyway (and says so)
SETTLE_SECONDS = 30.0
PLAYERS = 4


@dataclass
class FaultRun:
    """The counts of one run."""

    kills: int = 0
    presses: int = 0
    answered: int = 0
    lost: int = 0
    duplicated: int = 0
    stalled: int = 0
    finished: int = 0
    games: int = 0
    replay_mismatches: int = 0
    restarts: list[float] = field(default_factory=list)
    kills_by_mode: dict[str, int] = field(default_factory=dict)
    stalls: list[str] = field(default_factory=list)

    def summary(self, database: str, seconds: float) -> dict[str, Any]:
        """Returns the figures as one JSON-ready object."""
        restarts = sorted(self.restarts) or [0.0]
        return {
            "database": database,
            "kills": self.kills,
            "kills_by_mode": self.kills_by_mode,
            "presses": self.presses,
            "answered": self.answered,
            "lost": self.lost,
            "duplicated": self.duplicated,
            "stalled": self.stalled,
            "finished": self.finished,
            "games": self.games,
            "replay_mismatches": self.replay_mismatches,
            "restart_seconds_median": round(statistics.median(restarts), 3),
            "restart_seconds_max": round(restarts[-1], 3),
            "seconds": round(seconds, 1),
            "stalls": self.stalls[:10],
        }


class FaultTable:
    """One group of people playing through the emulator while the bot is killed and restarted."""

    def __init__(
        self, emulator: BotApiEmulator, bot: BotProcess, repo: Repository, rng: random.Random, stall_seconds: float
    ) -> None:
        self.emulator = emulator
        self.stall_seconds = stall_seconds
        self.bot = bot
        self.repo = repo
        self.rng = rng
        self.users = [emulator.add_user(f"Player{i}", language_code="en") for i in range(PLAYERS)]
        self.group = emulator.add_group("Saloon", members=self.users, admins=[self.users[0]])
        for user in self.users:
            emulator.user_starts_bot(user)
        self.run = FaultRun()
        self.sent: dict[str, str] = {}  # press (query) id -> button data

    def open_game(self) -> Game | None:
        """Returns the group's lobby or running game as stored."""
        return self.repo.open_game(self.group)

    def pressable(self) -> list[tuple[int, int, str]]:
        """Returns (user, message, data) of every game button people see on their current private messages."""
        game = self.open_game()
        if game is None or game.id is None or game.status != RUNNING:
            return []
        out = []
        for seat in self.repo.seats(game.id):
            if seat.user_id is None or seat.private_message_id is None:
                continue
            try:
                message = self.emulator.message(seat.user_id, seat.private_message_id)
            except KeyError:
                continue
            for row in message.buttons:
                for _, data in row:
                    try:
                        if not data.startswith("http") and decode(data).choice != "x":
                            out.append((seat.user_id, message.message_id, data))
                    except BadButton:
                        continue
        return out

    def press(self, user: int, chat: int, message: int, data: str) -> str | None:
        """Presses a button; returns the query id, or None if the message changed under the finger."""
        try:
            query = self.emulator.user_presses(user, chat, message, data)
        except ValueError:
            return None
        self.sent[query] = data
        self.run.presses += 1
        return query

    def wait_answer(self, query: str) -> bool:
        """Waits for a press's answer while the bot lives; returns whether it came."""
        deadline = time.monotonic() + ANSWER_SECONDS
        while time.monotonic() < deadline:
            if self.emulator.answered(query) is not None:
                return True
            if not self.bot.alive():
                return False
            time.sleep(0.01)
        return False

    def next_press(self) -> str | None:
        """Makes the next thing a group would do: open a lobby, join, start, or press a game button."""
        game = self.open_game()
        if game is None:
            self.emulator.user_sends(self.users[0], self.group, "/newgame")
            self.emulator.wait_until(lambda: self.open_game() is not None or not self.bot.alive(), 60, "a lobby")
            self.run.games += 1
            return None
        assert game.id is not None
        if game.status == GATHERING:
            seats = self.repo.seats(game.id)
            joined = {s.user_id for s in seats}
            missing = [u for u in self.users if u not in joined]
            if missing:
                self.emulator.user_starts_bot(missing[0], f"{JOIN_PAYLOAD}{game.join_token}")
                self.emulator.wait_until(
                    lambda: len(self.repo.seats(game.id or 0)) > len(seats) or not self.bot.alive(), 60, "a join"
                )
                return None
            if game.lobby_message_id is None:
                return None
            try:
                data = self.emulator.message(self.group, game.lobby_message_id).button("Start")
            except (KeyError, LookupError):
                return None
            return self.press(self.users[0], self.group, game.lobby_message_id, data)
        options = self.pressable()
        if not options:
            return None
        user, message, data = self.rng.choice(options)
        return self.press(user, user, message, data)

    def current(self, outbox: bool = True) -> str | None:
        """Returns what the table fails to show now (None when every awaited person is shown and named); with outbox,
        a row left in the game's outbox is one (not where the bot holds back shown rows' deletion, storage.deferred)."""
        game = self.open_game()
        if game is None or game.id is None or game.status != RUNNING or game.state_json is None:
            return None
        rules = registered(game.ruleset).ruleset
        state = rules.from_json(json.loads(game.state_json))
        seats = self.repo.seats(game.id)
        if outbox and self.repo.outbox(game.id):
            return "the outbox is not empty"
        named = self.log_names(game)
        if named is None:
            return "the log message is missing"
        for position in rules.awaiting(state):
            problem = self.seat_problem(position, seats[position], named)
            if problem is not None:
                return problem
        return None

    def log_names(self, game: Game) -> set[int] | None:
        """Returns the ids of the people the group's log names (mentions and links), None if the log is missing."""
        log_entities: list[dict[str, Any]] = []
        if game.log_message_id is not None:
            try:
                log_entities = self.emulator.message(self.group, game.log_message_id).entities
            except KeyError:
                return None
        named = {e["user"]["id"] for e in log_entities if e.get("type") == "text_mention"}
        named |= {int(e["url"].split("=")[-1]) for e in log_entities if e.get("url", "").startswith("tg://user?id=")}
        return named

    def seat_problem(self, position: int, seat: Seat, named: set[int]) -> str | None:
        """Returns what the table fails to show of an awaited seat: its private message, its buttons, its name."""
        if seat.user_id is None or seat.ai_controlled:
            return None
        if seat.private_message_id is None:
            return f"seat {position} has no private message"
        try:
            message = self.emulator.message(seat.user_id, seat.private_message_id)
        except KeyError:
            return f"seat {position}'s private message is missing"
        versions = {decode(data).version for row in message.buttons for _, data in row if not data.startswith("h")}
        if versions != {seat.prompt_version}:
            return f"seat {position} shows buttons {sorted(versions)}, not {seat.prompt_version}"
        if seat.user_id not in named:
            return f"the group does not name seat {position}"
        return None

    def restart(self) -> None:
        """Starts the bot again and checks that the table catches up within stall_seconds."""
        self.run.restarts.append(self.bot.start())
        deadline = time.monotonic() + self.stall_seconds
        problem = self.current()
        while problem is not None and time.monotonic() < deadline:
            time.sleep(0.05)
            problem = self.current()
        if problem is not None:
            self.run.stalled += 1
            self.run.stalls.append(problem)

    def kill(self, mode: str) -> None:
        """Counts a kill of the given mode (the process is dead by now) and restarts the bot."""
        self.run.kills += 1
        self.run.kills_by_mode[mode] = self.run.kills_by_mode.get(mode, 0) + 1
        self.restart()

    def play(self, kills: int, budget: float) -> None:
        """Plays and kills until `kills` kills were made or the time budget is spent."""
        began = time.monotonic()
        self.bot.start()
        while self.run.kills < kills and time.monotonic() - began < budget:
            mode = self.rng.choice(MODES) if self.rng.random() < KILL_SHARE else None
            if mode in PLANNED:  # the process kills itself at its first or second pass of the point
                self.bot.stop()
                self.bot.start(f"{mode}:{self.rng.randint(1, 2)}")
                for _ in range(PLANNED_PRESSES):
                    if not self.bot.alive():
                        break
                    query = self.next_press()
                    if query is not None:
                        self.wait_answer(query)
                if self.bot.alive():  # the point was not reached: a kill at a random moment all the same
                    self.bot.kill()
                self.kill(mode)
                continue
            query = self.next_press()
            if mode == "press" and query is not None:
                time.sleep(self.rng.uniform(0, 0.03))
                self.bot.kill()
                self.kill(mode)
                continue
            if query is not None:
                self.wait_answer(query)
            if mode == "idle":
                try:
                    self.emulator.wait_until(lambda: self.emulator.is_idle(0.1), IDLE_SECONDS, "the bot to be idle")
                except TimeoutError:
                    self.run.stalls.append(f"the bot was not idle for {IDLE_SECONDS:.0f} s: killed while busy")
                self.bot.kill()
                self.kill(mode)
        self.settle()

    def settle(self) -> None:
        """Lets the bot finish its work, then counts answered, lost and duplicated moves and checks every log."""
        if not self.bot.alive():
            self.restart()
        deadline = time.monotonic() + SETTLE_SECONDS
        while self.emulator.unanswered() and time.monotonic() < deadline:
            time.sleep(0.05)
        self.run.answered = sum(1 for q in self.sent if self.emulator.answered(q) is not None)
        moves = {q for q, data in self.sent.items() if data.startswith("g") and decode(data).choice.startswith("a")}
        with Session(self.repo.engine) as s:
            stored = set(s.exec(select(PressAnswer.press_id)).all())
            player_actions = len(s.exec(select(ActionLog).where(ActionLog.by == "player")).all())
            games = s.exec(select(Game).where(col(Game.state_json).is_not(None))).all()
        self.run.lost = len(unsaved_successes(self.emulator, self.repo, self.sent))
        self.run.duplicated = max(0, player_actions - len(stored & moves))
        for game in games:
            assert game.id is not None
            if game.status != RUNNING:
                self.run.finished += game.winner is not None
            rules = registered(game.ruleset).ruleset
            actions = [(a.seat, rules.parse(a.action)) for a in self.repo.actions(game.id)]
            data = json.loads(game.state_json or "{}")
            if rules.to_json(replay(rules, rules.from_json(data).config, game.seed or 0, actions)) != data:
                self.run.replay_mismatches += 1
        self.bot.stop()


def unsaved_successes(emulator: BotApiEmulator, repo: Repository, sent: dict[str, str]) -> set[str]:
    """Returns the presses of a move (query id -> button data in sent) answered like success but not saved."""
    moves = {q for q, data in sent.items() if data.startswith("g") and decode(data).choice.startswith("a")}
    applied = {q for q in moves if (a := emulator.answered(q)) is not None and not a.show_alert and not a.text}
    with Session(repo.engine) as s:
        stored = set(s.exec(select(PressAnswer.press_id)).all())
    return applied - stored


def run_faults(
    kills: int, seed: int, database: str, budget: float = 3600.0, stall_seconds: float = STALL_SECONDS
) -> dict[str, Any]:
    """Runs the fault bench on SQLite or PostgreSQL and returns its figures.

    budget bounds the whole run in seconds; a table that shows the current state later than stall_seconds after
    a restart counts as stalled.
    """
    from bangbot.storage.postgres import PostgresServer

    folder = Path(tempfile.mkdtemp(prefix="bangbot-faults-"))
    server = PostgresServer.start() if database == "postgresql" else None
    url = server.url if server is not None else f"sqlite:///{folder / 'bot.sqlite3'}"
    began = time.monotonic()
    try:
        with BotApiEmulator(group_limit=(3000, 60.0)) as emulator:
            repo = Repository(open_engine(url))
            bot = BotProcess(emulator, url, folder / "bot.log", group_rate="3000/60", BANGBOT_SEED=str(seed))
            table = FaultTable(emulator, bot, repo, random.Random(seed), stall_seconds)
            try:
                table.play(kills, budget)
            finally:
                if bot.alive():
                    bot.kill()
            repo.engine.dispose()
            return table.run.summary(database, time.monotonic() - began)
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main(kills: int, seed: int, database: str) -> None:
    """Prints the figures of one fault run as one JSON object."""
    print(json.dumps(run_faults(kills, seed, database)))
