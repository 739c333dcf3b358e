"""A record of every game and statistics, over the collecting fake messenger, in four languages."""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable, Coroutine
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select, text

from bangbot.games.bang.texts.glossary import role_name
from bangbot.games.duel.texts.names import duel_side_name
from bangbot.i18n import translator
from bangbot.messaging.records.outcome import replay_game
from bangbot.messaging.records.sending import final_ending, result_rows
from bangbot.storage.models import FINISHED, Game, SeatResult
from bangbot.storage.stats import StatsStore
from tests.duel_harness import gather_duel
from tests.service_harness import GROUP, FakeClock, Table, assert_no_hidden_information, make_users
from tests.storage.test_due_indexes import migrate_to

LANGUAGES = ("en", "ru", "ja", "cs")
WHO_WAS_WHO = {"en": "Who was who", "ru": "Кто был кем", "ja": "誰が誰だったか", "cs": "Kdo byl kdo"}
RUNNING = {"en": "still running", "ru": "Игра ещё идёт", "ja": "まだ続いて", "cs": "Hra ještě běží"}


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """Returns a fresh SQLite database's URL."""
    return f"sqlite:///{tmp_path / 'bang.sqlite3'}"


def synchronously(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Runs an async test in its own event loop."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def finished_table(url: str, people: int, ai_seats: int, seed: int, language: str = "en") -> tuple[Table, Game]:
    """Returns a table whose base game, of people and AI players, was played to its end by random presses."""
    table = Table(url, make_users(people, language))
    await table.gather(people, ai_seats=ai_seats)
    await table.play(random.Random(seed), check=False)
    return table, finished_game(table)


def finished_game(table: Table) -> Game:
    """Returns the group's newest game, asserting that it is over."""
    game = table.repo.latest_game(GROUP)
    assert game is not None and game.status == FINISHED and game.id is not None
    return game


@pytest.mark.parametrize("language", LANGUAGES)
@synchronously
async def test_the_group_gets_the_record_of_a_finished_game_once_in_its_language(language: str, db_url: str) -> None:
    table, game = await finished_table(db_url, 1, 3, 3, language)
    assert game.id is not None
    [document] = table.messenger.documents_in(GROUP)
    assert document.filename == f"bangbot-game-{game.id}-{language}.txt"
    text = document.text
    tr = translator(language)
    seats = table.repo.seats(game.id)
    replayed = replay_game(game, seats, table.repo.actions(game.id))
    # Who was who: every seat's role in the reader's words; the seed and the actions to replay it exactly.
    assert WHO_WAS_WHO[language] in text
    for player in replayed.state.players:
        assert role_name(tr, player.role) in text
    assert f"seed={game.seed}" in text and "ruleset=base" in text
    actions = table.repo.actions(game.id)
    assert all(f"{a.seat}: {a.action}" in text for a in actions)
    assert text.count("\n\n") >= replayed.state.turn_number  # every turn has its block
    # A restart delivers nothing twice.
    table.restart()
    await table.svc.start()
    await table.svc.idle()
    assert len(table.messenger.documents_in(GROUP)) == 1


@pytest.mark.parametrize("language", LANGUAGES)
@synchronously
async def test_record_in_private_is_the_players_latest_game_in_their_language(language: str, db_url: str) -> None:
    table, game = await finished_table(db_url, 1, 3, 5, language)
    user = table.users[0].id
    await table.command(0, "record", private=True)
    await table.command(0, "record", str(game.id), private=True)
    first, second = table.messenger.documents_in(user)
    assert first.data == second.data and first.filename.endswith(f"-{language}.txt")
    assert WHO_WAS_WHO[language] in first.text


@pytest.mark.parametrize("language", LANGUAGES)
@synchronously
async def test_record_of_a_running_game_shows_only_what_the_group_sees(language: str, db_url: str) -> None:
    table = Table(db_url, make_users(2, language))
    await table.gather(2, ai_seats=2)
    await table.play(random.Random(1), limit=6, check=False)
    game = table.game()
    assert game is not None and game.status == "running"
    await table.command(1, "record")
    [document] = table.messenger.documents_in(GROUP)
    assert RUNNING[language] in document.text and WHO_WAS_WHO[language] not in document.text
    assert "seed=" not in document.text  # the seed would deal every hand again
    assert ": play " not in document.text  # no actions: they could name hidden cards
    assert_no_hidden_information(table, [document.text])


@pytest.mark.parametrize("language", LANGUAGES)
@synchronously
async def test_bad_record_and_stats_requests_get_a_clear_answer_and_change_nothing(language: str, db_url: str) -> None:
    table = Table(db_url, make_users(1, language))
    user = table.users[0].id
    for args, private in (("abc", False), ("999", False), ("", False), ("999", True), ("", True)):
        before = len(table.messenger.in_chat(user if private else GROUP))
        await table.command(0, "record", args, private=private)
        answers = table.messenger.in_chat(user if private else GROUP)[before:]
        assert len(answers) == 1 and not answers[0].buttons
        assert ("/record" in answers[0].text) == (args == "abc") and ("999" in answers[0].text) == (args == "999")
    assert table.messenger.documents == []
    await table.command(0, "stats", "maybe", private=True)
    assert "/stats on" in table.messenger.last(user).text
    assert not StatsStore(table.repo.engine).hidden(user)


@synchronously
async def test_a_finished_duel_has_a_record_with_its_sides_and_counts_in_statistics(db_url: str) -> None:
    table = Table(db_url, make_users(1, "ja"))
    await gather_duel(table, "duel", 1)
    await table.play(random.Random(2), check=False)
    game = finished_game(table)
    [document] = table.messenger.documents_in(GROUP)
    tr = translator("ja")
    assert duel_side_name(tr, "law") in document.text and duel_side_name(tr, "outlaw") in document.text
    assert "ruleset=duel preset=duel" in document.text
    await table.command(0, "stats", private=True)
    stats = table.messenger.last(table.users[0].id).text
    won = StatsStore(table.repo.engine).tallies(table.users[0].id)[0].wins
    assert "対戦：1" in stats and f"勝利：{won}" in stats and duel_side_name(tr, "law") in stats
    assert game.ruleset == "duel"


@synchronously
async def test_a_seat_the_ai_held_at_the_end_does_not_count_for_its_person(db_url: str) -> None:
    table, game = await finished_table(db_url, 1, 3, 3)
    assert game.id is not None
    seats = table.repo.seats(game.id)
    replayed = replay_game(game, seats, table.repo.actions(game.id))
    assert result_rows(game, seats, replayed)[0].counted
    assert result_rows(game, seats, replayed)[0].ai_level == ""  # its person played it
    seats[0].standin = True
    game.ai_level = "hard"
    assert not result_rows(game, seats, replayed)[0].counted
    assert [r.counted for r in result_rows(game, seats, replayed)[1:]] == [False, False, False]  # AI seats
    assert [r.ai_level for r in result_rows(game, seats, replayed)] == ["hard"] * 4  # the level that played them


def stored_result(game_id: int, user: int, won: bool, winner: str = "law") -> SeatResult:
    """Returns a result row of a base game in the test group."""
    return SeatResult(
        game_id=game_id,
        position=user % 10,
        user_id=user,
        chat_id=GROUP,
        ruleset="base",
        mode="standard",
        role="sheriff" if won else "outlaw",
        character="slab_the_killer",
        won=won,
        survived=won,
        winner=winner,
        finished_at=table_time() + timedelta(minutes=game_id),
    )


def table_time() -> datetime:
    """Returns the harness clock's start."""
    return FakeClock().now


@pytest.mark.parametrize("language", LANGUAGES)
@synchronously
async def test_group_table_has_a_minimum_of_games_and_hidden_players_leave_it(language: str, db_url: str) -> None:
    table, game = await finished_table(db_url, 3, 1, 3, language)
    assert game.id is not None
    store = StatsStore(table.repo.engine)
    ids = [u.id for u in table.users]
    # Two more finished games for the first two players (rows as the end of a game writes them).
    extra = [stored_result(game.id, ids[0], True), stored_result(game.id, ids[1], False)]
    with table.repo.engine.begin() as connection:
        for n in range(4):
            connection.execute(
                Game.__table__.insert().values(  # type: ignore[attr-defined]
                    id=100 + n, chat_id=-n - 5, creator_id=1, created_at=table_time(), updated_at=table_time()
                )
            )
    store.write_results([r.model_copy(update={"game_id": 100 + n, "position": 0}) for n, r in enumerate(extra * 2)])
    await table.command(0, "stats")
    text = table.messenger.last(GROUP).text
    names = [u.name for u in table.users]
    assert names[0] in text and names[1] in text and names[2] not in text  # the third has played one game
    await table.command(0, "stats", "off", private=True)
    await table.command(1, "stats")
    text = table.messenger.last(GROUP).text
    assert names[0] not in text and names[1] in text
    await table.command(0, "stats", "on")
    await table.command(1, "stats")
    assert names[0] in table.messenger.last(GROUP).text


@synchronously
async def test_the_migration_backfills_the_results_of_games_finished_before_it(db_url: str) -> None:
    table, _ = await finished_table(db_url, 1, 3, 4)
    engine = table.repo.engine
    written = StatsStore(engine).tallies(table.users[0].id)
    with engine.connect() as connection:
        before = connection.execute(select(SeatResult.__table__).order_by(text("position"))).all()  # type: ignore[attr-defined]
    assert len(before) == 4 and written
    migrate_to(engine, "0011", down=True)
    assert "seat_result" not in inspect(engine).get_table_names()
    migrate_to(engine, "head")
    with engine.connect() as connection:
        after = connection.execute(select(SeatResult.__table__).order_by(text("position"))).all()  # type: ignore[attr-defined]
    assert after == before


@synchronously
async def test_a_log_that_does_not_replay_gives_no_record_and_changes_nothing(db_url: str) -> None:
    table, game = await finished_table(db_url, 1, 3, 3)
    engine = table.repo.engine
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM seat_result"))
        connection.execute(text("UPDATE action_log SET action = 'end' WHERE game_id = :g"), {"g": game.id})
    assert final_ending(table.svc.ctx, game) is None
    assert StatsStore(engine).tallies(table.users[0].id) == []
    assert finished_game(table).version == game.version


@synchronously
async def test_a_star_wars_record_speaks_star_wars(db_url: str) -> None:
    table = Table(db_url, make_users(1, "cs"))
    await table.command(0, "newgame")
    while table.game().ruleset != "starwars":  # type: ignore[union-attr]
        assert not (await table.press(0, table.lobby(), "game")).alert
    for _ in range(3):
        assert not (await table.press(0, table.lobby(), "ai+")).alert
    assert not (await table.press(0, table.lobby(), "start")).alert
    await table.play(random.Random(6), check=False)
    [document] = table.messenger.documents_in(GROUP)
    assert "Darth Vader" in document.text and "ruleset=starwars" in document.text
    assert not [line for line in document.text.split("== Akce")[0].splitlines() if "♥" in line or "♠" in line]
