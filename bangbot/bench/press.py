"""`bangbot bench press`: the work one button press costs, by game: calls of the rules, menus, views, decodes, reads.

Whole games of people pressing random buttons run through the game service (on SQLite, with the collecting
messenger); counting wrappers installed by this bench alone count, per press, the calls of `legal_actions` (every
game's rules), the builds of a step's buttons (the menus), the views computed, the buttons decoded, the game
rows read and the SQL statements and commits made, and time each press until what it changed is shown. With a pause,
each press is followed by a person's pause (counted, not timed): what a delivery does once it settled is counted too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import itertools
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.messenger import CollectingMessenger
from bangbot.games import GAMES
from bangbot.games.contract import table_sizes
from bangbot.messaging.adapter import BACK, Command, Press, User
from bangbot.messaging.context import Context
from bangbot.messaging.lobby.view import MODE
from bangbot.messaging.press.button_data import decode
from bangbot.messaging.service import GameService
from bangbot.storage.db import open_engine
from bangbot.storage.models import RUNNING
from bangbot.storage.repository import Repository

PRESS_CAP = 400  # presses per game at most: a game of random presses may take long to end
PEOPLE = 5  # people at a table, where its game's first preset allows; else as near as it allows
GAMES_PACKAGE = "bangbot.games."
IN_GAMES = {  # what is counted in every game's own modules: a name, and the module-level function it adds up
    "legal_actions": "legal_actions",
    "keyboards": "keyboard",  # a step's buttons, written for a message
    "views": "view",
}
ELSEWHERE = {  # what is counted in the platform: a name, and the function (module, attribute path)
    "decodes": ("bangbot.messaging.press.button_data", "decode"),
    "game_reads": ("bangbot.storage.repository", "Repository._read_game"),  # storage reads: a game, or its seats
}
SQL = {"statements": "before_cursor_execute", "commits": "commit"}  # the engine's events that count them
COUNTED = (*IN_GAMES, *ELSEWHERE, *SQL)
Spent = tuple[float, float]  # seconds: on the clock, and of this process's CPU (less disturbed by other work)
MOVE = "a"  # a press whose choice starts so applies a legal action; any other opens a step (or shows a card)


@dataclass(frozen=True)
class Table:
    """One kind of table the bench plays: the game, its preset or mode, and how many people."""

    game: str
    preset: str
    people: int


def tables() -> list[Table]:
    """Returns one table per registered game: its first preset (or mode), with PEOPLE or as near as it deals."""
    out = []
    for declared in GAMES:
        preset = declared.ruleset.presets[0]
        sizes = table_sizes(declared.ruleset, preset)
        out.append(Table(declared.id, preset, min(max(PEOPLE, sizes.start), sizes.stop - 1)))
    return out


def targets() -> list[tuple[str, Any, str, bool]]:
    """Returns what counting wraps: (name, owner, attribute, whether a method) for every COUNTED function."""
    found: list[tuple[str, Any, str, bool]] = []
    for module in [m for m in list(sys.modules.values()) if m is not None and m.__name__.startswith(GAMES_PACKAGE)]:
        for name, attribute in IN_GAMES.items():
            function = vars(module).get(attribute)
            if callable(function) and getattr(function, "__module__", None) == module.__name__:
                found.append((name, module, attribute, False))
    for name, (module_name, path) in ELSEWHERE.items():
        owner: Any = importlib.import_module(module_name)
        *within, attribute = path.split(".")
        for part in within:
            owner = getattr(owner, part)
        found.append((name, owner, attribute, bool(within)))
    return found


@contextmanager
def counting(counts: Counter[str]) -> Iterator[None]:
    """Counts in counts every call of the COUNTED functions while inside, wherever they were imported by name."""
    undo: list[Callable[[], None]] = []
    for name, owner, attribute, method in targets():
        undo += wrap(counts, name, owner, attribute, method)
    try:
        yield
    finally:
        for step in reversed(undo):
            step()


@contextmanager
def prefixed(counts: Counter[str], kind: str) -> Iterator[None]:
    """Counts one press of a kind ('move' or 'step'), and what is counted inside also under '<kind>.<name>'."""
    counts[kind] += 1
    before = Counter({name: counts[name] for name in COUNTED})
    try:
        yield
    finally:
        for name in COUNTED:
            counts[f"{kind}.{name}"] += counts[name] - before[name]


def wrap(counts: Counter[str], name: str, owner: Any, attribute: str, method: bool) -> list[Callable[[], None]]:
    """Replaces a function by one that counts its calls under name, in its owner and every module or registered
    game's hooks that hold it."""
    original = getattr(owner, attribute)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return original(*args, **kwargs)

    modules = [m for m in list(sys.modules.values()) if m is not None]
    holders = [owner] if method else [m for m in modules if any(v is original for v in vars(m).values())]
    undo: list[Callable[[], None]] = []
    for holder in holders:
        for key, value in list(vars(holder).items()):
            if value is original:
                setattr(holder, key, counted)
                undo.append(partial(setattr, holder, key, original))
    for hooks in (part for declared in GAMES for part in (declared, declared.ruleset, declared.presenter)):
        for key in (f.name for f in dataclasses.fields(hooks)):  # a game's frozen dataclasses of functions too
            if getattr(hooks, key) is original:
                object.__setattr__(hooks, key, counted)
                undo.append(partial(object.__setattr__, hooks, key, original))
    return undo


def choices(messenger: CollectingMessenger, chat: int) -> list[tuple[str, str, int]]:
    """Returns each button of a chat's live messages but « Back as (choice, data, message id)."""
    return [(decode(b.data).choice, b.data, m.ref.message_id) for m, b in messenger.pressable(chat) if b.fixed != BACK]


async def gather(service: GameService, messenger: CollectingMessenger, table: Table, chat: int) -> list[User]:
    """Opens a lobby in chat, picks the table's game and preset or mode, lets its people join and starts it."""
    users = [User(chat * 10 - i, f"P{i}", "en") for i in range(table.people)]
    repo = service.ctx.repo
    await service.on_command(Command(users[0], chat, False, "newgame", "", f"Bench {chat}"))
    await service.idle()
    serial = itertools.count()

    async def press(user: User, wanted: Callable[[str], bool]) -> None:
        _, data, message = next(c for c in choices(messenger, chat) if wanted(c[0]))
        await service.on_press(Press(f"{chat}:l{next(serial)}", user, chat, message, data, False))
        await service.idle()

    while (game := repo.latest_game(chat)) is not None and game.ruleset != table.game:
        await press(users[0], lambda c: c == "game")
    while (game := repo.latest_game(chat)) is not None and game.preset != table.preset:
        await press(users[0], lambda c: c == MODE + table.preset or c == "preset")
    for user in users[1:]:
        await press(user, lambda c: c == "join")
    await press(users[0], lambda c: c == "start")
    game = repo.latest_game(chat)
    assert game is not None and game.status == RUNNING, "the bench's table did not start"
    return users


async def play(
    service: GameService,
    messenger: CollectingMessenger,
    table: Table,
    chat: int,
    counts: Counter[str] | None,
    pause: float = 0.0,
) -> tuple[int, Spent]:
    """Plays one game of table by random presses (« Back left out); returns the presses and their time.

    With counts, the calls each press costs are counted there (by kind of press), with what happens in the pause
    after it (seconds, untimed).
    """
    users = await gather(service, messenger, table, chat)
    rng = random.Random(chat)
    spent = (0.0, 0.0)
    with counting(counts) if counts is not None else nullcontext():
        for presses in range(PRESS_CAP):
            options = [(u, c) for u in users for c in choices(messenger, u.id)]
            if not options:
                return presses, spent
            user, (choice, data, message) = rng.choice(options)
            kind = "move" if choice.startswith(MOVE) else "step"
            with prefixed(counts, kind) if counts is not None else nullcontext():
                started = (time.perf_counter(), time.process_time())
                await service.on_press(Press(f"{chat}:{presses}", user, user.id, message, data, True))
                await service.idle()  # what the press saved is shown in the background: that is part of its work
                spent = (spent[0] + time.perf_counter() - started[0], spent[1] + time.process_time() - started[1])
                if pause:
                    await asyncio.sleep(pause)  # a person reads what the press showed before the next press
    return PRESS_CAP, spent


async def measure(
    table: Table, games: int, url: str, counts: Counter[str] | None, pause: float = 0.0
) -> tuple[int, Spent]:
    """Plays games of a table on the database at url; returns the presses and their time, counting in counts (with
    a person's pause of that many seconds after each press)."""
    messenger = CollectingMessenger()
    seeds = itertools.count(1)
    engine = open_engine(url)
    if counts is not None:
        count_sql(engine, counts)
    ctx = Context(Repository(engine), messenger, players_at(EASY), seeds=lambda: next(seeds))
    service = GameService(ctx)
    presses, wall, cpu = 0, 0.0, 0.0
    for g in range(games):
        done, (took, worked) = await play(service, messenger, table, -(20_000 + g), counts, pause)
        presses, wall, cpu = presses + done, wall + took, cpu + worked
    return presses, (wall, cpu)


def count_sql(engine: Engine, counts: Counter[str]) -> None:
    """Counts in counts every SQL statement the engine runs and every commit it makes (the SQL names)."""
    for name, happening in SQL.items():

        def counted(*_: Any, name: str = name) -> None:
            counts[name] += 1

        event.listen(engine, happening, counted)


def figures(table: Table, games: int, folder: Path, pause: float = 0.0) -> dict[str, Any]:
    """Returns the mean calls per press (one run, with a person's pause after each press) and its time on the clock
    and on the CPU (a run counting nothing, pausing never)."""
    counts: Counter[str] = Counter()
    presses, _ = asyncio.run(measure(table, games, f"sqlite:///{folder / 'counted.sqlite3'}", counts, pause))
    timed, spent = asyncio.run(measure(table, games, f"sqlite:///{folder / 'timed.sqlite3'}", None))
    assert timed == presses, "both runs play the same presses"
    kinds = ("move", "step")
    per_press = {n: round(sum(counts[f"{k}.{n}"] for k in kinds) / max(presses, 1), 2) for n in COUNTED}
    by_kind = {
        kind: {"presses": counts[kind]} | {n: round(counts[f"{kind}.{n}"] / max(counts[kind], 1), 2) for n in COUNTED}
        for kind in kinds
    }
    ms, cpu_ms = (round(1000 * t / max(presses, 1), 2) for t in spent)
    return {
        "table": f"{table.game}/{table.preset}",
        "games": games,
        "pause_seconds": pause,
        "presses": presses,
        **per_press,
        "ms_per_press": ms,
        "cpu_ms_per_press": cpu_ms,
        **by_kind,
    }


def main(games: int = 3, pause: float = 0.0) -> None:
    """Prints one JSON line per table: the mean calls of each counted function (with a person's pause of that many
    seconds after each press) and the time per press."""
    for table in tables():
        with tempfile.TemporaryDirectory() as folder:
            print(json.dumps(figures(table, games, Path(folder), pause)), flush=True)
