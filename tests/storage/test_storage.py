"""Storage: the migrated schema matches the models, and saves are compare-and-set."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlmodel import SQLModel

from bangbot.storage.db import open_engine
from bangbot.storage.models import ActionLog, Game, Outbox, PressAnswer, Seat
from bangbot.storage.repository import Repository, StaleGame
from bangbot.storage.timers.due import DueTimers

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


@pytest.fixture(params=["sqlite", "postgresql"])
def repo(request: pytest.FixtureRequest, tmp_path: Path) -> Repository:
    """A repository on a fresh SQLite file, then on a fresh PostgreSQL database."""
    sqlite = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    return Repository(open_engine(sqlite if request.param == "sqlite" else request.getfixturevalue("postgres_url")))


def test_a_save_from_an_old_read_is_refused_and_writes_nothing(repo: Repository) -> None:
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
            remove_seats=[Seat(game_id=game.id, position=0)],
            outbox=Outbox(game_id=game.id, payload="{}", created_at=NOW),
            answer=PressAnswer(press_id="late", game_id=game.id, user_id=2, at=NOW),
        )
    stored = repo.game(game.id)
    assert stored is not None and stored.chat_title == "first" and stored.version == 1
    assert [s.name for s in repo.seats(game.id)] == ["a"]
    assert [a.index for a in repo.actions(game.id)] == [0]
    assert repo.outbox(game.id) == [] and repo.press_answer("late") is None


def test_a_save_writes_every_column_and_replaces_removed_seats(repo: Repository) -> None:
    game = new_game(repo)
    assert game.id is not None
    lobby = [Seat(game_id=game.id, position=p, user_id=10 + p, name=f"lobby {p}") for p in range(3)]
    repo.save(game, lobby)
    # Starting a game replaces the lobby's seats: positions 0 and 1 are written again, 2 is gone.
    table = [
        Seat(
            game_id=game.id,
            position=p,
            user_id=None if p else 10,
            name=f"table {p}",
            standin=True,
            unreachable=True,
            missed_deadlines=2,
            missed_turn=7,
            prompt_version=3,
            prompt_digest="d",
            ai_memory_json='{"m": 1}',
        )
        for p in range(2)
    ]
    game.status, game.state_json, game.deadline_at, game.log_message_id = "running", '{"s": 1}', NOW, 2**41
    row = Outbox(game_id=game.id, payload='{"p": 1}', created_at=NOW)
    answer = PressAnswer(press_id="p1", game_id=game.id, user_id=10, text="ok", alert=True, at=NOW)
    actions = [ActionLog(game_id=game.id, index=i, seat=1, action=f"a{i}", by="ai", at=NOW) for i in range(2)]
    repo.save(game, table, actions, remove_seats=lobby, outbox=row, answer=answer)
    stored = repo.game(game.id)
    assert stored is not None and stored.version == 2
    assert (stored.status, stored.state_json, stored.log_message_id) == ("running", '{"s": 1}', 2**41)
    assert stored.deadline_at is not None and stored.deadline_at.replace(tzinfo=UTC) == NOW
    assert [s.model_dump() for s in repo.seats(game.id)] == [s.model_dump() for s in table]
    assert [(a.index, a.action, a.by) for a in repo.actions(game.id)] == [(0, "a0", "ai"), (1, "a1", "ai")]
    [stored_row] = repo.outbox(game.id)
    assert (stored_row.id, stored_row.version, stored_row.payload) == (row.id, 2, '{"p": 1}')
    stored_answer = repo.press_answer("p1")
    assert stored_answer is not None and (stored_answer.text, stored_answer.alert) == ("ok", True)


def test_a_save_from_a_read_older_than_delivery_keeps_the_messages_delivery_stored(repo: Repository) -> None:
    game = new_game(repo)
    assert game.id is not None
    repo.save(game, [Seat(game_id=game.id, position=0, user_id=1, name="a")])
    read, [seat] = repo.game(game.id), repo.seats(game.id)
    assert read is not None
    # Meanwhile delivery sends new messages and stores them, with no new version.
    repo.update_refs(game.id, lobby_message_id=7, log_message_id=8)
    seat.private_message_id, seat.shown_digest = 9, "shown"
    repo.update_seat_refs(seat)
    seat.private_message_id, seat.shown_digest = None, ""  # what the press read
    read.chat_title, seat.name, seat.prompt_version = "moved", "b", 2
    repo.save(read, [seat])
    stored, [stored_seat] = repo.game(game.id), repo.seats(game.id)
    assert stored is not None and (stored.chat_title, stored.lobby_message_id, stored.log_message_id) == ("moved", 7, 8)
    assert (stored_seat.name, stored_seat.prompt_version) == ("b", 2)
    assert (stored_seat.private_message_id, stored_seat.shown_digest) == (9, "shown")
    # A change that sets a reference itself writes it: the lobby message becomes the table, the log starts anew.
    again = repo.game(game.id)
    assert again is not None
    again.table_message_id, again.log_message_id = again.lobby_message_id, None
    repo.save(again)
    stored = repo.game(game.id)
    assert stored is not None and (stored.table_message_id, stored.log_message_id) == (7, None)


def test_a_save_on_postgresql_is_one_statement_and_all_or_nothing(postgres_url: str) -> None:
    engine = open_engine(postgres_url)
    repo = Repository(engine)
    game = new_game(repo)
    assert game.id is not None
    repo.save(game, answer=PressAnswer(press_id="once", game_id=game.id, user_id=1, at=NOW))
    statements: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: statements.append(args[2]))
    seats = [Seat(game_id=game.id, position=p, name=f"s{p}") for p in range(4)]
    repo.save(game, seats, outbox=Outbox(game_id=game.id, created_at=NOW))
    assert len(statements) == 1 and statements[0].startswith("WITH")
    # A part that fails (this press was answered already) takes the whole save with it.
    with pytest.raises(IntegrityError):
        repo.save(
            game,
            [Seat(game_id=game.id, position=4, name="late")],
            outbox=Outbox(game_id=game.id, created_at=NOW),
            answer=PressAnswer(press_id="once", game_id=game.id, user_id=1, at=NOW),
        )
    stored = repo.game(game.id)
    assert stored is not None and stored.version == 2
    assert len(repo.seats(game.id)) == 4 and len(repo.outbox(game.id)) == 1


def test_one_open_game_per_chat_and_due_times(tmp_path: Path) -> None:
    repo = Repository(open_engine(f"sqlite:///{tmp_path / 'd.sqlite3'}"))
    game = new_game(repo, chat=-7)
    with pytest.raises(StaleGame):
        new_game(repo, chat=-7)
    game.status = "running"
    game.deadline_at = NOW + timedelta(hours=1)
    game.reminder_at = NOW + timedelta(minutes=30)
    game.offer_at = NOW + timedelta(minutes=45)
    repo.save(game)
    assert repo.due(NOW) == DueTimers([], [], [], [])
    assert repo.due(NOW + timedelta(minutes=31)) == DueTimers([], [game.id], [], [])
    assert repo.due(NOW + timedelta(minutes=46)) == DueTimers([], [game.id], [], [game.id])
    assert repo.due(NOW + timedelta(hours=2)) == DueTimers([game.id], [game.id], [], [game.id])


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


def test_moving_a_chat_takes_its_games_settings_and_outbox_in_one_go(repo: Repository) -> None:
    old_game = new_game(repo, chat=-7)
    assert old_game.id is not None
    old_game.status = "finished"
    repo.save(old_game)
    game = new_game(repo, chat=-7)
    assert game.id is not None
    game.table_message_id, game.log_message_id = 3, 4
    repo.save(game, outbox=Outbox(game_id=game.id, payload="first", created_at=NOW))
    settings = repo.chat_settings(-7)
    settings.deadline_seconds = 600
    repo.save_chat_settings(settings)
    stale = repo.game(game.id)
    assert stale is not None

    moved = repo.move_chat(-7, -8, lambda g: f"shown in {g.chat_id}", NOW)

    assert moved == [game.id]
    stored = repo.game(game.id)
    assert stored is not None and stored.chat_id == -8 and stored.table_message_id is None
    assert repo.open_game(-8) is not None and repo.open_game(-7) is None
    assert repo.game(old_game.id).chat_id == -8  # type: ignore[union-attr]  # its record follows the chat
    assert [r.payload for r in repo.outbox(game.id)] == ["first", "shown in -8"]
    assert repo.chat_settings(-8).deadline_seconds == 600
    with pytest.raises(StaleGame):  # a change read before the move would put the game back
        repo.save(stale)
    # The migration's second message, from the new chat, finds nothing left to move.
    assert repo.move_chat(-7, -8, lambda g: "again", NOW) == []
    assert len(repo.outbox(game.id)) == 2


def test_a_chat_moves_onto_an_open_game_only_its_closed_ones(repo: Repository) -> None:
    waiting = new_game(repo, chat=-7)
    there = new_game(repo, chat=-8)
    assert repo.move_chat(-7, -8, lambda g: "", NOW) == []
    assert repo.game(waiting.id or 0).chat_id == -7  # type: ignore[union-attr]  # kept, not lost
    assert repo.open_game(-8).id == there.id  # type: ignore[union-attr]


def test_closing_a_repository_ends_its_database_threads(tmp_path: Path) -> None:
    def ours() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if t.name.startswith("bangbot-db")}

    before = ours()
    repo = Repository(open_engine(f"sqlite:///{tmp_path / 't.sqlite3'}"))
    assert asyncio.run(repo.run(repo.outbox_games)) == []
    made = ours() - before
    assert made, "the work ran in a thread of the repository"
    repo.close()
    assert not any(t.is_alive() for t in made)
    assert asyncio.run(repo.run(repo.outbox_games)) == []  # a closed repository still works, in new threads
    with repo:
        pass
    assert not any(t.is_alive() for t in ours() - before)
    repo.engine.dispose()
