"""Plays one Duel between AI players, each seat fed only its own view and the events it may see."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bangbot.ai.match import deliver
from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.duel.actions import DuelAction
from bangbot.core.duel.engine import apply, new_game
from bangbot.core.duel.legal import awaiting
from bangbot.core.duel.state import DuelState
from bangbot.core.duel.views import DuelView, view
from bangbot.core.events import Event
from bangbot.rulesets import ruleset
from bangbot.rulesets.duel import DUEL

STEP_CAP = 3000
MEMORY_SALT = 0xD1


@dataclass
class DuelResult:
    """How one Duel ended: every seat's side, the winning one (None when capped), each seat's decision times."""

    sides: list[str]
    timings: list[list[float]]  # by seat: seconds per decision (building the view and deciding)
    winner: str | None = None
    steps: int = 0

    @property
    def capped(self) -> bool:
        """Returns whether the game was stopped before it ended."""
        return self.winner is None


class DuelReferee(Protocol):
    """Watches a whole Duel with the full state, as a benchmark may; never consulted by the players."""

    def begin(self, state: DuelState, events: list[Event]) -> None:
        """Sees the dealt game and its first events."""
        ...

    def decided(self, state: DuelState, seat: int, seen: DuelView, action: DuelAction) -> None:
        """Sees a decision before it is applied."""
        ...

    def happened(self, state: DuelState, events: list[Event]) -> None:
        """Sees the state after a decision was applied and the events it caused."""
        ...


def play_duel(
    mode: str,
    seed: int,
    players: Sequence[AIPlayer],
    step_cap: int = STEP_CAP,
    clock: Callable[[], float] = time.perf_counter,
    referee: DuelReferee | None = None,
) -> DuelResult:
    """Plays a Duel of a mode with one AI per seat (in turn order) and returns how it ended; referee sees it all."""
    rules = ruleset(DUEL)
    config = rules.config(len(players), mode)
    state, events = new_game(config, seed)
    memories: list[Memory] = [{SEED_KEY: mix(MEMORY_SALT, seed, s)} for s in range(len(players))]
    result = DuelResult([q.side for q in state.squads], [[] for _ in players])
    if referee is not None:
        referee.begin(state, events)
    deliver(list(players), memories, events)
    while state.winner is None and result.steps < step_cap:
        seat = awaiting(state)[0]
        started = clock()
        seen = view(state, seat)
        action: DuelAction = players[seat].decide(seen, memories[seat])
        result.timings[seat].append(clock() - started)
        if referee is not None:
            referee.decided(state, seat, seen, action)
        state, events = apply(state, seat, action)
        result.steps += 1
        if referee is not None:
            referee.happened(state, events)
        deliver(list(players), memories, events)
    result.winner = state.winner
    return result
