"""Plays one Duel between AI players, through the one match loop (ai.loop)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from bangbot.ai.loop import Course, MatchResult, Referee, play
from bangbot.core.events import Event
from bangbot.games.contract import AIPlayer
from bangbot.games.duel.rules.actions import DuelAction
from bangbot.games.duel.rules.engine import apply, new_game
from bangbot.games.duel.rules.legal import awaiting
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.rules.views import DuelView, view
from bangbot.games.duel.ruleset import DUEL
from bangbot.rulesets import ruleset

STEP_CAP = 3000
MEMORY_SALT = 0xD1


def _step(
    state: DuelState, seat: int, action: DuelAction, _legal: Sequence[DuelAction]
) -> tuple[DuelState, list[Event]]:
    """Returns the state after a legal action (the engine checks it) and what happened."""
    return apply(state, seat, action)


def _winner(state: DuelState) -> str | None:
    """Returns the winning side, None while the Duel goes on."""
    return state.winner


def _legal(seen: DuelView) -> Sequence[DuelAction]:
    """Returns the actions a view was built with."""
    return seen.legal


COURSE: Course[DuelState, DuelView, DuelAction] = Course(awaiting, view, _legal, _step, _winner, MEMORY_SALT, STEP_CAP)


def play_duel(
    mode: str,
    seed: int,
    players: Sequence[AIPlayer],
    step_cap: int = STEP_CAP,
    clock: Callable[[], float] = time.perf_counter,
    referee: Referee[DuelState, DuelView, DuelAction] | None = None,
) -> MatchResult:
    """Plays a Duel of a mode with one AI per seat (in turn order) and returns how it ended; referee sees it all."""
    config = ruleset(DUEL).config(len(players), mode)
    state, events = new_game(config, seed)
    sides = [q.side for q in state.squads]
    return play(COURSE, (state, events), seed, players, sides, referee=referee, clock=clock, step_cap=step_cap)
