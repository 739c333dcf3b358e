"""A stored game replayed from its seed and action log: its events, final state, and how each seat ended."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bangbot.core.events import Event
from bangbot.games import game as registered
from bangbot.games.contract import Course, SeatOutcome
from bangbot.messaging.lobby.options import table_choices
from bangbot.storage.models import ActionLog, Game, Seat

# Events of a card a seat played: in its turn (the Duel: also a card reused or in play used), or in answer.
CARD_USES = frozenset({"play", "reuse", "used", "answer", "answered", "dodge"})
OUTS = frozenset({"eliminated", "squad_out"})  # a player goes out of the game (the Duel: its last character fell)


@dataclass(frozen=True, slots=True)
class Replayed:
    """A game rebuilt from storage: the final state and every event, each with the turn's seat it happened in."""

    state: Any
    events: list[Event]


def replay_game(game: Game, seats: Sequence[Seat], actions: Sequence[ActionLog]) -> Replayed:
    """Returns the game dealt again from its seed with every logged action applied, and all events that happened."""
    rules = registered(game.ruleset).ruleset
    config = rules.config(len(seats), game.preset, table_choices(game))
    state, events = rules.new_game(config, game.seed or 0)
    out = list(events)
    for row in actions:
        state, more = rules.apply(state, row.seat, rules.parse(row.action))
        out += more
    return Replayed(state, out)


def outcomes(game: Game, replayed: Replayed) -> list[SeatOutcome]:
    """Returns every seat's outcome; for a game still running, won is False for everyone."""
    return registered(game.ruleset).outcomes(replayed.state, replayed.events)


def eliminated_by(events: Sequence[Event], seat: int) -> tuple[int, ...]:
    """Returns the other players seat eliminated, in order."""
    return tuple(
        e.data["seat"] for e in events if e.kind == "eliminated" and e.data.get("killer") == seat != e.data["seat"]
    )


def course(events: Sequence[Event], seat: int) -> Course:
    """Returns how seat's game went: a player goes out when eliminated (the Duel: when its last character falls), put
    out by its eliminator (the Duel: by the player whose turn it was)."""
    turn_seat, turn_number, cards, turns = -1, 0, 0, 0
    out_turn: int | None = None
    out_by: int | None = None
    in_turn_of = False
    for e in events:
        data = e.data
        if e.kind == "turn":
            turn_seat, turn_number = data["seat"], data["number"]
            turns += turn_seat == seat
        elif e.kind in CARD_USES and data.get("seat") == seat and data.get("card") is not None:
            cards += 1
        elif e.kind in OUTS and data["seat"] == seat and out_turn is None:
            by = data.get("killer") if e.kind == "eliminated" else turn_seat
            out_turn, out_by = turn_number, by if isinstance(by, int) and by != seat else None
            in_turn_of = e.kind != "eliminated"
    survived = turn_number if out_turn is None else out_turn - 1
    return Course(out_turn, out_by, in_turn_of, cards, turns, survived)
