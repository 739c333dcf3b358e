"""The tables: chats' and users' settings, games (lobby and play), seats, the action log, and what is still to show."""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import BigInteger, Column, Index, Table, Text, text
from sqlalchemy import inspect as sa_inspect
from sqlmodel import Field, SQLModel

GATHERING = "gathering"
RUNNING = "running"
FINISHED = "finished"
CANCELLED = "cancelled"
EXPIRED = "expired"
OPEN_STATUSES = (GATHERING, RUNNING)

DEFAULT_DEADLINE_SECONDS = 24 * 3600
DEFAULT_RULESET = "base"  # games and chats stored before rulesets existed play base BANG!


class ChatSettings(SQLModel, table=True):
    """A group chat's language and the settings new lobbies start from."""

    __tablename__ = "chat_settings"
    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    language: str | None = None
    ruleset: str = DEFAULT_RULESET
    preset: str = "standard"
    choices_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))  # lobby options
    deadline_seconds: int = DEFAULT_DEADLINE_SECONDS
    ai_seats: int = 0


class UserSettings(SQLModel, table=True):
    """A user's chosen language (None: follow the messenger's) and whether they can be messaged."""

    __tablename__ = "user_settings"
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    name: str = ""
    language: str | None = None
    messenger_language: str | None = None


JOIN_TOKEN_BYTES = 12  # 96 random bits, 16 URL-safe characters: fits a deep link's start parameter


def new_join_token() -> str:
    """Returns a random, unguessable token for a lobby's join link (letters, digits, - and _)."""
    return secrets.token_urlsafe(JOIN_TOKEN_BYTES)


OPEN_GAME_CONDITION = text("status IN ('gathering', 'running')")


class Game(SQLModel, table=True):
    """A lobby and then the game it became; version changes with every saved change."""

    __tablename__ = "game"
    __table_args__ = (
        Index(
            "uq_game_open_per_chat_topic",
            "chat_id",
            "thread_id",
            unique=True,
            sqlite_where=OPEN_GAME_CONDITION,
            postgresql_where=OPEN_GAME_CONDITION,
        ),
        # Repository.due(): an equality on status, then a range on the time: only the games due are read.
        Index("ix_game_status_deadline_at", "status", "deadline_at"),
        Index("ix_game_status_reminder_at", "status", "reminder_at"),
        Index("ix_game_status_lobby_expires_at", "status", "lobby_expires_at"),
        Index("ix_game_status_offer_at", "status", "offer_at"),
        Index("uq_game_join_token", "join_token", unique=True),
    )
    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(sa_column=Column(BigInteger, index=True, nullable=False))
    thread_id: int = Field(default=0, sa_column=Column(BigInteger, nullable=False, default=0))  # the topic; 0: none
    chat_title: str = ""
    join_token: str | None = Field(default_factory=new_join_token)  # None only for games stored before tokens
    status: str = Field(default=GATHERING, index=True)
    creator_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    ruleset: str = DEFAULT_RULESET
    preset: str = "standard"
    # The lobby options chosen (its game's LobbyOption ids -> values, JSON); a game reads the ones it declares
    choices_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    deadline_seconds: int = DEFAULT_DEADLINE_SECONDS
    ai_seats: int = 0
    ai_level: str = Field(default="normal", sa_column_kwargs={"server_default": "normal"})  # how its AI seats play
    seed: int | None = Field(default=None, sa_column=Column(BigInteger))
    version: int = 0
    state_json: str | None = Field(default=None, sa_column=Column(Text))
    deadline_at: datetime | None = None
    reminder_at: datetime | None = None
    lobby_expires_at: datetime | None = None
    offer_at: datetime | None = None  # when the group is offered to let the AI play for the awaited people
    created_at: datetime
    updated_at: datetime
    lobby_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    table_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    log_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    log_json: str = Field(default="[]", sa_column=Column(Text, nullable=False, default="[]"))
    log_turn: int = 0
    winner: str | None = None
    paused: bool = False  # the bot is away from the group: no move, and deadline_at is when the game is given up
    purged_at: datetime | None = None  # a finished game's hidden state was dropped (storage.purge): state_json is None

    @property
    def dealt(self) -> bool:
        """Returns whether the game was dealt (it has a state, or had one until it was purged)."""
        return self.state_json is not None or self.purged_at is not None


class Seat(SQLModel, table=True):
    """A lobby member and later a seat at the table; user_id None marks an AI player."""

    __tablename__ = "seat"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    position: int = Field(primary_key=True)
    user_id: int | None = Field(default=None, sa_column=Column(BigInteger, index=True))
    name: str = ""
    standin: bool = False
    unreachable: bool = False
    missed_deadlines: int = 0
    missed_turn: int = -1
    prompt_version: int = 0
    prompt_digest: str = ""
    shown_digest: str = ""
    private_message_id: int | None = Field(default=None, sa_column=Column(BigInteger))
    ai_memory_json: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))

    @property
    def is_ai(self) -> bool:
        """Returns whether an AI player, not a person, holds this seat."""
        return self.user_id is None

    @property
    def ai_controlled(self) -> bool:
        """Returns whether the AI decides for this seat now (an AI seat, an absent or unreachable person)."""
        return self.user_id is None or self.standin or self.unreachable


class ActionLog(SQLModel, table=True):
    """One applied action of a game, in notation, in order: the game's replayable history."""

    __tablename__ = "action_log"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    index: int = Field(primary_key=True)
    seat: int
    action: str
    by: str = "player"
    at: datetime


class Outbox(SQLModel, table=True):
    """What a saved change must still show, written in the change's transaction and deleted once it is shown.

    `payload` is JSON (see messaging.delivery.outbox); `progress` counts the players' steps that sent a new message and
    `group_progress` the group's, so a delivery that starts again never sends one twice; `sent_at` is set once
    everything was handed to the messenger.
    """

    __tablename__ = "outbox"
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    version: int = 0
    payload: str = Field(default="{}", sa_column=Column(Text, nullable=False, default="{}"))
    progress: int = 0
    group_progress: int = 0
    created_at: datetime
    sent_at: datetime | None = None


class PressAnswer(SQLModel, table=True):
    """The answer given to a press that changed a game, so that the same press delivered again gets it again."""

    __tablename__ = "press_answer"
    press_id: str = Field(primary_key=True)
    game_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    text: str = ""
    alert: bool = False
    at: datetime = Field(index=True)


class LobbyInvite(SQLModel, table=True):
    """A player of a finished game invited to the lobby that plays it again; they join with one press."""

    __tablename__ = "lobby_invite"
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    name: str = ""


class TableCall(SQLModel, table=True):
    """A user who asked to be told privately when a lobby opens in a group chat."""

    __tablename__ = "table_call"
    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))


def table_of(model: type[SQLModel]) -> Table:
    """Returns the SQLAlchemy table of a table model."""
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


class SeatResult(SQLModel, table=True):
    """How one seat of a finished game ended, written once when the game ends: what statistics are counted from.

    user_id is the person who held the seat (None: an AI player); counted is False when the AI was standing in for
    them when the game ended or they were eliminated, so the result is not theirs. role is the base role, or the
    Duel's side; mode the Duel's mode (else the preset); character the seat's character ("" for the Duel's squads);
    ai_level the level of the AI that held the seat at the end (easy, normal, hard; "" when its person did).
    """

    __tablename__ = "seat_result"
    __table_args__ = (
        Index("ix_seat_result_user_finished", "user_id", "finished_at"),
        Index("ix_seat_result_chat_user", "chat_id", "user_id"),
    )
    game_id: int = Field(foreign_key="game.id", primary_key=True)
    position: int = Field(primary_key=True)
    user_id: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    chat_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    ruleset: str = DEFAULT_RULESET
    mode: str = ""
    role: str = ""
    character: str = ""
    won: bool = False
    survived: bool = False
    eliminations: int = 0
    counted: bool = True
    winner: str = ""
    finished_at: datetime
    ai_level: str = Field(default="", sa_column_kwargs={"server_default": ""})


class StatsHidden(SQLModel, table=True):
    """A user who asked (/stats off) to be left out of groups' statistics tables."""

    __tablename__ = "stats_hidden"
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))


# The group messages a game shows, stored by delivery without a new version: a save writes one only when the change
# itself set it (the lobby becomes the table, a resumed game starts new messages), so that a save that read the game
# before delivery stored a new message never puts the old reference back.
GAME_REFS = ("lobby_message_id", "table_message_id", "log_message_id")
# A seat's private message and what it shows are delivery's (stored without a new version); a save never writes them.
SEAT_REFS = ("private_message_id", "shown_digest")


def unchanged_refs(game: Game) -> tuple[str, ...]:
    """Returns the message references of game that it has not changed since it was read (a save leaves those)."""
    state = sa_inspect(game)
    return tuple(name for name in GAME_REFS if not state.attrs[name].history.has_changes())


class WorkerBeat(SQLModel, table=True):
    """A bot process and when its timer last ticked: the owner's desk lists the workers."""

    __tablename__ = "worker_beat"
    worker: str = Field(primary_key=True)  # host, process id and start time: one per process ever started
    started_at: datetime
    seen_at: datetime


class RateLimited(SQLModel, table=True):
    """How many of a worker's requests Telegram refused with 429 (too many requests) in one minute."""

    __tablename__ = "rate_limited"
    worker: str = Field(primary_key=True)
    minute: datetime = Field(primary_key=True)
    count: int = 0


class BannedChat(SQLModel, table=True):
    """A chat the owner banned: its commands and presses are refused and no game is made there."""

    __tablename__ = "banned_chat"
    chat_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    banned_at: datetime


class SendSlot(SQLModel, table=True):
    """One of the latest starts of requests under one of Telegram's limits, shared by every worker (PostgreSQL).

    A budget (key: a group chat, or the bot as a whole) keeps as many slots as its largest limit allows in a window;
    taking one rewrites the oldest slot's time (storage.budgets). Times are the database's clock, in epoch seconds.
    """

    __tablename__ = "send_slot"
    key: str = Field(primary_key=True)
    slot: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    at: float = 0.0


class ClockReference(SQLModel, table=True):
    """A machine's wall clock minus its boot clock at the latest tick of any worker on it (messaging.timers.ticker).

    A step of the wall clock changes this offset; the first worker to see the change moves the deadlines and stores
    the new offset in one transaction, so one step is undone once, however many workers run on the machine.
    """

    __tablename__ = "clock_reference"
    boot: str = Field(primary_key=True)
    offset_seconds: float = 0.0


class TimerClaim(SQLModel, table=True):
    """A game whose due timers one worker is firing, until `until` at the latest (storage.timers.claims)."""

    __tablename__ = "timer_claim"
    game_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    until: datetime
