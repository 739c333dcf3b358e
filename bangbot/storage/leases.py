"""Which worker delivers a game's outbox: one at a time across workers, held without a pooled connection.

On PostgreSQL a lease is a session advisory lock on one connection that every lease of this process shares while
any is held: it is only used for a statement at a time, never while a message waits for the network, and the
server frees the leases of a worker that died with its connection. SQLite serves one worker, whose runner per game
(messaging.delivery.outbox) is exclusive by itself.
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import Connection, Engine, text

log = logging.getLogger(__name__)
DELIVERY_LOCK_SPACE = 0x6465_6C76_0000_0000  # "delv" in the high bits: apart from the game locks


class DeliveryLeases:
    """Claims and releases the right to deliver one game's outbox rows."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.shared = engine.dialect.name == "postgresql"
        self._connection: Connection | None = None
        self._guard = threading.Lock()
        self._held: set[int] = set()

    def claim(self, game_id: int) -> bool:
        """Returns whether this worker may deliver the game now (False: another worker is at it)."""
        if not self.shared:
            return True
        with self._guard:
            try:
                held = self._session().execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": self._key(game_id)})
                if held.scalar():
                    self._held.add(game_id)
                    return True
                if not self._held:
                    self._drop()
                return False
            except Exception:
                self._drop()
                raise

    def release(self, game_id: int) -> None:
        """Gives the game's delivery back (a lease already lost with its connection is no error)."""
        if not self.shared:
            return
        with self._guard:
            if self._connection is None:
                return
            self._held.discard(game_id)
            try:
                self._connection.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": self._key(game_id)})
            except Exception:
                log.warning("could not release the delivery lease of game %s", game_id, exc_info=True)
                self._drop()
                return
            if not self._held:
                self._drop()  # back to the pool: an idle worker keeps no connection for its leases

    def close(self) -> None:
        """Closes the leases' connection, which frees every lease of this worker."""
        with self._guard:
            self._drop()

    def _session(self) -> Connection:
        """Returns the leases' own connection, opened in autocommit on first use or after a failure."""
        if self._connection is None:
            self._connection = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        return self._connection

    def _drop(self) -> None:
        """Forgets a connection that failed (its leases are gone with it)."""
        self._held.clear()
        if self._connection is not None:
            try:
                self._connection.close()
            except Exception:
                log.debug("closing the leases' connection failed", exc_info=True)
            self._connection = None

    @staticmethod
    def _key(game_id: int) -> int:
        """Returns the advisory lock key of a game's delivery."""
        return DELIVERY_LOCK_SPACE + game_id
