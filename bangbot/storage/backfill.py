"""The results of a finished game stored before per-seat results existed, for the migration that adds them."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bangbot.messaging.records.outcome import replay_game
from bangbot.messaging.records.sending import result_rows
from bangbot.storage.models import ActionLog, Game, Seat
from bangbot.storage.repository import column_values

log = logging.getLogger(__name__)


def finished_results(
    game: Mapping[str, Any], seats: Sequence[Mapping[str, Any]], actions: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Returns the result rows of a stored finished game, or none if its action log does not replay to its end."""
    columns = {k: v for k, v in game.items() if k != "simplified"}  # read as revision 0012 knew the table
    choices = '{"simplified":true}' if game.get("simplified") else "{}"  # the JSON revision 0020 moves it into
    row = Game(creator_id=0, created_at=game["updated_at"], choices_json=choices, **columns)
    table = [Seat(**seat) for seat in seats]
    logged = [ActionLog(at=game["updated_at"], **action) for action in actions]
    try:
        replayed = replay_game(row, table, logged)
    except Exception:  # a log this version cannot replay: the game keeps its record's gap, nothing else changes
        log.warning("game %s does not replay; it gets no statistics", row.id, exc_info=True)
        return []
    if replayed.state.winner is None:
        return []
    return [column_values(result) for result in result_rows(row, table, replayed)]
