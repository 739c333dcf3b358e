"""How each seat of a BANG! family table ended: role, character, whether its side won, whom it put out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.core.events import Event
from bangbot.games.bang.rules.roles import side_of
from bangbot.games.contract import SeatOutcome
from bangbot.messaging.records.outcome import course, eliminated_by


def table_outcomes(state: Any, events: Sequence[Event]) -> list[SeatOutcome]:
    """Returns every seat's outcome at a table of base BANG!'s engine: role, character, side won, alive, kills."""
    return [
        SeatOutcome(
            p.seat,
            p.role,
            (p.character,),
            state.winner is not None and side_of(p.role) == state.winner,
            p.alive,
            len(victims := eliminated_by(events, p.seat)),
            course(events, p.seat),
            victims,
        )
        for p in state.players
    ]
