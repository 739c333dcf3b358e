"""Plays one game between AI players, each seat fed only its own view and the events it may see."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.actions import Action
from bangbot.core.engine import apply, new_game
from bangbot.core.events import Event
from bangbot.core.legal import awaiting
from bangbot.core.state import GameConfig
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


Lineup = Mapping[str, AIPlayer] | Callable[[int, str], AIPlayer]
Watcher = Callable[[int, PlayerView, Memory, Action], None]


def play_match(
    config: GameConfig, seed: int, lineup: Lineup, step_cap: int = STEP_CAP, watch: Watcher | None = None
) -> MatchResult:
    """Plays a game; lineup gives each seat's AI by role (or by seat and role); watch sees every decision."""
    state, events = new_game(config, seed)
    roles = [p.role for p in state.players]
    players = [lineup(s, r) if callable(lineup) else lineup[r] for s, r in enumerate(roles)]
    memories: list[Memory] = [{SEED_KEY: mix(MEMORY_SALT, seed, s)} for s in range(config.players)]
    result = MatchResult(None, roles, timings={s: [] for s in range(config.players)})
    deliver(players, memories, events)
    while state.winner is None:
        if len(result.moves) >= step_cap:
            result.capped = True
            break
        seat = awaiting(state)[0]
        started = time.perf_counter()
        seen = view(state, seat)
        action = players[seat].decide(seen, memories[seat])
        result.timings[seat].append(time.perf_counter() - started)
        if watch is not None:
            watch(seat, seen, memories[seat], action)
        state, events = apply(state, seat, action)
        result.moves.append((seat, action))
        deliver(players, memories, events)
    result.winner = state.winner
    return result


def deliver(players: list[AIPlayer], memories: list[Memory], events: list[Event]) -> None:
    """Gives every seat the events as that seat may see them."""
    for seat, player in enumerate(players):
        player.observe(memories[seat], seat, [e.for_seat(seat) for e in events])
