"""What health checks and metrics read from the database: does it answer, how much waits, how much runs."""

from __future__ import annotations

from sqlalchemy import Engine, func, select, text
from sqlmodel import col

from bangbot.storage.models import RUNNING, Game, Outbox


def ping(engine: Engine) -> None:
    """Runs one trivial query; raises when the database does not answer it."""
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))


def totals(engine: Engine, shown: frozenset[int] = frozenset()) -> tuple[int, int]:
    """Returns (outbox rows still to deliver, games running) in the whole database, in one connection; the rows shown
    (whose deletion this process holds back) are not to deliver."""
    with engine.connect() as connection:
        unsent = select(func.count()).select_from(Outbox).where(col(Outbox.id).not_in(shown))
        backlog = connection.execute(unsent).scalar_one()
        running_games = select(func.count()).select_from(Game).where(col(Game.status) == RUNNING)
        running = connection.execute(running_games).scalar_one()
    return int(backlog), int(running)
