"""Plays one game of base BANG! (or Star Wars) between AI players, through the one match loop (ai.loop)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from bangbot.ai.loop import Course, MatchResult, Referee, play
from bangbot.core.errors import IllegalAction
from bangbot.core.events import Event
from bangbot.games.bang.rules.actions import Action, among
from bangbot.games.bang.rules.engine import new_game
from bangbot.games.bang.rules.flow import settle
from bangbot.games.bang.rules.resolve import resolve
from bangbot.games.bang.rules.state import GameConfig, GameState
from bangbot.games.bang.rules.views import PlayerView
from bangbot.games.bang.ruleset import BASE_RULESET
from bangbot.games.contract import AIPlayer, Memory

STEP_CAP = 5000
MEMORY_SALT = 0xA1

Lineup = Mapping[str, AIPlayer] | Callable[[int, str], AIPlayer]
Watcher = Callable[[int, PlayerView, Memory, Action], None]


def step(state: GameState, seat: int, action: Action, legal: Sequence[Action]) -> tuple[GameState, list[Event]]:
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
    return state, events


COURSE: Course[GameState, PlayerView, Action] = Course(BASE_RULESET, MEMORY_SALT, STEP_CAP, step)


def play_match(
    config: GameConfig,
    seed: int,
    lineup: Lineup,
    step_cap: int = STEP_CAP,
    watch: Watcher | None = None,
    referee: Referee[GameState, PlayerView, Action] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> MatchResult:
    """Plays a game; lineup gives each seat's AI by role (or by seat and role); watch and referee see every decision."""
    state, events = new_game(config, seed)
    roles = [p.role for p in state.players]
    players = [lineup(s, r) if callable(lineup) else lineup[r] for s, r in enumerate(roles)]
    return play(COURSE, (state, events), seed, players, roles, watch, referee, clock, step_cap)
