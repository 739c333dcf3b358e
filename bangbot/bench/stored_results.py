"""Results of many stored games, inserted in bulk beside bench.stored's games: what /stats reads at scale."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import Engine, insert

from bangbot.bench.stored import FIRST_CHAT, PLAYERS, finished_sample, status_of
from bangbot.games import DEFAULT
from bangbot.storage.models import FINISHED, SeatResult

CHUNK = 2000


def store_results(engine: Engine, ids: list[int], now: datetime) -> int:
    """Inserts the seat results of the finished games among ids (as store_games made them); returns how many rows."""
    sample = finished_sample()
    rows = [
        {
            "game_id": game_id,
            "position": p,
            "user_id": index * 10 + p + 1,
            "chat_id": FIRST_CHAT - index,
            "ruleset": DEFAULT,
            "mode": sample.preset,
            "role": sample.roles[p],
            "character": "slab_the_killer",
            "won": sample.won[p],
            "survived": sample.won[p],
            "eliminations": 1 if p == 0 else 0,
            "counted": True,
            "winner": sample.winner,
            "finished_at": now - timedelta(days=1 + index % 300),
        }
        for index, game_id in enumerate(ids)
        if status_of(index) == FINISHED
        for p in range(PLAYERS)
    ]
    with engine.begin() as connection:
        for start in range(0, len(rows), CHUNK):
            connection.execute(insert(SeatResult), rows[start : start + CHUNK])
    return len(rows)
