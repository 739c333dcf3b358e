"""`bangbot bench engine`, the Duel's part: random games and actions per second per mode, state size, save/load."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bangbot.bench.batches import json_costs
from bangbot.games import game as registered
from bangbot.games.duel.rules.engine import apply, new_game
from bangbot.games.duel.rules.legal import awaiting, legal_actions
from bangbot.games.duel.rules.modes import MODE_IDS, MODES, STANDOFF
from bangbot.games.duel.rules.serialize import from_json, to_json
from bangbot.games.duel.rules.state import DuelState
from bangbot.games.duel.ruleset import DUEL

SAMPLE_EVERY = 10


def _random_states(mode: str, games: int, every: int = 0) -> tuple[int, list[DuelState]]:
    """Plays random games of a mode; returns the actions applied and every every-th state (none when 0)."""
    config = registered(DUEL).ruleset.config(MODES[mode].players, mode)
    actions, sampled = 0, []
    for g in range(games):
        chooser = random.Random(g)
        state, _ = new_game(config, g)
        while state.winner is None:
            seat = awaiting(state)[0]
            state, _ = apply(state, seat, chooser.choice(legal_actions(state, seat)))
            actions += 1
            if every and actions % every == 0:
                sampled.append(state)
    return actions, sampled


def duel_random_games(mode: str, games: int) -> dict[str, Any]:
    """Plays random games of a Duel mode through apply (a new state per action) and returns speed figures."""
    started = time.perf_counter()
    actions, _ = _random_states(mode, games)
    elapsed = time.perf_counter() - started
    return {
        "game": DUEL,
        "mode": mode,
        "players": MODES[mode].players,
        "apply": "apply (new state per action)",
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions_per_game": round(actions / games, 1),
    }


def duel_storage(mode: str, games: int) -> dict[str, Any]:
    """Returns the JSON size of a mode's states and the cost of one serialise + load, as a service does per action."""
    _, states = _random_states(mode, games, SAMPLE_EVERY)
    return {"game": DUEL, "mode": mode, **json_costs(states, to_json, from_json)}


def main(games: int = 300) -> None:
    """Prints the Duel's engine figures as JSON lines: every mode's random games, then the standoff's state size."""
    for mode in MODE_IDS:
        print(json.dumps(duel_random_games(mode, games)))
    print(json.dumps(duel_storage(STANDOFF, max(10, games // 10))))
