"""Opening the database: the engine for a URL, with the schema migrated to the newest revision."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import create_engine

MIGRATIONS = Path(__file__).parent / "migrations"
# Every worker migrates under this PostgreSQL advisory lock (two keys: apart from the games' one-key locks), so
# workers that start at the same moment on an empty database migrate one after the other.
MIGRATION_LOCK = (0x62616E67, 0)  # "bang"
ENGINE_HOOKS: list[Callable[[Engine], None]] = []  # run on every engine opened: only test harnesses add any


class MissingDriver(Exception):
    """The database URL needs a driver that is not installed (the module's name in .module)."""

    def __init__(self, module: str) -> None:
        super().__init__(module)
        self.module = module


def check_driver(url: str) -> None:
    """Raises MissingDriver when the URL's database driver is not installed (psycopg without bangbot[postgres])."""
    try:
        make_url(url).get_dialect().import_dbapi()
    except ModuleNotFoundError as error:
        raise MissingDriver(error.name or "?") from None


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    """Turns on foreign keys, WAL, a synced commit and a busy timeout for every SQLite connection.

    synchronous=FULL: a move answered as saved survives a power cut too (NORMAL would sync only at checkpoints).
    """
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def connect(url: str, hide_parameters: bool = False) -> Engine:
    """Returns an engine for url, without migrating; MissingDriver when its driver is not installed. hide_parameters
    keeps the values a statement was given (names, texts) out of its errors' messages, and so out of the logs."""
    check_driver(url)
    sqlite = url.startswith("sqlite")
    in_memory = sqlite and (url in ("sqlite://", "sqlite:///:memory:"))
    if in_memory:
        engine = create_engine(
            url, connect_args={"check_same_thread": False}, poolclass=StaticPool, hide_parameters=hide_parameters
        )
    elif sqlite:
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=hide_parameters)
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True, hide_parameters=hide_parameters)
    return engine


def open_engine(url: str, hide_parameters: bool = False) -> Engine:
    """Returns an engine for url with every migration applied (hide_parameters: as connect's)."""
    engine = connect(url, hide_parameters)
    migrate(engine)
    for hook in ENGINE_HOOKS:
        hook(engine)
    return engine


class UnusableDatabase(Exception):
    """A database that cannot be opened; malformed says its URL names none at all."""

    def __init__(self, malformed: bool) -> None:
        super().__init__("malformed database URL" if malformed else "cannot open the database")
        self.malformed = malformed


def database_url(value: str) -> str:
    """Returns a database named by a person as an SQLAlchemy URL: a plain path means an SQLite file there."""
    if "://" in value:
        return value
    return f"sqlite:///{Path(value).expanduser().absolute()}"


def open_named(value: str) -> Engine:
    """Returns an engine, migrated, for a database a person named (a URL or a plain path, see database_url).

    Raises UnusableDatabase when the URL is malformed or the database cannot be opened and migrated.
    """
    try:
        return open_engine(database_url(value))
    except ArgumentError as error:  # no URL, or an unknown kind of database
        raise UnusableDatabase(malformed=True) from error
    except (SQLAlchemyError, OSError) as error:  # a folder that does not exist or cannot be written, no server
        raise UnusableDatabase(malformed=False) from error


def migrations_config(connection: Connection) -> Config:
    """Returns the Alembic configuration that runs bangbot's migrations over connection."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("recursive_version_locations", "true")  # versions/ holds one folder per twenty revisions
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine) -> None:
    """Upgrades the database behind engine to the newest schema revision; on PostgreSQL one worker at a time."""
    postgres = engine.dialect.name == "postgresql"
    keys = {"a": MIGRATION_LOCK[0], "b": MIGRATION_LOCK[1]}
    with engine.connect() as connection:
        if postgres:
            connection.execute(text("SELECT pg_advisory_lock(:a, :b)"), keys)
            connection.commit()
        try:
            with connection.begin():
                command.upgrade(migrations_config(connection), "head")
        finally:
            if postgres:
                connection.execute(text("SELECT pg_advisory_unlock(:a, :b)"), keys)
                connection.commit()
