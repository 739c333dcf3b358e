"""Telegram's budgets kept in PostgreSQL, so that every worker of one bot counts against the same limits.

A budget is a key (a group chat, or the bot as a whole) and its limits: at most count starts in any period seconds.
Taking a slot is one call of a database function (migration 0016) that locks the key's rows, checks every limit and
counts the start, on the database's clock that every worker shares. The calls run on one connection of this process,
a statement at a time, in autocommit: nothing is held while a request waits for its room or for the network.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, Engine, Row, TextClause, text

log = logging.getLogger(__name__)
TAKE = text("SELECT taken, wait FROM bangbot_take_slot(:key, CAST(:counts AS int[]), CAST(:periods AS float8[]))")
# A request counted at its start is counted again at its end: Telegram counts it on arrival, somewhere in between.
SENT = text("UPDATE send_slot SET at = extract(epoch FROM clock_timestamp()) WHERE key = :key AND at = :taken")
Limits = Sequence[tuple[int, float]]


class SharedBudgets:
    """Takes and settles slots of budgets shared by every worker on one PostgreSQL database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Connection | None = None
        self._guard = threading.Lock()

    def take(self, key: str, limits: Limits) -> tuple[float | None, float]:
        """Counts one start in the budget if every limit has room: returns (its time, 0), else (None, the wait)."""
        params = {"key": key, "counts": [c for c, _ in limits], "periods": [float(p) for _, p in limits]}
        [row] = self._execute(TAKE, params)
        return (None if row.taken is None else float(row.taken)), float(row.wait)

    def sent(self, taken: Sequence[tuple[str, float]]) -> None:
        """Moves the starts of one request (key and time taken) to now, the end of the request."""
        for key, at in taken:
            self._execute(SENT, {"key": key, "taken": at})

    def close(self) -> None:
        """Closes the budgets' connection."""
        with self._guard:
            self._drop()

    def _execute(self, statement: TextClause, params: dict[str, Any]) -> list[Row[Any]]:
        """Runs one statement on the budgets' connection and returns its rows; a failure drops the connection."""
        with self._guard:
            try:
                if self._connection is None:
                    self._connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
                result = self._connection.execute(statement, params)
                return list(result.all()) if result.returns_rows else []
            except Exception:
                self._drop()
                raise

    def _drop(self) -> None:
        """Forgets the connection (after a failure, or to close it)."""
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:
                log.debug("closing the budgets' connection failed", exc_info=True)
            self._connection = None
