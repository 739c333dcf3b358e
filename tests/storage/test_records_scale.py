"""/stats and /record cost the same statements with 10,000 stored games as with none, each an indexed lookup."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, event

from bangbot.ai.levels import EASY, players_at
from bangbot.bench.bot import new_database
from bangbot.bench.messenger import CollectingMessenger
from bangbot.bench.records import COMMANDS, measure_records
from bangbot.i18n import translator
from bangbot.messaging.adapter import Command, User
from bangbot.messaging.context import Context
from bangbot.messaging.records.sending import requested_game
from bangbot.messaging.records.stats_text import group_stats, personal_stats
from bangbot.storage.db import open_engine
from bangbot.storage.repository import Repository
from bangbot.storage.stats import StatsStore
from tests.storage.test_due_indexes import plan

STORED = 10_000


def statements_of(figures: dict[str, Any]) -> dict[str, int]:
    """Returns the statement counts of the commands, leaving the times out."""
    return {key: value for key, value in figures.items() if key.endswith("_statements")}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_stats_and_record_cost_the_same_statements_with_ten_thousand_stored_games(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        empty, filled = (f"sqlite:///{tmp_path / name}.sqlite3" for name in ("empty", "filled"))
    else:
        empty = request.getfixturevalue("postgres_url")
        filled = new_database(empty, f"{empty.rsplit('/', 1)[1]}_filled")
    none = statements_of(asyncio.run(measure_records(empty, 0)))
    many = statements_of(asyncio.run(measure_records(filled, STORED)))
    assert len(none) == len(COMMANDS) and all(n > 0 for n in none.values())
    assert many == none


def test_every_stats_and_record_query_reads_an_index(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'plans.sqlite3'}"
    seen: list[tuple[str, Any]] = []
    figures = asyncio.run(measure_records(url, 200))
    assert figures["stats_group_statements"] > 0
    engine = open_engine(url)

    def grab(_c: Connection, _cur: Any, statement: str, parameters: Any, _ctx: Any, _many: bool) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", grab)
    stats = StatsStore(engine)
    tr = translator("en")
    personal_stats(tr, stats, 420)  # the bench's first player (people have positive ids)
    group_stats(tr, stats, -42)
    user = User(420, "P0")
    assert not isinstance(requested_game(_ctx(engine), Command(user, 420, True, "record"), tr), str)
    assert not isinstance(requested_game(_ctx(engine), Command(user, -42, False, "record"), tr), str)
    event.remove(engine, "before_cursor_execute", grab)
    assert len(seen) >= 8
    for statement, parameters in seen:
        steps = plan(engine, statement, parameters).splitlines()
        assert not [s for s in steps if s.startswith("SCAN") and "INDEX" not in s], (statement, steps)


def _ctx(engine: Any) -> Context:
    """Returns a service context over engine with the collecting messenger."""
    return Context(Repository(engine), CollectingMessenger(), players_at(EASY))
