"""How each squad of a Duel ended: its side, characters, whether it won, and the characters it put out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bangbot.core.events import Event
from bangbot.games.contract import SeatOutcome
from bangbot.messaging.records.outcome import course


def duel_outcome(state: Any, events: Sequence[Event], seat: int) -> SeatOutcome:
    """Returns a Duel squad's outcome; its eliminations are the other squads' characters that died in its turns."""
    squad = state.squads[seat]
    characters = tuple(squad.dead) + tuple(f.character for f in squad.fighters) + tuple(squad.reserve)
    turn_seat = -1
    fallen: list[tuple[int, str]] = []
    for e in events:
        if e.kind == "turn":
            turn_seat = e.data["seat"]
        elif e.kind == "died" and turn_seat == seat and e.data["seat"] != seat:
            fallen.append((e.data["seat"], e.data["character"]))
    return SeatOutcome(
        seat,
        squad.side,
        characters,
        state.winner == squad.side,
        squad.alive,
        len(fallen),
        course(events, seat),
        fallen=tuple(fallen),
        lost=tuple(squad.dead),
        reserve=tuple(squad.reserve),
    )
