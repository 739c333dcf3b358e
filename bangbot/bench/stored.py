"""Many stored games, inserted in bulk: mostly finished, a share running with future deadlines, some lobbies."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from random import Random
from typing import Any, NamedTuple

from sqlalchemy import Engine, insert
from sqlmodel import col

from bangbot.games import DEFAULT, game
from bangbot.games import game as registered
from bangbot.selfplay import play_random_game
from bangbot.storage.models import CANCELLED, EXPIRED, FINISHED, GATHERING, RUNNING, Game, Seat, new_join_token

PLAYERS = 5
LOBBY_MEMBERS = 2
CHUNK = 2000
FIRST_CHAT = -1_000_000_000  # far from the chats the other benchmarks and the tests use


def status_of(index: int) -> str:
    """Returns the status of the index-th stored game: 10% running, 2% lobbies, 3% closed lobbies, 85% finished."""
    share = index % 100
    if share < 10:
        return RUNNING
    if share < 12:
        return GATHERING
    if share < 15:
        return CANCELLED if share % 2 else EXPIRED
    return FINISHED


def game_row(template: dict[str, Any], index: int, now: datetime, state_json: str, winner: str) -> dict[str, Any]:
    """Returns the index-th stored game as a row over template: nothing due at now, closed lobbies keep their expiry."""
    status = status_of(index)
    past = now - timedelta(days=1 + index % 300, minutes=index % 1440)
    row = {**template, "chat_id": FIRST_CHAT - index, "chat_title": f"Chat {index}", "status": status}
    row.update(creator_id=index, created_at=past, updated_at=past, join_token=new_join_token())
    if status == RUNNING:
        deadline = now + timedelta(minutes=10 + index % (24 * 60))
        reminder = max(deadline - timedelta(seconds=row["deadline_seconds"] / 5), now + timedelta(minutes=5))
        row.update(state_json=state_json, version=1 + index % 400, deadline_at=deadline, reminder_at=reminder)
    elif status == GATHERING:
        row.update(lobby_expires_at=now + timedelta(minutes=5 + index % 355))
    elif status in (CANCELLED, EXPIRED):
        row.update(lobby_expires_at=past + timedelta(hours=6))
    else:
        row.update(state_json=state_json, version=1 + index % 400, winner=winner)
    return row


def seat_rows(template: dict[str, Any], game_id: int, status: str, index: int) -> list[dict[str, Any]]:
    """Returns the seats of a stored game over template: every player at a table, the first members in a lobby."""
    count = LOBBY_MEMBERS if status in (GATHERING, CANCELLED, EXPIRED) else PLAYERS
    return [
        {**template, "game_id": game_id, "position": p, "user_id": index * 10 + p + 1, "name": f"P{p}"}
        for p in range(count)
    ]


class Finished(NamedTuple):
    """What the stored results copy of one finished game: its preset, winning side, and each seat's role and win."""

    preset: str
    winner: str
    roles: tuple[str, ...]
    won: tuple[bool, ...]


def finished_sample(seed: int = 1) -> Finished:
    """Returns one random game of the default game, played to its end, as the stored results copy it."""
    played = game(DEFAULT)
    preset = played.ruleset.presets[0]
    state = play_random_game(played.ruleset.config(PLAYERS, preset), seed, Random(seed), False).state
    assert state is not None and state.winner is not None
    seats = range(PLAYERS)
    roles = tuple(played.search.role(state, p) for p in seats)
    return Finished(preset, state.winner, roles, tuple(played.search.won(state, p) for p in seats))


def store_games(engine: Engine, count: int, now: datetime) -> list[int]:
    """Inserts count stored games with their seats in bulk (game_row's mix) and returns their ids in order."""
    rules = registered(DEFAULT).ruleset
    state, _ = rules.new_game(rules.config(PLAYERS, rules.presets[0]), 1)
    state_json = json.dumps(rules.to_json(state), separators=(",", ":"))
    winner = finished_sample().winner
    game_template = Game(chat_id=0, creator_id=0, created_at=now, updated_at=now).model_dump(exclude={"id"})
    seat_template = Seat(game_id=0, position=0).model_dump()
    ids: list[int] = []
    with engine.begin() as connection:
        for start in range(0, count, CHUNK):
            indexes = range(start, min(count, start + CHUNK))
            rows = [game_row(game_template, i, now, state_json, winner) for i in indexes]
            returning = insert(Game).returning(col(Game.id), sort_by_parameter_order=True)
            chunk_ids = [i for i in connection.execute(returning, rows).scalars() if i is not None]
            seats = [
                seat
                for i, g in zip(indexes, chunk_ids, strict=True)
                for seat in seat_rows(seat_template, g, status_of(i), i)
            ]
            connection.execute(insert(Seat), seats)
            ids += chunk_ids
    return ids
