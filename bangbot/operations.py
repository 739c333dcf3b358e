"""The operator's commands: `bangbot bot`, `config`, `migrate` and `purge`, and the one line a start-up problem gets.

Each reads the settings from the environment (bangbot.settings); a bad setting or a database driver that is not
installed stops it with one line in the system's language and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta

from bangbot.i18n import Translator, system_language, translator
from bangbot.settings import BotSettings, SettingError, load, shown
from bangbot.storage.db import MissingDriver, open_engine

POSTGRES_DRIVER = "psycopg"
DEFAULT_RETENTION_DAYS = 30  # `bangbot purge` without --finished-before


def system_translator() -> Translator:
    """Returns the translator of the system's language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    return translator(system_language())


def problem_line(problem: SettingError | MissingDriver, tr: Translator) -> str:
    """Returns the one line that says why the command cannot start."""
    if isinstance(problem, SettingError):
        return problem.line(tr)
    if problem.module == POSTGRES_DRIVER:
        return tr.gettext(
            "A {scheme} database needs the PostgreSQL driver: {command}.",
            scheme="postgresql+psycopg://",
            command="pip install 'bangbot[postgres]'",
        )
    return tr.gettext(
        "The database URL needs the Python module {module}, which is not installed.", module=problem.module
    )


def cmd_bot(_args: argparse.Namespace) -> int:
    """Runs the Telegram bot; 2 with one line when no token is set."""
    settings = load()
    if not settings.token:
        print(system_translator().gettext("No bot token: set BANGBOT_TOKEN or BANGBOT_TOKEN_FILE."), file=sys.stderr)
        return 2
    return run_bot(settings)


def run_bot(settings: BotSettings) -> int:
    """Runs the Telegram bot with these settings (its data folder made first)."""
    from bangbot.telegram.app import run_bot as run

    settings.make_data_dir()
    return run(settings)


def cmd_config(_args: argparse.Namespace) -> int:
    """Prints the effective settings, one variable a line, the secrets masked."""
    rows = shown(load())
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    return 0


def cmd_migrate(_args: argparse.Namespace) -> int:
    """Migrates the database to the newest schema (under the advisory lock on PostgreSQL) and says so."""
    settings = load()
    settings.make_data_dir()
    open_engine(settings.database_url).dispose()
    print(system_translator().gettext("The database's schema is up to date."))
    return 0


def cmd_purge(args: argparse.Namespace) -> int:
    """Drops the hidden state of the games that ended more than --finished-before days ago and says how many."""
    from bangbot.storage.purge import purge_finished

    tr = system_translator()
    if args.finished_before < 0:
        print(tr.gettext("--finished-before takes a number of days, 0 or more."), file=sys.stderr)
        return 2
    settings = load()
    settings.make_data_dir()
    engine = open_engine(settings.database_url)
    now = datetime.now(UTC)
    purged = purge_finished(engine, now - timedelta(days=args.finished_before), now)
    engine.dispose()
    print(
        tr.ngettext(
            "Purged the hidden state of {n} finished game.",
            "Purged the hidden state of {n} finished games.",
            purged,
        )
    )
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Adds the operator's commands to the bangbot command's subcommands."""
    sub.add_parser("bot", help="run the Telegram bot (settings from the environment: see bangbot config)").set_defaults(
        func=cmd_bot
    )
    sub.add_parser("config", help="print the effective settings, secrets masked").set_defaults(func=cmd_config)
    sub.add_parser("migrate", help="migrate the database to the newest schema").set_defaults(func=cmd_migrate)
    purge = sub.add_parser("purge", help="drop finished games' hidden state, keeping records and statistics")
    purge.add_argument(
        "--finished-before",
        type=int,
        default=DEFAULT_RETENTION_DAYS,
        metavar="DAYS",
        help=f"games that ended more than DAYS days ago (default {DEFAULT_RETENTION_DAYS})",
    )
    purge.set_defaults(func=cmd_purge)
