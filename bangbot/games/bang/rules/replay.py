"""Rebuilds a game from its config, seed and the actions taken."""

from __future__ import annotations

from collections.abc import Iterable

from bangbot.games.bang.rules.actions import Action
from bangbot.games.bang.rules.engine import apply_in_place, new_game
from bangbot.games.bang.rules.state import GameConfig, GameState


def replay(config: GameConfig, seed: int, actions: Iterable[tuple[int, Action]]) -> GameState:
    """Returns the state reached by applying (seat, action) pairs to a new game; raises if one is illegal."""
    state, _ = new_game(config, seed)
    for seat, action in actions:
        apply_in_place(state, seat, action)
    return state
