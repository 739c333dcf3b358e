"""Plays one game between AI players, each seat fed only its own view and the events it may see."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.actions import Action, among
from bangbot.core.engine import new_game
from bangbot.core.errors import IllegalAction
from bangbot.core.events import Event
from bangbot.core.flow import settle
from bangbot.core.legal import awaiting
from bangbot.core.resolve import resolve
from bangbot.core.state import GameConfig, GameState
from bangbot.core.views import PlayerView, view

STEP_CAP = 5000
MEMORY_SALT = 0xA1


@dataclass
class MatchResult:
    """How one game ended: the winning side, every seat's role, the moves and each decision's time (view + decide)."""

    winner: str | None
    roles: list[str]
    moves: list[tuple[int, Action]] = field(default_factory=list)
    timings: dict[int, list[float]] = field(default_factory=dict)
    capped: bool = False


class Referee(Protocol):
    """Watches a whole game with the full state, as a benchmark may; never consulted by the players."""

    def begin(self, state: GameState, events: list[Event]) -> None:
        """Sees the dealt game and its first events."""
        ...

    def decided(self, state: GameState, seat: int, seen: PlayerView, action: Action) -> None:
        """Sees a decision before it is applied."""
        ...

    def happened(self, state: GameState, events: list[Event]) -> None:
        """Sees the state after a decision was applied and the events it caused."""
        ...


Lineup = Mapping[str, AIPlayer] | Callable[[int, str], AIPlayer]
Watcher = Callable[[int, PlayerView, Memory, Action], None]


def play_match(
    config: GameConfig,
    seed: int,
    lineup: Lineup,
    step_cap: int = STEP_CAP,
    watch: Watcher | None = None,
    referee: Referee | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> MatchResult:
    """Plays a game; lineup gives each seat's AI by role (or by seat and role); watch and referee see every decision.

    clock times the decisions (time.thread_time: the CPU time of this thread, steady on a shared machine).
    """
    state, events = new_game(config, seed)
    roles = [p.role for p in state.players]
    players = [lineup(s, r) if callable(lineup) else lineup[r] for s, r in enumerate(roles)]
    memories: list[Memory] = [{SEED_KEY: mix(MEMORY_SALT, seed, s)} for s in range(config.players)]
    result = MatchResult(None, roles, timings={s: [] for s in range(config.players)})
    if referee is not None:
        referee.begin(state, events)
    deliver(players, memories, events)
    while state.winner is None:
        if len(result.moves) >= step_cap:
            result.capped = True
            break
        seat = awaiting(state)[0]
        started = clock()
        seen = view(state, seat)
        action = players[seat].decide(seen, memories[seat])
        result.timings[seat].append(clock() - started)
        if watch is not None:
            watch(seat, seen, memories[seat], action)
        if referee is not None:
            referee.decided(state, seat, seen, action)
        events = step(state, seat, action, seen.legal)
        result.moves.append((seat, action))
        if referee is not None:
            referee.happened(state, events)
        deliver(players, memories, events)
    result.winner = state.winner
    return result


def step(state: GameState, seat: int, action: Action, legal: Sequence[Action]) -> list[Event]:
    """Applies seat's action to state in place, as engine.apply_in_place does, checked against legal.

    legal is the list the seat's view was built with, from the same state: the driver does not ask the rules
    core for it a second time, nor copy a state it does not keep.
    """
    if not among(action, legal):
        raise IllegalAction(seat, action, list(legal))
    events: list[Event] = []
    resolve(state, events, seat, action)
    settle(state, events)
    state.version += 1
    return events


def deliver(players: list[AIPlayer], memories: list[Memory], events: list[Event]) -> None:
    """Gives every seat the events as that seat may see them (one shared dict per event without secrets).

    Seats shown no secret share one tuple of the public dicts; a seat shown one gets its own copy of that event.
    """
    public = tuple(e.for_seat(None) for e in events)
    secret = [i for i, e in enumerate(events) if e.secret]
    if not secret:
        for seat, player in enumerate(players):
            player.observe(memories[seat], seat, public)
        return
    for seat, player in enumerate(players):
        seen = public
        shown = [i for i in secret if seat in events[i].to]
        if shown:
            own = list(public)
            for i in shown:
                own[i] = events[i].for_seat(seat)
            seen = tuple(own)
        player.observe(memories[seat], seat, seen)
