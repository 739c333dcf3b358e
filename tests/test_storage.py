"""Storage: the migrated schema matches the models, and saves are compare-and-set."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from bangbot.storage.db import open_engine
from bangbot.storage.models import ActionLog, Game, Seat
from bangbot.storage.repository import Repository, StaleGame

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def new_game(repo: Repository, chat: int = -1) -> Game:
    """Creates a lobby row."""
    return repo.create_game(Game(chat_id=chat, creator_id=5, created_at=NOW, updated_at=NOW))


def test_migrations_build_exactly_the_models_schema(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 's.sqlite3'}")
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []
    # Opening again runs no migration twice.
    open_engine(f"sqlite:///{tmp_path / 's.sqlite3'}")


def test_a_save_from_an_old_read_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    repo = Repository(open_engine(f"sqlite:///{tmp_path / 'c.sqlite3'}"))
    game = new_game(repo)
    assert game.id is not None
    first, second = repo.game(game.id), repo.game(game.id)
    assert first is not None and second is not None
    first.chat_title = "first"
    repo.save(
        first,
        [Seat(game_id=game.id, position=0, user_id=1, name="a")],
        [ActionLog(game_id=game.id, index=0, seat=0, action="end", at=NOW)],
    )
    second.chat_title = "second"
    with pytest.raises(StaleGame):
        repo.save(
            second,
            [Seat(game_id=game.id, position=1, user_id=2, name="b")],
            [ActionLog(game_id=game.id, index=1, seat=0, action="end", at=NOW)],
        )
    stored = repo.game(game.id)
    assert stored is not None and stored.chat_title == "first" and stored.version == 1
    assert [s.name for s in repo.seats(game.id)] == ["a"]
    assert [a.index for a in repo.actions(game.id)] == [0]


def test_one_open_game_per_chat_and_due_times(tmp_path: Path) -> None:
    repo = Repository(open_engine(f"sqlite:///{tmp_path / 'd.sqlite3'}"))
    game = new_game(repo, chat=-7)
    with pytest.raises(StaleGame):
        new_game(repo, chat=-7)
    game.status = "running"
    game.deadline_at = NOW + timedelta(hours=1)
    game.reminder_at = NOW + timedelta(minutes=30)
    repo.save(game)
    assert repo.due(NOW) == ([], [], [])
    assert repo.due(NOW + timedelta(minutes=31)) == ([], [game.id], [])
    assert repo.due(NOW + timedelta(hours=2)) == ([game.id], [game.id], [])


def test_postgresql_schema_and_compare_and_set(postgres_url: str) -> None:
    engine = open_engine(postgres_url)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), SQLModel.metadata) == []
    repo = Repository(engine)
    game = new_game(repo, chat=-1_001_234_567_890)  # Telegram group ids need 64 bits
    assert game.id is not None
    first, second = repo.game(game.id), repo.game(game.id)
    assert first is not None and second is not None
    repo.save(first)
    with pytest.raises(StaleGame):
        repo.save(second)
    assert repo.open_game(-1_001_234_567_890) is not None


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_two_workers_opening_a_lobby_at_once_get_one(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}" if backend == "sqlite" else request.getfixturevalue("postgres_url")
    repo = Repository(open_engine(url))
    new_game(repo, chat=-99)
    # The other worker checked before this one committed: only the database's unique index can stop it.
    monkeypatch.setattr(repo, "open_game", lambda chat_id: None)
    with pytest.raises(StaleGame):
        new_game(repo, chat=-99)
    monkeypatch.undo()
    assert repo.open_game(-99) is not None
