"""The AI players of each ruleset, by strength: the one place that pairs a game with its AI."""

from __future__ import annotations

from bangbot.ai.heuristic import HeuristicPlayer
from bangbot.ai.player import AIPlayer
from bangbot.ai.random_player import RandomPlayer
from bangbot.rulesets.base import BASE


def heuristic_players() -> dict[str, AIPlayer]:
    """Returns each ruleset's strongest AI, for games with people."""
    return {BASE: HeuristicPlayer()}


def random_players() -> dict[str, AIPlayer]:
    """Returns an AI that picks any legal action, for each ruleset (benchmarks and tests)."""
    return {BASE: RandomPlayer()}
