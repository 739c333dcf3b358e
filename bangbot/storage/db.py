"""Opening the database: the engine for a URL, with the schema migrated to the newest revision."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, event
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import create_engine

from bangbot.faults import full_disk_faults

DEFAULT_URL = "sqlite:///bangbot.sqlite3"
MIGRATIONS = Path(__file__).parent / "migrations"


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    """Turns on foreign keys, WAL and a busy timeout for every SQLite connection."""
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def open_engine(url: str = DEFAULT_URL) -> Engine:
    """Returns an engine for url with every migration applied."""
    sqlite = url.startswith("sqlite")
    in_memory = sqlite and (url in ("sqlite://", "sqlite:///:memory:"))
    if in_memory:
        engine = create_engine(url, connect_args={"check_same_thread": False}, poolclass=StaticPool)
    elif sqlite:
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    migrate(engine)
    full_disk_faults(engine)
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


def migrate(engine: Engine) -> None:
    """Upgrades the database behind engine to the newest schema revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
