"""Forgetting a person: their name and id erased from settings, seats, results and calls, in one transaction.

Their finished games stay (records, a group's statistics by side), with the seat named ERASED_NAME and held by
nobody; their results count for nobody, so no group's table names them. A person seated in a game that is gathering
or running is not forgotten: the game still needs their seat.
"""

from __future__ import annotations

from sqlalchemy import Engine, delete, update
from sqlmodel import Session, col, select

from bangbot.storage.models import (
    GATHERING,
    RUNNING,
    Game,
    LobbyInvite,
    PressAnswer,
    Seat,
    SeatResult,
    StatsHidden,
    TableCall,
    UserSettings,
)

ERASED_NAME = "—"  # a forgotten person's seat in the records: no name, in no language
NOBODY = 0  # the creator of a finished game whose creator was forgotten


def in_open_game(session: Session, user_id: int) -> bool:
    """Returns whether the person holds a seat of a game that is gathering or running."""
    query = select(Seat).join(Game, col(Game.id) == col(Seat.game_id))
    query = query.where(col(Seat.user_id) == user_id, col(Game.status).in_([GATHERING, RUNNING]))
    return session.exec(query.limit(1)).first() is not None


def seated(engine: Engine, user_id: int) -> bool:
    """Returns whether the person holds a seat of a game that is gathering or running."""
    with Session(engine) as session:
        return in_open_game(session, user_id)


def forget_user(engine: Engine, user_id: int) -> bool:
    """Erases a person's name and id everywhere they are kept; returns False (and changes nothing) while they are
    seated in a game that is gathering or running."""
    with Session(engine) as session, session.begin():
        if in_open_game(session, user_id):
            return False
        for model in (UserSettings, StatsHidden, TableCall, LobbyInvite, PressAnswer):
            session.execute(delete(model).where(col(model.user_id) == user_id))
        session.execute(update(Seat).where(col(Seat.user_id) == user_id).values(user_id=None, name=ERASED_NAME))
        session.execute(update(SeatResult).where(col(SeatResult.user_id) == user_id).values(user_id=None))
        session.execute(update(Game).where(col(Game.creator_id) == user_id).values(creator_id=NOBODY))
    return True
