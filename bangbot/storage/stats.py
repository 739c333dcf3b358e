"""Statistics and records from storage: per-seat results written when a game ends, read by indexed queries.

Every read filters on an indexed user or chat first, so its cost follows that user's or chat's games, never the
number of games stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Engine, Integer, cast, delete, func, or_
from sqlalchemy import select as core_select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlmodel import Session, col, select

from bangbot.storage.models import Game, Seat, SeatResult, StatsHidden, UserSettings
from bangbot.storage.repository import column_values

STREAK_WINDOW = 100  # the newest results read to count the current streak
GROUP_ROWS = 20  # players shown in a group's table
DEALT = or_(col(Game.state_json).is_not(None), col(Game.purged_at).is_not(None))  # Game.dealt, as a condition


@dataclass(frozen=True, slots=True)
class Tally:
    """Games, wins, games survived and eliminations of one group of results."""

    ruleset: str
    mode: str
    role: str
    games: int
    wins: int
    survived: int
    eliminations: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a group's table: a player, their name, games and wins there."""

    user_id: int
    name: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Balance:
    """How many finished games of one game and mode (or preset) a side won in a chat."""

    ruleset: str
    mode: str
    winner: str
    games: int


class StatsStore:
    """Reads and writes the results behind /stats and finds the games behind /record."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def write_results(self, rows: Sequence[SeatResult]) -> None:
        """Stores a finished game's results; results already stored for a seat are kept as they are."""
        if not rows:
            return
        dialect_insert = postgresql_insert if self.engine.dialect.name == "postgresql" else sqlite_insert
        statement = dialect_insert(SeatResult).values([column_values(row) for row in rows])
        with self.engine.begin() as connection:
            connection.execute(statement.on_conflict_do_nothing(index_elements=["game_id", "position"]))

    def tallies(self, user_id: int) -> list[Tally]:
        """Returns a user's counted results per game, mode and role."""
        r = SeatResult
        query = (
            core_select(
                col(r.ruleset),
                col(r.mode),
                col(r.role),
                func.count(),
                func.sum(cast(col(r.won), Integer)),
                func.sum(cast(col(r.survived), Integer)),
                func.sum(r.eliminations),
            )
            .where(col(r.user_id) == user_id, col(r.counted).is_(True))
            .group_by(col(r.ruleset), col(r.mode), col(r.role))
            .order_by(col(r.ruleset), col(r.mode), col(r.role))
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
            return [Tally(g, m, ro, n, int(w or 0), int(sv or 0), int(k or 0)) for g, m, ro, n, w, sv, k in rows]

    def favourites(self, user_id: int, limit: int = 3) -> list[tuple[str, str, int]]:
        """Returns a user's most played characters as (ruleset, character, games), most played first."""
        r = SeatResult
        games = func.count().label("games")
        query = (
            core_select(col(r.ruleset), col(r.character), games)
            .where(col(r.user_id) == user_id, col(r.counted).is_(True), col(r.character) != "")
            .group_by(col(r.ruleset), col(r.character))
            .order_by(games.desc(), col(r.character))
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return [(g, c, n) for g, c, n in connection.execute(query).all()]

    def streak(self, user_id: int) -> tuple[bool, int]:
        """Returns the current streak: (wins or losses, how many in a row), counted over the newest results."""
        r = SeatResult
        query = (
            select(r.won)
            .where(col(r.user_id) == user_id, col(r.counted).is_(True))
            .order_by(col(r.finished_at).desc(), col(r.game_id).desc())
            .limit(STREAK_WINDOW)
        )
        with Session(self.engine) as s:
            results = list(s.exec(query))
        if not results:
            return False, 0
        first = results[0]
        run = next((i for i, won in enumerate(results) if won != first), len(results))
        return first, run

    def standings(self, chat_id: int, min_games: int) -> list[Standing]:
        """Returns a chat's players with at least min_games counted games, best rate first, hidden users left out."""
        r = SeatResult
        games = func.count().label("games")
        wins = func.sum(cast(col(r.won), Integer)).label("wins")
        hidden = core_select(col(StatsHidden.user_id))
        query = (
            core_select(col(r.user_id), func.max(col(UserSettings.name)), games, wins)
            .join(UserSettings, col(UserSettings.user_id) == col(r.user_id), isouter=True)
            .where(
                col(r.chat_id) == chat_id,
                col(r.user_id).is_not(None),
                col(r.counted).is_(True),
                col(r.user_id).not_in(hidden),
            )
            .group_by(col(r.user_id))
            .having(games >= min_games)
            .order_by((wins * 1.0 / games).desc(), games.desc(), col(r.user_id))
            .limit(GROUP_ROWS)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [Standing(int(u or 0), name or "", n, int(w or 0)) for u, name, n, w in rows]

    def balance(self, chat_id: int) -> list[Balance]:
        """Returns, per game and mode finished in a chat, how many each side won (one result row per game: seat 0)."""
        r = SeatResult
        query = (
            core_select(col(r.ruleset), col(r.mode), col(r.winner), func.count())
            .where(col(r.chat_id) == chat_id, col(r.position) == 0)
            .group_by(col(r.ruleset), col(r.mode), col(r.winner))
            .order_by(col(r.ruleset), col(r.mode), col(r.winner))
        )
        with self.engine.connect() as connection:
            return [Balance(g, m, w, n) for g, m, w, n in connection.execute(query).all()]

    def hidden(self, user_id: int) -> bool:
        """Returns whether the user left groups' tables."""
        with Session(self.engine) as s:
            return s.get(StatsHidden, user_id) is not None

    def hide(self, user_id: int, hidden: bool) -> None:
        """Leaves groups' tables (hidden) or comes back to them."""
        with self.engine.begin() as connection:
            connection.execute(delete(StatsHidden).where(col(StatsHidden.user_id) == user_id))
            if hidden:
                connection.execute(StatsHidden.__table__.insert().values(user_id=user_id))  # type: ignore[attr-defined]

    def latest_game_of(self, user_id: int, game_id: int | None = None) -> Game | None:
        """Returns the newest game the user held a seat in that has been dealt (or that game, if they had a seat)."""
        query = select(Game).join(Seat, col(Seat.game_id) == col(Game.id)).where(Seat.user_id == user_id, DEALT)
        if game_id is not None:
            query = query.where(Game.id == game_id)
        with Session(self.engine, expire_on_commit=False) as s:
            return s.exec(query.order_by(col(Game.id).desc()).limit(1)).first()

    def latest_game_in(self, chat_id: int, game_id: int | None = None) -> Game | None:
        """Returns the chat's newest dealt game (or that game, if it was played in the chat)."""
        query = select(Game).where(Game.chat_id == chat_id, DEALT)
        if game_id is not None:
            query = query.where(Game.id == game_id)
        with Session(self.engine, expire_on_commit=False) as s:
            return s.exec(query.order_by(col(Game.id).desc()).limit(1)).first()
