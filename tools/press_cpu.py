"""The game service's CPU per update, several checkouts side by side in one run: random-press games on SQLite.

For each tree given (`--tree DIR`, repeatable; default this checkout) a child process runs with only that tree's
bangbot importable (PYTHONPATH, PYTHONSAFEPATH=1). It opens a lobby per table through the tree's GameService
(/newgame, the game and preset or mode pressed until chosen, the others join, start) and then lets the people press
random live buttons of their private chats (« Back left out) until the game ends or PRESS_CAP presses were made.
Each in-game press is one update: its time is the process CPU time (`time.process_time`) of `on_press` and of the
background delivery it starts (`service.idle()` where the tree has it; before that, the outbox's `settled()`). Lobby
presses and commands are counted apart and not timed. Figures are given for all updates and by kind: moves (they
apply an action), steps (a menu opened or left) and alerted presses (a card's text shown in an alert: only newer
trees have those buttons, so the kinds compare trees whose menus differ). All trees play the same tables from the
same seeds (the games differ once the trees' menus differ); before each game, untimed, the garbage collector runs
and the messenger forgets the messages of the games before (each tree's collecting messenger scans every message it
holds on each edit: a bench cost that would otherwise grow with the games already played).

Trees take turns round by round (`--rounds N`), the order reversed every other round, so load on the machine hits
them alike; one child runs at a time (one core). The child adapts to each tree's layout by feature detection: one
small function per difference, the current path tried first and the older one after it.

    python tools/press_cpu.py [--tree DIR ...] [--rounds 3] [--games 6] [--table base/standard/5 ...] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
CHECKOUT = HERE.parents[1]
PRESS_CAP = 400  # in-game presses per game at most: a game of random presses may take long to end
GAMES = 6  # games per table, tree and round: three trees, three tables, three rounds take about 6 minutes on one core
TABLES = ("base/standard/5", "starwars/standard/5", "duel/duel/2")  # game/preset or mode/people
MODE = "mode."  # a mode button's choice: this prefix and the mode it picks (the same in every tree so far)
BACK = "back"  # Button.fixed of « Back (the same in every tree so far)
GAME_CHOICES = 8  # presses of the lobby's "game" button at most before a tree is found not to offer a game
SEED_STRIDE = 1000  # seeds of round r start at r * SEED_STRIDE
COUNTS = ("games", "lobby")  # per table: games played, lobby presses (untimed, not updates)
KINDS = ("move", "step", "alerted")  # the kinds of in-game presses (see kind_of)
MOVE = "a"  # a choice that starts so applies a legal action (the same in every tree so far)
STATS = ("median", "p90", "p99", "mean")


@dataclass(frozen=True)
class Table:
    """One kind of table: the game's id, its preset or mode, and how many people sit at it."""

    game: str
    preset: str
    people: int

    @staticmethod
    def parse(text: str) -> Table:
        """Returns the table written game/preset/people (raises ValueError otherwise)."""
        game, preset, people = text.split("/")
        return Table(game, preset, int(people))

    def __str__(self) -> str:
        return f"{self.game}/{self.preset}/{self.people}"


# --- the child: one tree's GameService, adapted to that tree ----------------------------------------------------


def first_attribute(*candidates: tuple[str, str]) -> Any:
    """Returns the first (module, attribute) that imports; raises the last ImportError when none does."""
    failure: Exception | None = None
    for module, attribute in candidates:
        try:
            return getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as error:
            failure = error
    raise ImportError(f"none of {candidates} in this tree") from failure


def messenger_class() -> Any:
    """Returns the tree's collecting messenger: a bench module now, the test double in messaging/ before."""
    return first_attribute(
        ("bangbot.bench.messenger", "CollectingMessenger"), ("bangbot.messaging.fake", "CollectingMessenger")
    )


def button_decoder() -> Callable[[str], Any]:
    """Returns the tree's decoder of button data: in messaging/press/ now, messaging/codec.py before."""
    decode: Callable[[str], Any] = first_attribute(
        ("bangbot.messaging.press.button_data", "decode"), ("bangbot.messaging.codec", "decode")
    )
    return decode


def ai_players() -> Any:
    """Returns the tree's easy AI players by game (only stand-ins would play: the tables have no AI seat): made by
    ai/levels.py now, ai/players.py before; random players in a tree without levels."""
    try:
        players_at = first_attribute(("bangbot.ai.levels", "players_at"), ("bangbot.ai.players", "players_at"))
    except ImportError:
        return importlib.import_module("bangbot.ai.players").random_players()
    return players_at("easy")


def delivery_waiter(service: Any) -> Callable[[], Any]:
    """Returns what awaits the background delivery a press started: the service's idle(), else the outbox's settled()
    (a tree that delivered within the press and only waited for the messenger's queued edits)."""
    idle: Callable[[], Any] | None = getattr(service, "idle", None)
    if idle is not None:
        return idle
    settled: Callable[[], Any] = first_attribute(("bangbot.messaging.outbox", "settled"))
    return settled


@dataclass
class Driver:
    """One tree's service on one SQLite file, with the adapted pieces the games need."""

    service: Any
    messenger: Any
    decode: Callable[[str], Any]
    wait: Callable[[], Any]
    adapter: Any  # the tree's bangbot.messaging.adapter: Command, Press, User
    running: str  # the stored status of a running game
    presses: itertools.count[int] = field(default_factory=itertools.count)

    @staticmethod
    def open(url: str, seeds: Callable[[], int]) -> Driver:
        """Builds the tree's GameService on the database at url, with games dealt from seeds."""
        context = importlib.import_module("bangbot.messaging.context").Context
        repository = importlib.import_module("bangbot.storage.repository").Repository
        engine = importlib.import_module("bangbot.storage.db").open_engine(url)
        messenger = messenger_class()()
        service = importlib.import_module("bangbot.messaging.service").GameService(
            context(repository(engine), messenger, ai_players(), seeds=seeds)
        )
        adapter = importlib.import_module("bangbot.messaging.adapter")
        running = importlib.import_module("bangbot.storage.models").RUNNING
        return Driver(service, messenger, button_decoder(), delivery_waiter(service), adapter, running)

    def choices(self, chat: int) -> list[tuple[str, str, int]]:
        """Returns each live button of a chat but « Back as (choice, data, message id)."""
        pressable = self.messenger.pressable(chat)
        return [(self.decode(b.data).choice, b.data, m.ref.message_id) for m, b in pressable if b.fixed != BACK]

    async def press(self, user: Any, chat: int, data: str, message: int, private: bool) -> None:
        """Presses a button and waits until what it started is shown."""
        press = self.adapter.Press(f"{chat}:{next(self.presses)}", user, chat, message, data, private)
        await self.service.on_press(press)
        await self.wait()

    def alerted(self) -> bool:
        """Returns whether the last press was answered with an alert (a card's text shown in one, or a refusal)."""
        return bool(self.messenger.answers) and bool(self.messenger.answers[-1].alert)


class Unplayable(Exception):
    """A tree cannot seat a table (it lacks the game or the preset, or the game did not start)."""


async def gather(driver: Driver, table: Table, chat: int) -> tuple[list[Any], int]:
    """Opens a lobby for table in chat, picks game and preset, seats its people and starts; returns them and the
    lobby presses made."""
    adapter, repo = driver.adapter, driver.service.ctx.repo
    users = [adapter.User(chat * 10 - i, f"P{i}", "en") for i in range(table.people)]
    await driver.service.on_command(adapter.Command(users[0], chat, False, "newgame", "", f"Bench {chat}"))
    await driver.wait()
    lobby = 0

    async def press(user: Any, wanted: Callable[[str], bool], what: str) -> None:
        nonlocal lobby
        found = [c for c in driver.choices(chat) if wanted(c[0])]
        if not found:
            raise Unplayable(f"the lobby offers no {what} button")
        _, data, message = found[0]
        await driver.press(user, chat, data, message, False)
        lobby += 1

    for _ in range(GAME_CHOICES):
        if repo.latest_game(chat).ruleset == table.game:
            break
        await press(users[0], lambda c: c == "game", "game")
    else:
        raise Unplayable(f"the lobby does not offer the game {table.game!r}")
    for _ in range(GAME_CHOICES):
        if repo.latest_game(chat).preset == table.preset:
            break
        await press(users[0], lambda c: c in (MODE + table.preset, "preset"), f"mode or preset {table.preset!r}")
    else:
        raise Unplayable(f"the game {table.game!r} has no preset or mode {table.preset!r}")
    for user in users[1:]:
        await press(user, lambda c: c == "join", "join")
    await press(users[0], lambda c: c == "start", "start")
    if repo.latest_game(chat).status != driver.running:
        raise Unplayable("the table did not start")
    return users, lobby


def kind_of(choice: str, alerted: bool) -> str:
    """Returns a press's kind: a move (it applies a legal action), alerted (a card's text shown in an alert, or a
    refusal) or a step (it opens a menu or goes back)."""
    return "move" if choice.startswith(MOVE) else "alerted" if alerted else "step"


async def play(driver: Driver, table: Table, chat: int, seed: int, cap: int) -> dict[str, Any]:
    """Plays one game of random presses; returns its in-game presses (CPU milliseconds, kind) and its lobby presses."""
    users, lobby = await gather(driver, table, chat)
    rng = random.Random(seed)
    spent: list[tuple[float, str]] = []
    while len(spent) < cap:
        options = [(u, c) for u in users for c in driver.choices(u.id)]
        if not options:
            break
        user, (choice, data, message) = rng.choice(options)
        started = time.process_time()
        await driver.press(user, user.id, data, message, True)
        spent.append((1000 * (time.process_time() - started), kind_of(choice, driver.alerted())))
    return {"presses": spent, "lobby": lobby}


async def child_run(tables: list[Table], games: int, first_seed: int, cap: int) -> list[dict[str, Any]]:
    """Plays games of each table on a fresh SQLite file; returns per table its presses or why it was skipped."""
    seeds = itertools.count(first_seed)
    out: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        driver = Driver.open(f"sqlite:///{Path(folder) / 'press.sqlite3'}", lambda: next(seeds))
        for t, table in enumerate(tables):
            row: dict[str, Any] = {"table": str(table), "presses": [], "skipped": None, "games": 0, "lobby": 0}
            for g in range(games):
                driver.messenger.messages.clear()  # every tree's collecting messenger scans them all on each edit
                gc.collect()
                seed = first_seed + 100 * t + g
                try:
                    done = await play(driver, table, -(20_000 + 100 * t + g), seed, cap)
                except Unplayable as why:
                    row["skipped"] = str(why)
                    break
                row["presses"] += done["presses"]
                row["lobby"] += done["lobby"]
                row["games"] += 1
            out.append(row)
    return out


def child(args: argparse.Namespace) -> None:
    """Prints one JSON line: the child's tables, each with its presses' CPU milliseconds."""
    tables = [Table.parse(t) for t in args.table or TABLES]
    rows = asyncio.run(child_run(tables, args.games, args.round * SEED_STRIDE + 1, args.cap))
    print(json.dumps({"tables": rows}))


# --- the parent: children in turn, figures and ratios ------------------------------------------------------------


def run_child(tree: Path, args: argparse.Namespace, round_: int) -> list[dict[str, Any]]:
    """Runs one child on tree for one round and returns its tables; raises RuntimeError with its stderr on failure."""
    from tools.process import checkout_env  # the parent's only import of tools/: the child must import no tools

    command = [sys.executable, str(HERE), "--child", "--round", str(round_), "--games", str(args.games)]
    command += ["--cap", str(args.cap), *(f"--table={t}" for t in args.table or TABLES)]
    done = subprocess.run(command, env={**os.environ, **checkout_env(tree)}, capture_output=True, text=True, cwd=tree)
    if done.returncode != 0:
        raise RuntimeError(f"the child on {tree} failed:\n{done.stderr[-4000:]}")
    tables: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])["tables"]
    return tables


def figures(spent: list[float]) -> dict[str, float | int]:
    """Returns the presses and the median, p90, p99 and mean of CPU milliseconds per update."""
    if len(spent) < 2:
        one = round(spent[0], 2) if spent else 0.0
        return {"presses": len(spent), "median": one, "p90": one, "p99": one, "mean": one}
    cuts = statistics.quantiles(spent, n=100, method="inclusive")
    return {
        "presses": len(spent),
        "median": round(statistics.median(spent), 2),
        "p90": round(cuts[89], 2),
        "p99": round(cuts[98], 2),
        "mean": round(statistics.fmean(spent), 2),
    }


def compare(trees: list[Path], args: argparse.Namespace) -> dict[str, Any]:
    """Runs every tree's child round by round (order reversed every other round); returns by tree its figures (all
    presses, by kind, by table), games, lobby presses, skipped tables and ratios to the first tree."""
    spent: dict[str, dict[str, list[tuple[float, str]]]] = {str(t): {} for t in trees}
    counts: dict[str, Counter[str]] = {str(t): Counter() for t in trees}
    skipped: dict[str, dict[str, str]] = {str(t): {} for t in trees}
    for r in range(args.rounds):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            for row in run_child(tree, args, r):
                spent[str(tree)].setdefault(row["table"], []).extend((ms, kind) for ms, kind in row["presses"])
                counts[str(tree)].update({k: row[k] for k in COUNTS})
                if row["skipped"]:
                    skipped[str(tree)][row["table"]] = row["skipped"]
    out: dict[str, Any] = {"rounds": args.rounds, "games": args.games, "cap": args.cap, "trees": {}}
    for name, by_table in spent.items():
        everything = [press for presses in by_table.values() for press in presses]
        out["trees"][name] = {
            "all": figures([ms for ms, _ in everything]),
            "kinds": {kind: figures([ms for ms, k in everything if k == kind]) for kind in KINDS},
            "tables": {table: figures([ms for ms, _ in presses]) for table, presses in by_table.items() if presses},
            **{k: counts[name][k] for k in COUNTS},
            "skipped": skipped[name],
        }
    first = out["trees"][str(trees[0])]
    for tree in out["trees"].values():
        tree["ratio_to_first"] = {"all": ratios(tree["all"], first["all"])}
        tree["ratio_to_first"] |= {kind: ratios(tree["kinds"][kind], first["kinds"][kind]) for kind in KINDS}
    return out


def ratios(figured: dict[str, float | int], first: dict[str, float | int]) -> dict[str, float | None]:
    """Returns each of the STATS of figured divided by the first tree's (None where that has none)."""
    return {s: round(figured[s] / first[s], 2) if first[s] else None for s in STATS}


def text(result: dict[str, Any]) -> str:
    """Returns the figures as a plain text table: every tree's presses all together, by kind, then by table."""
    head = f"{'tree':<24} {'presses of':<20} {'presses':>7}" + "".join(f" {s + ' ms':>9}" for s in STATS)
    lines = [head + "".join(f" {s + ' ÷1st':>11}" for s in STATS)]
    for name, tree in result["trees"].items():
        rows = [("all", tree["all"], tree["ratio_to_first"]["all"])]
        rows += [(kind, f, tree["ratio_to_first"][kind]) for kind, f in tree["kinds"].items()]
        rows += [(table, f, {}) for table, f in tree["tables"].items()]
        for what, f, ratio in rows:
            line = f"{name[-24:]:<24} {what:<20} {f['presses']:>7}" + "".join(f" {f[s]:>9}" for s in STATS)
            lines.append(line + "".join(f" {ratio[s]!s:>11}" for s in ratio))
        lines.append(f"{name[-24:]:<24} " + ", ".join(f"{k}: {tree[k]}" for k in COUNTS))
        lines += [f"{name[-24:]:<24} {table:<20} skipped: {why}" for table, why in tree["skipped"].items()]
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    """Returns the command line's parser (the parent's options and the child's hidden ones)."""
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--tree", type=Path, action="append", help="a checkout to measure (repeatable; default: this)")
    options.add_argument("--rounds", type=int, default=3, help="rounds; each runs every tree once")
    options.add_argument("--games", type=int, default=GAMES, help="games per table, per tree and round")
    options.add_argument("--cap", type=int, default=PRESS_CAP, help="in-game presses per game at most")
    options.add_argument(
        "--table", action="append", help=f"game/preset/people (repeatable; default {' '.join(TABLES)})"
    )
    options.add_argument("--json", action="store_true")
    options.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    options.add_argument("--round", type=int, default=0, help=argparse.SUPPRESS)
    return options


def main(argv: list[str] | None = None) -> None:
    """Runs the comparison and prints a table (or JSON with --json); with --child, plays one tree's round."""
    args = parser().parse_args(argv)
    if args.child:
        child(args)
        return
    if sys.path and Path(sys.path[0]).resolve() == HERE.parent:  # run as a script: tools/ itself came first
        sys.path[0] = str(CHECKOUT)  # ... import tools/ as a package of this checkout instead
    result = compare([t.resolve() for t in args.tree or [CHECKOUT]], args)
    print(json.dumps(result, indent=1) if args.json else text(result))


if __name__ == "__main__":
    main()
