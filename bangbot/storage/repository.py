"""Reads and writes games, seats, settings and the action log; saves are compare-and-set on the version."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache, partial
from typing import Any, ParamSpec, Self, TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    Update,
    bindparam,
    delete,
    func,
    insert,
    literal,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Mapped, instrumentation
from sqlmodel import Session, SQLModel, col, select
from sqlmodel.sql.expression import SelectOfScalar

from bangbot.storage import pg_save
from bangbot.storage.deferred import OUTBOX_DELETE, DeferredWrites, Held, laid_over, write_held
from bangbot.storage.kept import LIGHT_READ, KeptGames, instance
from bangbot.storage.leases import DeliveryLeases
from bangbot.storage.locks import KeyedLocks
from bangbot.storage.models import (
    OPEN_STATUSES,
    RUNNING,
    SEAT_REFS,
    ActionLog,
    ChatSettings,
    Game,
    LobbyInvite,
    Outbox,
    PressAnswer,
    Seat,
    TableCall,
    UserSettings,
    table_of,
    unchanged_refs,
)
from bangbot.storage.threads import (
    database_threads,
    database_threads_wanted,
    off_loop,
    owner,
    pinned_connections,
)
from bangbot.storage.timers.due import DueTimers, due_timers

GAME_FIELDS = tuple(c for c in Game.model_fields if c not in ("id", "version"))
GAME_LOCK_SPACE = 0x6261_6E67_0000_0000  # "bang" in the high bits keeps these advisory locks apart from others
LOCK_POLL_SECONDS = 0.005
SEAT_FIELDS = tuple(c for c in Seat.model_fields if c not in ("game_id", "position", *SEAT_REFS))
SEAT_REFS_UPDATE = (
    update(Seat)
    .where(col(Seat.game_id) == bindparam("key_game"), col(Seat.position) == bindparam("key_position"))
    .values({name: bindparam(name) for name in SEAT_REFS})
)
SEAT_UPDATE = (
    update(Seat)
    .where(col(Seat.game_id) == bindparam("key_game"), col(Seat.position) == bindparam("key_position"))
    .values({name: bindparam(name) for name in SEAT_FIELDS})
)

ACTIONS_INSERT = insert(ActionLog)
OUTBOX_INSERT = insert(Outbox).returning(col(Outbox.id))
ANSWER_INSERT = insert(PressAnswer)

# The reads of every update, built once: a statement built per call costs more than its round trip.
GAME_BY_ID = select(Game).where(col(Game.id) == bindparam("id"))
GAME_VERSION = select(Game.version).where(col(Game.id) == bindparam("id"))
SEATS_OF_GAME = select(Seat).where(col(Seat.game_id) == bindparam("game_id")).order_by(col(Seat.position))
OUTBOX_OF_GAME = (
    select(*(getattr(Outbox, name) for name in Outbox.model_fields))
    .where(col(Outbox.game_id) == bindparam("game_id"))
    .order_by(col(Outbox.id))
)
OUTBOX_ROWS = instrumentation.manager_of_class(Outbox)
PRESS_ANSWER_BY_ID = select(*(getattr(PressAnswer, name) for name in PressAnswer.model_fields)).where(
    col(PressAnswer.press_id) == bindparam("press_id")
)
PRESS_ANSWERS = instrumentation.manager_of_class(PressAnswer)
CHAT_SETTINGS_BY_ID = select(ChatSettings).where(col(ChatSettings.chat_id) == bindparam("chat_id"))
USER_SETTINGS_BY_ID = select(UserSettings).where(col(UserSettings.user_id) == bindparam("user_id"))


P = ParamSpec("P")
T = TypeVar("T")
STORAGE_ERRORS = (SQLAlchemyError,)  # what a read or a save raises when the database cannot serve it now


class StaleGame(Exception):
    """The game changed since it was read: the save was refused and nothing was written."""


@dataclass
class Pinned:
    """The connection that holds a game's lock on PostgreSQL, lent to the task holding it for all its statements."""

    engine: Engine
    owner: asyncio.Task[Any] | None
    connection: Connection | None


_pinned: ContextVar[Pinned | None] = ContextVar("bangbot_pinned_connection", default=None)


class Repository:
    """All database access of the game service."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.local_locks = KeyedLocks()
        self.leases = DeliveryLeases(engine)
        self._threads: ThreadPoolExecutor | None = None
        self._threaded = database_threads_wanted(engine)
        self._pin_slots: tuple[asyncio.AbstractEventLoop, asyncio.Semaphore] | None = None
        self.saved: list[Callable[[int, int], None]] = []  # told (game id, new version) after each game's save
        self.kept = KeptGames()  # games as last read or saved here: a read again is one light statement
        self.deferred = DeferredWrites()  # the delivery's writes held back to ride with a game's next write
        self._carrying_lock = threading.Lock()  # held writes are taken and written by one transaction at a time

    @property
    def threads(self) -> ThreadPoolExecutor | None:
        """Returns the threads database work runs in, made on first use (None when it runs on the loop)."""
        if self._threads is None and self._threaded:
            self._threads = database_threads(self.engine)
        return self._threads

    def close(self, wait: bool = True) -> None:
        """Shuts the repository's threads (waiting for the work they run, if wait) and frees its delivery leases; a
        later use opens them again. The engine stays its owner's to dispose. What the delivery held back and nobody
        wrote (GameService.stop does) is lost as in a crash: its rows are shown again (storage.deferred)."""
        threads, self._threads = self._threads, None
        if threads is not None:
            threads.shutdown(wait=wait)
        self.leases.close()

    def __enter__(self) -> Self:
        """Returns the repository for a with-block that closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the repository at the end of a with-block."""
        self.close()

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Runs work(*args, **kwargs) off the event loop, as the calling task (its game lock's connection serves it)."""
        return await off_loop(self.threads, partial(work, *args, **kwargs))

    async def run_brief(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Runs brief work that never waits where this process is the database's only writer (SQLite): at once on the
        loop there, as run does where several workers share the database. For work whose thread's hop would cost more
        than the work: it runs no statement (a delivery lease, a write held back, storage.deferred) or only reads (in
        WAL a reader never waits for a writer)."""
        if self.defers:
            return work(*args, **kwargs)
        return await self.run(work, *args, **kwargs)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Holds a lock on one game: within this process, and across every worker on PostgreSQL.

        On PostgreSQL the connection holding the lock is in autocommit and serves every statement the holding task
        runs meanwhile (see _pinned_connection): one pool checkout per update, no BEGIN for a read.
        """
        async with self.local_locks.hold(game_id):
            if self.engine.dialect.name != "postgresql":
                yield
                return
            async with self._pin_slot(), self._advisory_lock(game_id):
                yield

    @asynccontextmanager
    async def _pin_slot(self) -> AsyncIterator[None]:
        """Waits, off every thread and connection, until this task may pin one more connection for a game lock.

        Holders never take more than half the pool, so the threads they need are never all stuck waiting for a
        connection that only a holder could give back. A task nesting a second lock needs no new slot.
        """
        if self._pinned_connection() is not None:
            yield
            return
        loop = asyncio.get_running_loop()
        if self._pin_slots is None or self._pin_slots[0] is not loop:  # a semaphore serves the loop that made it
            self._pin_slots = (loop, asyncio.Semaphore(pinned_connections(self.engine)))
        async with self._pin_slots[1]:
            yield

    @asynccontextmanager
    async def _advisory_lock(self, game_id: int) -> AsyncIterator[None]:
        """Holds the game's advisory lock on a connection pinned to this task (see _pinned_connection)."""
        key = {"key": GAME_LOCK_SPACE + game_id}
        lock, unlock = text("SELECT pg_try_advisory_lock(:key)"), text("SELECT pg_advisory_unlock(:key)")
        checkout = await self.run(lambda: self.engine.connect().execution_options(isolation_level="AUTOCOMMIT"))
        with checkout as connection:
            while not await self.run(lambda: connection.execute(lock, key).scalar()):
                await asyncio.sleep(LOCK_POLL_SECONDS)
            pin = Pinned(self.engine, asyncio.current_task(), connection)
            token = _pinned.set(pin)
            try:
                yield
            finally:
                pin.connection = None  # tasks started meanwhile copied the pin: they must not use it after this
                _pinned.reset(token)
                await self.run(lambda: connection.execute(unlock, key))

    def _pinned_connection(self) -> Connection | None:
        """Returns the game lock's connection if the running task holds a game lock of this repository."""
        pin = _pinned.get()
        if pin is None or pin.connection is None or pin.engine is not self.engine:
            return None
        task = owner()
        return pin.connection if task is not None and task is pin.owner else None

    @contextmanager
    def _writing(self, several: bool = True) -> Iterator[Connection]:
        """Runs the block's writes in one transaction, committed at its end and rolled back if it raises.

        On the pinned connection (autocommit) a single statement (several False) commits by itself; several get an
        explicit transaction.
        """
        pinned = self._pinned_connection()
        if pinned is None:
            with self.engine.begin() as connection:
                yield connection
            return
        if not several:
            yield pinned
            return
        pinned.exec_driver_sql("BEGIN")
        try:
            yield pinned
        except BaseException:
            pinned.exec_driver_sql("ROLLBACK")
            raise
        pinned.exec_driver_sql("COMMIT")

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        """Yields a connection for Core reads: the game lock's pinned connection if any, else one of the pool."""
        pinned = self._pinned_connection()
        if pinned is not None:
            yield pinned
            return
        with self.engine.connect() as connection:
            yield connection

    def _session(self) -> Session:
        """Returns a session for reads whose objects stay usable after it ends (on the pinned connection if any)."""
        return Session(self._pinned_connection() or self.engine, expire_on_commit=False)

    def _writing_session(self) -> Session:
        """Returns a session of its own transaction for ORM writes, never on the pinned connection."""
        return Session(self.engine, expire_on_commit=False)

    def chat_settings(self, chat_id: int) -> ChatSettings:
        """Returns a chat's settings (defaults if it has none yet)."""
        with self._session() as s:
            return s.exec(CHAT_SETTINGS_BY_ID, params={"chat_id": chat_id}).first() or ChatSettings(chat_id=chat_id)

    def save_chat_settings(self, settings: ChatSettings) -> None:
        """Stores a chat's settings."""
        self._upsert(ChatSettings, column_values(settings))

    def user_settings(self, user_id: int) -> UserSettings:
        """Returns a user's settings (defaults if there are none yet)."""
        with self._session() as s:
            return s.exec(USER_SETTINGS_BY_ID, params={"user_id": user_id}).first() or UserSettings(user_id=user_id)

    def save_user_settings(self, settings: UserSettings) -> None:
        """Stores a user's settings."""
        self._upsert(UserSettings, column_values(settings))

    def store_messenger_profile(self, user_id: int, name: str, messenger_language: str | None) -> None:
        """Stores the name and language the messenger reports for a user, keeping the language they chose."""
        self._upsert(UserSettings, {"user_id": user_id, "name": name, "messenger_language": messenger_language})

    def _upsert(self, model: type[ChatSettings | UserSettings], values: dict[str, Any]) -> None:
        """Inserts a settings row, or sets these values of the stored one with the same key: one statement."""
        key = next(iter(table_of(model).primary_key.columns.keys()))
        dialect_insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        statement = dialect_insert(model).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[key], set_={name: statement.excluded[name] for name in values if name != key}
        )
        with self._writing(several=False) as connection:
            connection.execute(statement)

    def move_chat(self, old_id: int, new_id: int, payload: Callable[[Game], str], at: datetime) -> list[int]:
        """Moves a chat's games, settings and outbox to its new id in one transaction; returns the open games moved.

        An open game (unless the new chat has one in its topic already) forgets its group messages, which stay in the
        old chat, and gets an outbox row of payload(game) that shows it in the new one. Every moved game's version
        changes, so a change read before the move is refused as stale. Moving a chat with nothing left changes nothing.
        """
        with self._writing() as connection:
            busy = {
                thread
                for (thread,) in connection.execute(
                    select(Game.thread_id).where(col(Game.chat_id) == new_id, col(Game.status).in_(OPEN_STATUSES))
                )
            }
            query = select(Game).where(col(Game.chat_id) == old_id).order_by(col(Game.id))
            games = [Game.model_validate(row._mapping) for row in connection.execute(query)]
            moved: list[int] = []
            for game in games:
                assert game.id is not None
                is_open = game.status in OPEN_STATUSES
                if is_open and game.thread_id in busy:
                    continue  # the unique open game of the new chat stays; this one waits in the old id
                values: dict[str, Any] = {"chat_id": new_id, "version": game.version + 1}
                if is_open:
                    values |= {"log_message_id": None, "table_message_id": None, "lobby_message_id": None}
                connection.execute(update(Game).where(col(Game.id) == game.id).values(**values))
                self.kept.forget(game.id)
                if is_open:
                    moved.append(game.id)
                    game.chat_id, game.version = new_id, game.version + 1
                    game.log_message_id = game.table_message_id = game.lobby_message_id = None
                    row = Outbox(game_id=game.id, version=game.version, payload=payload(game), created_at=at)
                    connection.execute(insert(Outbox).values(**column_values(row, skip=("id",))))
            if connection.execute(select(ChatSettings.chat_id).where(col(ChatSettings.chat_id) == new_id)).first():
                return moved
            connection.execute(update(ChatSettings).where(col(ChatSettings.chat_id) == old_id).values(chat_id=new_id))
        return moved

    def game(self, game_id: int) -> Game | None:
        """Returns a game by id."""
        return self.game_and_seats(game_id)[0]

    def game_and_seats(self, game_id: int) -> tuple[Game | None, list[Seat]]:
        """Returns a game by id (None if there is none) and its seats in order, as stored now.

        A game this process read or saved at the stored version is rebuilt from that with the columns that change
        without a new version read again (storage.kept): one light statement; else it is read whole and kept.
        """
        return self._read_game(game_id)

    def _read_game(self, game_id: int) -> tuple[Game | None, list[Seat]]:
        """Reads a game and its seats as game_and_seats says (which benches and tests count as the game's reads),
        the digests this process holds back laid over its seats (taken before the read: written meanwhile, read)."""
        held = self.deferred.taken(game_id)
        with self._reading() as connection:
            rows = connection.execute(LIGHT_READ, {"id": game_id}).all()
        if not rows:
            return None, []
        found = self.kept.rebuilt(game_id, rows)
        if found is not None:
            return found[0], laid_over(found[1], held)
        since = self.kept.writes  # a copy changed while this reads is not kept from it
        with self._session() as s:
            game = s.exec(GAME_BY_ID, params={"id": game_id}).first()
            seats = laid_over(list(s.exec(SEATS_OF_GAME, params={"game_id": game_id})), held)
        if game is not None:
            self.kept.keep(game, seats, since)
        return game, seats

    def known(self, game_id: int) -> tuple[Game, list[Seat]] | None:
        """Returns, without reading, copies of a game and its seats as this process last read or saved them, where
        it is the database's only writer (SQLite: every write of a game's columns and seats is its own, and kept);
        None there without such a copy, and always where several workers share the database (PostgreSQL).

        The copy is the game at the newest version this process stored or read; a caller that knows a newer stored
        version (an outbox row's) compares it."""
        return None if self.leases.shared else self.kept.copy(game_id)

    def game_version(self, game_id: int) -> int | None:
        """Returns a game's stored version (None for no such game), without reading its state."""
        with self._reading() as connection:
            return connection.execute(GAME_VERSION, {"id": game_id}).scalar()

    def game_by_join_token(self, token: str) -> Game | None:
        """Returns the game whose lobby's join link carries this token."""
        with self._session() as s:
            return s.exec(select(Game).where(Game.join_token == token)).first()

    def open_game(self, chat_id: int, thread: int = 0) -> Game | None:
        """Returns the lobby or running game of a chat's topic (0: the chat without topics), if any."""
        with self._session() as s:
            query = select(Game).where(
                Game.chat_id == chat_id, Game.thread_id == thread, col(Game.status).in_(OPEN_STATUSES)
            )
            return s.exec(query.order_by(col(Game.id).desc())).first()

    def open_games(self, chat_id: int) -> list[Game]:
        """Returns the lobbies and running games of a chat, in every topic."""
        with self._session() as s:
            query = select(Game).where(Game.chat_id == chat_id, col(Game.status).in_(OPEN_STATUSES))
            return list(s.exec(query.order_by(col(Game.id))))

    def latest_game(self, chat_id: int) -> Game | None:
        """Returns the chat's newest game, whatever its status."""
        with self._session() as s:
            return s.exec(select(Game).where(Game.chat_id == chat_id).order_by(col(Game.id).desc())).first()

    def seats(self, game_id: int) -> list[Seat]:
        """Returns a game's seats (lobby members) in order."""
        return self._read_game(game_id)[1]

    def actions(self, game_id: int) -> list[ActionLog]:
        """Returns a game's action log in order."""
        with self._session() as s:
            query = select(ActionLog).where(ActionLog.game_id == game_id).order_by(col(ActionLog.index))
            return list(s.exec(query))

    def running_games_of(self, user_id: int) -> list[Game]:
        """Returns the running games where the user holds a seat."""
        with self._session() as s:
            query = (
                select(Game)
                .join(Seat, col(Seat.game_id) == col(Game.id))
                .where(Seat.user_id == user_id, Game.status == RUNNING)
            )
            return list(s.exec(query))

    def create_game(
        self,
        game: Game,
        seats: Sequence[Seat] = (),
        outbox: Outbox | None = None,
        invites: Sequence[LobbyInvite] = (),
    ) -> Game:
        """Inserts a new lobby with its first seats, invitations and what it must show, in one transaction.

        Returns it with its id.
        Refuses (StaleGame) if the chat already has an open game.
        """
        with self._writing_session() as s:  # the unique index on open games per chat refuses a second one
            s.add(game)
            try:
                s.flush()
                assert game.id is not None
                for seat in seats:
                    seat.game_id = game.id
                    s.add(Seat(**{name: getattr(seat, name) for name in Seat.model_fields}))
                for invite in invites:
                    s.add(LobbyInvite(game_id=game.id, user_id=invite.user_id, name=invite.name))
                if outbox is not None:
                    outbox.game_id, outbox.version = game.id, game.version
                    s.add(outbox)
                s.commit()
            except IntegrityError as error:  # the chat has an open game, maybe opened by another worker just now
                raise StaleGame(f"chat {game.chat_id} already has an open game") from error
            return game

    def invites(self, game_id: int) -> list[LobbyInvite]:
        """Returns the people a lobby invited (from the game it plays again), in the order they were invited."""
        with self._session() as s:
            query = select(LobbyInvite).where(LobbyInvite.game_id == game_id).order_by(col(LobbyInvite.name))
            return list(s.exec(query))

    def set_table_call(self, chat_id: int, user_id: int, wanted: bool) -> bool:
        """Stores (or, not wanted, removes) a user's wish to be called when a lobby opens in a chat.

        Returns whether anything changed.
        """
        with self._writing(several=False) as connection:
            if not wanted:
                gone = connection.execute(
                    delete(TableCall).where(col(TableCall.chat_id) == chat_id, col(TableCall.user_id) == user_id)
                )
                return bool(gone.rowcount)
            dialect_insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
            added = connection.execute(
                dialect_insert(TableCall).values(chat_id=chat_id, user_id=user_id).on_conflict_do_nothing()
            )
            return bool(added.rowcount)

    def table_callers(self, chat_id: int) -> list[int]:
        """Returns the users who asked to be called when a lobby opens in the chat."""
        with self._session() as s:
            query = select(TableCall.user_id).where(TableCall.chat_id == chat_id).order_by(col(TableCall.user_id))
            return list(s.exec(query))

    def save(
        self,
        game: Game,
        seats: Sequence[Seat] = (),
        actions: Sequence[ActionLog] = (),
        remove_seats: Sequence[Seat] = (),
        outbox: Outbox | None = None,
        answer: PressAnswer | None = None,
    ) -> Game:
        """Writes game, seats, new actions, what the change must show and the press's answer in one transaction.

        Only if nobody saved since game.version was read: returns the game with its new version; raises StaleGame
        (writing nothing) otherwise.
        """
        assert game.id is not None
        if outbox is not None:
            outbox.game_id, outbox.version = game.id, game.version + 1
        if self.engine.dialect.name == "postgresql":
            self._save_in_one_statement(game, seats, actions, remove_seats, outbox, answer)
            return self._saved(game, seats, remove_seats)
        kept_refs = unchanged_refs(game)
        values: dict[str, Any] = {name: getattr(game, name) for name in GAME_FIELDS if name not in kept_refs}
        values |= {"version": game.version + 1, "key_id": game.id, "key_version": game.version}
        with self._carrying(game.id) as held, self._writing() as connection:
            result = connection.execute(game_update(kept_refs), values)
            if result.rowcount != 1:
                raise StaleGame(f"game {game.id} changed since version {game.version}")
            for seat in remove_seats:
                connection.execute(
                    delete(Seat).where(col(Seat.game_id) == seat.game_id, col(Seat.position) == seat.position)
                )
            self._write_seats(connection, seats)
            if actions:
                connection.execute(ACTIONS_INSERT, [column_values(action) for action in actions])
            if outbox is not None:
                outbox.id = connection.execute(OUTBOX_INSERT, column_values(outbox, skip=("id",))).scalar_one()
            if answer is not None:
                connection.execute(ANSWER_INSERT, column_values(answer))
            write_held(connection, game.id, held)  # after the insert: SQLite gives no deleted row's id again
        return self._saved(game, seats, remove_seats)

    def _saved(self, game: Game, seats: Sequence[Seat], removed: Sequence[Seat]) -> Game:
        """Gives a game just saved its new version, keeps it with its seats (see KeptGames.saved) and tells the
        listeners of saves."""
        assert game.id is not None
        game.version += 1
        self.kept.saved(game, seats, [seat.position for seat in removed], unchanged_refs(game))
        self._tell_saved(game.id, game.version)
        return game

    def _tell_saved(self, game_id: int, version: int) -> None:
        """Tells every listener of saves that a game reached a version (after its transaction committed)."""
        for listener in self.saved:
            listener(game_id, version)

    def _save_in_one_statement(
        self,
        game: Game,
        seats: Sequence[Seat],
        actions: Sequence[ActionLog],
        remove_seats: Sequence[Seat],
        outbox: Outbox | None,
        answer: PressAnswer | None,
    ) -> None:
        """Runs save() as one PostgreSQL statement (see pg_save); raises StaleGame, writing nothing, if it must."""
        shape, params = pg_save.parameters(game, seats, actions, remove_seats, outbox, answer)
        with self._writing(several=False) as connection:
            saved_id, outbox_id = connection.exec_driver_sql(pg_save.statement(shape), params).one()
        if saved_id is None:
            raise StaleGame(f"game {game.id} changed since version {game.version}")
        if outbox is not None:
            outbox.id = outbox_id

    @staticmethod
    def _write_seats(connection: Connection, seats: Sequence[Seat]) -> None:
        """Updates the given seats in one batch and inserts those that are not stored yet."""
        if not seats:
            return
        rows = [
            {"key_game": seat.game_id, "key_position": seat.position, **{n: getattr(seat, n) for n in SEAT_FIELDS}}
            for seat in seats
        ]
        changed = connection.execute(SEAT_UPDATE, rows).rowcount
        if changed == len(seats):
            return
        stored = set(connection.execute(select(Seat.position).where(col(Seat.game_id) == seats[0].game_id)).scalars())
        fresh = [
            {
                "game_id": seat.game_id,
                "position": seat.position,
                **{n: getattr(seat, n) for n in (*SEAT_FIELDS, *SEAT_REFS)},
            }
            for seat in seats
            if seat.position not in stored
        ]
        if fresh:
            connection.execute(insert(Seat), fresh)

    def outbox(self, game_id: int) -> list[Outbox]:
        """Returns what a game must still show, oldest first (read without the ORM's bookkeeping: rows read often);
        not the rows done whose deletion is held back (taken before the read: deleted meanwhile, they are left out)."""
        done = self.deferred.done_rows(game_id)
        with self._reading() as connection:
            rows = connection.execute(OUTBOX_OF_GAME, {"game_id": game_id}).mappings().all()
        return [instance(OUTBOX_ROWS, dict(row)) for row in rows if row["id"] not in done]

    def outbox_games(self, unsent_before: datetime | None = None, sent_before: datetime | None = None) -> list[int]:
        """Returns the games with something still to show: all of them, or those whose rows are overdue.

        A row is overdue when it was never handed to the messenger and is older than unsent_before, or was handed
        over before sent_before and never confirmed. Rows shown whose deletion is held back are not counted.
        """
        done = self.deferred.every_done()  # taken before the read: deleted meanwhile, they are left out anyway
        overdue = unsent_before is not None and sent_before is not None
        bounds = {"done": list(done), "unsent_before": unsent_before, "sent_before": sent_before}
        with self._reading() as connection:
            return sorted(connection.execute(outbox_games_statement(overdue), bounds).scalars())

    def outbox_progress(self, row: Outbox, seats: Sequence[Seat] = (), **refs: int | None) -> None:
        """Stores how far the delivery of an outbox row got (both progress counts, sent_at), new refs of its game and
        the message refs of seats (see update_seat_refs), with the game's held writes, in one transaction."""
        progress = (
            update(Outbox)
            .where(col(Outbox.id) == row.id)
            .values(progress=row.progress, group_progress=row.group_progress, sent_at=row.sent_at)
        )
        together = bool(refs) and not seats and self.engine.dialect.name == "postgresql"  # one statement: a WITH query
        with (
            self._carrying(row.game_id) as held,
            self._writing(several=bool(refs or seats or held) and not together) as connection,
        ):
            write_held(connection, row.game_id, held)
            if together:
                refs_update = update(Game).where(col(Game.id) == row.game_id).values(**refs)
                connection.execute(refs_update.add_cte(progress.cte("progress")))
                self.kept.write_refs(row.game_id, refs)
                return
            connection.execute(progress)
            if refs:
                connection.execute(update(Game).where(col(Game.id) == row.game_id).values(**refs))
            if seats:
                connection.execute(SEAT_REFS_UPDATE, seat_refs(seats))
        self.kept.write_refs(row.game_id, refs, seat_columns(seats))

    def outbox_done(self, game_id: int, *row_ids: int) -> None:
        """Deletes a game's outbox rows whose every message was shown: with the game's next write where this process
        alone writes (storage.deferred), else at once in one statement."""
        if self.defers:
            self.deferred.note_done(game_id, row_ids)
            return
        with self._writing(several=False) as connection:
            connection.execute(OUTBOX_DELETE, {"game_id": game_id, "ids": list(row_ids)})

    @property
    def sole_writer(self) -> bool:
        """Returns whether this process is the database's only writer (SQLite), so that what it keeps of its own
        writes stays true; not where several workers share the database (PostgreSQL)."""
        return not self.leases.shared

    @property
    def defers(self) -> bool:
        """Returns whether the delivery's writes are held back to ride with a game's next write: where this process
        is the database's only writer (sole_writer), not where several workers share it (see storage.deferred)."""
        return self.sole_writer

    def shown(self, *seats: Seat) -> None:
        """Stores what seats' existing messages show after an edit (their digest): held back to ride with the game's
        next write where this process alone writes (laid over its reads and kept copy meanwhile), else at once."""
        if not seats:
            return
        if not self.defers:
            self.update_seat_refs(*seats)
            return
        game_id = seats[0].game_id
        self.deferred.note_shown(game_id, [(s.position, s.private_message_id, s.shown_digest) for s in seats])
        self.kept.write_refs(game_id, {}, seat_columns(seats))

    def flush_deferred(self, older_than: float = 0.0, game_id: int | None = None) -> int:
        """Writes the held writes of every game (or of game_id) that waited at least older_than seconds, one
        transaction per game; returns how many games had some."""
        games = [g for g in self.deferred.waiting(older_than) if game_id is None or g == game_id]
        for game_id in games:
            with self._carrying(game_id) as held:
                if held is not None:  # else written meanwhile by the game's own write
                    with self._writing() as connection:
                        write_held(connection, game_id, held)
        return len(games)

    @contextmanager
    def _carrying(self, game_id: int) -> Iterator[Held | None]:
        """Yields the game's held writes for the block's transaction to write (write_held), forgotten once the block
        ends well; one such block at a time, so an older copy never lands after a newer one."""
        if not self.defers:
            yield None
            return
        with self._carrying_lock:
            held = self.deferred.taken(game_id)
            yield held
            if held is not None:
                self.deferred.written(game_id, held)

    def press_answer(self, press_id: str) -> PressAnswer | None:
        """Returns the answer given to a press that changed a game, if this press was applied (read without the ORM's
        bookkeeping: every game press asks)."""
        with self._reading() as connection:
            row = connection.execute(PRESS_ANSWER_BY_ID, {"press_id": press_id}).mappings().first()
        return None if row is None else instance(PRESS_ANSWERS, dict(row))

    def forget_press_answers(self, before: datetime) -> None:
        """Deletes the answers of presses older than before (the messenger redelivers for a day at most)."""
        with self.engine.begin() as connection:
            connection.execute(delete(PressAnswer).where(col(PressAnswer.at) < before))

    def update_refs(self, game_id: int, **refs: int | None) -> None:
        """Stores message references of a game without touching its version, with the game's held writes."""
        with self._carrying(game_id) as held, self._writing(several=held is not None) as connection:
            write_held(connection, game_id, held)
            connection.execute(update(Game).where(col(Game.id) == game_id).values(**refs))
        self.kept.write_refs(game_id, refs)

    def update_seat_refs(self, *seats: Seat) -> None:
        """Stores seats' private message references and what they show (no new version; a save never writes them).

        Each seat's row is true on its own (its message was edited or sent before), so on the pinned connection the
        rows need no common transaction: a crash between them only leaves a message to be compared and edited again.
        """
        if not seats:
            return
        with self._carrying(seats[0].game_id) as held, self._writing(several=held is not None) as connection:
            write_held(connection, seats[0].game_id, held)  # first: the refs stored now are the newer
            connection.execute(SEAT_REFS_UPDATE, seat_refs(seats))
        self.kept.write_refs(seats[0].game_id, {}, seat_columns(seats))

    def shift_deadlines(self, by: timedelta) -> int:
        """Moves the deadline and reminder of every running game by `by` in one UPDATE; returns how many games.

        The version changes, so a save that read the game before the shift is refused and done again.
        """
        try:
            with self._writing(several=False) as connection:
                return connection.execute(deadlines_shift(by, self.engine.dialect.name)).rowcount
        finally:
            self.kept.clear()

    def due(self, now: datetime) -> DueTimers:
        """Returns ids of running games past their deadline, past their reminder, of expired lobbies, and of running
        games due to offer the AI for the awaited people; each oldest first, in one statement."""
        with self._reading() as connection:
            return due_timers(connection, now)


@cache
def game_update(kept_refs: tuple[str, ...]) -> Update:
    """Returns the compare-and-set UPDATE of a game's columns but the message references it leaves as stored (keyed
    key_id, key_version), built once per such set: a statement built per save costs more than running it."""
    names = [name for name in GAME_FIELDS if name not in kept_refs] + ["version"]
    where = (col(Game.id) == bindparam("key_id"), col(Game.version) == bindparam("key_version"))
    return update(Game).where(*where).values({name: bindparam(name) for name in names})


def seat_refs(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """Returns the parameters of SEAT_REFS_UPDATE for seats: their keys and message refs."""
    return [
        {"key_game": seat.game_id, "key_position": seat.position, **{name: getattr(seat, name) for name in SEAT_REFS}}
        for seat in seats
    ]


def seat_columns(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """Returns each seat's position and message references (SEAT_REFS), as KeptGames.write_refs takes them."""
    return [{"position": seat.position, **{name: getattr(seat, name) for name in SEAT_REFS}} for seat in seats]


def deadlines_shift(by: timedelta, dialect: str) -> Update:
    """Returns the UPDATE that moves every running game's deadline, reminder and offer by `by` (a new version)."""
    return (
        update(Game)
        .where(col(Game.status) == RUNNING)
        .values(
            deadline_at=shifted(col(Game.deadline_at), by, dialect),
            reminder_at=shifted(col(Game.reminder_at), by, dialect),
            offer_at=shifted(col(Game.offer_at), by, dialect),
            version=col(Game.version) + 1,
        )
    )


def shifted(moment: Mapped[datetime | None], by: timedelta, dialect: str) -> ColumnElement[Any]:
    """Returns the SQL of a stored time moved by `by` (NULL stays NULL), as the dialect stores times."""
    if dialect == "sqlite":  # stored as text 'YYYY-MM-DD HH:MM:SS.ffffff'; strftime's %f gives milliseconds
        modifier = literal(f"{by.total_seconds():+.6f} seconds")
        return func.strftime("%Y-%m-%d %H:%M:%f", moment, modifier).concat("000")
    return moment + literal(by)


@cache
def outbox_games_statement(overdue: bool) -> SelectOfScalar[int]:
    """Returns the distinct games of outbox rows not among the parameter `done`; if overdue, only rows never handed
    over before `unsent_before` or handed over before `sent_before`; built once, as the timer's sweep asks every
    tick."""
    query = select(col(Outbox.game_id)).distinct().where(col(Outbox.id).not_in(bindparam("done", expanding=True)))
    if overdue:
        never_sent = col(Outbox.sent_at).is_(None) & (col(Outbox.created_at) <= bindparam("unsent_before"))
        query = query.where(never_sent | (col(Outbox.sent_at) <= bindparam("sent_before")))
    return query


def column_values(model: SQLModel, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Returns a model's column values by name, for a Core insert."""
    return {name: getattr(model, name) for name in type(model).model_fields if name not in skip}
