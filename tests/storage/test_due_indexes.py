"""Deadlines that scale: due()'s one statement is index range scans on the times, on SQLite and PostgreSQL, for any
size."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, Engine, column, create_engine, event, insert, inspect, select, table, text
from sqlmodel import SQLModel, col

from bangbot.bench.stored import store_games
from bangbot.storage.db import migrations_config, open_engine
from bangbot.storage.models import CANCELLED, FINISHED, GATHERING, RUNNING, Game
from bangbot.storage.repository import Repository
from bangbot.storage.timers.due import DueTimers

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
TIMES = ("deadline_at", "reminder_at", "lobby_expires_at")  # the times migration 0004 indexed by status
DUE_TIMES = (*TIMES, "offer_at")  # every time due() reads
NEW_INDEXES = {f"ix_game_status_{column}" for column in TIMES}
OLD_INDEXES = {f"ix_game_{column}" for column in TIMES}
MANY = 5000


@pytest.fixture
def pg_url(request: pytest.FixtureRequest) -> str:
    """Returns a fresh PostgreSQL database's URL; skips, saying why, if no server can be started here."""
    try:
        return str(request.getfixturevalue("postgres_url"))
    except (RuntimeError, OSError, subprocess.SubprocessError) as error:
        pytest.skip(f"PostgreSQL could not be started: {error}")


def url_for(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Returns an empty database's URL: a SQLite file, or a fresh PostgreSQL database."""
    return f"sqlite:///{tmp_path / 'due.sqlite3'}" if backend == "sqlite" else str(request.getfixturevalue("pg_url"))


def due_statements(engine: Engine, now: datetime) -> list[tuple[str, Any]]:
    """Returns the SQL and parameters of every statement due(now) sends to the database."""
    captured: list[tuple[str, Any]] = []

    def grab(_conn: Connection, _cursor: Any, statement: str, parameters: Any, _context: Any, _many: bool) -> None:
        captured.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", grab)
    try:
        Repository(engine).due(now)
    finally:
        event.remove(engine, "before_cursor_execute", grab)
    return captured


def plan(engine: Engine, statement: str, parameters: Any) -> str:
    """Returns the database's plan for one captured statement, one line per step."""
    prefix = "EXPLAIN QUERY PLAN " if engine.dialect.name == "sqlite" else "EXPLAIN "
    with engine.connect() as connection:
        return "\n".join(str(row[-1]) for row in connection.exec_driver_sql(prefix + statement, parameters))


def columns_of(statement: str) -> list[str]:
    """Returns which of the due times a captured statement compares."""
    return [column for column in DUE_TIMES if f"game.{column} <=" in statement]


def test_sqlite_answers_the_due_statement_with_a_range_on_each_index(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'plan.sqlite3'}")
    store_games(engine, 500, NOW)
    [(statement, parameters)] = due_statements(engine, NOW)  # one statement a tick
    assert columns_of(statement) == list(DUE_TIMES)
    steps = plan(engine, statement, parameters)
    for moment in DUE_TIMES:
        assert f"USING COVERING INDEX ix_game_status_{moment} (status=? AND {moment}<?)" in steps, steps
    assert "SCAN game" not in steps, steps
    assert "TEMP B-TREE" not in steps, steps  # no sort in SQL: each kind is put oldest first after the read


def test_postgresql_answers_each_due_query_from_its_index(pg_url: str) -> None:
    engine = open_engine(pg_url)
    store_games(engine, MANY, NOW)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("ANALYZE game"))
    [(statement, parameters)] = due_statements(engine, NOW)  # one statement a tick
    assert columns_of(statement) == list(DUE_TIMES)
    steps = plan(engine, statement, parameters)  # the planner's own choice: enable_seqscan is left on
    conditions = [line for line in steps.splitlines() if "Index Cond" in line]
    for moment in DUE_TIMES:
        assert f"Index Scan on ix_game_status_{moment}" in steps or f"using ix_game_status_{moment}" in steps, steps
        assert any("status" in line and f"{moment} <=" in line for line in conditions), steps
    assert "Seq Scan" not in steps, steps


def migrate_to(engine: Engine, revision: str, down: bool = False) -> None:
    """Upgrades (or downgrades) the database behind engine to revision."""
    with engine.begin() as connection:
        (command.downgrade if down else command.upgrade)(migrations_config(connection), revision)


def game_indexes(engine: Engine) -> set[str]:
    """Returns the names of the game table's indexes."""
    return {str(index["name"]) for index in inspect(engine).get_indexes("game")}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_migration_0004_upgrades_a_0003_database_and_downgrades_cleanly(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    url = url_for(backend, tmp_path, request)
    engine = create_engine(url)
    migrate_to(engine, "0003")
    ids = [add_game(engine, -n, RUNNING, deadline_at=NOW - n * timedelta(minutes=1)) for n in range(1, 6)]
    before = game_indexes(engine)
    assert before >= OLD_INDEXES and not NEW_INDEXES & before
    migrate_to(engine, "0004")
    assert game_indexes(engine) == (before - OLD_INDEXES) | NEW_INDEXES
    migrate_to(engine, "0003", down=True)
    assert game_indexes(engine) == before
    with engine.connect() as connection:
        assert list(connection.execute(select(col(Game.id)).order_by(col(Game.id))).scalars()) == ids
    engine.dispose()
    engine = open_engine(url)  # up to the newest revision again, as at start-up
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []
    assert Repository(engine).due(NOW)[0] == ids[::-1]


def add_game(
    engine: Engine,
    chat: int,
    status: str,
    deadline_at: datetime | None = None,
    reminder_at: datetime | None = None,
    lobby_expires_at: datetime | None = None,
) -> int:
    """Inserts one game of status with the given due times and returns its id (with the columns the schema has yet)."""
    row = Game(chat_id=chat, creator_id=1, status=status, created_at=NOW, updated_at=NOW)
    row.deadline_at, row.reminder_at, row.lobby_expires_at = deadline_at, reminder_at, lobby_expires_at
    columns = inspect(engine).get_columns("game")
    present = {column["name"] for column in columns}
    values = {k: v for k, v in row.model_dump(exclude={"id"}).items() if k in present}
    for gone in columns:  # a column of that revision the model dropped since (migration 0020: simplified)
        if gone["name"] not in values and gone["name"] != "id" and not gone["nullable"] and gone["default"] is None:
            values[gone["name"]] = gone["type"].python_type()  # its type's empty value: False, 0, ""
    game = table("game", *(column(name) for name in [*values, "id"]))
    with engine.begin() as connection:
        game_id = connection.execute(insert(game).returning(game.c.id), [values]).scalar()
    assert game_id is not None
    return game_id


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_due_finds_exactly_the_games_due_among_many(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    engine = open_engine(url_for(backend, tmp_path, request))
    store_games(engine, MANY, NOW)
    hour = timedelta(hours=1)
    late = add_game(engine, 1, RUNNING, deadline_at=NOW - hour, reminder_at=NOW - 2 * hour)
    later = add_game(engine, 2, RUNNING, deadline_at=NOW - 2 * hour, reminder_at=NOW - 3 * hour)
    reminded = add_game(engine, 3, RUNNING, deadline_at=NOW + hour, reminder_at=NOW - hour / 2)
    exactly = add_game(engine, 4, RUNNING, deadline_at=NOW, reminder_at=NOW - hour)
    lobby = add_game(engine, 5, GATHERING, lobby_expires_at=NOW - hour)
    add_game(engine, 6, FINISHED, deadline_at=NOW - hour, reminder_at=NOW - hour)  # stale times of a closed game
    add_game(engine, 7, CANCELLED, lobby_expires_at=NOW - 3 * hour)
    add_game(engine, 8, GATHERING, lobby_expires_at=NOW + hour)
    repo = Repository(engine)
    assert repo.due(NOW) == DueTimers([later, late, exactly], [later, late, exactly, reminded], [lobby], [])

    # A day later every running game is due, the oldest first, and every lobby has expired.
    with engine.connect() as connection:
        rows = connection.execute(select(col(Game.id), col(Game.status), col(Game.deadline_at))).all()
    deadlines, reminders, lobbies, _ = repo.due(NOW + timedelta(days=2))
    assert set(deadlines) == set(reminders) == {i for i, status, _ in rows if status == RUNNING}
    assert set(lobbies) == {i for i, status, _ in rows if status == GATHERING}
    moment = {i: at for i, _, at in rows if at is not None}
    assert [moment[i] for i in deadlines] == sorted(moment[i] for i in deadlines)
    assert len(deadlines) > MANY // 20
