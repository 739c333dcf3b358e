"""Same config and seed, same game: no global randomness, replay and JSON give back the exact state."""

from __future__ import annotations

import json
import random

from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.engine import apply, new_game
from bangbot.games.bang.rules.legal import awaiting, legal_actions
from bangbot.games.bang.rules.replay import replay
from bangbot.games.bang.rules.serialize import from_json, to_json
from bangbot.games.bang.rules.state import GameConfig


def play(seed: int, chooser_seed: int, disturb: bool) -> tuple[list[tuple[int, Action]], dict[str, object]]:
    """Plays a random game; disturb calls the global generator between actions."""
    config = GameConfig.with_preset(6)
    chooser = random.Random(chooser_seed)
    state, _ = new_game(config, seed)
    log: list[tuple[int, Action]] = []
    while state.winner is None:
        if disturb:
            random.seed(random.random())
            random.shuffle(list(range(10)))
        seats = awaiting(state)
        seat = seats[chooser.randrange(len(seats))]
        action = chooser.choice(legal_actions(state, seat))
        state, _ = apply(state, seat, action)
        log.append((seat, action))
    return log, to_json(state)


def test_global_random_does_not_change_a_game() -> None:
    for seed in range(5):
        quiet = play(seed, seed, disturb=False)
        noisy = play(seed, seed, disturb=True)
        assert quiet == noisy


def test_different_seeds_give_different_games() -> None:
    a = new_game(GameConfig.with_preset(7), 1)[0]
    b = new_game(GameConfig.with_preset(7), 2)[0]
    assert to_json(a)["deck"] != to_json(b)["deck"]


def test_replay_rebuilds_the_same_state() -> None:
    for seed in range(5):
        log, final = play(seed, seed + 100, disturb=False)
        again = replay(GameConfig.with_preset(6), seed, log)
        assert to_json(again) == final


def test_state_survives_json_at_every_step() -> None:
    config = GameConfig.with_preset(7, "ja")
    chooser = random.Random(3)
    state, _ = new_game(config, 3)
    while state.winner is None:
        text = json.dumps(to_json(state))
        loaded = from_json(json.loads(text))
        assert to_json(loaded) == to_json(state)
        seats = awaiting(loaded)
        seat = seats[chooser.randrange(len(seats))]
        # Continuing from the loaded copy must be the same as from the original.
        action = chooser.choice(legal_actions(state, seat))
        assert legal_actions(loaded, seat) == legal_actions(state, seat)
        state, _ = apply(loaded, seat, action)
    assert state.winner is not None
