"""Plays one Duel between AI players, each seat fed only its own view and the events it may see."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bangbot.ai.match import deliver
from bangbot.ai.mixing import mix
from bangbot.ai.player import AIPlayer, Memory
from bangbot.ai.random_player import SEED_KEY
from bangbot.core.duel.actions import DuelAction
from bangbot.core.duel.engine import apply, new_game
from bangbot.core.duel.legal import awaiting
from bangbot.core.duel.views import view
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


def play_duel(
    mode: str,
    seed: int,
    players: Sequence[AIPlayer],
    step_cap: int = STEP_CAP,
    clock: Callable[[], float] = time.perf_counter,
) -> DuelResult:
    """Plays a Duel of a mode with one AI per seat (in turn order) and returns how it ended."""
    rules = ruleset(DUEL)
    config = rules.config(len(players), mode)
    state, events = new_game(config, seed)
    memories: list[Memory] = [{SEED_KEY: mix(MEMORY_SALT, seed, s)} for s in range(len(players))]
    result = DuelResult([q.side for q in state.squads], [[] for _ in players])
    deliver(list(players), memories, events)
    while state.winner is None and result.steps < step_cap:
        seat = awaiting(state)[0]
        started = clock()
        action: DuelAction = players[seat].decide(view(state, seat), memories[seat])
        result.timings[seat].append(clock() - started)
        state, events = apply(state, seat, action)
        result.steps += 1
        deliver(list(players), memories, events)
    result.winner = state.winner
    return result
