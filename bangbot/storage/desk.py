"""What the owner's desk reads and writes: workers' heartbeats, 429s per worker and minute, banned chats, the games."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine, delete, func
from sqlmodel import Session, col, select

from bangbot.storage.models import OPEN_STATUSES, RUNNING, BannedChat, Game, Outbox, RateLimited, WorkerBeat

SHOWN_GAMES = 10  # running games listed on the desk, newest first (the total is counted)
WORKERS_SEEN = timedelta(days=1)  # a worker not seen for longer is no longer listed


@dataclass(frozen=True)
class Desk:
    """What the owner's desk shows, read at one moment."""

    workers: list[WorkerBeat]
    running: int
    games: list[Game]  # the newest SHOWN_GAMES running games
    backlog: int  # outbox rows still to show
    limited: int  # 429s in the last hour, every worker's
    banned: list[int]


def beat(engine: Engine, worker: str, started: datetime, now: datetime, limited: int) -> None:
    """Stores that a worker's timer ticked now, adding the 429s it saw since its last beat to this minute's count."""
    minute = now.replace(second=0, microsecond=0)
    with Session(engine) as session, session.begin():
        row = session.get(WorkerBeat, worker)
        if row is None:
            session.add(WorkerBeat(worker=worker, started_at=started, seen_at=now))
        else:
            row.seen_at = now
        if limited:
            count = session.get(RateLimited, (worker, minute))
            if count is None:
                session.add(RateLimited(worker=worker, minute=minute, count=limited))
            else:
                count.count += limited
        session.execute(delete(RateLimited).where(col(RateLimited.minute) < now - timedelta(days=1)))


def read_desk(engine: Engine, now: datetime, shown: frozenset[int] = frozenset()) -> Desk:
    """Returns what the desk shows now; the shown outbox rows whose deletion this process holds back are no backlog."""
    with Session(engine) as session:
        workers = session.exec(
            select(WorkerBeat).where(col(WorkerBeat.seen_at) >= now - WORKERS_SEEN).order_by(col(WorkerBeat.worker))
        ).all()
        running = session.exec(select(func.count()).select_from(Game).where(col(Game.status) == RUNNING)).one()
        games = session.exec(
            select(Game).where(col(Game.status) == RUNNING).order_by(col(Game.id).desc()).limit(SHOWN_GAMES)
        ).all()
        backlog = session.exec(select(func.count()).select_from(Outbox).where(col(Outbox.id).not_in(shown))).one()
        limited = session.exec(
            select(func.coalesce(func.sum(RateLimited.count), 0)).where(
                col(RateLimited.minute) >= now - timedelta(hours=1)
            )
        ).one()
        banned = session.exec(select(BannedChat.chat_id).order_by(col(BannedChat.chat_id))).all()
    return Desk(list(workers), int(running), list(games), int(backlog), int(limited), list(banned))


def banned_chats(engine: Engine) -> frozenset[int]:
    """Returns the ids of every banned chat."""
    with Session(engine) as session:
        return frozenset(session.exec(select(BannedChat.chat_id)).all())


def set_banned(engine: Engine, chat_id: int, banned: bool, now: datetime) -> None:
    """Bans a chat (again: no change) or lifts its ban."""
    with Session(engine) as session, session.begin():
        row = session.get(BannedChat, chat_id)
        if banned and row is None:
            session.add(BannedChat(chat_id=chat_id, banned_at=now))
        elif not banned and row is not None:
            session.delete(row)


def open_games_in(engine: Engine, chat_id: int) -> list[Game]:
    """Returns a chat's games that are gathering or running (one per topic)."""
    with Session(engine, expire_on_commit=False) as session:
        query = select(Game).where(col(Game.chat_id) == chat_id, col(Game.status).in_(OPEN_STATUSES))
        return list(session.exec(query).all())


def running_ids(engine: Engine) -> list[int]:
    """Returns the ids of every running game."""
    with Session(engine) as session:
        return [i for i in session.exec(select(Game.id).where(col(Game.status) == RUNNING)).all() if i is not None]


def add_notice(engine: Engine, game_id: int, payload: Callable[[Game], str], now: datetime) -> bool:
    """Adds an outbox row that shows payload(game) to a running game's group; returns False when it is not running."""
    with Session(engine) as session, session.begin():
        game = session.get(Game, game_id)
        if game is None or game.status != RUNNING:
            return False
        session.add(Outbox(game_id=game_id, version=game.version, payload=payload(game), created_at=now))
    return True
