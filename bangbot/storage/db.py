"""Opening the database: the engine for a URL, with the schema migrated to the newest revision."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, event
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


def open_engine(url: str = DEFAULT_URL, hide_parameters: bool = False) -> Engine:
    """Returns an engine for url with every migration applied; hide_parameters keeps the values a statement was given
    (names, texts) out of its errors' messages, and so out of the logs."""
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
    migrate(engine)
    full_disk_faults(engine)
    return engine


def migrate(engine: Engine) -> None:
    """Upgrades the database behind engine to the newest schema revision."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
