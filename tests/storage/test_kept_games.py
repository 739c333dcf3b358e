"""Kept games (storage.kept): a game read again is one light statement, and always what a full read would return,
whichever process wrote it meanwhile."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

from bangbot.storage.db import open_engine
from bangbot.storage.forget import forget_user
from bangbot.storage.models import FINISHED, Game, Seat
from bangbot.storage.purge import purge_finished
from bangbot.storage.repository import Repository

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """Collects the statements an engine runs inside the block."""
    seen: list[str] = []

    def note(_connection: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def two_workers(tmp_path: Path) -> tuple[Repository, Repository, int]:
    """Returns two repositories on one database (two processes, as far as their kept games go) and a game of three
    seats with a state, created by the first."""
    url = f"sqlite:///{tmp_path / 'k.sqlite3'}"
    first, second = Repository(open_engine(url)), Repository(open_engine(url))
    game = Game(chat_id=-1, creator_id=7, created_at=NOW, updated_at=NOW, state_json='{"x": 1}', status="running")
    seats = [Seat(game_id=0, position=i, user_id=7 + i, name=f"P{i}") for i in range(3)]
    created = first.create_game(game, seats)
    assert created.id is not None
    return first, second, created.id


def full_read(repo: Repository, game_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Returns a game and its seats as a repository that kept nothing reads them, as plain values."""
    fresh = Repository(repo.engine)
    game, seats = fresh.game_and_seats(game_id)
    assert game is not None
    return game.model_dump(), [seat.model_dump() for seat in seats]


def as_values(found: tuple[Game | None, list[Seat]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Returns a read game and its seats as plain values."""
    game, seats = found
    assert game is not None
    return game.model_dump(), [seat.model_dump() for seat in seats]


def test_a_game_read_again_is_one_statement_and_its_copies_are_its_own(tmp_path: Path) -> None:
    repo, _, game_id = two_workers(tmp_path)
    repo.game_and_seats(game_id)
    with statements(repo.engine) as seen:
        game, seats = repo.game_and_seats(game_id)
    assert len(seen) == 1, seen
    assert game is not None and [s.name for s in seats] == ["P0", "P1", "P2"]
    game.log_message_id, seats[0].name = 99, "changed"  # a caller changes what it was handed, not what is kept
    assert as_values(repo.game_and_seats(game_id)) == full_read(repo, game_id)


def test_a_save_keeps_the_game_so_the_next_read_is_light(tmp_path: Path) -> None:
    repo, _, game_id = two_workers(tmp_path)
    game, seats = repo.game_and_seats(game_id)
    assert game is not None
    game.state_json = '{"x": 2}'
    repo.save(game, seats)
    with statements(repo.engine) as seen:
        again = repo.game_and_seats(game_id)
    assert len(seen) == 1, seen
    assert again[0] is not None and again[0].state_json == '{"x": 2}' and again[0].version == 1
    assert as_values(again) == full_read(repo, game_id)


def test_what_another_worker_wrote_is_read_with_or_without_a_new_version(tmp_path: Path) -> None:
    first, second, game_id = two_workers(tmp_path)
    first.game_and_seats(game_id)
    other, other_seats = second.game_and_seats(game_id)
    assert other is not None
    other_seats[1].private_message_id, other_seats[1].shown_digest = 41, "shown"
    second.update_seat_refs(other_seats[1])  # no new version: the delivery's references
    second.update_refs(game_id, log_message_id=42)
    assert as_values(first.game_and_seats(game_id)) == full_read(first, game_id)
    seen, seen_seats = as_values(first.game_and_seats(game_id))
    assert seen_seats[1]["private_message_id"] == 41 and seen["log_message_id"] == 42
    other.state_json = '{"x": 3}'
    second.save(other, other_seats)  # a new version
    assert as_values(first.game_and_seats(game_id))[0]["state_json"] == '{"x": 3}'
    assert as_values(first.game_and_seats(game_id)) == full_read(first, game_id)


def test_an_erased_name_and_a_purged_state_are_read_though_no_version_changed(tmp_path: Path) -> None:
    first, second, game_id = two_workers(tmp_path)
    game, seats = second.game_and_seats(game_id)
    assert game is not None
    game.status = FINISHED
    second.save(game, seats)
    first.game_and_seats(game_id)
    assert forget_user(second.engine, 8)
    assert first.seats(game_id)[1].user_id is None and first.seats(game_id)[1].name != "P1"
    assert purge_finished(second.engine, datetime(2100, 1, 1, tzinfo=UTC), NOW) == 1
    purged = first.game(game_id)
    assert purged is not None and purged.state_json is None and purged.purged_at is not None
    assert as_values(first.game_and_seats(game_id)) == full_read(first, game_id)


def test_the_copy_known_without_a_read_is_what_is_stored_after_this_process_writes(tmp_path: Path) -> None:
    repo, _, game_id = two_workers(tmp_path)
    game, seats = repo.game_and_seats(game_id)
    assert game is not None
    seats[2].private_message_id, seats[2].shown_digest = 51, "edited"
    repo.update_seat_refs(seats[2])  # what the delivery stores while the game is not locked ...
    repo.update_refs(game_id, table_message_id=52)
    game.state_json = '{"x": 4}'
    seats[0].missed_deadlines = 1
    repo.save(game, seats[:1])  # ... stays as stored though a save of one seat read before it
    with statements(repo.engine) as seen:
        known = repo.known(game_id)
    assert not seen
    assert known is not None and as_values(known) == full_read(repo, game_id)
    assert known[0].version == 1 and known[0].table_message_id == 52 and known[1][2].private_message_id == 51


def test_a_save_removing_and_inserting_seats_is_known_as_stored(tmp_path: Path) -> None:
    repo, _, game_id = two_workers(tmp_path)
    game, seats = repo.game_and_seats(game_id)
    assert game is not None
    table = [Seat(game_id=game_id, position=i, user_id=20 + i, name=f"N{i}") for i in range(4)]
    repo.save(game, table, remove_seats=seats)  # a game's start: its lobby's seats written anew
    known = repo.known(game_id)
    assert known is not None and as_values(known) == full_read(repo, game_id)
    assert [seat.name for seat in known[1]] == ["N0", "N1", "N2", "N3"]


def test_nothing_is_known_without_a_read_where_workers_share_the_database(tmp_path: Path) -> None:
    repo, _, game_id = two_workers(tmp_path)
    repo.game_and_seats(game_id)
    assert repo.known(game_id) is not None
    repo.leases.shared = True  # as on PostgreSQL: another worker may have written since
    assert repo.known(game_id) is None
