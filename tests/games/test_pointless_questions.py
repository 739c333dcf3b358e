"""No pointless question: over random games of every game and mode, each answer of every question asked is applied,
and some two must lead to different states (a question whose every answer ends the same way is answered by the
engine, not asked: each costs an absent player a deadline)."""

from __future__ import annotations

import random

import pytest

from bangbot.games import game as registered

GAMES = [("base", "standard", 4), ("base", "ja", 7), ("starwars", "standard", 4), ("starwars", "standard", 6)] + [
    ("duel", mode, 3 if mode == "standoff" else 2)
    for mode in ("duel", "third_law", "third_outlaws", "reinforcements", "standoff")
]
SEEDS = 4
MAX_ACTIONS = 400


@pytest.mark.parametrize(("game", "preset", "seats"), GAMES)
def test_every_question_asked_has_answers_that_end_differently(game: str, preset: str, seats: int) -> None:
    rules = registered(game).ruleset
    asked = 0
    for seed in range(SEEDS):
        state, _ = rules.new_game(rules.config(seats, preset), seed)
        rng = random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if rules.winner(state):
                break
            for seat in rules.awaiting(state):
                actions = rules.legal_actions(state, seat)
                if len(actions) > 1:
                    asked += 1
                    ends = {repr(rules.to_json(rules.apply(state, seat, a)[0])) for a in actions}
                    assert len(ends) > 1, (game, seed, seat, actions)
            seat = rng.choice(rules.awaiting(state))
            state, _ = rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
    assert asked
