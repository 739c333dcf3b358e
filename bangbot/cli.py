"""The bangbot command: play, scenario, selfplay and bench; the bot and its operator's commands (bangbot.operations)."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from typing import NoReturn

from bangbot import games
from bangbot.ai.levels import DEFAULT_LEVEL, LEVELS
from bangbot.i18n import LANGUAGES
from bangbot.operations import add_commands, problem_line, system_translator
from bangbot.settings import SettingError
from bangbot.storage.db import MissingDriver
from bangbot.storage.deferred import HELD_SECONDS
from bangbot.version import bangbot_version


def cmd_scenario(args: argparse.Namespace) -> int:
    """Runs a scenario file and prints the resulting state as JSON; 1 when a step is not legal or, unless --loose,
    when the script leaves a decision unanswered or the seats asked differ from its "awaiting"."""
    from bangbot.core.errors import ScenarioError

    try:
        with open(args.file, encoding="utf-8") as f:
            data = json.load(f)
        played = games.game(str(data.get("ruleset", games.DEFAULT)))
        if played.scenario is None:
            raise ValueError(f"{played.id} has no scenarios")
        result = played.scenario(data, not args.loose)
    except ScenarioError as e:
        print(json.dumps({"error": str(e), "step": e.step, "legal": e.legal}, ensure_ascii=False), file=sys.stderr)
        return 1
    except (OSError, ValueError, KeyError) as e:
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}, ensure_ascii=False), file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    """Plays random games with invariant checks and prints a JSON summary; 1 on any violation."""
    from bangbot.selfplay import run_selfplay

    preset, players = args.preset, args.players
    declared = games.game(args.game)
    if declared.modal and (args.mode is None or args.mode in declared.ruleset.modes):
        preset = args.mode or declared.ruleset.modes[0]
        players = declared.mode_seats(preset)
    elif args.mode:
        print(json.dumps({"error": f"--mode is for --game {' or '.join(modal_games())}"}), file=sys.stderr)
        return 2
    summary = run_selfplay(
        args.games,
        players,
        args.seed,
        preset=preset,
        choices=dict.fromkeys(args.option, True),
        workers=args.workers,
        game=args.game,
    )
    print(json.dumps(summary, indent=2))
    return 1 if summary["invariant_violations"] else 0


def bench_compare(args: argparse.Namespace) -> int:
    """Runs `bench ai --compare A,B` (two AI levels on mirrored deals); exit status 2 for levels it does not know."""
    from bangbot.bench.compare import main as compare

    levels = args.compare.split(",")
    if len(levels) != 2 or not set(levels) <= set(LEVELS):
        print(f"--compare takes two AI levels of {', '.join(LEVELS)}, as hard,normal", file=sys.stderr)
        return 2
    report = compare(levels, args.games or 2000, args.seed, args.json, args.only, args.role, args.workers)
    if args.role is not None and not report["paired_by_role"]:
        print(f"no seat was dealt the role {args.role!r}", file=sys.stderr)
        return 2
    return 0


def bench_shares(args: argparse.Namespace) -> int:
    """Runs `bench ai --shares A,B` (each side's share of wins at tables of one level); exit status 2 for bad levels."""
    from bangbot.bench.shares import main as shares

    levels = args.shares.split(",")
    if not levels or not set(levels) <= set(LEVELS):
        print(f"--shares takes AI levels of {', '.join(LEVELS)}, as normal,hard", file=sys.stderr)
        return 2
    shares(levels, args.games or 200, args.seed, args.json, args.only, args.rotate)
    return 0


def bench_ai(args: argparse.Namespace) -> int:
    """Runs `bench ai`: win rates (with --sanity blunders, --compare two levels head to head, --shares side shares);
    exit status 2 for --rotate without --shares."""
    if args.rotate and not args.shares:
        print("--rotate plays mirrored tables for --shares only", file=sys.stderr)
        return 2
    if args.compare:
        return bench_compare(args)
    if args.shares:
        return bench_shares(args)
    if args.sanity:
        from bangbot.bench.runner import sanity

        sanity(args.games or 2000, args.seed, args.workers, args.json, args.game)
        return 0
    from bangbot.bench.runner import ai

    ai(args.games or 2000, args.workers, args.game)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Runs a benchmark and prints its figures."""
    if args.what == "engine":
        from bangbot.bench.runner import engine

        engine(args.games or 300)
        return 0
    if args.what == "ai":
        return bench_ai(args)
    if service_bench(args):
        return 0
    if args.what in CHECKOUT_BENCHES:
        try:
            return checkout_bench(args)
        except ModuleNotFoundError as exc:
            if exc.name is None or exc.name.partition(".")[0] != "tools":
                raise
            print(f"bench {args.what} needs the test tools of a checkout: run it from the repository", file=sys.stderr)
            return 2
    print(f"unknown benchmark {args.what!r}", file=sys.stderr)
    return 2


def service_bench(args: argparse.Namespace) -> bool:
    """Runs a benchmark of the game service in this process (press, board); returns False for another one."""
    if args.what == "board":
        from bangbot.bench.board import main as bench_board

        if args.workers > 1 and args.db != "postgresql":
            print("bench board: several workers share one PostgreSQL database: add --db postgresql", file=sys.stderr)
            raise SystemExit(2)
        bench_board(args.games or 50, args.db, args.json, args.workers)
        return True
    if args.what == "press":
        from bangbot.bench.press import main as bench_press

        bench_press(args.games or 3, args.pause)
        return True
    return False


def stopped(signum: int, _frame: object) -> NoReturn:
    """Ends the process as an interrupted run, so that what it started is stopped on the way out."""
    raise SystemExit(128 + signum)


CHECKOUT_BENCHES = (
    "bot",
    "faults",
    "latency",
    "flood",
    "scale",
)  # they drive the bot with tools/, which only a checkout holds


def checkout_bench(args: argparse.Namespace) -> int:
    """Runs a benchmark that needs the checkout's tools/ package (ModuleNotFoundError for tools without it).

    Stopped by SIGTERM, it still stops the bot process and the database server it started (their cleanup runs).
    """
    signal.signal(signal.SIGTERM, stopped)
    if args.what == "bot":
        from bangbot.bench.bot import main as bench_bot

        bench_bot(args.games or 20, args.stored)
    elif args.what == "faults":
        from bangbot.bench.faults import main as bench_faults

        bench_faults(args.kills, args.seed, args.db)
    elif args.what == "flood":
        from bangbot.bench.flood import main as bench_flood

        bench_flood(args.bot_checkout, args.seed, args.json)
    elif args.what == "scale":
        from bangbot.bench.scale_out import main as bench_scale

        if args.workers > 1 and args.db != "postgresql":
            print("bench scale: several workers share one PostgreSQL database: add --db postgresql", file=sys.stderr)
            return 2

        bench_scale(args.workers, args.games or 10, args.db, args.seconds, args.seed, args.json)
    else:
        from bangbot.bench.latency import main as bench_latency

        chosen = (args.bot_checkout, args.rounds, args.held_writes)
        bench_latency(args.games or 10, args.db, args.seconds, args.seed, args.json, *chosen)
    return 0


def cmd_board(args: argparse.Namespace) -> int:
    """Serves a game's board on 127.0.0.1 for development (--dev), printing a link per seat, until Ctrl-C."""
    if not args.dev:
        print("bangbot board: only --dev; the bot serves the board itself under /app", file=sys.stderr)
        return 2
    import asyncio

    from bangbot.web.dev import develop

    try:
        asyncio.run(develop(args.port, args.lang, args.players))
    except KeyboardInterrupt:
        return 0
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Runs the Telegram bot when a bot token is set, else the terminal game: you against AI players."""
    from bangbot.settings import BotSettings

    settings = None if args.terminal else BotSettings.from_env()
    if settings is not None:
        from bangbot.operations import run_bot

        return run_bot(settings)
    from bangbot.console.arguments import seats_and_preset
    from bangbot.console.game import TerminalOptions, run

    players, preset = seats_and_preset(args.game, args.preset, args.mode, args.players)
    options = TerminalOptions(players, args.lang, args.seed, preset, args.db, args.name, args.game, args.ai)
    return run(options)


def modal_games() -> list[str]:
    """Returns the ids of the games whose table is chosen by a mode (--mode), not a preset."""
    return [g.id for g in games.GAMES if g.modal]


def all_modes() -> list[str]:
    """Returns every mode of those games, each once, the first game's first."""
    return list(dict.fromkeys(m for g in games.GAMES if g.modal for m in g.ruleset.modes))


def modes_help() -> str:
    """Returns what --mode's help says: the games it is for, the default mode, and each mode's table size."""
    modal = [g for g in games.GAMES if g.modal]
    sizes = ", ".join(f"{m}: {g.mode_seats(m)}" for g in modal for m in g.ruleset.modes)
    default = modal[0].ruleset.modes[0] if modal else "-"
    return f"--game {' or '.join(modal_games())} only: the mode, {default} by default (seats: {sizes})"


def check_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Stops with a one-line usage error when the options (or BANGBOT_AI_SECONDS) do not fit together."""
    from bangbot.ai.search import budget_from_env
    from bangbot.console.arguments import options_problem
    from bangbot.i18n import translator

    problem = options_problem(translator(args.lang or "en"), args.game, args.preset, args.mode, args.players)
    if problem is not None:
        parser.error(problem)
    try:
        budget_from_env()
    except ValueError as bad:
        parser.error(str(bad))


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming what is wrong (--help shows the usage)."""

    def error(self, message: str) -> NoReturn:
        """Prints the one line and exits with status 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def counting(text: str) -> int:
    """An argparse type: a whole number of at least 1 (processes, games), or an error naming what it got."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {text!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1, not {number}")
    return number


def add_ai_bench_arguments(bench: argparse.ArgumentParser) -> None:
    """Adds `bench ai`'s options: --game, --workers, --compare, --shares, --rotate, --only, --role, --sanity, --json."""
    bench.add_argument(
        "--workers", type=counting, default=1, help="ai: processes to spread the games over; scale, board: workers"
    )
    bench.add_argument("--game", default=games.DEFAULT, choices=sorted(games.GAME_IDS), help="ai: the game to play")
    bench.add_argument("--compare", default=None, help="ai: two levels on mirrored deals, as hard,normal")
    bench.add_argument("--shares", default=None, help="ai: side shares of wins at tables of each level, as normal,hard")
    bench.add_argument(
        "--rotate", action="store_true", help="ai --shares: each deal once per seat its hidden roles can move to"
    )
    bench.add_argument("--only", default=None, choices=sorted(games.GAME_IDS), help="ai --compare, --shares: one game")
    bench.add_argument("--role", default=None, help="ai --compare: only the seats dealt this role, as sheriff")
    bench.add_argument("--sanity", action="store_true", help="ai: blunders of heuristic tables against random ones")
    bench.add_argument("--json", action="store_true", help="ai --sanity, --compare, latency, scale, flood: print JSON")


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Adds the terminal game's options (bare `bangbot`) to the parser."""
    parser.add_argument(
        "--players", type=int, default=None, help="seats at the table, 4 to 7 (you and AI players; default 5)"
    )
    parser.add_argument("--seed", type=int, default=None, help="deal the same game every time")
    parser.add_argument(
        "--lang",
        default=None,
        choices=LANGUAGES,
        help="your language: en, ru, ja or cs (default: en; a resumed game keeps the language it was played in)",
    )
    parser.add_argument("--game", default=games.DEFAULT, choices=sorted(games.GAME_IDS), help="which BANG! to play")
    parser.add_argument(
        "--preset",
        default=None,
        choices=["standard", "ja"],
        help="the rules: standard, or ja (the Japanese edition's; only a game that has it; a mode's game has --mode)",
    )
    parser.add_argument("--mode", default=None, choices=all_modes(), help=modes_help())
    parser.add_argument(
        "--db",
        default=os.environ.get("DATABASE_URL"),
        help="database URL to keep and resume the game in (DATABASE_URL)",
    )
    parser.add_argument("--ai", default=DEFAULT_LEVEL, choices=LEVELS, help="AI players: easy, normal or hard (search)")
    parser.add_argument("--name", default=None, help="your name at the table (default: your system user name)")
    parser.add_argument("--terminal", action="store_true", help="play in the terminal even if a bot token is set")
    parser.set_defaults(func=cmd_play)


def build_parser() -> argparse.ArgumentParser:
    """Returns the argument parser of the bangbot command."""
    parser = Parser(prog="bangbot", description="BANG! by message")
    parser.add_argument("--version", action="version", version=f"bangbot {bangbot_version()}")
    add_play_options(parser)
    sub = parser.add_subparsers(dest="command")
    sc = sub.add_parser("scenario", help="run a JSON scenario and print the resulting state")
    sc.add_argument("file")
    sc.add_argument(
        "--loose", action="store_true", help="print the result without checking the script's decisions and awaiting"
    )
    sc.set_defaults(func=cmd_scenario)
    sp = sub.add_parser("selfplay", help="play random games and check invariants")
    sp.add_argument("--games", type=counting, default=100)
    sp.add_argument("--players", type=int, default=7)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--game", default=games.DEFAULT, choices=sorted(games.GAME_IDS), help="the ruleset to play")
    sp.add_argument("--preset", default="standard")
    sp.add_argument("--mode", choices=all_modes(), default=None, help=modes_help())
    sp.add_argument("--option", action="append", default=[], metavar="ID", help="switch on a lobby option of the game")
    sp.add_argument("--workers", type=counting, default=1, help="processes to spread the games over")
    sp.set_defaults(func=cmd_selfplay)
    add_board(sub.add_parser("board", help="serve a game's board (the Telegram Mini App) on 127.0.0.1 to develop it"))
    bn = sub.add_parser("bench", help="print performance figures")
    bn.add_argument("what", choices=["engine", "ai", "bot", "press", "faults", "latency", "flood", "scale", "board"])
    bn.add_argument(
        "--games", type=counting, default=None, help="games per line (engine: 300, ai: 2000, bot: 20, press: 3)"
    )
    bn.add_argument("--stored", type=int, default=10_000, help="bot: stored games for the tick and start-up figures")
    bn.add_argument("--kills", type=int, default=100, help="faults: how many times the bot is killed")
    bn.add_argument("--seed", type=int, default=1, help="faults: the seed of presses, kills, deals; ai: the first deal")
    add_ai_bench_arguments(bn)
    bn.add_argument("--db", default="sqlite", choices=["sqlite", "postgresql"], help="faults, latency, scale: its db")
    bn.add_argument("--seconds", type=float, default=90.0, help="latency, scale: how long people press")
    bn.add_argument("--pause", type=float, default=0.0, help="press: a person's pause after each press, seconds")
    bn.add_argument(
        "--bot-checkout", default=None, help="flood, latency: run the bot from this checkout (the figure before)"
    )
    bn.add_argument(
        "--rounds", type=int, default=0, help="latency --bot-checkout: this bot and that one alternately, N runs each"
    )
    bn.add_argument(
        "--held-writes",
        type=float,
        default=HELD_SECONDS,
        help="latency: how long the bot holds back its delivery's bookkeeping, seconds (its default; the tests: 1)",
    )
    bn.set_defaults(func=cmd_bench)
    add_commands(sub)
    return parser


def add_board(bd: argparse.ArgumentParser) -> None:
    """Adds the options of `bangbot board`."""
    bd.add_argument("--dev", action="store_true", help="a new game of people, signed with a test token")
    bd.add_argument("--port", type=int, default=8765, help="the port on 127.0.0.1")
    bd.add_argument("--lang", default="en", choices=LANGUAGES, help="the players' language")
    bd.add_argument("--players", type=int, default=4, choices=range(4, 8), help="people at the table")
    bd.set_defaults(func=cmd_board)


def main(argv: Sequence[str] | None = None) -> None:
    """Runs the bangbot command and exits with its status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        check_play(parser, args)
    try:
        status = args.func(args)
    except (SettingError, MissingDriver) as problem:
        print(problem_line(problem, system_translator()), file=sys.stderr)
        status = 2
    sys.exit(status)
