"""`bangbot bench engine`: actions and games per second, state size, and save/load cost."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bangbot.bench.batches import json_costs
from bangbot.games import DEFAULT
from bangbot.games import game as registered
from bangbot.games.bang.rules.engine import apply, apply_in_place, new_game
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.serialize import from_json, to_json
from bangbot.games.bang.rules.state import GameState, family_config
from bangbot.games.contract import GameConfig

STATE_SAMPLE_EVERY = 10


def config_of(game: str, players: int) -> GameConfig:
    """Returns the default config of a game for a table size."""
    rules = registered(game).ruleset
    return rules.config(players, rules.presets[0])


def random_games(players: int, games: int, pure: bool, game: str = DEFAULT) -> dict[str, Any]:
    """Plays random games of a ruleset through apply (pure) or apply_in_place and returns speed figures."""
    config = family_config(config_of(game, players))
    actions = 0
    started = time.perf_counter()
    for g in range(games):
        chooser = random.Random(g)
        state, _ = new_game(config, g)
        while state.winner is None:
            seats = awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            action = chooser.choice(legal_actions(state, seat))
            if pure:
                state, _ = apply(state, seat, action)
            else:
                apply_in_place(state, seat, action)
            actions += 1
    elapsed = time.perf_counter() - started
    return {
        "game": game,
        "players": players,
        "mode": "apply (new state per action)" if pure else "apply_in_place",
        "games": games,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(actions / elapsed),
        "mean_actions_per_game": round(actions / games, 1),
    }


def sampled_states(players: int, games: int, game: str = DEFAULT) -> list[GameState]:
    """Returns every tenth state of some random games of a ruleset."""
    config = family_config(config_of(game, players))
    out: list[GameState] = []
    for g in range(games):
        chooser = random.Random(g)
        state, _ = new_game(config, g)
        step = 0
        while state.winner is None:
            seats = awaiting(state)
            seat = seats[chooser.randrange(len(seats))]
            state, _ = apply(state, seat, chooser.choice(legal_actions(state, seat)))
            step += 1
            if step % STATE_SAMPLE_EVERY == 0:
                out.append(state)
    return out


def storage_figures(players: int, games: int, game: str = DEFAULT) -> dict[str, Any]:
    """Returns JSON size of states and the cost of one serialise + load, as a service does per action."""
    states = sampled_states(players, games, game)
    return {"game": game, "players": players, **json_costs(states, to_json, from_json)}


def main(games: int = 300, game: str = DEFAULT) -> None:
    """Prints the engine benchmark of a game of base BANG!'s engine as JSON lines (a game's bench hook)."""
    for players in (4, 7):
        for pure in (True, False):
            print(json.dumps(random_games(players, games, pure, game)))
    print(json.dumps(storage_figures(7, max(10, games // 10), game)))
