"""A game's save as one PostgreSQL statement: one round trip, atomic without BEGIN and COMMIT.

The game's compare-and-set UPDATE comes first as a data-modifying WITH query; every other write (removed seats,
seats upserted, new actions, the outbox row, the press's answer) reads it, so that when the version moved on
nothing at all is written. The statement's text depends only on the shape of the save (how many seats, actions,
...), so each shape is built once and the driver prepares it on the server.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy.dialects.postgresql.base import PGDialect
from sqlmodel import SQLModel

from bangbot.storage.models import SEAT_REFS, ActionLog, Game, Outbox, PressAnswer, Seat, table_of, unchanged_refs

DIALECT = PGDialect()  # type: ignore[no-untyped-call]  # SQLAlchemy leaves its __init__ untyped
GAME = "g"  # the name of the WITH query that updates the game and returns its id when the version matched


@dataclass(frozen=True, slots=True)
class Shape:
    """What a save writes (whether it deletes seats, how many rows of each kind): one statement text per shape."""

    removed: bool
    seats: int
    actions: int
    outbox: bool
    answer: bool
    kept: tuple[str, ...] = ()  # the game's message references the save leaves as stored (it did not change them)


def quoted(name: str) -> str:
    """Returns a column or table name quoted for PostgreSQL."""
    return '"' + name.replace('"', '""') + '"'


def columns(model: type[SQLModel], skip: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Returns a model's columns as (name, PostgreSQL type), in table order."""
    return [(c.name, c.type.compile(dialect=DIALECT)) for c in table_of(model).columns if c.name not in skip]


def typed(prefix: str, name: str, sql_type: str) -> str:
    """Returns the placeholder of one value, cast to its column's type (VALUES rows have no target to infer it)."""
    return f"CAST(%({prefix}{name})s AS {sql_type})"


def rows_of(model: type[SQLModel], prefix: str, count: int, skip: tuple[str, ...] = ()) -> str:
    """Returns `INSERT INTO t (cols) SELECT ... FROM (VALUES ...)` guarded by the game's update, for count rows."""
    cols = columns(model, skip)
    names = ", ".join(quoted(n) for n, _ in cols)
    values = ", ".join("(" + ", ".join(typed(f"{prefix}{i}_", n, t) for n, t in cols) + ")" for i in range(count))
    return (
        f"INSERT INTO {quoted(table_of(model).name)} ({names}) "
        f"SELECT * FROM (VALUES {values}) AS v ({names}) WHERE EXISTS (SELECT 1 FROM {GAME})"
    )


@lru_cache(maxsize=256)  # shapes differ mostly in how many actions the AI made; a long run meets many
def statement(shape: Shape) -> str:
    """Returns the text of the one statement that saves a game of this shape; it yields (game id, outbox id)."""
    game_cols = columns(Game, skip=("id", *shape.kept))
    sets = ", ".join(f"{quoted(n)} = {typed('g_', n, t)}" for n, t in game_cols)
    parts = [
        f"{GAME} AS (UPDATE game SET {sets} WHERE id = %(key_id)s AND version = %(key_version)s RETURNING id)",
    ]
    if shape.removed:
        parts.append(
            f"removed AS (DELETE FROM seat WHERE game_id IN (SELECT id FROM {GAME})"
            " AND position = ANY(CAST(%(removed)s AS INTEGER[])))"
        )
    if shape.seats:
        keys = table_of(Seat).primary_key.columns.keys()
        kept = (*keys, *SEAT_REFS)  # delivery's: a stored seat keeps its message
        updates = ", ".join(f"{quoted(n)} = EXCLUDED.{quoted(n)}" for n, _ in columns(Seat, skip=kept))
        on_conflict = f" ON CONFLICT ({', '.join(quoted(k) for k in keys)}) DO UPDATE SET {updates}"
        parts.append(f"seats AS ({rows_of(Seat, 's', shape.seats)}{on_conflict})")
    if shape.actions:
        parts.append(f"actions AS ({rows_of(ActionLog, 'a', shape.actions)})")
    if shape.outbox:
        parts.append(f"outbox_row AS ({rows_of(Outbox, 'o', 1, skip=('id',))} RETURNING id)")
    if shape.answer:
        parts.append(f"answer AS ({rows_of(PressAnswer, 'p', 1)})")
    outbox_id = "(SELECT id FROM outbox_row)" if shape.outbox else "NULL"
    return f"WITH {', '.join(parts)} SELECT (SELECT id FROM {GAME}), {outbox_id}"


def values_of(prefix: str, model: SQLModel, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """Returns a row's parameters under the statement's names for it."""
    return {f"{prefix}{c.name}": getattr(model, c.name) for c in table_of(type(model)).columns if c.name not in skip}


def parameters(
    game: Game,
    seats: Sequence[Seat],
    actions: Sequence[ActionLog],
    removed: Sequence[Seat],
    outbox: Outbox | None,
    answer: PressAnswer | None,
) -> tuple[Shape, dict[str, Any]]:
    """Returns the shape of a save and its parameters; the game's row gets version + 1.

    A removed seat whose position is written again is not deleted: its row is overwritten, every column of it but
    delivery's message references (as any stored seat's); the game's references are written only if it changed them.
    """
    written = {s.position for s in seats}
    gone = sorted({s.position for s in removed} - written)  # a seat written again is overwritten whole instead
    kept = unchanged_refs(game)
    params = values_of("g_", game, skip=("id", *kept))
    params |= {"g_version": game.version + 1, "key_id": game.id, "key_version": game.version}
    if gone:
        params["removed"] = gone
    for i, seat in enumerate(seats):
        params |= values_of(f"s{i}_", seat)
    for i, action in enumerate(actions):
        params |= values_of(f"a{i}_", action)
    if outbox is not None:
        params |= values_of("o0_", outbox, skip=("id",))
    if answer is not None:
        params |= values_of("p0_", answer)
    shape = Shape(bool(gone), len(seats), len(actions), outbox is not None, answer is not None, kept)
    return shape, params
