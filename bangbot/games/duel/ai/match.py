"""Plays one Duel between AI players, through the one match loop (ai.loop)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from bangbot.ai.loop import Course, MatchResult, Referee, play
from bangbot.games.contract import AIPlayer
from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.engine import new_game
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView
from bangbot.games.duel.ruleset import DUEL_RULESET

STEP_CAP = 3000
MEMORY_SALT = 0xD1

COURSE: Course[DuelState, DuelView, DuelAction] = Course(DUEL_RULESET, MEMORY_SALT, STEP_CAP)


def play_duel(
    mode: str,
    seed: int,
    players: Sequence[AIPlayer],
    step_cap: int = STEP_CAP,
    clock: Callable[[], float] = time.perf_counter,
    referee: Referee[DuelState, DuelView, DuelAction] | None = None,
) -> MatchResult:
    """Plays a Duel of a mode with one AI per seat (in turn order) and returns how it ended; referee sees it all."""
    config = DUEL_RULESET.config(len(players), mode)
    state, events = new_game(config, seed)
    sides = [q.side for q in state.squads]
    return play(COURSE, (state, events), seed, players, sides, referee=referee, clock=clock, step_cap=step_cap)
