"""The AI players of every registered game, by ruleset id (each game's declaration pairs it with its AI)."""

from __future__ import annotations

from bangbot import games
from bangbot.ai.player import AIPlayer


def heuristic_players() -> dict[str, AIPlayer]:
    """Returns each game's strongest AI, for games with people."""
    return {g.id: g.heuristic() for g in games.GAMES}


def random_players() -> dict[str, AIPlayer]:
    """Returns an AI that picks any legal action, for each game (benchmarks and tests)."""
    return {g.id: g.random() for g in games.GAMES}
