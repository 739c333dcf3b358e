"""A stored game replayed from its seed and action log: its events, final state, and how each seat ended."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bangbot.core.events import Event
from bangbot.core.roles import side_of
from bangbot.games import game as registered
from bangbot.rulesets import ruleset
from bangbot.storage.models import ActionLog, Game, Seat


@dataclass(frozen=True, slots=True)
class Replayed:
    """A game rebuilt from storage: the final state and every event, each with the turn's seat it happened in."""

    state: Any
    events: list[Event]


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """How one seat ended: role (the Duel: side), characters, won, still in the game, players it eliminated."""

    position: int
    role: str
    characters: tuple[str, ...]
    won: bool
    survived: bool
    eliminations: int


def replay_game(game: Game, seats: Sequence[Seat], actions: Sequence[ActionLog]) -> Replayed:
    """Returns the game dealt again from its seed with every logged action applied, and all events that happened."""
    rules = ruleset(game.ruleset)
    config = rules.config(len(seats), game.preset, game.simplified)
    state, events = rules.new_game(config, game.seed or 0)
    out = list(events)
    for row in actions:
        state, more = rules.apply(state, row.seat, rules.parse(row.action))
        out += more
    return Replayed(state, out)


def outcomes(game: Game, replayed: Replayed) -> list[SeatOutcome]:
    """Returns every seat's outcome; for a game still running, won is False for everyone."""
    return registered(game.ruleset).outcomes(replayed.state, replayed.events)


def table_outcomes(state: Any, events: Sequence[Event]) -> list[SeatOutcome]:
    """Returns every seat's outcome at a table of base BANG!'s engine: role, character, side won, alive, kills."""
    return [
        SeatOutcome(
            p.seat,
            p.role,
            (p.character,),
            state.winner is not None and side_of(p.role) == state.winner,
            p.alive,
            kills(events, p.seat),
        )
        for p in state.players
    ]


def kills(events: Sequence[Event], seat: int) -> int:
    """Returns how many other players seat eliminated."""
    return sum(1 for e in events if e.kind == "eliminated" and e.data.get("killer") == seat != e.data["seat"])


def duel_outcome(state: Any, events: Sequence[Event], seat: int) -> SeatOutcome:
    """Returns a Duel squad's outcome; its eliminations are the other squads' characters that died in its turns."""
    squad = state.squads[seat]
    characters = tuple(squad.dead) + tuple(f.character for f in squad.fighters) + tuple(squad.reserve)
    turn_seat, kills = -1, 0
    for e in events:
        if e.kind == "turn":
            turn_seat = e.data["seat"]
        elif e.kind == "died" and turn_seat == seat and e.data["seat"] != seat:
            kills += 1
    return SeatOutcome(seat, squad.side, characters, state.winner == squad.side, squad.alive, kills)
