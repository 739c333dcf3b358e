"""`bangbot purge`: a finished game's hidden state goes, its record and statistics stay exactly as they were."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, MetaData, select

from bangbot.ai.levels import NORMAL
from bangbot.bench.messenger import Sent
from bangbot.storage.models import Outbox, PressAnswer
from bangbot.storage.purge import purge_finished
from tests.messaging.records.test_records import finished_game, synchronously
from tests.service_harness import GROUP, Table, make_users


def database_texts(engine: Engine) -> str:
    """Returns every value of every row of every table, as one text."""
    metadata = MetaData()
    metadata.reflect(engine)
    with engine.connect() as connection:
        return "\n".join(
            repr(tuple(row)) for table in metadata.sorted_tables for row in connection.execute(select(table))
        )


async def answers(table: Table, game_id: int) -> list[str]:
    """Returns what /record and /stats answer, in the group and in private, for the players of the table."""
    texts = []
    for args in ("", str(game_id)):
        await table.command(0, "record", args)
        texts.append(table.messenger.documents_in(GROUP)[-1].text)
        await table.command(1, "record", args, private=True)
        texts.append(table.messenger.documents_in(table.users[1].id)[-1].text)
    await table.command(0, "stats")
    texts.append(table.messenger.last(GROUP).text)
    for user in (0, 1):
        await table.command(user, "stats", private=True)
        texts.append(table.messenger.last(table.users[user].id).text)
    return texts


def final_table(table: Table, game_id: int) -> Sent:
    """Returns the group's table message of a finished game (its Play again button)."""
    game = table.repo.game(game_id)
    assert game is not None
    return next(m for m in table.messenger.in_chat(GROUP) if m.ref.message_id == game.table_message_id)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Returns the URL of a fresh SQLite database, or of a fresh database on the test run's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'purge.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@synchronously
async def test_purge_keeps_records_and_stats_and_leaves_no_hand(database: str) -> None:
    table = Table(database, make_users(2), ai=NORMAL)
    await table.gather(2, ai_seats=2)
    old_button = next(m for m in table.messenger.in_chat(table.users[0].id) if m.buttons)
    old_data = old_button.buttons[0][0].data  # the buttons go when the game ends: the press is kept as it was
    await table.play(random.Random(4), check=False)
    game = finished_game(table)
    assert game.id is not None and game.state_json is not None
    state = json.loads(game.state_json)
    hidden = [json.dumps(state["deck"]), json.dumps(state["players"]), game.state_json]
    memories = [s.ai_memory_json for s in table.repo.seats(game.id)]
    assert any(m != "{}" for m in memories), "the heuristic players remember something to purge"
    before = await answers(table, game.id)
    engine = table.repo.engine
    table.repo.flush_deferred()  # as the timer's sweep does soon after: the shown rows held back are deleted
    assert purge_finished(engine, table.clock.now - timedelta(days=1), table.clock.now) == 0  # ended too recently
    assert purge_finished(engine, table.clock.now + timedelta(seconds=1), table.clock.now) == 1
    assert purge_finished(engine, table.clock.now + timedelta(seconds=1), table.clock.now) == 0  # nothing twice

    assert await answers(table, game.id) == before
    purged = table.repo.game(game.id)
    assert purged is not None and purged.state_json is None and purged.purged_at is not None
    assert all(s.ai_memory_json == "{}" for s in table.repo.seats(game.id))
    with engine.connect() as connection:
        assert not connection.execute(select(Outbox).where(Outbox.game_id == game.id)).first()
        assert not connection.execute(select(PressAnswer).where(PressAnswer.game_id == game.id)).first()
    everything = database_texts(engine).replace(" ", "")
    assert all(text.replace(" ", "") not in everything for text in hidden)
    assert all(memory not in everything for memory in memories if memory != "{}")
    assert '"deck"' not in everything and '"players"' not in everything  # no state of any kind is left

    # Nothing that reads finished games breaks: a restart's recovery, an old button, play again.
    table.restart()
    await table.svc.start()
    await table.svc.idle()
    answer = await table.press(0, old_button, data=old_data)
    assert answer.alert and answer.text == "This game is over."
    again = await table.press(1, final_table(table, game.id), "again")
    assert not again.alert, again.text
    lobby = table.game()
    assert lobby is not None and lobby.status == "gathering" and lobby.id != game.id


def purge(days: str, database: str) -> subprocess.CompletedProcess[str]:
    """Runs `bangbot purge --finished-before days` on a database, in English."""
    env = {**os.environ, "DATABASE_URL": database, "LANGUAGE": "en"}
    command = [sys.executable, "-m", "bangbot", "purge", "--finished-before", days]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)


def test_purge_command_says_how_many_games_it_purged(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'cmd.sqlite3'}"
    done = purge("30", database)
    assert (done.returncode, done.stdout) == (0, "Purged the hidden state of 0 finished games.\n"), done.stderr
    bad = purge("-1", database)
    assert (bad.returncode, bad.stderr) == (2, "--finished-before takes a number of days, 0 or more.\n")
